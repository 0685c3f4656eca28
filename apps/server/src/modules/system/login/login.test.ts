import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, auth, CAPTCHA_TEXT, createTestApp, createUser, drawCaptcha, login, loginRaw, type TestApp } from '../../../../test/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/sys/userLogin', payload });

describe('captcha', () => {
  it('answers an SVG data URL in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sys/randomImage/abc123' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 200 });
    expect(body.result).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.result.split(',')[1], 'base64').toString()).toContain('<svg');
  });

  it('refuses a checkKey with odd characters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sys/randomImage/a%27%3B--' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, message: '参数 checkKey：验证码key只能是1到64位字母、数字、下划线、点或短横线' });
  });

  it('accepts the answer in any letter case', async () => {
    const checkKey = await drawCaptcha(t.app);
    const res = await post({ username: 'admin', password: ADMIN_PASSWORD, captcha: CAPTCHA_TEXT.toLowerCase(), checkKey });
    expect(res.json().success).toBe(true);
  });

  it('serves once: a second login with the same captcha is refused', async () => {
    const checkKey = await drawCaptcha(t.app);
    expect((await post({ username: 'admin', password: ADMIN_PASSWORD, captcha: CAPTCHA_TEXT, checkKey })).json().success).toBe(true);
    const again = await post({ username: 'admin', password: ADMIN_PASSWORD, captcha: CAPTCHA_TEXT, checkKey });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ success: false, message: '验证码无效' });
  });

  it('expires after 60 seconds', async () => {
    const checkKey = await drawCaptcha(t.app);
    t.clock.advance(61_000);
    const res = await post({ username: 'admin', password: ADMIN_PASSWORD, captcha: CAPTCHA_TEXT, checkKey });
    expect(res.json()).toMatchObject({ success: false, message: '验证码无效' });
  });

  it('a missing captcha is 验证码无效 and a wrong one is 验证码错误 with code 412', async () => {
    const missing = await post({ username: 'admin', password: ADMIN_PASSWORD });
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toMatchObject({ success: false, message: '验证码无效' });
    const checkKey = await drawCaptcha(t.app);
    const wrong = await post({ username: 'admin', password: ADMIN_PASSWORD, captcha: 'zzzz', checkKey });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toMatchObject({ success: false, code: 412, message: '验证码错误' });
  });
});

describe('login', () => {
  it('answers token, user info without secrets, departments, tenants and dictionaries', async () => {
    const res = await loginRaw(t.app, 'admin', ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    const r = body.result;
    expect(r.token.split('.')).toHaveLength(3);
    expect(r.userInfo).toMatchObject({ username: 'admin', realname: '管理员', orgCode: 'A01', orgCodeTxt: '总公司', status: 1, loginTenantId: 1000 });
    expect(r.userInfo).not.toHaveProperty('password');
    expect(r.userInfo).not.toHaveProperty('salt');
    expect(res.body).not.toContain('scrypt');
    expect(r.departs.map((d: { orgCode: string }) => d.orgCode).sort()).toEqual(['A01', 'A01A01']);
    expect(r.multi_depart).toBe(2);
    expect(r.tenantList).toEqual([expect.objectContaining({ id: 1000, name: '默认租户' })]);
    expect(r.sysAllDictItems.sex).toEqual([
      { value: '1', text: '男', title: '男', label: '男' },
      { value: '2', text: '女', title: '女', label: '女' },
    ]);
  });

  it('POST /sys/login answers like /sys/userLogin', async () => {
    const checkKey = await drawCaptcha(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/sys/login', payload: { username: 'admin', password: ADMIN_PASSWORD, captcha: CAPTCHA_TEXT, checkKey } });
    expect(res.json().result.userInfo.username).toBe('admin');
  });

  it('writes a login log entry', async () => {
    await login(t.app);
    const rows = await t.db.selectFrom('sysLog').selectAll().where('logType', '=', 1).where('username', '=', 'admin').execute();
    expect(rows.some((r) => r.logContent?.includes('登录成功'))).toBe(true);
  });

  it('a wrong password and an unknown user get the same answer', async () => {
    const wrong = await loginRaw(t.app, 'admin', 'not-the-password');
    const unknown = await loginRaw(t.app, 'nobody_here', 'whatever123');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: false, code: 500, message: '用户名或密码错误', result: null });
    }
  });

  it('a frozen user is told so, once the password is right', async () => {
    await createUser(t.db, { username: 'frozen1', password: 'Frozen#pass1', status: 2 });
    expect((await loginRaw(t.app, 'frozen1', 'bad-password')).json().message).toBe('用户名或密码错误');
    expect((await loginRaw(t.app, 'frozen1', 'Frozen#pass1')).json()).toMatchObject({ success: false, message: '该用户已冻结' });
  });

  it('five wrong passwords lock the account for ten minutes, even for the right password', async () => {
    await createUser(t.db, { username: 'locky', password: 'Locky#pass1' });
    for (let i = 0; i < 5; i++) expect((await loginRaw(t.app, 'locky', `wrong${i}`)).json().message).toBe('用户名或密码错误');
    const locked = await loginRaw(t.app, 'locky', 'Locky#pass1');
    expect(locked.statusCode).toBe(200);
    expect(locked.json().success).toBe(false);
    expect(locked.json().message).toBe('该用户登录失败次数过多，请于10分钟后再次登录！');
    t.clock.advance(10 * 60 * 1000 + 1000);
    expect((await loginRaw(t.app, 'locky', 'Locky#pass1')).json().success).toBe(true);
  });

  it('four wrong passwords then the right one sign in and reset the count', async () => {
    await createUser(t.db, { username: 'almost', password: 'Almost#pass1' });
    for (let i = 0; i < 4; i++) await loginRaw(t.app, 'almost', `wrong${i}`);
    expect((await loginRaw(t.app, 'almost', 'Almost#pass1')).json().success).toBe(true);
    // Failures are counted per name and address (sys_login_attempt); a right password forgets them.
    const rows = await t.db.selectFrom('sysLoginAttempt').select('failCount').where('username', '=', 'almost').execute();
    expect(rows).toEqual([]);
  });

  it('a body without username is refused with a Chinese message naming the field', async () => {
    const res = await post({ password: 'x' });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toMatch(/username/);
    expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('logout', () => {
  it('revokes the token at once', async () => {
    const token = await login(t.app);
    const before = await t.app.inject({ method: 'GET', url: '/api/sys/dict/queryAllDictItems', headers: auth(token) });
    expect(before.statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/sys/logout', headers: auth(token) });
    expect(out.json()).toMatchObject({ success: true, message: '退出登录成功！' });
    const after = await t.app.inject({ method: 'GET', url: '/api/sys/dict/queryAllDictItems', headers: auth(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false, code: 401, message: 'Token失效，请重新登录!' });
  });

  it('refuses a forged token', async () => {
    const token = await login(t.app);
    const [h, p] = token.split('.');
    const res = await t.app.inject({ method: 'POST', url: '/api/sys/logout', headers: auth(`${h}.${p}.forged`) });
    expect(res.json().success).toBe(false);
    // The real session is untouched.
    expect((await t.app.inject({ method: 'GET', url: '/api/sys/dict/queryAllDictItems', headers: auth(token) })).statusCode).toBe(200);
  });
});
