import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { apiCall, auth, createTestApp, createUser, login, type TestApp } from '../../../test/helpers/test-app';

// The original client's other announcement calls: 置顶, visit counts, export and import, the sync nudge
// of 我的消息, and a user removing notices from their own list.
let t: TestApp;
let admin: string;
const pw = 'Notice#2026y';
const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => apiCall(t.app, token, method, url, payload);

async function released(titile: string, body: Record<string, unknown> = {}): Promise<string> {
  expect((await call(admin, 'POST', '/sys/annountCement/add', { titile, msgCategory: '1', priority: 'L', msgType: 'ALL', ...body })).body.success).toBe(true);
  const { id } = await t.db.selectFrom('sysAnnouncement').select('id').where('titile', '=', titile).executeTakeFirstOrThrow();
  expect((await call(admin, 'GET', `/sys/annountCement/doReleaseData?id=${id}`)).body.success).toBe(true);
  return id;
}

let reader: { id: string; token: string };
let outsider: { id: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  reader = { id: await createUser(t.db, { username: 'notice_reader', password: pw }), token: '' };
  reader.token = await login(t.app, 'notice_reader', pw);
  await t.db.insertInto('sysTenant').values({ id: 3200, name: '另一所学校', status: 1 }).execute();
  outsider = { id: await createUser(t.db, { username: 'notice_outsider', password: pw, tenants: [3200] }), token: '' };
  outsider.token = await login(t.app, 'notice_outsider', pw);
});
afterAll(() => t.close());

describe('more announcement calls', () => {
  it('pins an announcement to the top of the list, with the edit right only', async () => {
    const first = await released('较早的通知');
    await released('较新的通知');
    await t.db.updateTable('sysAnnouncement').set({ createTime: '2026-01-01 08:00:00' }).where('id', '=', first).execute();
    const order = async () => (await call(admin, 'GET', '/sys/annountCement/list?pageSize=50')).body.result.records.map((r: any) => r.titile);
    expect((await order()).indexOf('较新的通知')).toBeLessThan((await order()).indexOf('较早的通知'));
    expect((await call(admin, 'PUT', '/sys/annountCement/editIzTop', { id: first, izTop: 1 })).body).toMatchObject({ success: true, message: '修改成功!' });
    expect((await order())[0]).toBe('较早的通知');
    const refused = await call(reader.token, 'PUT', '/sys/annountCement/editIzTop', { id: first, izTop: 0 });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(510);
  });

  it('counts visits of recipients only', async () => {
    const id = await released('访问计数');
    expect((await call(reader.token, 'GET', `/sys/annountCement/addVisitsNumber?id=${id}`)).body).toMatchObject({ success: true, message: '公告消息访问次数+1次' });
    await call(reader.token, 'GET', `/sys/annountCement/addVisitsNumber?id=${id}`);
    expect(await call(outsider.token, 'GET', `/sys/annountCement/addVisitsNumber?id=${id}`)).toMatchObject({ status: 200, body: { success: false, message: '未找到对应实体' } });
    const row = await t.db.selectFrom('sysAnnouncement').select('visitsNum').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.visitsNum).toBe(2);
  });

  it('exports announcements and imports rows back as drafts', async () => {
    await released('导出的通知');
    const res = await t.app.inject({ method: 'GET', url: '/api/sys/annountCement/exportXls', headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as any);
    const rows = (wb.worksheets[0]!.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    const header = rows[0] as string[];
    expect(header).toContain('标题');
    expect(rows.some((r) => r[header.indexOf('标题')] === '导出的通知')).toBe(true);

    const out = new ExcelJS.Workbook();
    const sheet = out.addWorksheet('Sheet1');
    sheet.addRow(['标题', '摘要']);
    sheet.addRow(['导入的通知', '从表格导入']);
    const file = Buffer.from(await out.xlsx.writeBuffer());
    const boundary = '----anxue' + Math.random().toString(16).slice(2);
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notices.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/sys/annountCement/importExcel',
      payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { ...auth(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(imported.json(), imported.body).toMatchObject({ success: true });
    const row = await t.db.selectFrom('sysAnnouncement').selectAll().where('titile', '=', '导入的通知').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sendStatus: '0', msgAbstract: '从表格导入', tenantId: 1000 });
  });

  it("removes notices from the caller's own list only, and nudges only the caller's sockets", async () => {
    const a = await released('要删除的一条');
    const b = await released('要删除的二条');
    const mine = async (token: string) => (await call(token, 'GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=50')).body.result.records as Array<{ id: string; anntId: string }>;
    const sendOf = async (token: string, anntId: string) => (await mine(token)).find((r) => r.anntId === anntId)!.id;
    const adminSend = await sendOf(admin, a);
    // someone else's delivery id does nothing
    await call(reader.token, 'DELETE', `/sys/sysAnnouncementSend/delete?id=${adminSend}`);
    expect((await mine(admin)).some((r) => r.anntId === a)).toBe(true);
    expect((await call(reader.token, 'DELETE', `/sys/sysAnnouncementSend/delete?id=${await sendOf(reader.token, a)}`)).body).toMatchObject({ success: true });
    expect((await mine(reader.token)).some((r) => r.anntId === a)).toBe(false);
    const both = [await sendOf(admin, a), await sendOf(admin, b)].join(',');
    expect((await call(admin, 'DELETE', `/sys/sysAnnouncementSend/deleteBatch?ids=${both}`)).body).toMatchObject({ success: true });
    expect((await mine(admin)).filter((r) => r.anntId === a || r.anntId === b)).toEqual([]);
    // the announcement itself stays for the others
    expect((await mine(reader.token)).some((r) => r.anntId === b)).toBe(true);

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const listen = (u: { id: string; token: string }) =>
      new Promise<{ socket: WebSocket; frames: string[] }>((resolve, reject) => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/api/websocket/${u.id}`, [u.token]);
        const frames: string[] = [];
        socket.on('message', (m) => frames.push(m.toString()));
        socket.on('open', () => resolve({ socket, frames }));
        socket.on('error', reject);
      });
    const mineSocket = await listen(reader);
    const adminId = (await t.db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const theirs = await listen({ id: adminId, token: admin });
    expect((await call(reader.token, 'GET', `/sys/annountCement/syncNotic?anntId=${b}`)).body.success).toBe(true);
    await expect.poll(() => mineSocket.frames.some((f) => f.includes('"cmd":"user"')), { timeout: 5000 }).toBe(true);
    expect(theirs.frames.some((f) => f.includes('"cmd":"user"'))).toBe(false);
    mineSocket.socket.terminate();
    theirs.socket.terminate();
  });
});
