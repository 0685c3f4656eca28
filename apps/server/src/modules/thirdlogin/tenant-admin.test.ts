import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, auth, createTestApp, login, type TestApp } from '../../../test/helpers/test-app';
import { createTenantAdmin } from '../../../test/helpers/second-tenant';

// The sign-in providers are the platform's: every tenant's sign-in page shows them, and their issuer
// decides who may sign in as every linked account. Another tenant's administrator neither sees their
// configuration nor adds, edits or removes one, whatever codes his roles hold.
const ISSUER = 'https://sso.platform.example';
const EVIL = 'https://idp.attacker.example';

let t: TestApp;
let admin: string;
let providerId: string;
let other: Awaited<ReturnType<typeof createTenantAdmin>>;
let both: Awaited<ReturnType<typeof createTenantAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  const add = await apiCall(t.app, admin, 'POST', '/sys/thirdApp/config/add', { thirdType: 'platformidp', name: '平台身份源', issuer: ISSUER, clientId: 'c1', clientSecret: 'sealed-secret' });
  expect(add.body).toMatchObject({ success: true });
  providerId = (await t.db.selectFrom('sysThirdAppConfig').select('id').where('thirdType', '=', 'platformidp').executeTakeFirstOrThrow()).id;
  other = await createTenantAdmin(t, { tenantId: 2, username: 't2_idp_admin', password: 'Second#2026' });
  // a member of the system tenant too, acting in his own tenant
  both = await createTenantAdmin(t, { tenantId: 3, username: 't3_idp_admin', password: 'Third#2026', alsoMemberOf: [1000] });
});
afterAll(() => t.close());

const call = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

function expectRefused(res: { statusCode: number; json(): any; body: string }, what: string) {
  expect(res.statusCode, what).toBe(403);
  expect(res.json(), what).toMatchObject({ success: false, code: 510 });
  expect(res.body, what).not.toContain(ISSUER);
}

describe("another tenant's administrator and the sign-in providers", () => {
  it('cannot set or change an issuer, nor read the configuration', async () => {
    for (const [who, headers] of [
      ['tenant 2, header', other.headers],
      ['tenant 2, login tenant', auth(other.token)],
      ['member of the system tenant acting in tenant 3', both.headers],
    ] as const) {
      expectRefused(await call(headers, 'GET', '/sys/thirdApp/config/list'), `${who}: list`);
      expectRefused(await call(headers, 'GET', `/sys/thirdApp/config/queryById?id=${providerId}`), `${who}: queryById`);
      expectRefused(await call(headers, 'GET', '/sys/thirdApp/getThirdConfigByTenantId?thirdType=platformidp'), `${who}: original read`);
      expectRefused(await call(headers, 'POST', '/sys/thirdApp/config/add', { thirdType: 'evilidp', name: '伪造', issuer: EVIL, clientId: 'c2', clientSecret: 's2' }), `${who}: add`);
      expectRefused(await call(headers, 'POST', `/sys/thirdApp/addThirdAppConfig?${new URLSearchParams({ thirdType: 'evilidp2', name: '伪造', issuer: EVIL, clientId: 'c3' })}`), `${who}: original add`);
      for (const method of ['POST', 'PUT'] as const) {
        expectRefused(await call(headers, method, '/sys/thirdApp/config/edit', { id: providerId, issuer: EVIL }), `${who}: ${method} edit`);
        expectRefused(await call(headers, method, `/sys/thirdApp/editThirdAppConfig?${new URLSearchParams({ id: providerId, issuer: EVIL })}`), `${who}: ${method} original edit`);
      }
      expectRefused(await call(headers, 'DELETE', `/sys/thirdApp/config/delete?id=${providerId}`), `${who}: delete`);
      expectRefused(await call(headers, 'DELETE', `/sys/thirdApp/deleteThirdAppConfig?id=${providerId}`), `${who}: original delete`);
    }
    const rows = await t.db.selectFrom('sysThirdAppConfig').select(['thirdType', 'issuer', 'clientSecret']).execute();
    expect(rows).toEqual([expect.objectContaining({ thirdType: 'platformidp', issuer: ISSUER })]);
    expect(rows[0]!.clientSecret).toMatch(/^v1:/);
    // the sign-in page still offers only the platform's provider
    expect((await t.app.inject({ method: 'GET', url: '/api/sys/thirdLogin/providers' })).json().result).toEqual([{ thirdType: 'platformidp', name: '平台身份源' }]);
  });

  it("acting in the system tenant does not help a member whose rights come from another tenant's role; the system tenant's administrator keeps them", async () => {
    const asSystem = { ...auth(both.token), 'x-tenant-id': '1000' };
    expectRefused(await call(asSystem, 'GET', '/sys/thirdApp/config/list'), 'tenant 3 role, acting in 1000: list');
    expectRefused(await call(asSystem, 'PUT', '/sys/thirdApp/config/edit', { id: providerId, issuer: EVIL }), 'tenant 3 role, acting in 1000: edit');
    const list = await apiCall(t.app, admin, 'GET', '/sys/thirdApp/config/list');
    expect(list.body).toMatchObject({ success: true, result: { records: [expect.objectContaining({ issuer: ISSUER, clientSecret: '******' })] } });
    const edit = await apiCall(t.app, admin, 'PUT', '/sys/thirdApp/config/edit', { id: providerId, name: '平台身份源2' });
    expect(edit.body).toMatchObject({ success: true });
  });
});
