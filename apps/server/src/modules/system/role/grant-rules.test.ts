import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, apiCall, auth, createTestApp, createUser, login, loginRaw, type HttpMethod, type TestApp } from '../../../../test/helpers/test-app';
import { newId, seedId } from '../../../core/db';

// Granting rights is itself a right: who may hand out roles and menus, and how far; and tenants kept apart.

let t: TestApp;
let admin: string;
const call = (token: string, method: HttpMethod, url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api${url}`, headers: { ...auth(token), ...headers }, ...(payload ? { payload } : {}) }).then((r) => ({ status: r.statusCode, body: r.json() }));
const idOf = async (username: string) => (await t.db.selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
const roleIdOf = async (code: string) => (await t.db.selectFrom('sysRole').select('id').where('roleCode', '=', code).executeTakeFirstOrThrow()).id;
const rolesOf = async (userId: string) => (await t.db.selectFrom('sysUserRole as ur').innerJoin('sysRole as r', 'r.id', 'ur.roleId').select('r.roleCode').where('ur.userId', '=', userId).execute()).map((r) => r.roleCode).sort();

/** A role of the default tenant granted the seeded menus and buttons named by their keys. */
async function addRole(code: string, menuKeys: string[], tenantId = 1000) {
  const id = newId();
  await t.db.insertInto('sysRole').values({ id, roleCode: code, roleName: code, tenantId }).execute();
  for (const key of menuKeys) await t.db.insertInto('sysRolePermission').values({ id: newId(), roleId: id, permissionId: seedId(`menu.${key}`) }).execute();
  return id;
}

const USER_EDITOR = ['system', 'system.user', 'system.user.list', 'system.user.add', 'system.user.edit', 'system.user.importExcel'];

function importFile(rows: string[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of [['用户账号', '用户姓名'], ...rows]) ws.addRow(r);
  return wb.xlsx.writeBuffer();
}
async function importUsers(token: string, rows: string[][]) {
  const boundary = '----anxue-grant';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sys/user/importExcel',
    payload: Buffer.concat([Buffer.from(head), Buffer.from(await importFile(rows)), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { ...auth(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  await addRole('reader', ['system', 'system.position', 'system.position.list']);
});
afterAll(() => t.close());

describe('granting roles is its own right', () => {
  let editor: string;
  let targetId: string;
  beforeAll(async () => {
    await createUser(t.db, { username: 'user_editor', password: 'Editor#2026', menuKeys: USER_EDITOR });
    editor = await login(t.app, 'user_editor', 'Editor#2026');
    targetId = await createUser(t.db, { username: 'target', password: 'Target#2026' });
  });

  it('an editor without it changes everything else on a user, but not their roles', async () => {
    expect((await call(editor, 'PUT', '/sys/user/edit', { id: targetId, realname: '改过的名字' })).body.success).toBe(true);
    // the edit form sends the roles the user already has: that is no change
    expect((await call(editor, 'PUT', '/sys/user/edit', { id: targetId, realname: '再改', selectedroles: '' })).body.success).toBe(true);
    const refused = await call(editor, 'PUT', '/sys/user/edit', { id: targetId, realname: '夹带', selectedroles: await roleIdOf('reader') });
    expect(refused).toMatchObject({ status: 403, body: { code: 510 } });
    expect(await rolesOf(targetId)).toEqual([]);
    // nothing of the refused edit was written
    expect((await t.db.selectFrom('sysUser').select('realname').where('id', '=', targetId).executeTakeFirstOrThrow()).realname).toBe('再改');
  });

  it('adding a user with roles, the role-user link calls and the import are refused without it', async () => {
    const reader = await roleIdOf('reader');
    const add = await call(editor, 'POST', '/sys/user/add', { username: 'with_role', realname: 'x', password: 'With#role2026', selectedroles: reader });
    expect(add).toMatchObject({ status: 403, body: { code: 510 } });
    expect(await t.db.selectFrom('sysUser').select('id').where('username', '=', 'with_role').executeTakeFirst()).toBeUndefined();
    expect((await call(editor, 'POST', '/sys/user/add', { username: 'no_role', realname: 'x', password: 'No#role2026' })).body.success).toBe(true);
    expect((await call(editor, 'POST', '/sys/user/addSysUserRole', { roleId: reader, userIdList: [targetId] })).status).toBe(403);
    expect((await call(editor, 'DELETE', `/sys/user/deleteUserRole?roleId=${reader}&userId=${targetId}`)).status).toBe(403);
    expect((await call(editor, 'DELETE', `/sys/user/deleteUserRoleBatch?roleId=${reader}&userIds=${targetId}`)).status).toBe(403);
    expect((await importUsers(editor, [['imported_x', '导入']])).status).toBe(403);
    expect(await rolesOf(targetId)).toEqual([]);
  });

  it("another user's password is its own right, never implied by edit", async () => {
    await call(editor, 'PUT', '/sys/user/edit', { id: targetId, realname: '改密码', password: 'Hijack#2026', confirmPassword: 'Hijack#2026' });
    expect((await loginRaw(t.app, 'target', 'Hijack#2026')).json().success).toBe(false);
    expect((await loginRaw(t.app, 'target', 'Target#2026')).json().success).toBe(true);
    const res = await call(editor, 'PUT', '/sys/user/changePassword', { username: 'target', password: 'Hijack#2026', confirmpassword: 'Hijack#2026' });
    expect(res).toMatchObject({ status: 403, body: { code: 510 } });
  });
});

describe('checkOnlyUser and personal data', () => {
  it('tells whether a phone or e-mail is registered only to those who may add or edit users', async () => {
    await t.db.updateTable('sysUser').set({ phone: '13912345678' }).where('username', '=', 'admin').execute();
    await createUser(t.db, { username: 'plain_staff', password: 'Plain#2026x' });
    const plain = await login(t.app, 'plain_staff', 'Plain#2026x');
    expect(await call(plain, 'GET', '/sys/user/checkOnlyUser?phone=13912345678')).toMatchObject({ status: 403, body: { code: 510 } });
    expect((await call(plain, 'GET', '/sys/user/checkOnlyUser?email=a@b.cn')).status).toBe(403);
    // the account name stays checkable by anyone signed in (sign-up style forms)
    expect((await call(plain, 'GET', '/sys/user/checkOnlyUser?username=admin')).body.success).toBe(false);
    const editor = await login(t.app, 'user_editor', 'Editor#2026');
    expect((await call(editor, 'GET', '/sys/user/checkOnlyUser?phone=13912345678')).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
  });
});

describe('nobody hands out more than they hold', () => {
  let grantor: string;
  let targetId: string;
  beforeAll(async () => {
    await createUser(t.db, {
      username: 'grantor',
      password: 'Grantor#2026',
      menuKeys: [...USER_EDITOR, 'system.user.grantRole', 'system.position', 'system.position.list', 'system.role', 'system.role.list', 'system.role.authorize'],
    });
    grantor = await login(t.app, 'grantor', 'Grantor#2026');
    targetId = await createUser(t.db, { username: 'target2', password: 'Target#2026' });
  });

  it('gives a role whose permissions the grantor holds, refuses one with more', async () => {
    const reader = await roleIdOf('reader');
    expect((await call(grantor, 'PUT', '/sys/user/edit', { id: targetId, selectedroles: reader })).body.success).toBe(true);
    expect(await rolesOf(targetId)).toEqual(['reader']);
    const adminRole = await roleIdOf('admin');
    const refused = await call(grantor, 'PUT', '/sys/user/edit', { id: targetId, selectedroles: `${reader},${adminRole}` });
    expect(refused).toMatchObject({ status: 403, body: { success: false, code: 510 } });
    expect(refused.body.message).toBe('不能分配或收回角色“管理员”：该角色含有您本人没有的权限');
    const linked = await call(grantor, 'POST', '/sys/user/addSysUserRole', { roleId: adminRole, userIdList: [targetId] });
    expect(linked.body.message).toContain('该角色含有您本人没有的权限');
    expect(await rolesOf(targetId)).toEqual(['reader']);
  });

  it('cannot take a stronger role away either, and cannot grant a role menus they lack', async () => {
    const adminId = await idOf('admin');
    const res = await call(grantor, 'DELETE', `/sys/user/deleteUserRole?roleId=${await roleIdOf('admin')}&userId=${adminId}`);
    expect(res.body.message).toContain('该角色含有您本人没有的权限');
    expect(await rolesOf(adminId)).toEqual(['admin']);
    const reader = await roleIdOf('reader');
    const grant = await call(grantor, 'POST', '/sys/permission/saveRolePermission', {
      roleId: reader,
      permissionIds: [seedId('menu.system'), seedId('menu.system.position'), seedId('menu.system.position.list'), seedId('menu.system.tenant')].join(','),
    });
    expect(grant).toMatchObject({ status: 403, body: { code: 510, message: '不能授予或收回您本人没有的权限' } });
    // within what they hold it works
    const within = await call(grantor, 'POST', '/sys/permission/saveRolePermission', { roleId: reader, permissionIds: [seedId('menu.system'), seedId('menu.system.position')].join(',') });
    expect(within.body.success).toBe(true);
  });

  it('the role-user calls list, add and remove members within those bounds', async () => {
    const reader = await roleIdOf('reader');
    const other = await createUser(t.db, { username: 'member3', password: 'Member#2026' });
    expect((await call(grantor, 'POST', '/sys/user/addSysUserRole', { roleId: reader, userIdList: [other, other] })).body.success).toBe(true);
    const list = (await call(grantor, 'GET', `/sys/user/userRoleList?roleId=${reader}`)).body.result;
    expect(list.records.map((r: any) => r.username).sort()).toEqual(['member3', 'target2']);
    expect(list.records[0].phone).toBeUndefined();
    expect((await call(grantor, 'DELETE', `/sys/user/deleteUserRoleBatch?roleId=${reader}&userIds=${other}`)).body.success).toBe(true);
    expect(await rolesOf(other)).toEqual([]);
  });
});

describe('the last administrator', () => {
  it('keeps the admin role: not by edit, not by unlinking, not from themselves', async () => {
    const adminId = await idOf('admin');
    const adminRole = await roleIdOf('admin');
    const edit = await call(admin, 'PUT', '/sys/user/edit', { id: adminId, selectedroles: '' });
    expect(edit.body).toMatchObject({ success: false, message: '不能移除最后一位管理员的管理员角色' });
    const unlink = await call(admin, 'DELETE', `/sys/user/deleteUserRole?roleId=${adminRole}&userId=${adminId}`);
    expect(unlink.body).toMatchObject({ success: false, message: '不能移除最后一位管理员的管理员角色' });
    expect(await rolesOf(adminId)).toEqual(['admin']);
    // with a second active administrator, the first may step down
    const second = await createUser(t.db, { username: 'second_admin', password: 'Second#2026' });
    expect((await call(admin, 'POST', '/sys/user/addSysUserRole', { roleId: adminRole, userIdList: [second] })).body.success).toBe(true);
    const other = await login(t.app, 'second_admin', 'Second#2026');
    expect((await call(other, 'DELETE', `/sys/user/deleteUserRole?roleId=${adminRole}&userId=${adminId}`)).body.success).toBe(true);
    // and the second cannot then remove themselves
    expect((await call(other, 'DELETE', `/sys/user/deleteUserRole?roleId=${adminRole}&userId=${second}`)).body.message).toBe('不能移除最后一位管理员的管理员角色');
    expect((await call(other, 'POST', '/sys/user/addSysUserRole', { roleId: adminRole, userIdList: [adminId] })).body.success).toBe(true);
    admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  });
});

describe('tenants', () => {
  let manager: string;
  beforeAll(async () => {
    await t.db.insertInto('sysTenant').values({ id: 2000, name: '二中', status: 1 }).execute();
    await t.db.insertInto('sysPosition').values({ id: newId(), code: 'P1000', name: '默认租户职务', tenantId: 1000 }).execute();
    await t.db.insertInto('sysPosition').values({ id: newId(), code: 'P2000', name: '二中职务', tenantId: 2000 }).execute();
    const managerRole = await addRole('school_manager', [...USER_EDITOR, 'system.user.grantRole', 'system.role', 'system.role.list', 'system.role.add', 'system.position', 'system.position.list'], 2000);
    const managerId = await createUser(t.db, { username: 'manager2000', password: 'Manager#2026', tenants: [2000] });
    await t.db.insertInto('sysUserRole').values({ id: newId(), userId: managerId, roleId: managerRole }).execute();
    manager = await login(t.app, 'manager2000', 'Manager#2026');
  });

  it("a tenant's manager sees and grants only that tenant's roles", async () => {
    expect((await call(manager, 'POST', '/sys/role/add', { roleName: '二中老师', roleCode: 'teacher2000' })).body.success).toBe(true);
    const codes = (await call(manager, 'GET', '/sys/role/list?pageSize=100')).body.result.records.map((r: any) => r.roleCode).sort();
    expect(codes).toEqual(['school_manager', 'teacher2000']);
    expect((await call(manager, 'GET', '/sys/role/queryall')).body.result.map((r: any) => r.roleCode).sort()).toEqual(['school_manager', 'teacher2000']);
    // the built-in roles belong to the system tenant
    const adminCodes = (await call(admin, 'GET', '/sys/role/queryall')).body.result.map((r: any) => r.roleCode);
    expect(adminCodes).toContain('admin');
    expect(adminCodes).not.toContain('teacher2000');
    const pupil = (await call(manager, 'POST', '/sys/user/add', { username: 'pupil2000', realname: '学生', password: 'Pupil#2026x', selectedroles: await roleIdOf('teacher2000') })).body;
    expect(pupil.success).toBe(true);
    const pupilId = await idOf('pupil2000');
    // a user created by the manager joins the manager's tenant
    expect((await t.db.selectFrom('sysUserTenant').select('tenantId').where('userId', '=', pupilId).execute()).map((r) => r.tenantId)).toEqual([2000]);
    const refused = await call(manager, 'PUT', '/sys/user/edit', { id: pupilId, selectedroles: await roleIdOf('admin') });
    expect(refused.body).toMatchObject({ success: false, message: '选择的角色不存在' });
    expect(await call(manager, 'GET', `/sys/role/queryById?id=${await roleIdOf('admin')}`)).toMatchObject({ status: 200, body: { success: false, message: '未找到对应角色' } });
  });

  it('rows stay in their tenant; tenant 0 or a missing tenant never lifts the filter', async () => {
    const codes = async (token: string, headers: Record<string, string> = {}) =>
      (await call(token, 'GET', '/sys/position/list?pageSize=100', undefined, headers)).body.result.records.map((r: any) => r.code).sort();
    expect(await codes(manager)).toEqual(['P2000']);
    expect(await codes(manager, { 'tenant-id': '0' })).toEqual(['P2000']);
    expect((await call(manager, 'GET', '/sys/position/list', undefined, { 'X-Tenant-Id': '1000' })).status).toBe(403);
    expect(await codes(admin)).toEqual(['P1000']);
    const users = (await call(manager, 'GET', '/sys/user/list?pageSize=100')).body.result.records.map((r: any) => r.username).sort();
    expect(users).toEqual(['manager2000', 'pupil2000']);
  });

  it('a user in no tenant sees no tenant rows at all', async () => {
    await createUser(t.db, { username: 'homeless', password: 'Homeless#2026', tenants: [], menuKeys: ['system', 'system.position', 'system.position.list', 'system.user', 'system.user.list'] });
    const token = await login(t.app, 'homeless', 'Homeless#2026');
    for (const headers of [{}, { 'tenant-id': '0' }] as Array<Record<string, string>>) {
      expect((await call(token, 'GET', '/sys/position/list', undefined, headers)).body.result.total).toBe(0);
      expect((await call(token, 'GET', '/sys/user/list', undefined, headers)).body.result.total).toBe(0);
    }
  });

  it('only the explicit cross-tenant permission reads every tenant, and the administrator does not hold it by default', async () => {
    const codes = async () => (await call(admin, 'GET', '/sys/position/list?pageSize=100')).body.result.records.map((r: any) => r.code).sort();
    expect(await codes()).toEqual(['P1000']);
    await t.db.insertInto('sysRolePermission').values({ id: newId(), roleId: await roleIdOf('admin'), permissionId: seedId('menu.system.tenant.crossTenant') }).execute();
    expect(await codes()).toEqual(['P1000', 'P2000']);
    await t.db.deleteFrom('sysRolePermission').where('permissionId', '=', seedId('menu.system.tenant.crossTenant')).execute();
    expect(await codes()).toEqual(['P1000']);
  });

  it('leaving a tenant, or losing a role, takes effect on the next request of an open session', async () => {
    const userId = await createUser(t.db, { username: 'leaver', password: 'Leaver#2026', menuKeys: ['system', 'system.position', 'system.position.list'] });
    const token = await login(t.app, 'leaver', 'Leaver#2026');
    expect((await call(token, 'GET', '/sys/position/list')).body.result.total).toBeGreaterThan(0);
    expect((await call(admin, 'PUT', '/sys/tenant/leaveTenant', { tenantId: 1000, userIds: userId })).body.success).toBe(true);
    expect((await call(token, 'GET', '/sys/position/list')).body.result.total).toBe(0);
    expect((await call(token, 'GET', '/sys/position/list', undefined, { 'X-Tenant-Id': '1000' })).status).toBe(403);
    await t.db.deleteFrom('sysUserRole').where('userId', '=', userId).execute();
    expect((await call(token, 'GET', '/sys/position/list')).status).toBe(403);
  });

  it('imported users join the importing tenant', async () => {
    const res = await importUsers(admin, [['imported_a', '导入甲'], ['imported_b', '导入乙']]);
    expect(res.body.success).toBe(true);
    const rows = await t.db
      .selectFrom('sysUserTenant as ut')
      .innerJoin('sysUser as u', 'u.id', 'ut.userId')
      .select(['u.username', 'ut.tenantId'])
      .where('u.username', 'in', ['imported_a', 'imported_b'])
      .orderBy('u.username')
      .execute();
    expect(rows).toEqual([{ username: 'imported_a', tenantId: 1000 }, { username: 'imported_b', tenantId: 1000 }]);
    const listed = (await call(admin, 'GET', '/sys/user/list?username=imported_*')).body.result.total;
    expect(listed).toBe(2);
  });
});
