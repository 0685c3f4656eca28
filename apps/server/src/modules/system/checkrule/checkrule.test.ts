import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login, type TestApp, apiCall, type HttpMethod } from '../../../../test/helpers/test-app';

// 校验规则: management through the resource framework, and checkByCode as the forms call it.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
});
afterAll(() => t.close());

const call = (method: HttpMethod, url: string, payload?: unknown, token = admin) => apiCall(t.app, token, method, url, payload);
const check = (ruleCode: string, value: string) => call('GET', `/sys/checkRule/checkByCode?ruleCode=${encodeURIComponent(ruleCode)}&value=${encodeURIComponent(value)}`);

describe('checkByCode', () => {
  it('passes a good value and answers a failing part with its own message (HTTP 200, code 400)', async () => {
    expect((await check('common', 'A12345')).body).toMatchObject({ success: true, code: 200 });
    const bad = await check('common', '1A2345');
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ success: false, code: 400, message: '首位必须是字母' });
    expect((await check('common', 'a123')).body.message).toBe('字母后面必须是5位数字');
  });

  it('skips when the code or the value is missing, and refuses an unknown code', async () => {
    expect((await call('GET', '/sys/checkRule/checkByCode?ruleCode=common')).body.success).toBe(true);
    expect((await call('GET', '/sys/checkRule/checkByCode?value=123')).body.success).toBe(true);
    expect((await check('common', '')).body.success).toBe(true);
    const unknown = await check('nope', 'x');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ success: false, message: '该编码规则不存在' });
    const long = await check('common', 'A'.repeat(1001));
    expect(long.status).toBe(200);
    expect(long.body.success).toBe(false);
    expect(long.body.message).toContain('校验值最长1000个字符');
  });

  it('needs only a signed-in user', async () => {
    await createUser(t.db, { username: 'rule_plain', password: 'Plain#2026', menuKeys: [] });
    const plain = await login(t.app, 'rule_plain', 'Plain#2026');
    expect((await call('GET', '/sys/checkRule/checkByCode?ruleCode=common&value=A12345', undefined, plain)).body.success).toBe(true);
    expect((await call('GET', '/sys/checkRule/list', undefined, plain)).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/sys/checkRule/checkByCode?ruleCode=common&value=x' })).statusCode).toBe(401);
  });
});

describe('check rule management', () => {
  const phoneRule = JSON.stringify([
    { digits: '1', pattern: '1', message: '手机号以1开头' },
    { digits: '*', pattern: '\\d{10}', message: '后面是10位数字' },
  ]);

  it('adds a rule that checkByCode then uses, edits it, and deletes it', async () => {
    const add = await call('POST', '/sys/checkRule/add', { ruleName: '手机号', ruleCode: 'mobile_rule', ruleJson: phoneRule, ruleDescription: '11位手机号' });
    expect(add.body).toMatchObject({ success: true, message: '添加成功！' });
    expect((await check('mobile_rule', '13800138000')).body.success).toBe(true);
    expect((await check('mobile_rule', '23800138000')).body.message).toBe('手机号以1开头');
    const row = (await call('GET', '/sys/checkRule/list?ruleCode=mobile_rule')).body.result.records[0];
    expect(row).toMatchObject({ ruleName: '手机号', ruleDescription: '11位手机号', createBy: 'admin' });
    const stricter = JSON.stringify([{ digits: '*', pattern: '1[3-9]\\d{9}', message: '不是有效的手机号' }]);
    expect((await call('PUT', '/sys/checkRule/edit', { id: row.id, ruleJson: stricter })).body.success).toBe(true);
    expect((await check('mobile_rule', '12800138000')).body.message).toBe('不是有效的手机号');
    expect((await call('DELETE', `/sys/checkRule/delete?id=${row.id}`)).body.success).toBe(true);
    expect((await check('mobile_rule', '13800138000')).body.message).toBe('该编码规则不存在');
  });

  it('refuses invalid JSON, invalid patterns, duplicate and malformed codes on save', async () => {
    const bad = async (body: Record<string, unknown>, message: string) => {
      const res = await call('POST', '/sys/checkRule/add', { ruleName: '坏规则', ruleCode: 'bad_rule', ruleJson: phoneRule, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.success, JSON.stringify(res.body)).toBe(false);
      expect(res.body.message).toContain(message);
    };
    await bad({ ruleJson: '{not json' }, '规则JSON不是有效的 JSON');
    await bad({ ruleJson: '[{"digits":"1","pattern":"[a-","message":"m"}]' }, '正则表达式不正确');
    await bad({ ruleJson: JSON.stringify([{ digits: '*', pattern: 'x'.repeat(300), message: 'm' }]) }, '最长200个字符');
    await bad({ ruleCode: 'common' }, '已存在');
    await bad({ ruleCode: "x' or 1=1" }, '规则编码只能包含字母、数字、下划线、横线和点');
    await bad({ ruleJson: '' }, '规则JSON不能为空');
    expect((await call('GET', '/sys/checkRule/list?ruleCode=bad_rule')).body.result.total).toBe(0);
    const existing = (await call('GET', '/sys/checkRule/list?ruleCode=common')).body.result.records[0];
    const edit = await call('PUT', '/sys/checkRule/edit', { id: existing.id, ruleJson: '[1]' });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ success: false, message: '规则的每一项都应是 { digits, pattern, message } 对象' });
    expect((await check('common', 'A12345')).body.success).toBe(true);
  });
});
