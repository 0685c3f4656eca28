import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, seedId } from '../../../core/db';
import { auth, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';

// Issue 19: a user's 部门 and 角色 travel in the spreadsheet by name, so export → delete → import restores
// the same users; unknown names are row errors; the error file shows what the person wrote (男, not 1).

let t: TestApp;
let admin: string;
const A01 = seedId('depart.A01');
const A01A01 = seedId('depart.A01A01');
let teacherRole: string;
let clerkRole: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  t.app.inject({ method, url: `/api${url}`, headers: auth(token), ...(payload ? { payload } : {}) });

function importRequest(file: Buffer, token = admin) {
  const boundary = '----anxue' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return t.app.inject({
    method: 'POST',
    url: '/api/sys/user/importExcel',
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { ...auth(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function sheetRows(buffer: Buffer): Promise<Array<Record<string, unknown>>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as any);
  const ws = wb.worksheets[0];
  const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const out: Array<Record<string, unknown>> = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    out.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? null])));
  });
  return out;
}

async function linksOf(username: string) {
  const user = await t.db.selectFrom('sysUser').select(['id', 'orgCode']).where('username', '=', username).where('delFlag', '=', 0).executeTakeFirstOrThrow();
  const departs = (await t.db.selectFrom('sysUserDepart').select('depId').where('userId', '=', user.id).execute()).map((r) => r.depId).sort();
  const roles = (await t.db.selectFrom('sysUserRole').select('roleId').where('userId', '=', user.id).execute()).map((r) => r.roleId).sort();
  return { departs, roles, orgCode: user.orgCode };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  teacherRole = newId();
  clerkRole = newId();
  await t.db.insertInto('sysRole').values([
    { id: teacherRole, roleCode: 'x_teacher', roleName: '班主任', tenantId: 1000 },
    { id: clerkRole, roleCode: 'x_clerk', roleName: '教务员', tenantId: 1000 },
  ]).execute();
  for (const [username, departs, roles] of [
    ['xl_wang', `${A01},${A01A01}`, `${teacherRole},${clerkRole}`],
    ['xl_li', A01A01, clerkRole],
  ] as const) {
    const res = await call('POST', '/sys/user/add', {
      username, realname: `${username}名`, password: 'Wang#2026x', confirmPassword: 'Wang#2026x', sex: 1, selectedroles: roles, selecteddeparts: departs,
    });
    expect(res.json(), res.body).toMatchObject({ success: true });
  }
});
afterAll(() => t.close());

describe('users in spreadsheets carry their departments and roles', () => {
  it('export → delete for good → import restores the same users with the same departments and roles', async () => {
    const before = { wang: await linksOf('xl_wang'), li: await linksOf('xl_li') };
    const ids = (await t.db.selectFrom('sysUser').select('id').where('username', 'in', ['xl_wang', 'xl_li']).execute()).map((r) => r.id);

    const exported = await call('GET', `/sys/user/exportXls?selections=${ids.join(',')}`);
    expect(exported.statusCode).toBe(200);
    const rows = await sheetRows(exported.rawPayload);
    const departNames = await t.db.selectFrom('sysDepart').select(['id', 'departName']).where('id', 'in', [A01, A01A01]).execute();
    const nameOf = new Map(departNames.map((d) => [d.id, d.departName]));
    const wangRow = rows.find((r) => r['用户账号'] === 'xl_wang')!;
    expect(String(wangRow['部门']).split(',').sort()).toEqual([nameOf.get(A01), nameOf.get(A01A01)].sort());
    expect(String(wangRow['角色']).split(',').sort()).toEqual(['教务员', '班主任'].sort());
    expect(wangRow['性别']).toBe('男');

    expect((await call('DELETE', `/sys/user/deleteBatch?ids=${ids.join(',')}`)).json().success).toBe(true);
    expect((await call('DELETE', `/sys/user/deleteRecycleBin?userIds=${ids.join(',')}`)).json()).toMatchObject({ success: true });
    expect(await t.db.selectFrom('sysUser').select('id').where('username', 'in', ['xl_wang', 'xl_li']).execute()).toEqual([]);

    const back = await importRequest(exported.rawPayload);
    expect(back.json(), back.body).toMatchObject({ success: true, code: 200, message: '文件导入完成，共2行，成功2行，失败0行' });
    expect(await linksOf('xl_wang')).toEqual(before.wang);
    expect(await linksOf('xl_li')).toEqual(before.li);
  });

  it('an unknown department or role is the row\'s error, and the error file shows the texts the person wrote', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('用户');
    ws.addRow(['用户账号', '用户姓名', '性别', '部门', '角色']);
    ws.addRow(['xl_good', '好', '女', '', '班主任']);
    ws.addRow(['xl_nodept', '无部门', '男', '火星分部', '']);
    ws.addRow(['xl_norole', '无角色', '男', '', '宇航员']);
    const res = await importRequest(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.json()).toMatchObject({ success: true, code: 201, message: '文件导入完成，共3行，成功1行，失败2行' });
    expect((await linksOf('xl_good')).roles).toEqual([teacherRole]);

    const file = await call('GET', `/sys/common/static/${res.json().result.fileUrl}`);
    const errors = await sheetRows(file.rawPayload);
    expect(errors.map((r) => [r['用户账号'], r['性别'], r['部门'], r['错误信息']])).toEqual([
      ['xl_nodept', '男', '火星分部', '部门“火星分部”不存在'],
      ['xl_norole', '男', null, '角色“宇航员”不存在'],
    ]);
  });

  it('a role carrying rights the importer does not hold is refused on its row', async () => {
    // a user administrator who may grant roles but holds only the user page's rights
    await createUser(t.db, { username: 'xl_helper', password: 'Helper#2026', menuKeys: ['system', 'system.user', 'system.user.list', 'system.user.add', 'system.user.importExcel', 'system.user.grantRole'] });
    const helper = await login(t.app, 'xl_helper', 'Helper#2026');
    const adminRole = seedId('role.admin');
    const adminRoleName = (await t.db.selectFrom('sysRole').select('roleName').where('id', '=', adminRole).executeTakeFirstOrThrow()).roleName;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('用户');
    ws.addRow(['用户账号', '用户姓名', '角色']);
    ws.addRow(['xl_climber', '越权', adminRoleName]);
    const res = await importRequest(Buffer.from(await wb.xlsx.writeBuffer()), helper);
    expect(res.json().success, res.body).toBe(false);
    expect(res.json().message).toContain('导入失败');
    const file = await call('GET', `/sys/common/static/${res.json().result.fileUrl}`);
    const [row] = await sheetRows(file.rawPayload);
    expect(String(row['错误信息'])).toContain('该角色含有您本人没有的权限');
    expect(await t.db.selectFrom('sysUser').select('id').where('username', '=', 'xl_climber').execute()).toEqual([]);
  });
});
