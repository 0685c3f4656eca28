import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, createUser, login, type HttpMethod, type TestApp } from '../../../../test/helpers/test-app';
import { newId, seedId } from '../../../core/db';

// Departments and their roles are written only inside the caller's tenant, and department grants stay
// within what the one granting holds.
let t: TestApp;
let manager: string;
let admin: string;
const call = (token: string, method: HttpMethod, url: string, payload?: object) => apiCall(t.app, token, method, url, payload);
const A01 = seedId('depart.A01');

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  await t.db.insertInto('sysTenant').values({ id: 2000, name: '二中', status: 1 }).execute();
  const buttons = ['add', 'edit', 'delete', 'deleteBatch', 'list', 'role', 'authorize'].map((b) => `system.depart.${b}`);
  await createUser(t.db, { username: 'manager2000', password: 'Manager#2026', tenants: [2000], menuKeys: ['system', 'system.depart', ...buttons] });
  manager = await login(t.app, 'manager2000', 'Manager#2026');
});
afterAll(() => t.close());

describe("another tenant's departments", () => {
  it('cannot be edited, deleted, added under or authorised', async () => {
    expect((await call(manager, 'PUT', '/sys/sysDepart/edit', { id: A01, departName: '改名' })).body.success).toBe(false);
    expect((await call(manager, 'DELETE', `/sys/sysDepart/delete?id=${seedId('depart.A01A01')}`)).body.success).toBe(false);
    expect((await call(manager, 'POST', '/sys/sysDepart/add', { parentId: A01, departName: '潜入' })).body).toMatchObject({ success: false, message: '上级部门不存在' });
    expect((await call(manager, 'GET', `/sys/permission/queryDepartPermission?departId=${A01}`)).body.success).toBe(false);
    expect((await call(manager, 'POST', '/sys/permission/saveDepartPermission', { departId: A01, permissionIds: '' })).body.success).toBe(false);
    const still = await t.db.selectFrom('sysDepart').select(['departName']).where('id', 'in', [A01, seedId('depart.A01A01')]).orderBy('orgCode').execute();
    expect(still.map((d) => d.departName)).toEqual(['总公司', '研发部']);
  });

  it("keeps the other tenant's department roles out of reach", async () => {
    const roleId = newId();
    await t.db.insertInto('sysDepartRole').values({ id: roleId, departId: A01, roleName: '校长', roleCode: 'head' }).execute();
    expect((await call(manager, 'GET', `/sys/sysDepartRole/list?deptId=${A01}`)).body.result.total).toBe(0);
    expect((await call(manager, 'GET', `/sys/sysDepartRole/getDeptRoleList?departId=${A01}`)).body.success).toBe(false);
    expect((await call(manager, 'PUT', '/sys/sysDepartRole/edit', { id: roleId, roleName: '改' })).body.success).toBe(false);
    expect((await call(manager, 'DELETE', `/sys/sysDepartRole/delete?id=${roleId}`)).body.success).toBe(false);
    expect((await call(manager, 'POST', '/sys/sysDepartRole/add', { departId: A01, roleName: 'x', roleCode: 'x' })).body).toMatchObject({ success: false, message: '部门不存在' });
    expect((await call(manager, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId, permissionIds: '' })).body).toMatchObject({ success: false, message: '部门角色不存在' });
    expect(await t.db.selectFrom('sysDepartRole').select('roleName').where('id', '=', roleId).executeTakeFirstOrThrow()).toEqual({ roleName: '校长' });
  });

  it('its own tenant works, and department grants stay within what the grantor holds', async () => {
    const added = await call(manager, 'POST', '/sys/sysDepart/add', { departName: '二中教务处' });
    expect(added.body.success).toBe(true);
    const departId = added.body.result.id;
    // the administrator gives the department a menu the manager does not hold
    const tenantMenu = seedId('menu.system.tenant');
    expect((await call(admin, 'POST', '/sys/permission/saveDepartPermission', { departId, permissionIds: tenantMenu })).body.success).toBe(false);
    // (the administrator's tenant does not even see it: tenants apart) so the grant is written directly
    for (const permissionId of [tenantMenu, seedId('menu.system.depart')]) await t.db.insertInto('sysDepartPermission').values({ id: newId(), departId, permissionId }).execute();
    expect((await call(manager, 'POST', '/sys/sysDepartRole/add', { departId, roleName: '教务', roleCode: 'jw' })).body.success).toBe(true);
    const roleId = (await t.db.selectFrom('sysDepartRole').select('id').where('roleCode', '=', 'jw').executeTakeFirstOrThrow()).id;
    const refused = await call(manager, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId, permissionIds: tenantMenu });
    expect(refused).toMatchObject({ status: 403, body: { code: 510, message: '不能授予或收回您本人没有的权限' } });
    expect((await call(manager, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId, permissionIds: seedId('menu.system.depart') })).body.success).toBe(true);
  });
});
