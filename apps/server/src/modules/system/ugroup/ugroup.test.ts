import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, createUser, login, type HttpMethod, type TestApp } from '../../../../test/helpers/test-app';

// User groups as the original's Vue 3 client manages them (views/system/ugroup): the group resource and
// its members through the /sys/user/* calls, within the caller's tenant.
let t: TestApp;
let admin: string;
const call = (method: HttpMethod, url: string, payload?: object, token = admin) => apiCall(t.app, token, method, url, payload);
let zhang: string;
let li: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  zhang = await createUser(t.db, { username: 'zhang', password: 'Zhang#2026x' });
  li = await createUser(t.db, { username: 'li', password: 'Li#2026xxxx' });
});
afterAll(() => t.close());

const groupId = async (name: string) => (await t.db.selectFrom('sysUgroup').select('id').where('groupName', '=', name).executeTakeFirstOrThrow()).id;
const members = async (id: string, query = '') => (await call('GET', `/sys/user/groupUserList?groupId=${id}&pageNo=1&pageSize=10${query}`)).body.result;

describe('user groups', () => {
  it('adds, lists, edits and refuses a taken name', async () => {
    expect((await call('POST', '/sys/ugroup/add', { groupName: '安全员', description: '各班安全员' })).body).toMatchObject({ success: true, message: '添加成功！' });
    expect((await call('POST', '/sys/ugroup/add', { groupName: '安全员' })).body).toMatchObject({ success: false, message: '用户组名称“安全员”已存在' });
    const page = (await call('GET', '/sys/ugroup/list?groupName=*安全*&pageNo=1&pageSize=10')).body.result;
    expect(page).toMatchObject({ total: 1, current: 1, size: 10 });
    expect(page.records[0]).toMatchObject({ groupName: '安全员', description: '各班安全员', createBy: 'admin' });
    const id = page.records[0].id;
    expect((await call('PUT', '/sys/ugroup/edit', { id, description: '每班一名' })).body.success).toBe(true);
    expect((await call('GET', `/sys/ugroup/queryById?id=${id}`)).body.result.description).toBe('每班一名');
    // the 3.9 client's 编辑 posts its form (groupName, description, id) to /edit with POST; keeping its own name is not a duplicate
    expect((await call('POST', '/sys/ugroup/edit', { groupName: '安全员', description: '每班两名', id })).body).toMatchObject({ success: true });
    expect((await call('POST', '/sys/ugroup/edit', { groupName: '班级安全员', description: '每班两名', id })).body).toMatchObject({ success: true });
    expect((await call('GET', '/sys/ugroup/list?pageNo=1&pageSize=10')).body.result.records.find((r: any) => r.id === id)).toMatchObject({ groupName: '班级安全员', description: '每班两名' });
    await call('POST', '/sys/ugroup/edit', { groupName: '安全员', id });
  });

  it('adds members (twice is once), lists and searches them without contact details, removes them', async () => {
    const id = await groupId('安全员');
    expect((await call('POST', '/sys/user/addSysUserGroup', { groupId: id, userIdList: [zhang, li, zhang] })).body).toMatchObject({ success: true, message: '添加成功!' });
    expect((await call('POST', '/sys/user/addSysUserGroup', { groupId: id, userIdList: [zhang] })).body.success).toBe(true);
    const all = await members(id);
    expect(all.total).toBe(2);
    expect(all.records.map((r: any) => r.username).sort()).toEqual(['li', 'zhang']);
    expect(all.records[0]).not.toHaveProperty('phone');
    expect((await members(id, '&username=*zh*')).records.map((r: any) => r.username)).toEqual(['zhang']);
    expect((await call('DELETE', `/sys/user/deleteGroupUser?groupId=${id}&userId=${zhang}`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await call('DELETE', `/sys/user/deleteUserGroupBatch?groupId=${id}&userIds=${li}`)).body.success).toBe(true);
    expect((await members(id)).total).toBe(0);
  });

  it('refuses a missing group, unknown users, and deleting a group drops its memberships', async () => {
    const id = await groupId('安全员');
    expect((await call('POST', '/sys/user/addSysUserGroup', { groupId: id, userIdList: ['nobody'] })).body).toMatchObject({ success: false, message: '未找到对应用户' });
    expect((await call('GET', '/sys/user/groupUserList?groupId=')).body).toMatchObject({ success: false, message: '请选择用户组' });
    await call('POST', '/sys/user/addSysUserGroup', { groupId: id, userIdList: [li] });
    expect((await call('DELETE', `/sys/ugroup/delete?id=${id}`)).body.success).toBe(true);
    expect(await t.db.selectFrom('sysUgroupUser').select('id').where('groupId', '=', id).execute()).toEqual([]);
  });

  it("another tenant neither sees nor changes the groups, and can't add users it cannot see", async () => {
    await call('POST', '/sys/ugroup/add', { groupName: '教研组' });
    const id = await groupId('教研组');
    await t.db.insertInto('sysTenant').values({ id: 2000, name: '二中', status: 1 }).execute();
    const buttons = ['list', 'add', 'edit', 'delete'].map((b) => `system.ugroup.${b}`);
    await createUser(t.db, { username: 'other', password: 'Other#2026x', tenants: [2000], menuKeys: ['system', 'system.ugroup', ...buttons] });
    const other = await login(t.app, 'other', 'Other#2026x');
    expect((await call('GET', '/sys/ugroup/list', undefined, other)).body.result.total).toBe(0);
    expect((await call('GET', `/sys/user/groupUserList?groupId=${id}`, undefined, other)).body.success).toBe(false);
    expect((await call('POST', '/sys/user/addSysUserGroup', { groupId: id, userIdList: [li] }, other)).body.success).toBe(false);
    expect((await call('POST', '/sys/ugroup/add', { groupName: '二中组' }, other)).body.success).toBe(true);
    const mine = (await call('GET', '/sys/ugroup/list', undefined, other)).body.result.records[0].id;
    expect((await call('POST', '/sys/user/addSysUserGroup', { groupId: mine, userIdList: [li] }, other)).body).toMatchObject({ success: false, message: '未找到对应用户' });
    // a user of the group's page without the edit button cannot change members
    await createUser(t.db, { username: 'viewer', password: 'Viewer#2026', menuKeys: ['system', 'system.ugroup', 'system.ugroup.list'] });
    const viewer = await login(t.app, 'viewer', 'Viewer#2026');
    expect((await call('POST', '/sys/user/addSysUserGroup', { groupId: id, userIdList: [li] }, viewer)).status).toBe(403);
  });
});
