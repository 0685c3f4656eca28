import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../../core/db';
import { INJECTION_PAYLOADS } from '../../../../test/helpers/injection';
import { createTestApp, login, type TestApp } from '../../../../test/helpers/test-app';
import { dataSnapshot, expectSafe, send } from './injection-kit';

// Every parameter of the category calls, with every classic payload: refusals or unchanged answers,
// nothing slow, and no data changed.
let t: TestApp;
let admin: string;
let before: Awaited<ReturnType<typeof dataSnapshot>>;
const A01 = seedId('category.A01');
const UNKNOWN = 'zz-unknown';

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  before = await dataSnapshot(t.db);
});
afterAll(() => t.close());

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const get = (url: string) => send(t, admin, 'GET', url);

/** Each call with its parameters in their harmless form; each parameter in turn receives the payloads. */
const CALLS: Array<{ path: string; params: Record<string, string> }> = [
  { path: '/sys/category/loadTreeRoot', params: { async: 'true', pcode: 'A01' } },
  { path: '/sys/category/loadTreeChildren', params: { pid: A01 } },
  { path: '/sys/category/loadOne', params: { field: 'code', val: 'A01' } },
  { path: '/sys/category/loadTreeData', params: { pid: A01, condition: '{"name":"消防安全"}' } },
  { path: '/sys/category/loadTreeData', params: { pcode: 'A01', condition: '' } },
  { path: '/sys/category/loadDictItem/', params: { ids: `${A01},${UNKNOWN}`, delNotExist: 'true' } },
  { path: '/sys/category/rootList', params: { name: '安全', code: 'A0', pageNo: '1', pageSize: '10', column: 'code', order: 'asc' } },
  { path: '/sys/category/childList', params: { pid: A01 } },
];

describe('category calls under injection payloads', () => {
  for (const call of CALLS) {
    for (const param of Object.keys(call.params)) {
      it(`${call.path} ${param}`, async () => {
        const normal = await get(`${call.path}?${q(call.params)}`);
        expect(normal.body.success, JSON.stringify(normal.body)).toBe(true);
        const baseline = await get(`${call.path}?${q({ ...call.params, [param]: UNKNOWN })}`);
        for (const payload of INJECTION_PAYLOADS) {
          const got = await get(`${call.path}?${q({ ...call.params, [param]: payload })}`);
          expectSafe(`${param}=${payload}`, got, baseline);
        }
      });
    }
  }

  it('loadDictItem ids kept as themselves: each payload part answered as its own text', async () => {
    for (const payload of INJECTION_PAYLOADS) {
      const got = await get(`/sys/category/loadDictItem/?${q({ ids: payload })}`);
      expectSafe(payload, got, (a) => expect(a.body.result).toEqual(payload.split(',').map((s) => s.trim()).filter(Boolean)));
    }
  });

  it('condition objects carrying payloads as keys or values', async () => {
    const baseline = await get(`/sys/category/loadTreeData?${q({ pid: A01, condition: JSON.stringify({ name: UNKNOWN }) })}`);
    expect(baseline.body.result).toEqual([]);
    for (const payload of INJECTION_PAYLOADS) {
      expectSafe(`value ${payload}`, await get(`/sys/category/loadTreeData?${q({ pid: A01, condition: JSON.stringify({ name: payload, code: payload }) })}`), baseline);
      const asKey = await get(`/sys/category/loadTreeData?${q({ pid: A01, condition: JSON.stringify({ [payload]: 'x' }) })}`);
      expect(asKey.status, payload).toBe(200);
      expect(asKey.body, payload).toMatchObject({ success: false, message: expect.stringMatching(/^分类查询条件不支持字段: /) });
    }
  });

  it('list conventions (like, in, not, superQuery) carrying payloads', async () => {
    const none = (a: { body: { result?: unknown } }) => expect((a.body.result as { total: number }).total).toBe(0);
    for (const payload of INJECTION_PAYLOADS) {
      for (const value of [`*${payload}*`, `!${payload}`, `${payload},${payload}`]) {
        expectSafe(`code=${value}`, await get(`/sys/category/rootList?${q({ code: value })}`), none);
      }
      const sq = JSON.stringify([{ field: 'name', rule: 'eq', val: payload }]);
      expectSafe(`superQuery ${payload}`, await get(`/sys/category/rootList?${q({ superQueryParams: sq })}`), none);
      const badField = await get(`/sys/category/rootList?${q({ superQueryParams: JSON.stringify([{ field: payload, rule: 'eq', val: '1' }]) })}`);
      expect(badField, payload).toMatchObject({ status: 200, body: { success: false, message: `高级查询字段不存在: ${payload}` } });
    }
  });

  it('left every table as it was', async () => {
    expect(await dataSnapshot(t.db)).toEqual(before);
  });
});
