import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { signJwt } from '../auth';
import { auth, createTestApp, createUser, login, type TestApp } from '../../../test/helpers/test-app';
import { newId, seedId } from '../db';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  // Routes added by the test on the real app, guarded by the real guard.
  t.app.get('/api/test/needs-view', { config: { permission: 'system:info:view', scope: 'tenant' } }, async () => ({ ok: 1 }));
  t.app.get('/api/test/needs-any', { config: { permission: ['nobody:has:this', 'system:info:view'], scope: 'tenant' } }, async () => ({ ok: 1 }));
  t.app.get('/api/test/whoami', { config: { auth: true } }, async (req) => ({ id: req.user?.id, tenant: req.user?.tenantId, header: req.tenantId }));
  adminToken = await login(t.app);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('tokens', () => {
  it('no token → 401 with code 401', async () => {
    const res = await get('/api/sys/permission/getUserPermissionByToken');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 401, message: 'Token失效，请重新登录!' });
  });

  it('a token signed with another secret → 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = signJwt({ sub: 'x', username: 'admin', jti: 'y', iat: now, exp: now + 3600 }, 'guessed-secret');
    expect((await get('/api/sys/permission/getUserPermissionByToken', auth(forged))).statusCode).toBe(401);
  });

  it('a tampered payload → 401', async () => {
    const [h, , s] = adminToken.split('.');
    const payload = Buffer.from(JSON.stringify({ sub: 'someone-else', username: 'admin', jti: 'j', iat: 1, exp: 9999999999 })).toString('base64url');
    expect((await get('/api/sys/permission/getUserPermissionByToken', auth(`${h}.${payload}.${s}`))).statusCode).toBe(401);
  });

  it('an expired token → 401 (after 7 days)', async () => {
    const token = await login(t.app);
    expect((await get('/api/test/whoami', auth(token))).statusCode).toBe(200);
    t.clock.advance(7 * 24 * 3600 * 1000 + 1000);
    expect((await get('/api/test/whoami', auth(token))).statusCode).toBe(401);
    adminToken = await login(t.app);
  });

  it('a signed token missing from the token store (revoked) → 401', async () => {
    const token = await login(t.app);
    await t.db.deleteFrom('sysUserToken').execute();
    expect((await get('/api/test/whoami', auth(token))).statusCode).toBe(401);
    adminToken = await login(t.app);
  });

  it('freezing a user ends their sessions', async () => {
    await createUser(t.db, { username: 'soon_frozen', password: 'Frozen#pass2' });
    const token = await login(t.app, 'soon_frozen', 'Frozen#pass2');
    expect((await get('/api/test/whoami', auth(token))).statusCode).toBe(200);
    await t.db.updateTable('sysUser').set({ status: 2 }).where('username', '=', 'soon_frozen').execute();
    expect((await get('/api/test/whoami', auth(token))).statusCode).toBe(401);
  });
});

describe('permissions', () => {
  it('a user without the permission → 403 with code 510', async () => {
    await createUser(t.db, { username: 'plain_user', password: 'Plain#pass1', menuKeys: ['account', 'account.center'] });
    const token = await login(t.app, 'plain_user', 'Plain#pass1');
    const res = await get('/api/test/needs-view', auth(token));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员分配权限！' });
  });

  it('a user holding the permission passes; one of several codes suffices', async () => {
    expect((await get('/api/test/needs-view', auth(adminToken))).statusCode).toBe(200);
    expect((await get('/api/test/needs-any', auth(adminToken))).statusCode).toBe(200);
  });

  it('a granted button that is disabled (status 0) grants nothing', async () => {
    await createUser(t.db, { username: 'button_user', password: 'Button#pass1', menuKeys: ['system', 'system.info', 'system.info.view'] });
    const token = await login(t.app, 'button_user', 'Button#pass1');
    expect((await get('/api/test/needs-view', auth(token))).statusCode).toBe(200);
    await t.db.updateTable('sysPermission').set({ status: '0' }).where('perms', '=', 'system:info:view').execute();
    expect((await get('/api/test/needs-view', auth(token))).statusCode).toBe(403);
    await t.db.updateTable('sysPermission').set({ status: '1' }).where('perms', '=', 'system:info:view').execute();
  });
});

describe('tenant header', () => {
  it('reads X-Tenant-Id, then tenant-id, else the login tenant', async () => {
    for (const id of [1001, 1002]) {
      await t.db.insertInto('sysTenant').values({ id, name: `租户${id}`, status: 1 }).execute();
      await t.db.insertInto('sysUserTenant').values({ id: newId(), userId: seedId('user.admin'), tenantId: id, status: '1' }).execute();
    }
    expect((await get('/api/test/whoami', { ...auth(adminToken), 'x-tenant-id': '1001' })).json()).toMatchObject({ tenant: 1001, header: 1001 });
    expect((await get('/api/test/whoami', { ...auth(adminToken), 'tenant-id': '1002' })).json()).toMatchObject({ tenant: 1002, header: 1002 });
    expect((await get('/api/test/whoami', { ...auth(adminToken), 'tenant-id': '0' })).json()).toMatchObject({ tenant: 1000, header: 0 });
    expect((await get('/api/test/whoami', { ...auth(adminToken), 'x-tenant-id': 'abc' })).json()).toMatchObject({ header: 0 });
  });

  it('refuses a tenant the user does not belong to', async () => {
    const res = await get('/api/test/whoami', { ...auth(adminToken), 'x-tenant-id': '4242' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 510, message: '您不是该租户的成员' });
  });
});

describe('route declarations', () => {
  it('the server refuses to start when a route declares no access', async () => {
    const app = await buildApp(t.config, { database: { db: t.db, dialect: t.dialect, close: async () => {} }, logger: false });
    app.get('/api/test/forgotten', async () => 'open');
    await expect(app.ready()).rejects.toThrow(/GET \/api\/test\/forgotten/);
  });

  it('the server refuses to start when a permission route has no scope', async () => {
    const app = await buildApp(t.config, { database: { db: t.db, dialect: t.dialect, close: async () => {} }, logger: false });
    app.get('/api/test/unscoped', { config: { permission: 'nowhere:listed:list' } }, async () => 'open');
    app.get('/api/test/scoped', { config: { permission: 'nowhere:listed:list', scope: 'platform' } }, async () => 'open');
    app.get('/api/test/classified', { config: { permission: 'system:user:list' } }, async () => 'open');
    await expect(app.ready()).rejects.toThrow(/scope is not declared.*: GET \/api\/test\/unscoped, HEAD \/api\/test\/unscoped$/);
  });
});
