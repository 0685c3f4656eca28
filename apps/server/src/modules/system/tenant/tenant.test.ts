import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../core/db';
import { ADMIN_PASSWORD, auth, createTestApp, createUser, login, loginRaw, envelopeOf, type TestApp } from '../../../../test/helpers/test-app';

let t: TestApp;
let admin: string;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}, token = admin) =>
  t.app.inject({ method, url: `/api${url}`, headers: { ...auth(token), ...headers }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
});
afterAll(() => t.close());

describe('tenants', () => {
  it('hands out integer ids after the largest, lists, edits and refuses deleting a tenant with users', async () => {
    const a = await call('POST', '/sys/tenant/add', { name: '第一中学', houseNumber: 'H1' });
    expect(a.json(), a.body).toMatchObject({ success: true, result: { id: 1001 } });
    const b = await call('POST', '/sys/tenant/add', { name: '第二中学' });
    expect(b.json().result.id).toBe(1002);
    expect((await call('POST', '/sys/tenant/add', { houseNumber: 'H2' })).json().message).toBe('租户名称不能为空');
    expect(envelopeOf(await call('POST', '/sys/tenant/add', { name: 'x', houseNumber: 'H1' }))).toMatchObject({ status: 200, body: { success: false, message: '门牌号“H1”已存在' } });
    const list = (await call('GET', '/sys/tenant/list?pageSize=50')).json().result;
    expect(list.records.map((r: any) => [r.id, r.name, r.status_dictText])).toEqual([
      [1000, '默认租户', '正常'],
      [1001, '第一中学', '正常'],
      [1002, '第二中学', '正常'],
    ]);
    expect((await call('PUT', '/sys/tenant/edit', { id: 1002, name: '第二实验中学' })).json().success).toBe(true);
    expect((await call('GET', '/sys/tenant/queryById?id=1002')).json().result.name).toBe('第二实验中学');
    expect((await call('DELETE', '/sys/tenant/delete?id=1000')).json().message).toBe('默认租户不能删除');
    expect((await call('DELETE', '/sys/tenant/delete?id=1002')).json().success).toBe(true);
    expect(envelopeOf(await call('GET', '/sys/tenant/queryById?id=1002'))).toMatchObject({ status: 200, body: { success: false, message: '未找到对应租户' } });
  });

  it('adds users to a tenant, lists its members and removes them', async () => {
    const uid = await createUser(t.db, { username: 'teacher_a', password: 'Teacher#2026' });
    expect((await call('PUT', '/sys/tenant/invitationUserJoin', { tenantId: 1001, usernames: 'teacher_a' })).json().success).toBe(true);
    expect((await call('PUT', '/sys/tenant/invitationUserJoin', { tenantId: 1001, usernames: 'nobody_here' })).json().message).toBe('用户不存在：nobody_here');
    const members = (await call('GET', '/sys/tenant/getTenantUserList?userTenantId=1001')).json().result;
    expect(members.records.map((r: any) => r.username)).toEqual(['teacher_a']);
    expect((await call('DELETE', '/sys/tenant/delete?id=1001')).json().message).toBe('租户1001下仍有用户，请先移除用户');
    expect((await call('PUT', '/sys/tenant/leaveTenant', { tenantId: 1001, userIds: uid })).json().success).toBe(true);
    expect((await call('GET', '/sys/tenant/getTenantUserList?userTenantId=1001')).json().result.total).toBe(0);
    expect(envelopeOf(await call('GET', '/sys/tenant/getTenantUserList?userTenantId=abc'))).toMatchObject({ status: 200, body: { success: false, message: '参数 userTenantId：缺少租户id' } });
  });

  it('a user of two tenants sees both at sign-in and in queryList; the tenant header scopes positions and users', async () => {
    await call('PUT', '/sys/tenant/invitationUserJoin', { tenantId: 1001, usernames: 'admin' });
    const signIn = (await loginRaw(t.app, 'admin', ADMIN_PASSWORD)).json().result;
    expect(signIn.tenantList.map((x: any) => x.id)).toEqual([1000, 1001]);
    expect((await call('GET', '/sys/tenant/queryList')).json().result.map((x: any) => x.id)).toEqual([1000, 1001]);

    // one user per tenant, one position per tenant
    const only1001 = await createUser(t.db, { username: 'only_1001', password: 'Only#2026x', tenants: [1001] });
    const only1000 = await createUser(t.db, { username: 'only_1000', password: 'Only#2026x', tenants: [1000] });
    await call('POST', '/sys/position/add', { code: 'T1001', name: '一中职务' }, { 'X-Tenant-Id': '1001' });
    await call('POST', '/sys/position/add', { code: 'T1000', name: '默认职务' }, { 'X-Tenant-Id': '1000' });

    const usernames = async (tenant: string) =>
      (await call('GET', '/sys/user/list?pageSize=100&username=only_*&column=username&order=asc', undefined, { 'X-Tenant-Id': tenant })).json().result.records.map((r: any) => r.username);
    expect(await usernames('1001')).toEqual(['only_1001']);
    expect(await usernames('1000')).toEqual(['only_1000']);
    const positions = async (tenant: string) => (await call('GET', '/sys/position/list?pageSize=100', undefined, { 'X-Tenant-Id': tenant })).json().result.records.map((r: any) => r.code);
    expect(await positions('1001')).toEqual(['T1001']);
    expect(await positions('1000')).toEqual(['T1000']);
    // a user added while working in a tenant belongs to it
    await call('POST', '/sys/user/add', { username: 'added_in_1001', realname: '一中新人', password: 'Added#2026' }, { 'X-Tenant-Id': '1001' });
    expect((await call('GET', '/sys/user/list?username=added_in_1001', undefined, { 'X-Tenant-Id': '1000' })).json().result.total).toBe(0);
    expect((await call('GET', '/sys/user/list?username=added_in_1001', undefined, { 'X-Tenant-Id': '1001' })).json().result.total).toBe(1);
    // and another tenant's user cannot be reached by id either
    expect(envelopeOf(await call('GET', `/sys/user/queryById?id=${only1001}`, undefined, { 'X-Tenant-Id': '1000' }))).toMatchObject({ status: 200, body: { success: false, message: '未找到对应用户' } });
  });

  it('a list-only user gets 510 for tenant writes', async () => {
    await createUser(t.db, { username: 'tenant_reader', password: 'Reader#2026', menuKeys: ['system', 'system.tenant', 'system.tenant.list'] });
    const reader = await login(t.app, 'tenant_reader', 'Reader#2026');
    expect((await call('GET', '/sys/tenant/list', undefined, {}, reader)).json().success).toBe(true);
    for (const [method, url, payload] of [
      ['POST', '/sys/tenant/add', { name: 'x' }],
      ['PUT', '/sys/tenant/edit', { id: 1000, name: 'x' }],
      ['DELETE', '/sys/tenant/delete?id=1000', undefined],
      ['PUT', '/sys/tenant/invitationUserJoin', { tenantId: 1000, usernames: 'tenant_reader' }],
    ] as const) {
      const res = await call(method, url, payload, {}, reader);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
