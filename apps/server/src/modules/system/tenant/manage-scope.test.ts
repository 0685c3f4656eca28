import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, createUser, login, type HttpMethod, type TestApp } from '../../../../test/helpers/test-app';

// Managing tenants (and their members) is the platform operator's (the system tenant's): another tenant's
// manager holding the same buttons is refused, even for their own tenant (they change it through
// editOwnTenant as its owner).
let t: TestApp;
let admin: string;
let manager: string;
const call = (token: string, method: HttpMethod, url: string, payload?: object) => apiCall(t.app, token, method, url, payload);

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  await t.db.insertInto('sysTenant').values({ id: 2000, name: '二中', status: 1 }).execute();
  const buttons = ['list', 'add', 'edit', 'delete', 'deleteBatch'].map((b) => `system.tenant.${b}`);
  await createUser(t.db, { username: 'manager2000', password: 'Manager#2026', tenants: [2000], menuKeys: ['system', 'system.tenant', ...buttons] });
  await createUser(t.db, { username: 'teacher1000', password: 'Teacher#2026' });
  manager = await login(t.app, 'manager2000', 'Manager#2026');
});
afterAll(() => t.close());

describe('who manages which tenant', () => {
  it("a tenant's manager is refused the tenants, their own included", async () => {
    const refused = { status: 403, body: expect.objectContaining({ success: false, code: 510 }) };
    expect(await call(manager, 'GET', '/sys/tenant/list')).toMatchObject(refused);
    expect(await call(manager, 'PUT', '/sys/tenant/edit', { id: 1000, name: '改名' })).toMatchObject(refused);
    expect(await call(manager, 'PUT', '/sys/tenant/edit', { id: 2000, name: '改名' })).toMatchObject(refused);
    expect(await call(manager, 'GET', '/sys/tenant/getTenantUserList?userTenantId=1000')).toMatchObject(refused);
    const teacher = (await t.db.selectFrom('sysUser').select('id').where('username', '=', 'teacher1000').executeTakeFirstOrThrow()).id;
    expect(await call(manager, 'PUT', '/sys/tenant/leaveTenant', { tenantId: 1000, userIds: teacher })).toMatchObject(refused);
    // pulling any account (the administrator's too) into their tenant would make it theirs to manage
    expect(await call(manager, 'PUT', '/sys/tenant/invitationUserJoin', { tenantId: 2000, usernames: 'admin' })).toMatchObject(refused);
    expect(await call(manager, 'PUT', '/sys/tenant/invitationUserJoin', { tenantId: 2000, usernames: 'teacher1000' })).toMatchObject(refused);
    expect(await t.db.selectFrom('sysUserTenant').select('tenantId').where('userId', '=', teacher).execute()).toEqual([{ tenantId: 1000 }]);
    expect((await t.db.selectFrom('sysTenant').select('name').where('id', '=', 1000).executeTakeFirstOrThrow()).name).toBe('默认租户');
  });

  it('the platform operator (system tenant) manages every tenant', async () => {
    expect((await call(admin, 'GET', '/sys/tenant/list')).body.result.records.map((r: any) => r.id).sort()).toEqual([1000, 2000]);
    expect((await call(admin, 'GET', '/sys/tenant/getTenantUserList?userTenantId=2000')).body.success).toBe(true);
  });
});
