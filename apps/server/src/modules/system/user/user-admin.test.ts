import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, seedId } from '../../../core/db';
import { auth, createTestApp, createUser, login, loginRaw, envelopeOf, type TestApp } from '../../../../test/helpers/test-app';

let t: TestApp;
let admin: string;
let roleId: string;
const A01 = seedId('depart.A01');
const A01A01 = seedId('depart.A01A01');

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  t.app.inject({ method, url: `/api${url}`, headers: auth(token), ...(payload ? { payload } : {}) });
const result = async (url: string, token = admin) => (await call('GET', url, undefined, token)).json().result;
const idOf = async (username: string) => (await t.db.selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

function multipart(file: Buffer, token: string) {
  const boundary = '----anxue' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { ...auth(token), 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  roleId = newId();
  await t.db.insertInto('sysRole').values({ id: roleId, roleCode: 'tutor', roleName: '老师', tenantId: 1000 }).execute();
});
afterAll(() => t.close());

describe('add, list and edit', () => {
  it('adds a user with roles, departments and a hashed password, and lists it without the password', async () => {
    const res = await call('POST', '/sys/user/add', {
      username: 'zhang_san', realname: '张三', password: 'Zhang#2026', confirmPassword: 'Zhang#2026', sex: 1, phone: '13800000001',
      email: 'zs@example.com', workNo: 'W001', avatar: 'temp/a.png', selectedroles: roleId, selecteddeparts: `${A01},${A01A01}`,
    });
    expect(res.json(), res.body).toMatchObject({ success: true, message: '添加成功！' });
    const page = await result('/sys/user/list?username=zhang_san');
    expect(page.total).toBe(1);
    const u = page.records[0];
    expect(u).toMatchObject({ realname: '张三', sex: 1, sex_dictText: '男', status: 1, status_dictText: '正常', avatar: 'temp/a.png', orgCode: 'A01', orgCodeTxt: '总公司,研发部', createBy: 'admin' });
    expect(u).not.toHaveProperty('password');
    expect(JSON.stringify(page)).not.toMatch(/scrypt/);
    expect(await result(`/sys/user/queryUserRole?userid=${u.id}`)).toEqual([roleId]);
    expect((await loginRaw(t.app, 'zhang_san', 'Zhang#2026')).json().success).toBe(true);
  });

  it('refuses a short password, a bad username, a taken phone and unknown roles, writing nothing', async () => {
    const base = { realname: '李四', password: 'Li#si2026x' };
    const refusals: Array<[object, string]> = [
      [{ ...base, username: 'li_si', password: 'short' }, '密码至少8位'],
      [{ ...base, username: 'li_si', password: '' }, '请输入密码'],
      [{ ...base, username: 'li-si' }, '只允许字母、数字、下划线'],
      [{ ...base, username: 'abc' }, '长度6到18个字符'],
      [{ ...base, username: 'li_si', phone: '13800000001' }, '手机号码“13800000001”已存在'],
      [{ ...base, username: 'li_si', phone: '12345' }, '请输入正确手机号'],
      [{ ...base, username: 'li_si', selectedroles: 'nope' }, '选择的角色不存在'],
      [{ ...base, username: 'zhang_san' }, '用户账号“zhang_san”已存在'],
      [{ ...base, username: 'li_si', avatar: '../../app.db' }, '头像地址不合法'],
      [{ ...base, username: 'li_si', avatar: 'javascript:alert(1)' }, '头像地址不合法'],
    ];
    for (const [body, message] of refusals) {
      const res = await call('POST', '/sys/user/add', body);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ success: false, message });
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await result('/sys/user/list?username=li_si')).total).toBe(0);
  });

  it('edits fields, roles and departments in one go; the username stays', async () => {
    const id = await idOf('zhang_san');
    const res = await call('PUT', '/sys/user/edit', { id, realname: '张三丰', selectedroles: '', selecteddeparts: A01A01 });
    expect(res.json()).toMatchObject({ success: true });
    const u = await result(`/sys/user/queryById?id=${id}`);
    expect(u).toMatchObject({ realname: '张三丰', orgCode: 'A01A01', orgCodeTxt: '研发部' });
    expect(await result(`/sys/user/queryUserRole?userid=${id}`)).toEqual([]);
    expect((await call('PUT', '/sys/user/edit', { id, username: 'renamed' })).json().message).toBe('用户账号不能修改');
  });

  it('filters by department and realname; pickers show no contact details', async () => {
    await createUser(t.db, { username: 'wang_wu', password: 'Wang#wu2026', departCodes: ['A01'] });
    const notAdmin = `username=${encodeURIComponent('!admin')}`;
    const inRd = (await result(`/sys/user/list?departId=${A01A01}&${notAdmin}`)).records.map((r: any) => r.username);
    expect(inRd).toEqual(['zhang_san']);
    const both = (await result(`/sys/user/list?departId=${A01},${A01A01}&${notAdmin}&column=username&order=asc`)).records.map((r: any) => r.username);
    expect(both).toEqual(['wang_wu', 'zhang_san']);
    expect((await result(`/sys/user/list?realname=${encodeURIComponent('*三丰*')}`)).records.map((r: any) => r.username)).toEqual(['zhang_san']);
    const byDep = await result(`/sys/user/queryUserByDepId?id=${A01A01}`);
    expect(byDep.map((r: any) => r.username).filter((n: string) => n !== 'admin')).toEqual(['zhang_san']);
    expect(byDep[0].phone).toBeUndefined();
    const multi = await result('/sys/user/getMultiUser?username=zhang_san,wang_wu');
    expect(multi.map((r: any) => r.username)).toEqual(['wang_wu', 'zhang_san']);
    const picker = await result(`/sys/user/queryUserComponentData?departId=${A01}&${notAdmin}&pageNo=1&pageSize=10`);
    expect(picker.records.map((r: any) => r.username)).toEqual(['wang_wu']);
    expect(picker.records[0]).not.toHaveProperty('email');
    // the picker's birthday filter is applied (nobody here was born that day), its phone filter is not
    expect((await result(`/sys/user/queryUserComponentData?departId=${A01}&${notAdmin}&birthday=1990-01-01`)).total).toBe(0);
    expect((await result(`/sys/user/queryUserComponentData?departId=${A01}&${notAdmin}&phone=nobody`)).total).toBe(1);
  });

  it('checkOnlyUser answers whether a value is free', async () => {
    expect((await call('GET', '/sys/user/checkOnlyUser?username=zhang_san')).json()).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await call('GET', `/sys/user/checkOnlyUser?username=zhang_san&id=${await idOf('zhang_san')}`)).json().success).toBe(true);
    expect((await call('GET', '/sys/user/checkOnlyUser?phone=13800000009')).json()).toMatchObject({ success: true, result: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/sys/user/checkOnlyUser?username=x' })).statusCode).toBe(401);
  });
});

describe('delete, recycle bin, freeze and passwords', () => {
  it('refuses deleting yourself or the admin user', async () => {
    const res = await call('DELETE', `/sys/user/delete?id=${seedId('user.admin')}`);
    expect(res.json()).toMatchObject({ success: false, message: '不能删除当前登录用户' });
    await createUser(t.db, { username: 'helper_admin', password: 'Helper#2026', menuKeys: ['system', 'system.user', 'system.user.delete', 'system.user.deleteBatch'] });
    const helper = await login(t.app, 'helper_admin', 'Helper#2026');
    const other = await call('DELETE', `/sys/user/deleteBatch?ids=${seedId('user.admin')}`, undefined, helper);
    expect(other.json()).toMatchObject({ success: false, message: '不能删除超级管理员账号' });
  });

  it('moves deleted users to the recycle bin, restores them and removes them for good', async () => {
    const id = await idOf('wang_wu');
    const session = await login(t.app, 'wang_wu', 'Wang#wu2026');
    expect((await call('DELETE', `/sys/user/deleteBatch?ids=${id}`)).json().success).toBe(true);
    expect((await result('/sys/user/list?username=wang_wu')).total).toBe(0);
    expect((await call('GET', '/sys/dict/queryAllDictItems', undefined, session)).statusCode).toBe(401);
    expect((await result('/sys/user/recycleBinList')).map((r: any) => r.username)).toEqual(['wang_wu']);
    // the name stays taken while the user is in the bin
    expect((await call('POST', '/sys/user/add', { username: 'wang_wu', realname: 'x', password: 'Another#2026' })).json().message).toContain('回收站');
    expect((await call('PUT', `/sys/user/putRecycleBin?userIds=${id}`)).json()).toMatchObject({ success: true, message: '还原成功' });
    expect((await result('/sys/user/list?username=wang_wu')).total).toBe(1);
    expect(envelopeOf(await call('DELETE', `/sys/user/deleteRecycleBin?userIds=${id}`))).toMatchObject({ status: 200, body: { success: false, message: '未找到对应用户' } });
    await call('DELETE', `/sys/user/delete?id=${id}`);
    expect((await call('DELETE', `/sys/user/deleteRecycleBin?userIds=${id}`)).json().success).toBe(true);
    expect(await t.db.selectFrom('sysUser').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('sysUserDepart').select('id').where('userId', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('a frozen user loses their sessions and cannot sign in until unfrozen', async () => {
    const id = await idOf('zhang_san');
    const session = await login(t.app, 'zhang_san', 'Zhang#2026');
    const frozen = await call('PUT', '/sys/user/frozenBatch', { ids: id, status: 2 });
    expect(frozen.json()).toMatchObject({ success: true });
    expect((await call('GET', '/sys/dict/queryAllDictItems', undefined, session)).statusCode).toBe(401);
    expect((await loginRaw(t.app, 'zhang_san', 'Zhang#2026')).json()).toMatchObject({ success: false, message: '该用户已冻结' });
    expect((await result(`/sys/user/queryById?id=${id}`)).status_dictText).toBe('冻结');
    await call('PUT', '/sys/user/frozenBatch', { ids: id, status: 1 });
    // unfreezing does not bring the old session back
    expect((await call('GET', '/sys/dict/queryAllDictItems', undefined, session)).statusCode).toBe(401);
    expect((await loginRaw(t.app, 'zhang_san', 'Zhang#2026')).json().success).toBe(true);
    expect((await call('PUT', '/sys/user/frozenBatch', { ids: seedId('user.admin'), status: 2 })).json().message).toBe('不能冻结当前登录用户');
    expect(envelopeOf(await call('PUT', '/sys/user/frozenBatch', { ids: id, status: 3 }))).toMatchObject({ status: 200, body: { success: false, message: '参数 status：状态只能是1（正常）或2（冻结）' } });
  });

  it('changePassword sets another user’s password and ends their sessions', async () => {
    const session = await login(t.app, 'zhang_san', 'Zhang#2026');
    expect((await call('PUT', '/sys/user/changePassword', { username: 'zhang_san', password: 'short', confirmpassword: 'short' })).json().message).toBe('密码至少8位');
    expect((await call('PUT', '/sys/user/changePassword', { username: 'zhang_san', password: 'Reset#2026a', confirmpassword: 'Reset#2026b' })).json().message).toBe('两次输入的密码不一样！');
    const res = await call('PUT', '/sys/user/changePassword', { username: 'zhang_san', password: 'Reset#2026a', confirmpassword: 'Reset#2026a' });
    expect(res.json()).toMatchObject({ success: true, message: '密码修改成功！' });
    expect((await call('GET', '/sys/dict/queryAllDictItems', undefined, session)).statusCode).toBe(401);
    expect((await loginRaw(t.app, 'zhang_san', 'Zhang#2026')).json().success).toBe(false);
    expect((await loginRaw(t.app, 'zhang_san', 'Reset#2026a')).json().success).toBe(true);
  });

  it('an administrator\'s reset also lifts the sign-in lock of the account', async () => {
    for (let i = 0; i < 5; i++) await loginRaw(t.app, 'zhang_san', 'Wrong#pass1');
    expect((await loginRaw(t.app, 'zhang_san', 'Reset#2026a')).json().success).toBe(false);
    expect((await call('PUT', '/sys/user/changePassword', { username: 'zhang_san', password: 'Again#2026a', confirmpassword: 'Again#2026a' })).json().success).toBe(true);
    expect((await loginRaw(t.app, 'zhang_san', 'Again#2026a')).json().success).toBe(true);
  });
});

describe('access', () => {
  it('a list-only user gets 510 for add, edit, delete, export, import, freeze, passwords and the bin', async () => {
    await createUser(t.db, { username: 'user_reader', password: 'Reader#2026', menuKeys: ['system', 'system.user', 'system.user.list'] });
    const reader = await login(t.app, 'user_reader', 'Reader#2026');
    expect((await call('GET', '/sys/user/list', undefined, reader)).json().success).toBe(true);
    for (const [method, url, payload] of [
      ['POST', '/sys/user/add', { username: 'xxxxxx', realname: 'x', password: 'Xxxxxx#2026' }],
      ['PUT', '/sys/user/edit', { id: 'x', realname: 'x' }],
      ['DELETE', '/sys/user/delete?id=x', undefined],
      ['DELETE', '/sys/user/deleteBatch?ids=x', undefined],
      ['GET', '/sys/user/exportXls', undefined],
      ['POST', '/sys/user/importExcel', undefined],
      ['PUT', '/sys/user/frozenBatch', { ids: 'x', status: 2 }],
      ['PUT', '/sys/user/changePassword', { username: 'admin', password: 'Hijack#2026', confirmpassword: 'Hijack#2026' }],
      ['GET', '/sys/user/recycleBinList', undefined],
      ['PUT', '/sys/user/putRecycleBin?userIds=x', undefined],
      ['DELETE', '/sys/user/deleteRecycleBin?userIds=x', undefined],
    ] as const) {
      const res = await call(method, url, payload, reader);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe(510);
    }
  });

  it('a data rule on /system/user hides rows', async () => {
    const userId = await createUser(t.db, { username: 'ruled_reader', password: 'Ruled#2026', menuKeys: ['system', 'system.user', 'system.user.list'] });
    const ruleId = newId();
    await t.db.insertInto('sysPermissionDataRule').values({ id: ruleId, permissionId: seedId('menu.system.user'), ruleName: '只看自己创建的', ruleColumn: 'create_by', ruleConditions: '=', ruleValue: '#{sys_user_code}', status: '1' }).execute();
    const role = await t.db.selectFrom('sysUserRole').select('roleId').where('userId', '=', userId).executeTakeFirstOrThrow();
    await t.db.updateTable('sysRolePermission').set({ dataRuleIds: ruleId }).where('roleId', '=', role.roleId).where('permissionId', '=', seedId('menu.system.user')).execute();
    const token = await login(t.app, 'ruled_reader', 'Ruled#2026');
    expect((await result('/sys/user/list', token)).total).toBe(0);
    await t.db.updateTable('sysUser').set({ createBy: 'ruled_reader' }).where('username', '=', 'zhang_san').execute();
    expect((await result('/sys/user/list', token)).records.map((r: any) => r.username)).toEqual(['zhang_san']);
  });
});

describe('export and import', () => {
  it('exports the list with dictionary texts and no password', async () => {
    const res = await call('GET', '/sys/user/exportXls?username=zhang_san');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as any);
    const rows = (wb.worksheets[0].getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    expect(rows[0]).toContain('用户账号');
    expect(rows[0]).not.toContain('密码');
    expect(rows[1]).toContain('zhang_san');
    expect(rows[1]).toContain('正常');
    expect(JSON.stringify(rows)).not.toMatch(/scrypt/);
  });

  it('imports the good rows of a file with bad ones; imported users cannot sign in until given a password', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('用户');
    ws.addRow(['用户账号', '用户姓名', '性别', '手机号码']);
    ws.addRow(['import_one', '导入一', '女', '13900000001']);
    ws.addRow(['bad-name', '坏名字', '男', '']);
    ws.addRow(['import_two', '', '男', '']);
    ws.addRow(['zhang_san', '重名', '男', '']);
    ws.addRow(['import_three', '导入三', '', '13900000001']);
    ws.addRow(['import_four', '导入四', '男', '']);
    const res = await t.app.inject({ method: 'POST', url: '/api/sys/user/importExcel', ...multipart(Buffer.from(await wb.xlsx.writeBuffer()), admin) });
    const body = res.json();
    expect(body, res.body).toMatchObject({ success: true, code: 201 });
    expect(body.result.msg).toContain('错误行数：4');
    const imported = (await result('/sys/user/list?username=import_*&column=username&order=asc')).records;
    expect(imported.map((r: any) => [r.username, r.sex_dictText, r.status])).toEqual([
      ['import_four', '男', 1],
      ['import_one', '女', 1],
    ]);
    expect((await loginRaw(t.app, 'import_one', '')).json().success).toBe(false);
    await call('PUT', '/sys/user/changePassword', { username: 'import_one', password: 'Import#2026', confirmpassword: 'Import#2026' });
    expect((await loginRaw(t.app, 'import_one', 'Import#2026')).json().success).toBe(true);
  });
});
