import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INJECTION_PAYLOADS } from '../../../../test/helpers/injection';
import { createTestApp, login, type TestApp } from '../../../../test/helpers/test-app';
import { dataSnapshot, expectSafe, send } from '../category/injection-kit';
import { firstFailure, parseRuleJson, type RulePart } from './rule-json';

// checkByCode and the rule list with every classic payload in every parameter: the value is only ever
// matched as text, codes only ever compared as values, and nothing changes.
let t: TestApp;
let admin: string;
let before: Awaited<ReturnType<typeof dataSnapshot>>;
let common: RulePart[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  before = await dataSnapshot(t.db);
  const row = await t.db.selectFrom('sysCheckRule').select('ruleJson').where('ruleCode', '=', 'common').executeTakeFirstOrThrow();
  common = (parseRuleJson(row.ruleJson) as { parts: RulePart[] }).parts;
});
afterAll(() => t.close());

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const get = (url: string) => send(t, admin, 'GET', url);

describe('check rule calls under injection payloads', () => {
  it('checkByCode value: answered exactly as the rule judges the text', async () => {
    for (const payload of INJECTION_PAYLOADS) {
      const got = await get(`/sys/checkRule/checkByCode?${q({ ruleCode: 'common', value: payload })}`);
      const failure = firstFailure(common, payload);
      expectSafe(payload, got, () => {});
      // a failing part is a refusal to expectSafe, so the answer is checked here in both cases
      expect(got.status, payload).toBe(200);
      expect(got.body, payload).toMatchObject(failure === null ? { success: true } : { success: false, code: 400, message: failure });
    }
  });

  it('checkByCode ruleCode: an unknown rule, never another one', async () => {
    for (const payload of INJECTION_PAYLOADS) {
      const got = await get(`/sys/checkRule/checkByCode?${q({ ruleCode: payload, value: 'A12345' })}`);
      expectSafe(payload, got, () => {});
      expect(got.status, payload).toBe(200);
      expect(got.body, payload).toMatchObject({ success: false, message: '该编码规则不存在' });
    }
  });

  it('the rule list filters and sorting', async () => {
    const none = (a: { body: { result?: unknown } }) => expect((a.body.result as { total: number }).total).toBe(0);
    for (const payload of INJECTION_PAYLOADS) {
      for (const param of ['ruleCode', 'ruleName', 'ruleDescription']) {
        for (const value of [payload, `*${payload}*`]) expectSafe(`${param}=${value}`, await get(`/sys/checkRule/list?${q({ [param]: value })}`), none);
      }
      for (const param of ['column', 'order', 'pageNo', 'pageSize']) {
        expectSafe(`${param}=${payload}`, await get(`/sys/checkRule/list?${q({ [param]: payload })}`), () => expect.fail(`${param}=${payload} was accepted`));
      }
    }
  });

  it('left every table as it was', async () => {
    expect(await dataSnapshot(t.db)).toEqual(before);
  });
});
