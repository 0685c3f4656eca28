import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, seedId } from '../../src/core/db';
import { apiCall, auth, createTestApp, createUser, DEFAULT_TENANT, login, type TestApp } from '../helpers/test-app';

// Tenant calls of the original Vue 3 client (jeecgboot-vue3 3.9: tenant.api.ts, user.api.ts, UserSetting.api.ts),
// replayed as the client sends them and answered field by field, with the refusals for missing rights,
// other tenants and granting beyond what the caller holds.
let t: TestApp;
let admin: string;
/** Holds every seeded right plus the cross-tenant one. */
let root: string;
/** Signed in, no role, member of the default tenant. */
let plain: string;
let plainId: string;
/** Manages packs and users of tenant 2000 only, holding the user page's 查询 and the tenant page's pack rights. */
let other: string;
let otherId: string;
const OTHER = 2000;
const USER_LIST = seedId('menu.system.user.list');
const ROLE_LIST = seedId('menu.system.role.list');
const CROSS = seedId('menu.system.tenant.crossTenant');

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => apiCall(t.app, token, method, url, payload);

async function rolePerms(roleId: string) {
  return (await t.db.selectFrom('sysRolePermission').select('permissionId').where('roleId', '=', roleId).execute()).map((r) => r.permissionId).sort();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  await t.db.insertInto('sysTenant').values({ id: OTHER, name: '二中', status: 1, houseNumber: 'EZ2000', createBy: 'other2000' }).execute();
  plainId = await createUser(t.db, { username: 'plain', password: 'Plain#2026x' });
  otherId = await createUser(t.db, {
    username: 'other2000',
    password: 'Other#2026x',
    tenants: [OTHER],
    menuKeys: ['system.user', 'system.user.list', 'system.user.edit', 'system.tenant', 'system.tenant.packList', 'system.tenant.pack', 'system.tenant.packUser'],
  });
  await createUser(t.db, { username: 'root', password: 'Root#2026xx', menuKeys: ['system.tenant.crossTenant'] });
  // root also holds the administrator role
  const adminRole = await t.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'admin').executeTakeFirstOrThrow();
  const rootUser = await t.db.selectFrom('sysUser').select('id').where('username', '=', 'root').executeTakeFirstOrThrow();
  await t.db.insertInto('sysUserRole').values({ id: newId(), userId: rootUser.id, roleId: adminRole.id }).execute();
  plain = await login(t.app, 'plain', 'Plain#2026x');
  other = await login(t.app, 'other2000', 'Other#2026x');
  root = await login(t.app, 'root', 'Root#2026xx');
});
afterAll(() => t.close());

describe('the caller’s own tenants', () => {
  it('getCurrentUserTenant answers { list } of active tenants, getTenantListByUserId the relation rows', async () => {
    const cur = await call(plain, 'GET', '/sys/tenant/getCurrentUserTenant');
    expect(cur.body).toMatchObject({ success: true, code: 200 });
    expect(cur.body.result.list.map((x: any) => x.id)).toEqual([DEFAULT_TENANT]);
    expect(cur.body.result.list[0]).toHaveProperty('name');
    const rel = await call(other, 'GET', '/sys/tenant/getTenantListByUserId?userTenantStatus=1,3,5');
    expect(rel.body.result).toEqual([{ tenantUserId: OTHER, name: '二中', trade: null, houseNumber: 'EZ2000', createBy: 'other2000', userTenantStatus: '1', id: otherId }]);
    const bad = await call(plain, 'GET', '/sys/tenant/getTenantListByUserId?userTenantStatus=9');
    expect(bad).toMatchObject({ status: 200, body: { success: false, message: '参数 userTenantStatus：租户用户状态只能是1到5' } });
  });

  it('getTenantPageListByUserId pages the caller’s tenants (MyTenantList) with dictionary texts', async () => {
    const res = await call(other, 'GET', '/sys/tenant/getTenantPageListByUserId?userTenantStatus=1,3,4&pageNo=1&pageSize=10');
    expect(res.body.result).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
    expect(res.body.result.records[0]).toMatchObject({ id: OTHER, name: '二中', status: 1, houseNumber: 'EZ2000', userTenantStatus: '1', createBy: 'other2000' });
    expect(res.body.result.records[0]).toHaveProperty('status_dictText');
    expect((await call(other, 'GET', '/sys/tenant/getTenantPageListByUserId?userTenantStatus=1&name=*一中*')).body.result.total).toBe(0);
  });

  it('joinTenantByHouseNumber files an application the tenant’s user manager approves; cancelApplyTenant withdraws it', async () => {
    const unknown = await call(plain, 'POST', '/sys/tenant/joinTenantByHouseNumber', { houseNumber: 'NOPE' });
    expect(unknown).toMatchObject({ status: 200, body: { success: false, message: '该门牌号不存在' } });
    const applied = await call(plain, 'POST', '/sys/tenant/joinTenantByHouseNumber', { houseNumber: 'EZ2000' });
    expect(applied.body).toMatchObject({ success: true, message: '申请加入组织成功', result: OTHER });
    // not a member yet: the tenant header is refused, nothing of tenant 2000 is readable
    const asMember = await t.app.inject({ method: 'GET', url: '/api/sys/tenant/getCurrentUserTenant', headers: { ...auth(plain), 'x-tenant-id': String(OTHER) } });
    expect(asMember.statusCode).toBe(403);
    expect((await call(plain, 'POST', '/sys/tenant/joinTenantByHouseNumber', { houseNumber: 'EZ2000' })).body.message).toBe('已提交申请，请等待审核');
    // withdraw, apply again
    expect((await call(plain, 'PUT', `/sys/tenant/cancelApplyTenant?tenantId=${OTHER}`, { tenantId: OTHER })).body).toMatchObject({ success: true, message: '取消申请成功' });
    expect((await call(plain, 'PUT', `/sys/tenant/cancelApplyTenant?tenantId=${OTHER}`, { tenantId: OTHER })).body).toMatchObject({ success: false, message: '没有待审核的申请' });
    await call(plain, 'POST', '/sys/tenant/joinTenantByHouseNumber', { houseNumber: 'EZ2000' });
    // the manager of tenant 2000 sees the application (TenantUserList: userTenantStatus 1,3,4)
    const list = await call(other, 'GET', '/sys/tenant/getUserTenantPageList?userTenantStatus=1,3,4&pageNo=1&pageSize=10');
    const row = list.body.result.records.find((r: any) => r.id === plainId);
    expect(row).toMatchObject({ username: 'plain', realname: 'plain', status: '3', createBy: 'other2000', relTenantIds: `${DEFAULT_TENANT},${OTHER}` });
    expect(row).toHaveProperty('orgCodeTxt');
    // the default tenant's manager does not see tenant 2000's applicants
    const mine = await call(admin, 'GET', '/sys/tenant/getUserTenantPageList?userTenantStatus=3');
    expect(mine.body.result.records.map((r: any) => r.id)).not.toContain(plainId);
    // a plain user cannot approve
    expect((await call(plain, 'PUT', `/sys/tenant/updateUserTenantStatus?userId=${plainId}&status=1`, { userId: plainId, status: '1' })).status).toBe(403);
    // an invitation is not the manager's to accept; an unknown transition is refused
    expect((await call(other, 'PUT', '/sys/tenant/updateUserTenantStatus', { userId: plainId, status: '2' })).body).toMatchObject({ success: false, message: '不能把该用户改为这个状态' });
    const approved = await call(other, 'PUT', `/sys/tenant/updateUserTenantStatus?userId=${plainId}&status=1`, { userId: plainId, status: '1' });
    expect(approved.body).toMatchObject({ success: true, message: '更新用户租户状态成功' });
    expect((await call(plain, 'POST', '/sys/tenant/joinTenantByHouseNumber', { houseNumber: 'EZ2000' })).body.message).toBe('您已是该组织的成员');
  });

  it('agreeOrRefuseJoinTenant answers only an invitation', async () => {
    const u = await createUser(t.db, { username: 'invitee', password: 'Invitee#2026' });
    const tok = await login(t.app, 'invitee', 'Invitee#2026');
    expect((await call(tok, 'PUT', `/sys/tenant/agreeOrRefuseJoinTenant?tenantId=${OTHER}&status=1`, { tenantId: OTHER, status: '1' })).body).toMatchObject({ success: false, message: '该用户不存在该组织中，无权修改' });
    await t.db.insertInto('sysUserTenant').values({ id: newId(), userId: u, tenantId: OTHER, status: '5', createBy: 'other2000' }).execute();
    expect((await call(tok, 'PUT', `/sys/tenant/agreeOrRefuseJoinTenant?tenantId=${OTHER}&status=3`, { tenantId: OTHER, status: '3' })).body).toMatchObject({ success: false, message: '类型不匹配，禁止修改数据' });
    expect((await call(tok, 'PUT', `/sys/tenant/agreeOrRefuseJoinTenant?tenantId=${OTHER}&status=1`, { tenantId: OTHER, status: '1' })).body).toMatchObject({ success: true, message: '您已同意该组织的邀请' });
    expect((await call(tok, 'PUT', `/sys/tenant/agreeOrRefuseJoinTenant?tenantId=${OTHER}&status=4`, { tenantId: OTHER, status: '4' })).body).toMatchObject({ success: false, message: '没有待处理的邀请' });
    const rel = await call(tok, 'GET', '/sys/tenant/getTenantListByUserId?userTenantStatus=1');
    expect(rel.body.result.map((r: any) => r.tenantUserId)).toContain(OTHER);
  });

  it('editOwnTenant edits the current tenant for its owner only, never its status', async () => {
    const h = { 'x-tenant-id': String(OTHER) };
    const res = await t.app.inject({ method: 'PUT', url: '/api/sys/tenant/editOwnTenant', headers: { ...auth(other), ...h }, payload: { id: OTHER, name: '第二中学', status: 0 } });
    expect(res.json()).toMatchObject({ success: true, message: '修改成功!' });
    const row = await t.db.selectFrom('sysTenant').select(['name', 'status']).where('id', '=', OTHER).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: '第二中学', status: 1 });
    // another tenant than the current one
    expect((await call(other, 'PUT', '/sys/tenant/editOwnTenant', { id: DEFAULT_TENANT, name: 'x' })).body).toMatchObject({ success: false, message: '无权修改他人租户！' });
    // a member who is not the owner
    const byPlain = await t.app.inject({ method: 'POST', url: '/api/sys/tenant/editOwnTenant', headers: { ...auth(plain), ...h }, payload: { id: OTHER, name: 'x' } });
    expect(byPlain.json()).toMatchObject({ success: false, message: '只有租户的拥有者才能修改租户信息' });
  });

  it('changeOwenUserTenant hands the tenant to a member; exitUserTenant needs the password and not the owner', async () => {
    expect((await call(plain, 'POST', `/sys/tenant/changeOwenUserTenant?userId=${plainId}&tenantId=${OTHER}`)).body).toMatchObject({ success: false, message: '只有租户的拥有者才能变更拥有者' });
    expect((await call(other, 'POST', `/sys/tenant/changeOwenUserTenant?userId=${otherId}&tenantId=${DEFAULT_TENANT}`)).body.success).toBe(false);
    const outsider = await createUser(t.db, { username: 'outsider', password: 'Outsider#2026' });
    expect((await call(other, 'POST', `/sys/tenant/changeOwenUserTenant?userId=${outsider}&tenantId=${OTHER}`)).body).toMatchObject({ success: false, message: '新的拥有者必须是该租户的成员' });
    // the owner cannot leave before handing the tenant over
    const ownerExit = await t.app.inject({ method: 'DELETE', url: `/api/sys/tenant/exitUserTenant?id=${OTHER}&loginPassword=Other%232026x`, headers: { ...auth(other), 'content-type': 'application/json' }, payload: { id: OTHER } });
    expect(ownerExit.json()).toMatchObject({ success: false, message: '您是该租户的拥有者，请先变更拥有者再退出' });
    const wrong = await t.app.inject({ method: 'DELETE', url: `/api/sys/tenant/exitUserTenant?id=${OTHER}&loginPassword=nope`, headers: auth(plain) });
    expect(wrong.json()).toMatchObject({ success: false, message: '密码不正确' });
    const left = await t.app.inject({ method: 'DELETE', url: `/api/sys/tenant/exitUserTenant?id=${OTHER}&loginPassword=Plain%232026x`, headers: auth(plain) });
    expect(left.json()).toMatchObject({ success: true, message: '退出租户成功' });
    expect(await t.db.selectFrom('sysUserTenant').select('id').where('userId', '=', plainId).where('tenantId', '=', OTHER).executeTakeFirst()).toBeUndefined();
  });

  it('saveTenantJoinUser creates a tenant with the caller as its member (tenant add right only)', async () => {
    expect((await call(plain, 'POST', '/sys/tenant/saveTenantJoinUser', { name: '三中' })).status).toBe(403);
    const res = await call(admin, 'POST', '/sys/tenant/saveTenantJoinUser', { name: '三中' });
    expect(res.body).toMatchObject({ success: true, message: '创建成功' });
    const id = res.body.result;
    expect(typeof id).toBe('number');
    const row = await t.db.selectFrom('sysTenant').select(['name', 'houseNumber', 'createBy']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: '三中', createBy: 'admin' });
    expect(row.houseNumber).toMatch(/^[A-Z]{6}$/);
    const cur = await call(admin, 'GET', '/sys/tenant/getCurrentUserTenant');
    expect(cur.body.result.list.map((x: any) => x.id)).toContain(id);
  });
});

describe('the tenant recycle bin', () => {
  it('recycleBinPageList, revertTenantLogic and deleteLogicDeleted (rights, ids, answers)', async () => {
    await t.db.insertInto('sysTenant').values({ id: 3000, name: '旧校', status: 1, houseNumber: 'OLD300', delFlag: 1 }).execute();
    await t.db.insertInto('sysTenant').values({ id: 3001, name: '旧校二', status: 1, delFlag: 1 }).execute();
    expect((await call(plain, 'GET', '/sys/tenant/recycleBinPageList')).status).toBe(403);
    const bin = await call(admin, 'GET', '/sys/tenant/recycleBinPageList?pageNo=1&pageSize=10&name=旧校');
    expect(bin.body.result.records).toEqual([
      { id: 3000, name: '旧校', companyLogo: null, houseNumber: 'OLD300', status: 1, status_dictText: expect.any(String) },
      { id: 3001, name: '旧校二', companyLogo: null, houseNumber: null, status: 1, status_dictText: expect.any(String) },
    ]);
    expect((await call(admin, 'PUT', '/sys/tenant/revertTenantLogic?ids=3000', { ids: '3000' })).body).toMatchObject({ success: true, message: '还原成功' });
    expect((await t.db.selectFrom('sysTenant').select('delFlag').where('id', '=', 3000).executeTakeFirstOrThrow()).delFlag).toBe(0);
    expect((await call(admin, 'DELETE', '/sys/tenant/deleteLogicDeleted?ids=3001,3000')).body).toMatchObject({ success: true, message: '彻底删除成功' });
    // only the one in the bin is purged; it never shows again and its id is not handed out again
    expect((await t.db.selectFrom('sysTenant').select('delFlag').where('id', '=', 3001).executeTakeFirstOrThrow()).delFlag).toBe(2);
    expect((await t.db.selectFrom('sysTenant').select('delFlag').where('id', '=', 3000).executeTakeFirstOrThrow()).delFlag).toBe(0);
    expect((await call(admin, 'GET', '/sys/tenant/recycleBinPageList?name=旧校')).body.result.total).toBe(0);
  });
});

describe('tenant packs', () => {
  let packId: string;

  it('packList, addPackPermission: a pack of the caller’s tenant, its menus within what the caller holds', async () => {
    expect((await call(plain, 'GET', '/sys/tenant/packList?tenantId=1000&packType=custom')).status).toBe(403);
    const h = { 'x-tenant-id': String(OTHER) };
    // other2000 holds the user list but not the role list
    const beyond = await t.app.inject({ method: 'POST', url: '/api/sys/tenant/addPackPermission', headers: { ...auth(other), ...h }, payload: { packName: '越权', permissionIds: `${USER_LIST},${ROLE_LIST}`, packType: 'custom', tenantId: OTHER, izSysn: '0', status: '1' } });
    expect(beyond.json()).toMatchObject({ success: false, message: '不能把您本人没有的权限放入套餐或从套餐中收回' });
    // another tenant
    expect((await call(other, 'POST', '/sys/tenant/addPackPermission', { packName: 'x', packType: 'custom', tenantId: DEFAULT_TENANT })).body).toMatchObject({ success: false, message: '无权限访问他人租户！' });
    // a template belongs to the platform
    expect((await call(other, 'POST', '/sys/tenant/addPackPermission', { packName: 'x', packType: 'default' })).body.success).toBe(false);
    expect((await call(other, 'POST', '/sys/tenant/addPackPermission', { packName: '', packType: 'custom', tenantId: OTHER })).body).toMatchObject({ success: false, message: '套餐名称不能为空' });
    const added = await call(other, 'POST', '/sys/tenant/addPackPermission', { packName: '用户查看', remarks: '只读', permissionIds: USER_LIST, packType: 'custom', tenantId: OTHER, izSysn: '0', status: '1' });
    expect(added.body).toMatchObject({ success: true, message: '创建租户产品包成功' });
    const list = await call(other, 'GET', `/sys/tenant/packList?tenantId=${OTHER}&packType=custom&pageNo=1&pageSize=10`);
    expect(list.body.result).toMatchObject({ total: 1, current: 1 });
    const rec = list.body.result.records[0];
    expect(rec).toMatchObject({ tenantId: OTHER, packName: '用户查看', packType: 'custom', status: '1', izSysn: '0', remarks: '只读', permissionIds: USER_LIST, createBy: 'other2000' });
    packId = rec.id;
    // the pack's role carries its menus
    const pack = await t.db.selectFrom('sysTenantPack').select('roleId').where('id', '=', packId).executeTakeFirstOrThrow();
    expect(await rolePerms(pack.roleId!)).toEqual([USER_LIST]);
    // another tenant's packs are not listed to this caller
    expect((await call(other, 'GET', `/sys/tenant/packList?tenantId=${DEFAULT_TENANT}&packType=custom`)).body).toMatchObject({ success: false, message: '无权限访问他人租户！' });
    expect((await call(admin, 'GET', `/sys/tenant/packList?packType=custom`)).body.result.records.map((r: any) => r.id)).not.toContain(packId);
  });

  it('addTenantPackUser gives the pack’s menus to members of its tenant; listPackByTenantUserId and queryTenantPackUserList show it', async () => {
    const member = await createUser(t.db, { username: 'pupil', password: 'Pupil#2026x', tenants: [OTHER] });
    expect((await call(other, 'POST', '/sys/tenant/addTenantPackUser', { packId, packName: '用户查看', tenantId: OTHER, userId: plainId, realname: 'plain' })).body).toMatchObject({ success: false, message: '只能把套餐分配给该租户的成员' });
    expect((await call(plain, 'POST', '/sys/tenant/addTenantPackUser', { packId, userId: member })).status).toBe(403);
    const res = await call(other, 'POST', '/sys/tenant/addTenantPackUser', { packId, packName: '用户查看', tenantId: OTHER, userId: member, realname: 'pupil' });
    expect(res.body).toMatchObject({ success: true, message: '操作成功！' });
    const pupil = await login(t.app, 'pupil', 'Pupil#2026x');
    const perm = await call(pupil, 'GET', '/sys/permission/getPermCode');
    expect(JSON.stringify(perm.body.result)).toContain('system:user:list');
    const users = await call(other, 'GET', `/sys/tenant/queryTenantPackUserList?tenantId=${OTHER}&packId=${packId}&status=1&pageNo=1&pageSize=10`);
    expect(users.body.result.records).toEqual([{ id: member, username: 'pupil', realname: 'pupil', phone: null, avatar: null, packName: '用户查看', packId, departNames: [], positionNames: [] }]);
    expect((await call(other, 'GET', `/sys/tenant/queryTenantPackUserList?tenantId=${DEFAULT_TENANT}&packId=${packId}&status=1`)).body.success).toBe(false);
    const mine = await t.app.inject({ method: 'GET', url: `/api/sys/tenant/listPackByTenantUserId?tenantId=${OTHER}&userId=${member}`, headers: auth(other) });
    expect(mine.json().result.userPackIdList).toEqual([packId]);
    expect(mine.json().result.packList[0]).toMatchObject({ id: packId, packName: '用户查看', packCode: null });
    // taking it back
    expect((await call(other, 'PUT', '/sys/tenant/deleteTenantPackUser', { packId, packName: '用户查看', tenantId: OTHER, userId: member, realname: 'pupil' })).body).toMatchObject({ success: true, message: '操作成功！' });
    expect((await call(other, 'GET', `/sys/tenant/queryTenantPackUserList?tenantId=${OTHER}&packId=${packId}&status=1`)).body.result.total).toBe(0);
  });

  it('editPackPermission: the drawer replaces the menus (bounded), the form keeps them; izSysn gives every member the pack', async () => {
    expect((await call(other, 'PUT', '/sys/tenant/editPackPermission', { id: packId, permissionIds: `${USER_LIST},${ROLE_LIST}` })).body).toMatchObject({ success: false, message: '不能把您本人没有的权限放入套餐或从套餐中收回' });
    // the administrator (no cross-tenant right) cannot edit tenant 2000's pack
    expect((await call(admin, 'PUT', '/sys/tenant/editPackPermission', { id: packId, permissionIds: '' })).body).toMatchObject({ success: false, message: '无权限访问他人租户！' });
    const form = await call(other, 'PUT', '/sys/tenant/editPackPermission', { id: packId, packName: '用户只读', remarks: '', izSysn: '1', status: '1', packType: 'custom', packCode: null });
    expect(form.body).toMatchObject({ success: true, message: '修改租户产品包成功' });
    const pack = await t.db.selectFrom('sysTenantPack').selectAll().where('id', '=', packId).executeTakeFirstOrThrow();
    expect(pack).toMatchObject({ packName: '用户只读', izSysn: '1', status: '1' });
    expect(await rolePerms(pack.roleId!)).toEqual([USER_LIST]);
    // every active member of 2000 now holds the pack's role
    const holders = (await t.db.selectFrom('sysUserRole').select('userId').where('roleId', '=', pack.roleId!).execute()).map((r) => r.userId);
    expect(holders).toContain(otherId);
    // closing the pack takes its menus from the role
    await call(other, 'PUT', '/sys/tenant/editPackPermission', { id: packId, status: '0' });
    expect(await rolePerms(pack.roleId!)).toEqual([]);
    await call(other, 'PUT', '/sys/tenant/editPackPermission', { id: packId, status: '1' });
    expect(await rolePerms(pack.roleId!)).toEqual([USER_LIST]);
    // a pack root filled with the role list cannot be handed out or removed by other2000 (once they no longer hold it)
    await call(other, 'PUT', '/sys/tenant/editPackPermission', { id: packId, izSysn: '0' });
    expect((await call(other, 'PUT', '/sys/tenant/deleteTenantPackUser', { packId, userId: otherId })).body.success).toBe(true);
    const rooted = await t.app.inject({ method: 'PUT', url: '/api/sys/tenant/editPackPermission', headers: auth(root), payload: { id: packId, permissionIds: `${USER_LIST},${ROLE_LIST}` } });
    expect(rooted.json().success).toBe(true);
    expect((await call(other, 'POST', '/sys/tenant/addTenantPackUser', { packId, userId: otherId })).body).toMatchObject({ success: false, message: '不能分配或收回含有您本人没有的权限的套餐' });
    expect((await call(other, 'DELETE', `/sys/tenant/deleteTenantPack?ids=${packId}`)).body.success).toBe(false);
    const back = await t.app.inject({ method: 'PUT', url: '/api/sys/tenant/editPackPermission', headers: auth(root), payload: { id: packId, permissionIds: USER_LIST } });
    expect(back.json().success).toBe(true);
  });

  it('templates (default packs) are kept by cross-tenant callers; syncDefaultPack copies the missing ones into a tenant', async () => {
    expect((await call(admin, 'POST', '/sys/tenant/addPackPermission', { packName: '基础', packType: 'default', permissionIds: USER_LIST })).body.success).toBe(false);
    const tpl = await call(root, 'POST', '/sys/tenant/addPackPermission', { packName: '基础', packType: 'default', permissionIds: `${USER_LIST},${CROSS}`, izSysn: '1', status: '1' });
    expect(tpl.body.success).toBe(true);
    const defaults = await call(other, 'GET', '/sys/tenant/packList?packType=default');
    expect(defaults.body.result.records[0]).toMatchObject({ packName: '基础', packType: 'default', tenantId: 0 });
    expect(defaults.body.result.records[0].packCode).toMatch(/^default\d{4}$/);
    // other2000 does not hold the cross-tenant right the template carries
    expect((await call(other, 'POST', `/sys/tenant/syncDefaultPack?tenantId=${OTHER}`)).body).toMatchObject({ success: false, message: '不能初始化套餐“基础”：它含有您本人没有的权限' });
    expect((await call(other, 'POST', `/sys/tenant/syncDefaultPack?tenantId=${DEFAULT_TENANT}`)).body).toMatchObject({ success: false, message: '无权限访问他人租户！' });
    const synced = await call(root, 'POST', `/sys/tenant/syncDefaultPack?tenantId=${OTHER}`);
    expect(synced.body).toMatchObject({ success: true, message: '操作成功' });
    const copies = await t.db.selectFrom('sysTenantPack').selectAll().where('tenantId', '=', OTHER).where('packName', '=', '基础').execute();
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ packType: 'custom', izSysn: '1' });
    expect(await rolePerms(copies[0].roleId!)).toEqual([USER_LIST, CROSS].sort());
    // a second sync adds nothing
    await call(root, 'POST', `/sys/tenant/syncDefaultPack?tenantId=${OTHER}`);
    expect(await t.db.selectFrom('sysTenantPack').select('id').where('tenantId', '=', OTHER).where('packName', '=', '基础').execute()).toHaveLength(1);
  });

  it('deleteTenantPack removes the pack and takes its menus from its users', async () => {
    const pack = await t.db.selectFrom('sysTenantPack').select('roleId').where('id', '=', packId).executeTakeFirstOrThrow();
    const res = await call(other, 'DELETE', `/sys/tenant/deleteTenantPack?ids=${packId}`);
    expect(res.body).toMatchObject({ success: true, message: '删除租户产品包成功' });
    expect(await t.db.selectFrom('sysRole').select('id').where('id', '=', pack.roleId!).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('sysUserRole').select('id').where('roleId', '=', pack.roleId!).executeTakeFirst()).toBeUndefined();
  });
});

describe('tenant users (/sys/user/addTenantUser, editTenantUser)', () => {
  it('adds a user to the current tenant and edits only users of that tenant', async () => {
    const h = { 'x-tenant-id': String(OTHER) };
    const add = await t.app.inject({ method: 'POST', url: '/api/sys/user/addTenantUser', headers: { ...auth(admin) }, payload: { username: 'tu_one', realname: '租户用户', password: 'TenantUser#2026', phone: '13800000001', email: 'tu1@example.com', selecteddeparts: '', selectedroles: '' } });
    expect(add.json()).toMatchObject({ success: true });
    const u = await t.db.selectFrom('sysUser').select('id').where('username', '=', 'tu_one').executeTakeFirstOrThrow();
    expect(await t.db.selectFrom('sysUserTenant').select('status').where('userId', '=', u.id).where('tenantId', '=', DEFAULT_TENANT).executeTakeFirst()).toEqual({ status: '1' });
    expect((await call(plain, 'POST', '/sys/user/addTenantUser', { username: 'tu_two', realname: 'x', password: 'TenantUser#2026' })).status).toBe(403);
    const edit = await t.app.inject({ method: 'POST', url: `/api/sys/user/editTenantUser?selecteddeparts=`, headers: auth(admin), payload: { id: u.id, realname: '租户用户甲', selecteddeparts: '' } });
    expect(edit.json()).toMatchObject({ success: true, message: '修改成功' });
    expect((await t.db.selectFrom('sysUser').select('realname').where('id', '=', u.id).executeTakeFirstOrThrow()).realname).toBe('租户用户甲');
    // a user of another tenant
    const foreign = await t.app.inject({ method: 'PUT', url: '/api/sys/user/editTenantUser', headers: { ...auth(other), ...h }, payload: { id: u.id, realname: 'x' } });
    expect(foreign.json()).toMatchObject({ success: false, message: '非当前租户下的用户，不允许修改！' });
  });
});

