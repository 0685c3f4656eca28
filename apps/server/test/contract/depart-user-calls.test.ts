import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, seedId } from '../../src/core/db';
import { apiCall, createTestApp, createUser, DEFAULT_TENANT, login, type TestApp } from '../helpers/test-app';
import { PHONE_BY_CODE } from '../../src/modules/system/user/settings';

// Department and user calls of the original Vue 3 client (jeecgboot-vue3 3.9): posts and ranks, heads,
// the drag-and-drop move, department data rules, users by department or post, the address book, the
// 离职 list and the user's own settings. Replayed as the client sends them and checked field by field,
// with the refusals for missing rights and for other tenants.
let t: TestApp;
let admin: string;
let adminId: string;
/** Signed in, no role. */
let viewer: string;
let viewerId: string;
/** Another tenant's department administrator. */
let other: string;
/** Reads the department page only. */
let departReader: string;
let postId: string;
let memberId: string;
let b01: string;
const A01 = seedId('depart.A01');
const A01A01 = seedId('depart.A01A01');
const get = (token: string, url: string) => apiCall(t.app, token, 'GET', url);

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  adminId = (await t.db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  await t.db.insertInto('sysTenant').values({ id: 2000, name: '二中', status: 1 }).execute();
  b01 = newId();
  await t.db.insertInto('sysDepart').values({ id: b01, departName: '二中', orgCode: 'B01', orgCategory: '1', departOrder: 0, status: '1', tenantId: 2000 }).execute();
  viewerId = await createUser(t.db, { username: 'viewer', password: 'Viewer#2026' });
  await createUser(t.db, { username: 'depart_reader', password: 'Reader#2026', menuKeys: ['system.depart', 'system.depart.list'] });
  await createUser(t.db, {
    username: 'other2000',
    password: 'Other#2026x',
    tenants: [2000],
    menuKeys: ['system.depart', 'system.depart.list', 'system.depart.edit', 'system.depart.authorize', 'system.user', 'system.user.list', 'system.user.edit', 'system.addressbook', 'system.addressbook.list'],
  });
  memberId = await createUser(t.db, { username: 'member', password: 'Member#2026', departCodes: ['A01A01'] });
  await t.db.updateTable('sysUser').set({ realname: '张三', phone: '13800000001', email: 'zs@example.com', workNo: 'W001' }).where('id', '=', memberId).execute();
  viewer = await login(t.app, 'viewer', 'Viewer#2026');
  departReader = await login(t.app, 'depart_reader', 'Reader#2026');
  other = await login(t.app, 'other2000', 'Other#2026x');
  const added = await apiCall(t.app, admin, 'POST', '/sys/sysDepart/add', { parentId: A01A01, departName: 'Java工程师', orgCategory: '3' });
  expect(added.body.success).toBe(true);
  postId = added.body.result.id;
});
afterAll(() => t.close());

describe('posts and ranks', () => {
  it('getRankRelation answers the posts under a department as tree nodes (DepartRankRelation)', async () => {
    const res = await get(departReader, `/sys/sysDepart/getRankRelation?departId=${A01}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 200 });
    expect(res.body.result).toEqual([
      { id: postId, value: postId, title: 'Java工程师(研发部)', parentId: null, orgCategory: '3', isLeaf: true, checkable: true, disabled: false, children: [] },
    ]);
    expect((await get(departReader, `/sys/sysDepart/getRankRelation?departId=${postId}`)).body.result).toEqual([]);
    // another tenant's department does not exist for this caller; no right, no answer
    expect((await get(other, `/sys/sysDepart/getRankRelation?departId=${A01}`)).body).toMatchObject({ success: false, message: '未找到对应部门' });
    expect((await get(viewer, `/sys/sysDepart/getRankRelation?departId=${A01}`)).status).toBe(403);
  });

  it('getALLRankRelation answers every post of the caller\'s tenant with its org code (JTabsSelectUser)', async () => {
    const all = await get(viewer, '/sys/sysDepart/getALLRankRelation');
    expect(all.body.success).toBe(true);
    expect(all.body.result).toEqual([expect.objectContaining({ id: postId, title: 'Java工程师(研发部)', orgCode: 'A01A01A01', orgCategory: '3' })]);
    expect((await get(viewer, `/sys/sysDepart/getALLRankRelation?departId=${A01A01}`)).body.result.map((n: { id: string }) => n.id)).toEqual([postId]);
    expect((await get(other, '/sys/sysDepart/getALLRankRelation')).body.result).toEqual([]);
  });

  it('getDepPostIdByDepId answers the post ids under chosen departments, comma-joined (user form)', async () => {
    const res = await get(admin, `/sys/sysDepart/getDepPostIdByDepId?depIds=${A01}`);
    expect(res.body).toMatchObject({ success: true, result: postId });
    expect((await get(admin, `/sys/sysDepart/getDepPostIdByDepId?depIds=${b01}`)).body.result).toBe('');
    expect((await get(departReader, `/sys/sysDepart/getDepPostIdByDepId?depIds=${A01}`)).status).toBe(403);
  });

  it('getPositionByDepartId answers an empty tree: no post levels are stored here', async () => {
    const res = await get(admin, `/sys/sysDepart/getPositionByDepartId?parentId=${A01A01}&departId=&positionId=x`);
    expect(res.body).toMatchObject({ success: true, result: [] });
    expect((await get(other, `/sys/sysDepart/getPositionByDepartId?parentId=${A01A01}&positionId=x`)).body).toMatchObject({ success: false, message: '未找到对应部门' });
    expect((await get(departReader, `/sys/sysDepart/getPositionByDepartId?parentId=${A01A01}&positionId=x`)).status).toBe(403);
  });
});

describe('moving departments', () => {
  it('updateChangeDepart moves a department into another, renumbering its subtree and the login departments', async () => {
    const add = await apiCall(t.app, admin, 'POST', '/sys/sysDepart/add', { parentId: A01, departName: '市场部' });
    const market = add.body.result;
    const mover = await createUser(t.db, { username: 'mover', password: 'Mover#2026', departCodes: ['A01A01'] });
    await t.db.updateTable('sysUser').set({ orgCode: 'A01A01A01' }).where('id', '=', mover).execute();
    // the post under 研发部 moves into 市场部
    const res = await apiCall(t.app, admin, 'PUT', '/sys/sysDepart/updateChangeDepart', { dragId: postId, dropId: market.id, dropPosition: 0, sort: 0 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: '调整部门位置成功！' });
    const moved = await t.db.selectFrom('sysDepart').selectAll().where('id', '=', postId).executeTakeFirstOrThrow();
    expect(moved.parentId).toBe(market.id);
    expect(moved.orgCode.startsWith(market.orgCode)).toBe(true);
    expect((await t.db.selectFrom('sysUser').select('orgCode').where('id', '=', mover).executeTakeFirstOrThrow()).orgCode).toBe(moved.orgCode);
    expect((await t.db.selectFrom('sysDepart').select('izLeaf').where('id', '=', A01A01).executeTakeFirstOrThrow()).izLeaf).toBe(1);
    expect((await t.db.selectFrom('sysDepart').select('izLeaf').where('id', '=', market.id).executeTakeFirstOrThrow()).izLeaf).toBe(0);
    // and back, below nothing else: into 研发部
    expect((await apiCall(t.app, admin, 'PUT', '/sys/sysDepart/updateChangeDepart', { dragId: postId, dropId: A01A01, dropPosition: 0 })).body.success).toBe(true);
    // 市场部 above 研发部: orders renumbered
    expect((await apiCall(t.app, admin, 'PUT', '/sys/sysDepart/updateChangeDepart', { dragId: market.id, dropId: A01A01, dropPosition: -1 })).body.success).toBe(true);
    const orders = await t.db.selectFrom('sysDepart').select(['id', 'departOrder']).where('parentId', '=', A01).execute();
    expect(orders.find((o) => o.id === market.id)!.departOrder).toBeLessThan(orders.find((o) => o.id === A01A01)!.departOrder);
  });

  it('updateChangeDepart refuses moves the original refuses, other tenants and callers without the edit right', async () => {
    const move = (token: string, body: object) => apiCall(t.app, token, 'PUT', '/sys/sysDepart/updateChangeDepart', body);
    expect((await move(admin, { dragId: A01, dropId: A01, dropPosition: 0 })).body).toMatchObject({ success: false, message: '不能拖拽到自身' });
    expect((await move(admin, { dragId: A01, dropId: A01A01, dropPosition: 0 })).body).toMatchObject({ success: false, message: '不能拖拽到自身子部门' });
    const post = (await apiCall(t.app, admin, 'POST', '/sys/sysDepart/add', { parentId: A01, departName: '总经理', orgCategory: '3' })).body.result;
    expect((await move(admin, { dragId: A01A01, dropId: post.id, dropPosition: 0 })).body).toMatchObject({ success: false, message: '岗位不允许存在子级' });
    await apiCall(t.app, admin, 'DELETE', `/sys/sysDepart/delete?id=${post.id}`);
    expect((await move(admin, { dragId: A01A01, dropId: A01, dropPosition: 2 })).body.success).toBe(false);
    expect((await move(other, { dragId: A01A01, dropId: b01, dropPosition: 0 })).body).toMatchObject({ success: false, message: '被拖拽的部门不存在' });
    expect((await move(departReader, { dragId: postId, dropId: A01, dropPosition: 0 })).status).toBe(403);
  });
});

describe('department heads', () => {
  it('changeDepartChargePerson sets and clears a head; getDepartmentHead and getUpdateDepartInfo show it', async () => {
    const set = await apiCall(t.app, admin, 'PUT', '/sys/user/changeDepartChargePerson', { userId: memberId, departId: A01A01, status: true });
    expect(set.body).toMatchObject({ success: true });
    const row = await t.db.selectFrom('sysUser').select(['departIds', 'userIdentity']).where('id', '=', memberId).executeTakeFirstOrThrow();
    expect(row).toEqual({ departIds: A01A01, userIdentity: 2 });
    const heads = await get(admin, `/sys/sysDepart/getDepartmentHead?departId=${A01A01}&pageNo=1&pageSize=10`);
    expect(heads.body.result).toMatchObject({ total: 1, size: 10, current: 1, pages: 1 });
    expect(heads.body.result.records[0]).toMatchObject({ id: memberId, realname: '张三', phone: '13800000001' });
    // the department page alone gives no contact details
    expect((await get(departReader, `/sys/sysDepart/getDepartmentHead?departId=${A01A01}`)).body.result.records[0].phone).toBeNull();
    const info = await get(admin, `/sys/user/getUpdateDepartInfo?id=${A01A01}`);
    expect(info.body.result).toEqual({ departId: A01A01, departName: '研发部', parentId: A01, hasSub: true, chargePersonList: [memberId] });
    const clear = await apiCall(t.app, admin, 'PUT', '/sys/user/changeDepartChargePerson', { userId: memberId, departId: A01A01, status: false });
    expect(clear.body.success).toBe(true);
    expect(await t.db.selectFrom('sysUser').select(['departIds', 'userIdentity']).where('id', '=', memberId).executeTakeFirstOrThrow()).toEqual({ departIds: null, userIdentity: 1 });
  });

  it('doUpdateDepartInfo renames a department and sets exactly the listed heads', async () => {
    const res = await apiCall(t.app, admin, 'PUT', '/sys/user/doUpdateDepartInfo', { departId: A01A01, departName: '研发中心', parentId: A01, chargePersonList: [memberId] });
    expect(res.body.success).toBe(true);
    expect((await t.db.selectFrom('sysDepart').select('departName').where('id', '=', A01A01).executeTakeFirstOrThrow()).departName).toBe('研发中心');
    expect((await get(admin, `/sys/user/getUpdateDepartInfo?id=${A01A01}`)).body.result.chargePersonList).toEqual([memberId]);
    await apiCall(t.app, admin, 'PUT', '/sys/user/doUpdateDepartInfo', { departId: A01A01, departName: '研发部', parentId: A01, chargePersonList: [] });
    expect((await get(admin, `/sys/user/getUpdateDepartInfo?id=${A01A01}`)).body.result.chargePersonList).toEqual([]);
  });

  it('refuses other tenants\' departments and users, and callers without the edit right', async () => {
    expect((await apiCall(t.app, other, 'PUT', '/sys/user/changeDepartChargePerson', { userId: memberId, departId: b01, status: true })).body).toMatchObject({ success: false, message: '未找到对应用户' });
    expect((await apiCall(t.app, other, 'PUT', '/sys/user/changeDepartChargePerson', { userId: memberId, departId: A01A01, status: true })).body).toMatchObject({ success: false, message: '未找到对应部门' });
    expect((await apiCall(t.app, other, 'PUT', '/sys/user/doUpdateDepartInfo', { departId: A01A01, departName: 'x', chargePersonList: [] })).body).toMatchObject({ success: false, message: '未找到对应部门' });
    expect((await get(other, `/sys/user/getUpdateDepartInfo?id=${A01A01}`)).body.success).toBe(false);
    expect((await get(other, `/sys/sysDepart/getDepartmentHead?departId=${A01A01}`)).body.success).toBe(false);
    expect((await apiCall(t.app, departReader, 'PUT', '/sys/user/changeDepartChargePerson', { userId: memberId, departId: A01A01, status: true })).status).toBe(403);
    expect((await apiCall(t.app, viewer, 'PUT', '/sys/user/doUpdateDepartInfo', { departId: A01A01, departName: 'x' })).status).toBe(403);
  });
});

describe('department data rules', () => {
  it('datarule reads and grants rules of a menu the department holds, within what the caller holds', async () => {
    const menu = seedId('menu.system.user');
    const ruleId = newId();
    await t.db.insertInto('sysPermissionDataRule').values({ id: ruleId, permissionId: menu, ruleName: '本部门', ruleColumn: 'sysOrgCode', ruleConditions: 'EQ', ruleValue: '#{sys_org_code}', status: '1' }).execute();
    // not yet granted the menu
    expect((await apiCall(t.app, admin, 'POST', '/sys/sysDepartPermission/datarule', { permissionId: menu, departId: A01A01, dataRuleIds: ruleId })).body).toMatchObject({ success: false, message: '请先保存部门菜单权限!' });
    await t.db.insertInto('sysDepartPermission').values({ id: newId(), departId: A01A01, permissionId: menu }).execute();
    const save = await apiCall(t.app, admin, 'POST', '/sys/sysDepartPermission/datarule', { permissionId: menu, departId: A01A01, dataRuleIds: ruleId });
    expect(save.body).toMatchObject({ success: true, message: '保存成功!' });
    const read = await get(admin, `/sys/sysDepartPermission/datarule/${menu}/${A01A01}`);
    expect(read.body.result.drChecked).toBe(ruleId);
    expect(read.body.result.datarule).toEqual([expect.objectContaining({ id: ruleId, ruleName: '本部门', permissionId: menu })]);
    // a rule of another menu is refused
    const foreign = newId();
    await t.db.insertInto('sysPermissionDataRule').values({ id: foreign, permissionId: seedId('menu.system.role'), ruleName: 'x', ruleColumn: 'createBy', ruleConditions: 'EQ', ruleValue: 'x', status: '1' }).execute();
    expect((await apiCall(t.app, admin, 'POST', '/sys/sysDepartPermission/datarule', { permissionId: menu, departId: A01A01, dataRuleIds: foreign })).body).toMatchObject({ success: false, message: '所选数据规则不属于该菜单' });
    // cleared with an empty list
    expect((await apiCall(t.app, admin, 'POST', '/sys/sysDepartPermission/datarule', { permissionId: menu, departId: A01A01, dataRuleIds: '' })).body.success).toBe(true);
    expect((await get(admin, `/sys/sysDepartPermission/datarule/${menu}/${A01A01}`)).body.result.drChecked).toBe('');
  });

  it('datarule refuses other tenants\' departments, menus the caller does not hold and callers without the right', async () => {
    const menu = seedId('menu.system.user');
    expect((await apiCall(t.app, other, 'POST', '/sys/sysDepartPermission/datarule', { permissionId: menu, departId: A01A01, dataRuleIds: '' })).body).toMatchObject({ success: false, message: '未找到对应部门' });
    expect((await get(other, `/sys/sysDepartPermission/datarule/${menu}/${A01A01}`)).body.success).toBe(false);
    // other2000 does not hold the 职务 page; its own department was granted it
    const position = seedId('menu.system.position');
    await t.db.insertInto('sysDepartPermission').values({ id: newId(), departId: b01, permissionId: position }).execute();
    expect((await apiCall(t.app, other, 'POST', '/sys/sysDepartPermission/datarule', { permissionId: position, departId: b01, dataRuleIds: '' })).body).toMatchObject({ success: false, message: '不能授予您本人没有的权限' });
    expect((await apiCall(t.app, departReader, 'POST', '/sys/sysDepartPermission/datarule', { permissionId: menu, departId: A01A01 })).status).toBe(403);
  });
});

describe('users by department and post', () => {
  it('queryDepartPostUserPageList answers picker fields of a department\'s members (UserSelectByDepPostModal)', async () => {
    const res = await get(viewer, `/sys/user/queryDepartPostUserPageList?departId=${A01A01}&pageNo=1&pageSize=10&realname=张`);
    expect(res.body.success).toBe(true);
    expect(res.body.result).toMatchObject({ total: 1, current: 1, size: 10 });
    const r = res.body.result.records[0];
    expect(r).toMatchObject({ id: memberId, username: 'member', realname: '张三', workNo: 'W001', orgCodeTxt: '研发部' });
    expect(r).not.toHaveProperty('phone');
    expect((await get(viewer, `/sys/user/queryDepartPostUserPageList?id=${memberId}`)).body.result.total).toBe(1);
    expect((await get(other, `/sys/user/queryDepartPostUserPageList?departId=${A01A01}`)).body.result.total).toBe(0);
  });

  it('queryDepartPostByOrgCode answers members of a department and below; contact details only with the user list right', async () => {
    const res = await get(admin, '/sys/user/queryDepartPostByOrgCode?orgCode=A01&pageNo=1&pageSize=10');
    expect(res.body.success).toBe(true);
    const r = res.body.result.records.find((x: { id: string }) => x.id === memberId);
    expect(r).toMatchObject({ realname: '张三', phone: '13800000001', email: 'zs@example.com', departName: '研发部' });
    const picker = await get(viewer, '/sys/user/queryDepartPostByOrgCode?orgCode=A01A01&workNo=W00');
    expect(picker.body.result.records.map((x: { id: string }) => x.id)).toEqual([memberId]);
    expect(picker.body.result.records[0]).not.toHaveProperty('phone');
    expect((await get(other, '/sys/user/queryDepartPostByOrgCode?orgCode=A01')).body.result.total).toBe(0);
  });

  it('queryDepartUserByOrgCode is the address book: active members with contact details, the address book right', async () => {
    const res = await get(admin, '/sys/user/queryDepartUserByOrgCode?orgCode=A01&pageNo=1&pageSize=10&realname=张三');
    expect(res.body.result.records).toEqual([
      expect.objectContaining({ id: memberId, realname: '张三', phone: '13800000001', email: 'zs@example.com', departName: '研发部', postName: null, otherPostName: null }),
    ]);
    expect((await get(other, '/sys/user/queryDepartUserByOrgCode?orgCode=A01')).body.result.total).toBe(0);
    expect((await get(viewer, '/sys/user/queryDepartUserByOrgCode?orgCode=A01')).status).toBe(403);
  });
});

describe('离职 (left the tenant)', () => {
  it('getQuitList lists the members who left the caller\'s tenant; putCancelQuit takes them back', async () => {
    const leaver = await createUser(t.db, { username: 'leaver', password: 'Leaver#2026', departCodes: ['A01A01'] });
    await t.db.updateTable('sysUserTenant').set({ status: '2' }).where('userId', '=', leaver).where('tenantId', '=', DEFAULT_TENANT).execute();
    const list = await get(admin, '/sys/user/getQuitList');
    expect(list.body.success).toBe(true);
    expect(list.body.result).toEqual([expect.objectContaining({ id: leaver, username: 'leaver', realname: 'leaver', orgCode: '研发部' })]);
    expect((await get(other, '/sys/user/getQuitList')).body.result).toEqual([]);
    expect((await get(viewer, '/sys/user/getQuitList')).status).toBe(403);
    // another tenant cannot take them back
    expect((await apiCall(t.app, other, 'PUT', '/sys/user/putCancelQuit', { userIds: leaver, usernames: 'leaver' })).body).toMatchObject({ success: false, message: '所选用户不是本租户的离职人员' });
    // the client joins its params to the url and also sends them as the body
    const back = await apiCall(t.app, admin, 'PUT', `/sys/user/putCancelQuit?userIds=${leaver}&usernames=leaver`, { userIds: leaver, usernames: 'leaver' });
    expect(back.body).toMatchObject({ success: true, message: '取消离职成功' });
    expect((await get(admin, '/sys/user/getQuitList')).body.result).toEqual([]);
    expect((await t.db.selectFrom('sysUserTenant').select('status').where('userId', '=', leaver).executeTakeFirstOrThrow()).status).toBe('1');
  });
});

describe('own settings', () => {
  it('getUserData answers the caller\'s own record without password or salt', async () => {
    const res = await get(viewer, '/sys/user/login/setting/getUserData');
    expect(res.body.success).toBe(true);
    expect(res.body.result).toMatchObject({ id: viewerId, username: 'viewer', realname: 'viewer' });
    expect(res.body.result).not.toHaveProperty('password');
    expect(res.body.result).not.toHaveProperty('salt');
  });

  it('userEdit changes only the caller\'s own name, avatar, sex and birthday', async () => {
    const res = await apiCall(t.app, viewer, 'POST', '/sys/user/login/setting/userEdit', { id: viewerId, realname: '李四', sex: 1, birthday: '2000-01-02', status: 2, phone: '13900000000', username: 'hacker' });
    expect(res.body).toMatchObject({ success: true, message: '更新个人信息成功' });
    const row = await t.db.selectFrom('sysUser').select(['realname', 'sex', 'birthday', 'status', 'phone', 'username']).where('id', '=', viewerId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ realname: '李四', sex: 1, status: 1, phone: null, username: 'viewer' });
    expect(String(row.birthday).slice(0, 10)).toBe('2000-01-02');
    // the avatar upload's answer, then a path that climbs out of the upload folder
    expect((await apiCall(t.app, viewer, 'POST', '/sys/user/login/setting/userEdit', { id: viewerId, avatar: 'temp/a_1.png' })).body.success).toBe(true);
    expect((await apiCall(t.app, viewer, 'POST', '/sys/user/login/setting/userEdit', { id: viewerId, avatar: '../../etc/passwd' })).body).toMatchObject({ success: false });
    // another user's record is refused
    expect((await apiCall(t.app, viewer, 'POST', '/sys/user/login/setting/userEdit', { id: adminId, realname: 'x' })).body).toMatchObject({ success: false, message: '只能修改自己的数据' });
    expect((await t.db.selectFrom('sysUser').select('realname').where('id', '=', adminId).executeTakeFirstOrThrow()).realname).not.toBe('x');
  });

  it('appEdit takes the e-mail (unique across users) but never a new phone number, which signs in by SMS code', async () => {
    // a number the caller never proved would become a way in through /sys/phoneLogin: refused, nothing saved
    const refused = await apiCall(t.app, viewer, 'PUT', '/sys/user/appEdit', { realname: '王五', phone: '13900000009', email: 'ww@example.com' });
    expect(refused.body).toMatchObject({ success: false, message: PHONE_BY_CODE });
    expect(await t.db.selectFrom('sysUser').select(['phone', 'realname']).where('id', '=', viewerId).executeTakeFirstOrThrow()).toMatchObject({ phone: null });
    expect((await apiCall(t.app, viewer, 'POST', '/sys/user/appEdit', { phone: '13800000001' })).body).toMatchObject({ success: false, message: PHONE_BY_CODE });
    // the original's 基本设置 form sends the number it shows with the rest: the current one (or none) is fine
    await t.db.updateTable('sysUser').set({ phone: '13900000008' }).where('id', '=', viewerId).execute();
    const res = await apiCall(t.app, viewer, 'POST', '/sys/user/appEdit', { realname: '王五', phone: '13900000008', email: 'ww@example.com' });
    expect(res.body).toMatchObject({ success: true });
    expect(res.body.result).toMatchObject({ id: viewerId, realname: '王五', phone: '13900000008', email: 'ww@example.com' });
    expect((await apiCall(t.app, viewer, 'PUT', '/sys/user/appEdit', { realname: '王六', phone: '' })).body.success).toBe(true);
    expect((await t.db.selectFrom('sysUser').select('phone').where('id', '=', viewerId).executeTakeFirstOrThrow()).phone).toBe('13900000008');
    expect((await apiCall(t.app, viewer, 'PUT', '/sys/user/appEdit', { email: 'zs@example.com' })).body).toMatchObject({ success: false, message: '保存失败，邮箱已存在!' });
    expect((await apiCall(t.app, viewer, 'POST', '/sys/user/appEdit', { id: memberId, realname: 'x' })).body).toMatchObject({ success: false, message: '只能修改自己的数据' });
    expect((await apiCall(t.app, viewer, 'POST', '/sys/user/appEdit', { phone: '123' })).body.success).toBe(false);
    await t.db.updateTable('sysUser').set({ phone: null }).where('id', '=', viewerId).execute();
  });
});

describe('uploadImgByHttp', () => {
  it('is not served: the server never fetches an address a browser gives', async () => {
    const res = await apiCall(t.app, admin, 'POST', '/sys/common/uploadImgByHttp', { fileUrl: 'http://169.254.169.254/latest/meta-data' });
    expect(res.status).toBe(404);
  });
});
