import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { apiCall, auth, createTestApp, createUser, login, type TestApp } from '../../../test/helpers/test-app';
import { seedId } from '../../core/db';

// Announcements through the real server: drafts, release to whom they target, read state, revoke,
// tenants, permissions, and the push reaching a connected socket.
let t: TestApp;
let admin: string;
const pw = 'Notice#2026x';
const users: Record<string, { id: string; token: string }> = {};
const opened: WebSocket[] = [];

async function user(name: string, opts: { departCodes?: string[]; tenants?: number[]; menuKeys?: string[] } = {}) {
  const id = await createUser(t.db, { username: name, password: pw, ...opts });
  users[name] = { id, token: await login(t.app, name, pw) };
  return users[name];
}
const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => apiCall(t.app, token, method, url, payload);

/** Adds a draft as the administrator and answers its id (found by its unique title). */
async function draft(body: Record<string, unknown>): Promise<string> {
  const res = await call(admin, 'POST', '/sys/annountCement/add', { msgCategory: '1', priority: 'M', msgType: 'ALL', ...body });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
  const row = await t.db.selectFrom('sysAnnouncement').select('id').where('titile', '=', body.titile as string).executeTakeFirstOrThrow();
  return row.id;
}
const release = (id: string) => call(admin, 'GET', `/sys/annountCement/doReleaseData?id=${id}`);
const bell = async (token: string) => (await call(token, 'GET', '/sys/annountCement/listByUser')).body.result;
const unread = async (token: string) => (await call(token, 'GET', '/sys/annountCement/getUnreadMessageCount')).body.result.count;
const titles = (list: Array<{ titile: string }>) => list.map((a) => a.titile).sort();

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  await user('dev_user', { departCodes: ['A01A01'] });
  await user('plain_user');
  await t.db.insertInto('sysTenant').values({ id: 3100, name: '别的学校', status: 1 }).execute();
  await user('other_tenant', { tenants: [3100] });
});
afterAll(async () => {
  for (const s of opened) s.terminate();
  await t.close();
});

describe('announcement drafts', () => {
  it('adds a draft with sanitised content, lists it with dictionary texts, edits and deletes it', async () => {
    const id = await draft({ titile: '草稿一', msgContent: '<p onclick="x()">你好<script>alert(1)</script></p>' });
    const row = await t.db.selectFrom('sysAnnouncement').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sendStatus: '0', tenantId: 1000, createBy: 'admin' });
    expect(row.msgContent).not.toMatch(/script|onclick/);
    expect(row.msgContent).toContain('你好');
    const list = await call(admin, 'GET', `/sys/annountCement/list?titile=${encodeURIComponent('草稿*')}`);
    expect(list.body.result.records[0]).toMatchObject({ titile: '草稿一', sendStatus_dictText: '未发布', priority_dictText: '重要', msgCategory_dictText: '通知公告' });
    expect((await call(admin, 'PUT', '/sys/annountCement/edit', { id, titile: '草稿一改' })).body).toMatchObject({ success: true });
    expect((await call(admin, 'GET', `/sys/annountCement/queryById?id=${id}`)).body.result.titile).toBe('草稿一改');
    expect((await call(admin, 'DELETE', `/sys/annountCement/delete?id=${id}`)).body).toMatchObject({ success: true });
    expect(await call(admin, 'GET', `/sys/annountCement/queryById?id=${id}`)).toMatchObject({ status: 200, body: { success: false, message: '未找到对应实体' } });
  });

  it('refuses a targeted draft without targets, and editing or deleting a released one', async () => {
    const noUsers = await call(admin, 'POST', '/sys/annountCement/add', { titile: '缺对象', msgType: 'USER' });
    expect(noUsers).toMatchObject({ status: 200, body: { success: false, message: '请选择指定用户' } });
    const noDeparts = await call(admin, 'POST', '/sys/annountCement/add', { titile: '缺部门', msgType: 'DEPART' });
    expect(noDeparts.body.message).toBe('请选择指定部门');
    const bad = await call(admin, 'POST', '/sys/annountCement/add', { titile: '坏优先级', priority: 'X' });
    expect(bad.body).toMatchObject({ success: false, message: '优先级只能是L、M或H' });
    const id = await draft({ titile: '已发布不可改' });
    expect((await release(id)).body).toMatchObject({ success: true, message: '系统通知推送成功' });
    expect((await release(id)).body).toMatchObject({ success: false, message: '该通告已发布' });
    expect((await call(admin, 'PUT', '/sys/annountCement/edit', { id, titile: 'x' })).body).toMatchObject({ success: false, message: '已发布的通告不能编辑，请先撤销' });
    const del = await call(admin, 'DELETE', `/sys/annountCement/deleteBatch?ids=${id}`);
    expect(del.body).toMatchObject({ success: false, message: '“已发布不可改”已发布，请先撤销再删除' });
  });
});

describe('release, targeting and read state', () => {
  it('reaches every member of the tenant for ALL, and nobody of another tenant', async () => {
    const id = await draft({ titile: '全员通知', msgCategory: '1' });
    // a draft reaches nobody, and a non-manager cannot open it
    expect(titles((await bell(users.plain_user.token)).anntMsgList)).not.toContain('全员通知');
    expect((await call(users.plain_user.token, 'GET', `/sys/annountCement/queryById?id=${id}`)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    await release(id);
    for (const name of ['dev_user', 'plain_user']) {
      const b = await bell(users[name].token);
      expect(titles(b.anntMsgList)).toContain('全员通知');
      expect(b.anntMsgTotal).toBe(b.anntMsgList.length);
    }
    const opened = await call(users.plain_user.token, 'GET', `/sys/annountCement/queryById?id=${id}`);
    expect(opened.body.result).toMatchObject({ titile: '全员通知', sender: 'admin', readFlag: 0 });
    const stranger = users.other_tenant.token;
    expect(titles((await bell(stranger)).anntMsgList)).not.toContain('全员通知');
    expect((await call(stranger, 'GET', `/sys/annountCement/queryById?id=${id}`)).body.success).toBe(false);
    expect((await call(stranger, 'GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend')).body.result.total).toBe(0);
  });

  it('reaches chosen users only, and department members (sub-departments included) only', async () => {
    await draft({ titile: '给指定用户', msgCategory: '2', msgType: 'USER', userIds: `${users.plain_user.id},${users.other_tenant.id}` });
    await draft({ titile: '给总公司', msgType: 'DEPART', departIds: seedId('depart.A01') });
    for (const title of ['给指定用户', '给总公司']) {
      const row = await t.db.selectFrom('sysAnnouncement').select('id').where('titile', '=', title).executeTakeFirstOrThrow();
      await release(row.id);
    }
    const plain = await bell(users.plain_user.token);
    const dev = await bell(users.dev_user.token);
    expect(titles(plain.sysMsgList)).toEqual(['给指定用户']);
    expect(titles(plain.anntMsgList)).not.toContain('给总公司');
    expect(titles(dev.sysMsgList)).toEqual([]);
    expect(titles(dev.anntMsgList)).toContain('给总公司'); // member of 研发部, under 总公司
    // a user of another tenant named in userIds is still not reached
    expect(titles((await bell(users.other_tenant.token)).sysMsgList)).toEqual([]);
  });

  it('marks one read, then all read; my messages search and show the read state', async () => {
    const token = users.plain_user.token;
    const before = await unread(token);
    expect(before).toBeGreaterThanOrEqual(2);
    const first = (await bell(token)).anntMsgList[0];
    expect((await call(token, 'PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: first.id })).body.success).toBe(true);
    expect(await unread(token)).toBe(before - 1);
    const mine = await call(token, 'GET', `/sys/sysAnnouncementSend/getMyAnnouncementSend?titile=${encodeURIComponent(first.titile)}`);
    expect(mine.body.result.records).toEqual([expect.objectContaining({ anntId: first.id, titile: first.titile, readFlag: 1 })]);
    const unreadOnly = await call(token, 'GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=0&pageSize=50');
    expect(unreadOnly.body.result.total).toBe(before - 1);
    expect((await call(token, 'PUT', '/sys/sysAnnouncementSend/readAll')).body).toMatchObject({ success: true, message: '全部已读' });
    expect(await unread(token)).toBe(0);
    expect(await bell(token)).toMatchObject({ anntMsgTotal: 0, sysMsgTotal: 0 });
    // read state is the caller's own: the other user still has theirs unread
    expect(await unread(users.dev_user.token)).toBeGreaterThan(0);
  });

  it('revoking removes it from unread counts and lists; releasing again brings it back', async () => {
    const id = await draft({ titile: '将撤销' });
    await release(id);
    const token = users.dev_user.token;
    const withIt = await unread(token);
    expect((await call(admin, 'GET', `/sys/annountCement/doReovkeData?id=${id}`)).body).toMatchObject({ success: true, message: '该系统通知撤销成功' });
    expect(await unread(token)).toBe(withIt - 1);
    expect(titles((await bell(token)).anntMsgList)).not.toContain('将撤销');
    expect((await call(token, 'GET', `/sys/annountCement/queryById?id=${id}`)).body.success).toBe(false);
    expect((await call(admin, 'GET', `/sys/annountCement/doReovkeData?id=${id}`)).body).toMatchObject({ success: false, message: '只有已发布的通告可以撤销' });
    await release(id);
    expect(await unread(token)).toBe(withIt);
  });
});

describe('permissions', () => {
  it('refuses the management calls with 403/510 to a user without the codes; own notices stay open', async () => {
    const token = users.plain_user.token;
    for (const [method, url, payload] of [
      ['GET', '/sys/annountCement/list', undefined],
      ['POST', '/sys/annountCement/add', { titile: 'x' }],
      ['PUT', '/sys/annountCement/edit', { id: 'x', titile: 'x' }],
      ['DELETE', '/sys/annountCement/delete?id=x', undefined],
      ['DELETE', '/sys/annountCement/deleteBatch?ids=x', undefined],
      ['GET', '/sys/annountCement/doReleaseData?id=x', undefined],
      ['GET', '/sys/annountCement/doReovkeData?id=x', undefined],
    ] as const) {
      const res = await call(token, method, url, payload);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.code).toBe(510);
    }
    expect((await call(token, 'GET', '/sys/annountCement/listByUser')).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/sys/annountCement/listByUser' })).statusCode).toBe(401);
  });

  it('lets a user holding the page codes manage only their own tenant', async () => {
    await user('notice_editor', { menuKeys: ['system', 'system.notice', 'system.notice.list', 'system.notice.add', 'system.notice.doReleaseData'], tenants: [3100] });
    const token = users.notice_editor.token;
    const res = await call(token, 'POST', '/sys/annountCement/add', { titile: '别校通知' });
    expect(res.body.success).toBe(true);
    const list = await call(token, 'GET', '/sys/annountCement/list?pageSize=100');
    expect(titles(list.body.result.records)).toEqual(['别校通知']);
    const adminsDraft = await t.db.selectFrom('sysAnnouncement').select('id').where('tenantId', '=', 1000).executeTakeFirstOrThrow();
    expect((await call(token, 'GET', `/sys/annountCement/doReleaseData?id=${adminsDraft.id}`)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    const mine = await t.db.selectFrom('sysAnnouncement').select('id').where('titile', '=', '别校通知').executeTakeFirstOrThrow();
    expect((await call(token, 'GET', `/sys/annountCement/doReleaseData?id=${mine.id}`)).body.success).toBe(true);
    expect(titles((await bell(users.other_tenant.token)).anntMsgList)).toEqual(['别校通知']);
    expect(titles((await bell(users.plain_user.token)).anntMsgList)).not.toContain('别校通知');
  });
});

describe('notification socket', () => {
  let base = '';
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/websocket`;
  });

  function connect(path: string, protocol?: string) {
    return new Promise<{ ws: WebSocket; next: () => Promise<string> }>((resolve, reject) => {
      const ws = new WebSocket(`${base}/${path}`, protocol);
      opened.push(ws);
      const got: string[] = [];
      const waiters: Array<(m: string) => void> = [];
      ws.on('message', (d) => {
        const w = waiters.shift();
        if (w) w(String(d));
        else got.push(String(d));
      });
      const next = () =>
        new Promise<string>((ok, fail) => {
          if (got.length) return ok(got.shift()!);
          const timer = setTimeout(() => fail(new Error('no message within 2 s')), 2000);
          waiters.push((m) => (clearTimeout(timer), ok(m)));
        });
      ws.once('open', () => resolve({ ws, next }));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  it('refuses a missing or wrong token with 401 and another user id with 403', async () => {
    const { id, token } = users.dev_user;
    await expect(connect(id)).rejects.toThrow('HTTP 401');
    await expect(connect(id, 'not.a.token')).rejects.toThrow('HTTP 401');
    await expect(connect(users.plain_user.id, token)).rejects.toThrow('HTTP 403');
    await expect(connect(`${users.plain_user.id}_abc`, token)).rejects.toThrow('HTTP 403');
  });

  it('answers heart beats and pushes a release at once to the targeted users only', async () => {
    const dev = await connect(users.dev_user.id, users.dev_user.token);
    // the original client's form of the id: <userId>_<md5 of token>
    const plain = await connect(`${users.plain_user.id}_0f3a`, users.plain_user.token);
    dev.ws.send('ping');
    expect(await dev.next()).toBe('ping');
    const id = await draft({ titile: '推送给研发部', msgType: 'DEPART', departIds: seedId('depart.A01A01') });
    await release(id);
    expect(JSON.parse(await dev.next())).toEqual({ cmd: 'user', msgId: id, msgTxt: '推送给研发部', noticeType: 'system' });
    const all = await draft({ titile: '推送给全员' });
    await release(all);
    // plain_user was not targeted by the first: the first frame it gets is the second release
    expect(JSON.parse(await plain.next())).toMatchObject({ cmd: 'topic', msgId: all, msgTxt: '推送给全员' });
    expect(JSON.parse(await dev.next())).toMatchObject({ msgId: all });
    // unknown messages are ignored and the connection stays open
    plain.ws.send('{"cmd":"whatever"}');
    plain.ws.send('ping');
    expect(await plain.next()).toBe('ping');
    dev.ws.close();
    plain.ws.close();
  });
});
