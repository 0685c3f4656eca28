import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INJECTION_PAYLOADS } from '../../../../test/helpers/injection';
import { auth, createTestApp, login, type TestApp } from '../../../../test/helpers/test-app';
import { dataSnapshot, expectSafe, send } from '../category/injection-kit';
import { formatDate } from './execute';

// executeRuleByCode with every classic payload in the code and in the form's values: unknown codes are
// refused, form values never reach SQL as text, and only the rule's own counter moves.
let t: TestApp;
let admin: string;
let before: Awaited<ReturnType<typeof dataSnapshot>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  const res = await t.app.inject({ method: 'POST', url: '/api/sys/fillRule/add', headers: auth(admin), payload: { ruleName: '分类编码', ruleCode: 'cat_code', ruleClass: 'category_code' } });
  expect(res.json().success).toBe(true);
  before = await dataSnapshot(t.db);
});
afterAll(() => t.close());

const run = (code: string, form: unknown) => send(t, admin, 'PUT', `/sys/fillRule/executeRuleByCode/${encodeURIComponent(code)}`, form);

describe('fill rule calls under injection payloads', () => {
  it('executeRuleByCode ruleCode: refused as unknown', async () => {
    for (const payload of INJECTION_PAYLOADS) {
      const got = await run(payload, {});
      expectSafe(payload, got, () => expect.fail(`${payload} ran a rule`));
      expect(got.body, payload).toMatchObject({ success: false, message: '该填值规则不存在' });
    }
  });

  it('executeRuleByCode form values: an order number as always, the category code only for a real parent', async () => {
    const day = formatDate(t.clock.now(), 'YYYYMMDD');
    const seen = new Set<string>();
    for (const payload of INJECTION_PAYLOADS) {
      const got = await run('order_num_rule', { pid: payload, [payload]: payload, name: payload });
      expectSafe(payload, got, (a) => expect(a.body.result).toMatch(new RegExp(`^CN${day}\\d{4}$`)));
      seen.add(got.body.result as string);
      const cat = await run('cat_code', { pid: payload });
      expectSafe(`pid ${payload}`, cat, () => expect.fail(`pid ${payload} was accepted`));
      expect(cat.body, payload).toMatchObject({ success: false, message: '上级分类不存在' });
    }
    expect(seen.size).toBe(INJECTION_PAYLOADS.length);
    expect((await run('cat_code', { pid: '' })).body.result).toBe('A03');
  });

  it('testFillRule ruleCode: refused as unknown', async () => {
    for (const payload of INJECTION_PAYLOADS) {
      const got = await send(t, admin, 'GET', `/sys/fillRule/testFillRule?ruleCode=${encodeURIComponent(payload)}`);
      expectSafe(payload, got, () => expect.fail(`${payload} previewed a rule`));
      expect(got.body, payload).toMatchObject({ success: false, message: '该填值规则不存在' });
    }
  });

  it('left every table as it was (only the order counter moved)', async () => {
    expect(await dataSnapshot(t.db)).toEqual(before);
    const counters = await t.db.selectFrom('sysFillRuleSeq').select(['ruleCode', 'value']).execute();
    expect(counters.map((c) => [c.ruleCode, Number(c.value)])).toEqual([['order_num_rule', INJECTION_PAYLOADS.length]]);
  });
});
