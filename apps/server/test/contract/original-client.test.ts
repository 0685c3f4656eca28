import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, CAPTCHA_TEXT, createTestApp, createUser, drawCaptcha, type TestApp } from '../helpers/test-app';
import { encryptLikeOriginalClient } from '../helpers/original-client';

// The requests the original platform's Vue 3 client (jeecgboot-vue3 3.9) makes, replayed as it sends
// them, with the answers checked field by field.
let t: TestApp;
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api${url}`, payload }).then((r) => ({ status: r.statusCode, body: r.json() }));

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { username: 'teacher_li', password: 'Teacher#2026', departCodes: ['A01A01'] });
});
afterAll(() => t.close());

describe('sign-in as that client does it', () => {
  it('LoginForm: POST /sys/login with the AES-encrypted password', async () => {
    const checkKey = await drawCaptcha(t.app);
    const res = await post('/sys/login', { password: encryptLikeOriginalClient(ADMIN_PASSWORD), username: 'admin', captcha: CAPTCHA_TEXT, checkKey });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    const r = res.body.result;
    expect(typeof r.token).toBe('string');
    expect(r.userInfo).toMatchObject({ username: 'admin', realname: '管理员' });
    expect(r.userInfo).not.toHaveProperty('password');
    expect(r.userInfo).not.toHaveProperty('salt');
    expect([0, 1, 2]).toContain(r.multi_depart);
    expect(Array.isArray(r.departs)).toBe(true);
    expect(r.tenantList[0]).toMatchObject({ id: 1000 });
    expect(typeof r.sysAllDictItems).toBe('object');
  });

  it('a wrong password, encrypted, is the same refusal as a plain one', async () => {
    const checkKey = await drawCaptcha(t.app);
    const res = await post('/sys/login', { password: encryptLikeOriginalClient('Wrong#pass9'), username: 'admin', captcha: CAPTCHA_TEXT, checkKey });
    expect(res.body).toMatchObject({ success: false, code: 500, message: '用户名或密码错误' });
  });

  it('MiniLogin: loginGetUserDeparts, then /sys/login with the same captcha', async () => {
    const checkKey = await drawCaptcha(t.app);
    const password = encryptLikeOriginalClient('Teacher#2026');
    const departs = await post('/sys/loginGetUserDeparts', { username: 'teacher_li', password, inputCode: CAPTCHA_TEXT, checkKey, loginType: 'account' });
    expect(departs.body).toMatchObject({ success: true, result: { currentOrgCode: null, departs: [{ orgCode: 'A01A01', departName: '研发部' }] } });
    const signIn = await post('/sys/login', { username: 'teacher_li', password, captcha: CAPTCHA_TEXT, checkKey, loginOrgCode: 'A01A01' });
    expect(signIn.body.success).toBe(true);
    expect(signIn.body.result.userInfo.orgCode).toBe('A01A01');
    // the captcha served its sign-in and is gone
    expect((await post('/sys/login', { username: 'teacher_li', password, captcha: CAPTCHA_TEXT, checkKey })).body.message).toBe('验证码无效');
  });

  it('loginGetUserDeparts refuses a wrong captcha or password like sign-in does', async () => {
    const checkKey = await drawCaptcha(t.app);
    const wrong = await post('/sys/loginGetUserDeparts', { username: 'teacher_li', password: encryptLikeOriginalClient('Teacher#2026'), inputCode: 'zzzz', checkKey, loginType: 'account' });
    expect(wrong.body).toMatchObject({ success: false, code: 412, message: '验证码错误' });
    const again = await drawCaptcha(t.app);
    const bad = await post('/sys/loginGetUserDeparts', { username: 'teacher_li', password: encryptLikeOriginalClient('nope-nope'), inputCode: CAPTCHA_TEXT, checkKey: again, loginType: 'account' });
    expect(bad.body).toMatchObject({ success: false, message: '用户名或密码错误' });
  });
});
