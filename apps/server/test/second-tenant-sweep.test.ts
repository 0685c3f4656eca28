import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_TENANT, scopeOfCode } from '../src/core/access';
import { ADMIN_PASSWORD, auth, createTestApp, DEFAULT_TENANT, login, type TestApp } from './helpers/test-app';
import { createTenantAdmin } from './helpers/second-tenant';

// Every registered route, called by the administrator of a second tenant: a user holding every code of
// the admin role (and crossTenant besides), member of tenant 2 only, acting in tenant 2. Routes of the
// platform must refuse him (403, code 510); every other route must answer nothing of the system tenant's
// rows, seeded under a mark that no answer may contain.
const MARK = 'ZZT1000MARK';
const SECOND = 2;

let t: TestApp;
let token: string;
let adminToken: string;
const t2 = () => ({ ...auth(token), 'x-tenant-id': String(SECOND) });

async function addAsAdmin(url: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: `/api${url}`, headers: auth(adminToken), payload });
  expect(res.json(), url).toMatchObject({ success: true });
}

beforeAll(async () => {
  t = await createTestApp();
  expect(SYSTEM_TENANT).toBe(DEFAULT_TENANT);
  adminToken = await login(t.app, 'admin', ADMIN_PASSWORD);
  ({ token } = await createTenantAdmin(t, { tenantId: SECOND, username: 't2_admin', password: 'Second#2026' }));

  // recognisable rows of the system tenant, added by its administrator
  await addAsAdmin('/sys/user/add', { username: `${MARK.toLowerCase()}_user`, realname: `${MARK}用户`, password: 'Mark#2026x', workNo: `${MARK}01` });
  await addAsAdmin('/sys/role/add', { roleCode: `${MARK.toLowerCase()}_role`, roleName: `${MARK}角色` });
  await addAsAdmin('/sys/sysDepart/add', { departName: `${MARK}部门` });
  await addAsAdmin('/sys/position/add', { code: `${MARK}_POS`, name: `${MARK}职务` });
  await addAsAdmin('/sys/annountCement/add', { titile: `${MARK}公告`, msgContent: `${MARK}内容`, msgType: 'ALL', priority: 'L', msgCategory: '1' });
  await addAsAdmin('/sys/category/add', { name: `${MARK}分类`, code: `${MARK}C`, pid: '0' });
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x.png');

// The main lists of tenant rows: the system tenant's administrator sees the marked rows there, so their
// absence from the second tenant's answers means something.
const MAIN_LISTS = ['/sys/user/list', '/sys/role/list', '/sys/sysDepart/queryTreeList', '/sys/position/list', '/sys/annountCement/list', '/sys/category/rootList'];

// Areas the platform owns, a route each at least: they must stay among the refused ones.
const MUST_BE_PLATFORM = [
  'POST /sys/thirdApp/config/add', 'PUT /sys/thirdApp/config/edit', 'GET /sys/thirdApp/config/list', 'POST /sys/gatewayRoute/updateAll', 'GET /sys/gatewayRoute/list',
  'PUT /sys/dict/edit', 'PUT /sys/dictSource/edit', 'PUT /sys/checkRule/edit', 'PUT /sys/fillRule/edit', 'GET /sys/tenant/list', 'PUT /sys/tenant/edit',
  'PUT /sys/tenant/invitationUserJoin', 'PUT /sys/permission/edit', 'PUT /sys/setting/edit', 'PUT /sys/quartzJob/edit', 'POST /sys/version/saveVersion',
];

describe('the administrator of a second tenant', () => {
  it('holds only classified codes: every seeded permission code is the platform\'s or a tenant\'s', async () => {
    const rows = await t.db.selectFrom('sysPermission').select('perms').where('perms', 'is not', null).execute();
    const codes = rows.flatMap((r) => (r.perms ?? '').split(',').map((c) => c.trim()).filter(Boolean));
    expect(codes.length).toBeGreaterThan(100);
    expect(codes.filter((c) => !scopeOfCode(c))).toEqual([]);
  });

  it('sees the marked rows only from the system tenant', async () => {
    for (const url of MAIN_LISTS) {
      const mine = await t.app.inject({ method: 'GET', url: `/api${url}?pageSize=100`, headers: auth(adminToken) });
      expect(mine.body, `system tenant: ${url}`).toContain(MARK);
      const theirs = await t.app.inject({ method: 'GET', url: `/api${url}?pageSize=100`, headers: t2() });
      expect(theirs.json(), `tenant 2: ${url}`).toMatchObject({ success: true });
      expect(theirs.body, `tenant 2: ${url}`).not.toContain(MARK);
    }
  });

  it('is refused every platform route and reads only his tenant on the others', async () => {
    const apiBase = t.config.apiBase;
    const routes = t.app.declaredRoutes().filter((r) => r.url.startsWith(`${apiBase}/`) && !r.config.public);
    expect(routes.length).toBeGreaterThan(100);
    const platformReached: string[] = [];
    const leaks: string[] = [];
    const failures: string[] = [];
    let platform = 0;
    for (const r of routes) {
      for (const method of [r.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const key = `${method} ${r.url.slice(apiBase.length)}`;
        const res = await t.app.inject({ method: method as 'GET', url: concrete(r.url), headers: { ...t2(), 'content-type': 'application/json' }, payload: method === 'GET' || method === 'DELETE' ? undefined : '{}' });
        expect(res.statusCode, `${key}: the session must survive the sweep`).not.toBe(401);
        if (r.config.permission !== undefined && r.config.scope !== 'tenant') {
          platform++;
          let code: unknown;
          try {
            code = res.json().code;
          } catch {
            code = undefined;
          }
          if (res.statusCode !== 403 || code !== 510) platformReached.push(`${key} → ${res.statusCode}`);
          continue;
        }
        if (res.body.includes(MARK)) leaks.push(key);
        if (res.statusCode >= 500) failures.push(`${key} → ${res.statusCode}`);
      }
    }
    expect(platform, 'platform routes swept').toBeGreaterThan(100);
    const refused = new Set(routes.filter((r) => r.config.scope === 'platform').flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url.slice(apiBase.length)}`)));
    expect(MUST_BE_PLATFORM.filter((k) => !refused.has(k)), 'platform areas classified otherwise').toEqual([]);
    expect(platformReached, 'platform routes the second tenant reaches').toEqual([]);
    expect(leaks, "tenant routes answering the system tenant's rows").toEqual([]);
    expect(failures, 'server errors').toEqual([]);
  });
});
