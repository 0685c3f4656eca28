import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';

// 分类字典 import (the original client's /sys/category/importExcel): rows find their place by code.
let t: TestApp;
let admin: string;

async function upload(rows: unknown[][], token = admin) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  const file = Buffer.from(await wb.xlsx.writeBuffer());
  const boundary = '----anxue' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="categories.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sys/category/importExcel',
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { ...auth(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return res;
}

const byCode = async (code: string) => t.db.selectFrom('sysCategory').selectAll().where('code', '=', code).executeTakeFirst();

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
});
afterAll(() => t.close());

describe('category import', () => {
  it('links each row under the code three characters shorter, in any row order, and marks parents', async () => {
    await t.app.inject({ method: 'POST', url: '/api/sys/category/add', headers: auth(admin), payload: { name: '已有的根', code: 'Z01' } });
    const res = await upload([
      ['分类名称', '分类编码'],
      ['交通安全-行人', 'X01A01'],
      ['安全教育', 'X01'],
      ['交通安全-骑车', 'X01A02'],
      ['已有根下的新分类', 'Z01B01'],
      ['没有上级的编码', 'Q99Q01'],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json(), res.body).toMatchObject({ success: true });
    const root = await byCode('X01');
    expect(root).toMatchObject({ pid: '0', hasChild: '1', tenantId: 1000 });
    expect(await byCode('X01A01')).toMatchObject({ pid: root!.id, hasChild: '0' });
    expect(await byCode('X01A02')).toMatchObject({ pid: root!.id });
    const existing = await byCode('Z01');
    expect(existing).toMatchObject({ hasChild: '1' });
    expect(await byCode('Z01B01')).toMatchObject({ pid: existing!.id });
    // no parent to be found: kept as a root, as the original does
    expect(await byCode('Q99Q01')).toMatchObject({ pid: '0' });
    const children = await t.app.inject({ method: 'GET', url: `/api/sys/category/childList?pid=${root!.id}`, headers: auth(admin) });
    expect(children.json().result.map((c: any) => c.code).sort()).toEqual(['X01A01', 'X01A02']);
  });

  it('reports rows without a code or with a code that exists, and imports the rest', async () => {
    const res = await upload([
      ['分类名称', '分类编码'],
      ['没有编码', ''],
      ['重复编码', 'X01'],
      ['新的根', 'Y01'],
    ]);
    const body = res.json();
    expect(res.statusCode).toBe(200);
    expect(body, res.body).toMatchObject({ success: true, code: 201 });
    expect(body.result.msg).toContain('错误行数：2');
    expect(await byCode('Y01')).toMatchObject({ pid: '0', name: '新的根' });
    expect((await byCode('X01'))!.name).toBe('安全教育');
  });

  it('needs the import button', async () => {
    await createUser(t.db, { username: 'catreader', password: 'Reader#2026', menuKeys: ['system', 'system.category', 'system.category.list'] });
    const reader = await login(t.app, 'catreader', 'Reader#2026');
    const res = await upload([['分类名称', '分类编码'], ['x', 'W01']], reader);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(510);
    expect(await byCode('W01')).toBeUndefined();
  });
});
