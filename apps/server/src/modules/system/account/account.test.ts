import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../core/db';
import { ADMIN_PASSWORD, auth, createTestApp, createUser, injectUnsigned, login, loginRaw, type TestApp } from '../../../../test/helpers/test-app';
import { loadConfig } from '../../../config';

// The `log` SMS provider writes each text to the server log; the test reads its log stream.
const sent: { to: string; text: string }[] = [];
const logLines: string[] = [];
const logStream = {
  write(line: string) {
    logLines.push(line);
    const entry = JSON.parse(line);
    if (entry.sms) sent.push(entry.sms);
  },
};
let t: TestApp;
let ipSeq = 0;
const freshIp = () => `10.0.${Math.floor(++ipSeq / 200)}.${ipSeq % 200}`;

const post = async (url: string, payload: object, ip = '10.9.9.9', headers: Record<string, string> = {}) =>
  (await t.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress: ip, headers })).json();
// The original client's request signature: MD5 of the sorted parameters' JSON and the secret, upper case.
const SIGNATURE_SECRET = 'account-test-signature';
const signature = (payload: Record<string, string>, at: number, secret = SIGNATURE_SECRET) => ({
  'x-sign': createHash('md5')
    .update(JSON.stringify(Object.fromEntries(Object.keys(payload).sort().map((k) => [k, payload[k]]))) + secret)
    .digest('hex')
    .toUpperCase(),
  'x-timestamp': String(at),
});
const signed = (payload: Record<string, string>) => signature(payload, t.clock.now().getTime());
const sms = (mobile: string, smsmode: string, ip = freshIp()) => post('/sys/sms', { mobile, smsmode }, ip, signed({ mobile, smsmode }));
const lastCode = (mobile: string) => {
  const m = [...sent].reverse().find((s) => s.to === mobile);
  return m ? /\d{6}/.exec(m.text)![0] : undefined;
};
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function userWithPhone(username: string, phone: string, password = 'Phone#2026-pw') {
  const id = await createUser(t.db, { username, password });
  await t.db.updateTable('sysUser').set({ phone }).where('id', '=', id).execute();
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ REGISTRATION: 'on', SIGNATURE_SECRET, LOG_REQUESTS: 'info' }, { logger: { level: 'info', stream: logStream } });
});
afterAll(() => t.close());

describe('SMS codes', () => {
  it('a six-digit code signs in by phone once; a wrong one does not', async () => {
    await userWithPhone('phone_anna', '13811110001');
    expect(await sms('13811110001', '0')).toMatchObject({ success: true });
    const code = lastCode('13811110001')!;
    expect(code).toMatch(/^\d{6}$/);
    expect(await post('/sys/phoneLogin', { mobile: '13811110001', captcha: otherCode(code) })).toMatchObject({ success: false, message: '手机验证码错误' });
    const ok = await post('/sys/phoneLogin', { mobile: '13811110001', captcha: code });
    expect(ok).toMatchObject({ success: true, result: { userInfo: { username: 'phone_anna' }, tenantList: [{ id: 1000 }] } });
    expect((await t.app.inject({ method: 'GET', url: '/api/sys/user/getUserInfo', headers: auth(ok.result.token) })).json().success).toBe(true);
    // used: the same code again is refused
    expect(await post('/sys/phoneLogin', { mobile: '13811110001', captcha: code })).toMatchObject({ success: false, message: '手机验证码失效，请重新获取' });
    const log = await t.db.selectFrom('sysLog').select(['logContent', 'outcome']).where('username', '=', 'phone_anna').execute();
    expect(log.map((l) => l.logContent)).toContain('用户名: phone_anna,登录成功！');
  });

  it('a code expires after five minutes', async () => {
    await userWithPhone('phone_bert', '13811110002');
    await sms('13811110002', '0');
    const code = lastCode('13811110002')!;
    t.clock.advance(5 * 60 * 1000 + 1000);
    expect(await post('/sys/phoneLogin', { mobile: '13811110002', captcha: code })).toMatchObject({ success: false, message: '手机验证码失效，请重新获取' });
  });

  it('five wrong codes in a row lock the number for that address', async () => {
    await userWithPhone('phone_carl', '13811110003');
    await sms('13811110003', '0');
    const code = lastCode('13811110003')!;
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await post('/sys/phoneLogin', { mobile: '13811110003', captcha: otherCode(code) }, '10.8.0.1')).message);
    expect(answers.at(-1)).toBe('该用户登录失败次数过多，请于10分钟后再次登录！');
    expect(await post('/sys/phoneLogin', { mobile: '13811110003', captcha: code }, '10.8.0.1')).toMatchObject({ success: false, message: '该用户登录失败次数过多，请于10分钟后再次登录！' });
  });

  it('one code a minute and five an hour per number', async () => {
    await userWithPhone('phone_dora', '13811110004');
    expect(await sms('13811110004', '0')).toMatchObject({ success: true });
    expect(await sms('13811110004', '0')).toMatchObject({ success: false, message: '验证码发送过于频繁，请1分钟后再试！' });
    for (let i = 0; i < 4; i++) {
      t.clock.advance(61_000);
      expect(await sms('13811110004', '2')).toMatchObject({ success: true });
    }
    t.clock.advance(61_000);
    expect(await sms('13811110004', '0')).toMatchObject({ success: false, message: '短信接口请求太多，请稍后再试！' });
    t.clock.advance(60 * 60 * 1000);
    expect(await sms('13811110004', '0')).toMatchObject({ success: true });
  });

  it('one code a minute and five an hour per client address, whatever the number', async () => {
    const ip = '10.7.0.1';
    expect(await sms('13811120001', '0', ip)).toMatchObject({ success: true });
    expect(await sms('13811120002', '0', ip)).toMatchObject({ success: false, message: '验证码发送过于频繁，请1分钟后再试！' });
    for (let i = 3; i <= 6; i++) {
      t.clock.advance(61_000);
      expect(await sms(`1381112000${i}`, '0', ip)).toMatchObject({ success: true });
    }
    t.clock.advance(61_000);
    expect(await sms('13811120009', '0', ip)).toMatchObject({ success: false, message: '短信接口请求太多，请稍后再试！' });
  });

  it('requests at the same moment for one number, or from one address, get exactly one code out', async () => {
    await userWithPhone('phone_race', '13811380001');
    const TOO_SOON = '验证码发送过于频繁，请1分钟后再试！';
    const sameNumber = await Promise.all(Array.from({ length: 8 }, () => sms('13811380001', '0')));
    expect(sameNumber.filter((a) => a.success)).toHaveLength(1);
    expect(sameNumber.filter((a) => !a.success).map((a) => a.message)).toEqual(Array(7).fill(TOO_SOON));
    expect(sent.filter((s) => s.to === '13811380001')).toHaveLength(1);

    const numbers = Array.from({ length: 6 }, (_, i) => `1381138001${i}`);
    for (const [i, n] of numbers.entries()) await userWithPhone(`phone_race_${i}`, n);
    const oneAddress = await Promise.all(numbers.map((n) => sms(n, '0', '10.7.9.9')));
    expect(oneAddress.filter((a) => a.success)).toHaveLength(1);
    expect(sent.filter((s) => numbers.includes(s.to))).toHaveLength(1);
  });

  it('numbers of nobody get the same answer and no message', async () => {
    expect(await sms('13811130001', '0')).toMatchObject({ success: true });
    expect(lastCode('13811130001')).toBeUndefined();
    expect(await post('/sys/sms', { mobile: '12345', smsmode: '0' }, freshIp(), signed({ mobile: '12345', smsmode: '0' }))).toMatchObject({ success: false, message: expect.stringContaining('请输入正确手机号') });
  });
});

describe('registration', () => {
  it('is off unless switched on', () => {
    expect(loadConfig({}).registration).toBe(false);
  });

  it('registers with a phone code, then the account signs in with no roles in the default tenant', async () => {
    expect(await post('/sys/user/register', { username: 'ab', password: 'Reg#2026-pw', phone: '13811140001', smscode: '123456' })).toMatchObject({ success: false, message: expect.stringContaining('长度6到18个字符') });
    expect(await post('/sys/user/register', { username: 'bad-name', password: 'Reg#2026-pw', phone: '13811140001', smscode: '123456' })).toMatchObject({ success: false, message: expect.stringContaining('只允许字母、数字、下划线') });
    expect(await post('/sys/user/register', { username: 'new_user', password: 'Reg#2026-pw', phone: '1381114000', smscode: '123456' })).toMatchObject({ success: false, message: expect.stringContaining('请输入正确手机号') });
    expect(await post('/sys/user/register', { username: 'new_user', password: 'Reg#2026-pw', phone: '13811140001', smscode: '123456', email: 'x@' })).toMatchObject({ success: false, message: expect.stringContaining('邮箱格式不正确') });
    expect(await post('/sys/user/register', { username: 'new_user', password: 'short', phone: '13811140001', smscode: '123456' })).toMatchObject({ success: false, message: expect.stringContaining('密码至少8位') });
    expect(await post('/sys/user/register', { username: 'new_user', password: 'Reg#2026-pw', phone: '13811140001', smscode: '123456' })).toMatchObject({ success: false, message: '手机验证码失效，请重新获取' });

    expect(await sms('13811140001', '1')).toMatchObject({ success: true });
    const code = lastCode('13811140001')!;
    expect(await post('/sys/user/register', { username: 'admin', password: 'Reg#2026-pw', phone: '13811140001', smscode: code })).toMatchObject({ success: false, message: '用户名已注册' });
    expect(await post('/sys/user/register', { username: 'new_user', password: 'Reg#2026-pw', phone: '13811140001', smscode: otherCode(code) })).toMatchObject({ success: false, message: '手机验证码错误' });
    expect(await post('/sys/user/register', { username: 'new_user', password: 'Reg#2026-pw', phone: '13811140001', smscode: code, email: 'new@anxue.test' })).toMatchObject({ success: true, message: '注册成功' });

    const res = (await loginRaw(t.app, 'new_user', 'Reg#2026-pw')).json();
    expect(res).toMatchObject({ success: true, result: { userInfo: { username: 'new_user', phone: '13811140001' }, tenantList: [{ id: 1000 }] } });
    const roles = await t.db.selectFrom('sysUserRole as ur').innerJoin('sysUser as u', 'u.id', 'ur.userId').select('ur.roleId').where('u.username', '=', 'new_user').execute();
    expect(roles).toEqual([]);
    // the number is taken now
    expect(await sms('13811140001', '1')).toMatchObject({ success: false, message: '手机号已经注册，请直接登录！' });
  });

  it('is refused while an administrator has switched it off (系统设置)', async () => {
    await setRegistration(false);
    try {
      expect(await sms('13811150001', '1')).toMatchObject({ success: false, message: '系统未开放注册，请联系管理员' });
      expect(await post('/sys/user/register', { username: 'closed_user', password: 'Reg#2026-pw', phone: '13811150001', smscode: '123456' })).toMatchObject({ success: false, message: '系统未开放注册，请联系管理员' });
    } finally {
      await setRegistration(true);
    }
  });
});

/** 系统设置 → 开放注册, switched by the administrator. */
async function setRegistration(registration: boolean) {
  const admin = await login(t.app);
  const res = await t.app.inject({ method: 'PUT', url: '/api/sys/setting/edit', headers: auth(admin), payload: { registration } });
  expect(res.json()).toMatchObject({ success: true });
}

describe('forgotten password', () => {
  it('verifies the number, sets the new password once, and ends every session of the account', async () => {
    await userWithPhone('forgot_fay', '13811160001', 'Old#2026-pass');
    const oldToken = await login(t.app, 'forgot_fay', 'Old#2026-pass');
    expect(await sms('13811160001', '2')).toMatchObject({ success: true });
    const code = lastCode('13811160001')!;
    expect(await post('/sys/user/phoneVerification', { phone: '13811160001', smscode: otherCode(code) })).toMatchObject({ success: false, message: '手机验证码错误' });
    const verified = await post('/sys/user/phoneVerification', { phone: '13811160001', smscode: code });
    expect(verified).toMatchObject({ success: true, result: { username: 'forgot_fay', smscode: code } });

    // another account's name with this code: refused; too short: refused (the change-password rule)
    const change = (q: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/sys/user/passwordChange?${new URLSearchParams(q)}`, remoteAddress: '10.6.0.1' }).then((r) => r.json());
    expect(await change({ username: 'admin', password: 'New#2026-pass', smscode: code, phone: '13811160001' })).toMatchObject({ success: false, message: '手机验证码失效，请重新获取' });
    expect(await change({ username: 'forgot_fay', password: 'short', smscode: code, phone: '13811160001' })).toMatchObject({ success: false, message: expect.stringContaining('密码至少8位') });
    expect(await change({ username: 'forgot_fay', password: 'New#2026-pass', smscode: code, phone: '13811160001' })).toMatchObject({ success: true, message: '密码重置成功!' });
    // the request log masks the password the original client sends in the query
    expect(logLines.some((l) => l.includes('/sys/user/passwordChange') && l.includes('******'))).toBe(true);
    expect(logLines.filter((l) => l.includes('New#2026-pass'))).toEqual([]);
    // once only
    expect(await change({ username: 'forgot_fay', password: 'Other#2026-pass', smscode: code, phone: '13811160001' })).toMatchObject({ success: false });

    expect((await t.app.inject({ method: 'GET', url: '/api/sys/user/getUserInfo', headers: auth(oldToken) })).statusCode).toBe(401);
    expect((await loginRaw(t.app, 'forgot_fay', 'Old#2026-pass')).json()).toMatchObject({ success: false, message: '用户名或密码错误' });
    expect((await loginRaw(t.app, 'forgot_fay', 'New#2026-pass')).json()).toMatchObject({ success: true });
    // the admin is untouched
    expect((await loginRaw(t.app, 'admin', ADMIN_PASSWORD)).json().success).toBe(true);
  });
});

describe('account settings', () => {
  const put = async (token: string, url: string, query: Record<string, string>) =>
    (await t.app.inject({ method: 'PUT', url: `/api${url}?${new URLSearchParams(query)}`, headers: auth(token), remoteAddress: freshIp() })).json();
  const postAs = async (token: string, url: string, payload: Record<string, string>) =>
    (await t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: { ...auth(token), ...signed(payload) }, remoteAddress: freshIp() })).json();

  it('changes the number with a code to the current number, then one to the new number', async () => {
    await userWithPhone('set_gina', '13811170001', 'Gina#2026-pass');
    const token = await login(t.app, 'set_gina', 'Gina#2026-pass');
    expect(await postAs(token, '/sys/user/sendChangePhoneSms', { type: 'verifyOriginalPhone', phone: '13811170009' })).toMatchObject({ success: false, message: '旧手机号不匹配，无法修改手机号！' });
    // the new number without the current one proven first
    expect(await postAs(token, '/sys/user/sendChangePhoneSms', { type: 'updatePhone', phone: '13811170002' })).toMatchObject({ success: true });
    expect(await put(token, '/sys/user/changePhone', { type: 'updatePhone', phone: '13811170001', newPhone: '13811170002', smscode: lastCode('13811170002')! })).toMatchObject({ success: false, message: '请先验证原手机号' });

    expect(await postAs(token, '/sys/user/sendChangePhoneSms', { type: 'verifyOriginalPhone', phone: '13811170001' })).toMatchObject({ success: true });
    expect(await put(token, '/sys/user/changePhone', { type: 'verifyOriginalPhone', phone: '13811170001', smscode: lastCode('13811170001')! })).toMatchObject({ success: true });
    t.clock.advance(61_000);
    expect(await postAs(token, '/sys/user/sendChangePhoneSms', { type: 'updatePhone', phone: '13811170002' })).toMatchObject({ success: true });
    expect(await put(token, '/sys/user/changePhone', { type: 'updatePhone', phone: '13811170001', newPhone: '13811170002', smscode: lastCode('13811170002')! })).toMatchObject({ success: true, message: '修改手机号成功！' });
    const row = await t.db.selectFrom('sysUser').select('phone').where('username', '=', 'set_gina').executeTakeFirstOrThrow();
    expect(row.phone).toBe('13811170002');
  });

  it('an account without a number sets one with the code of the new number alone (updateMobile)', async () => {
    await createUser(t.db, { username: 'set_kai', password: 'Kai#2026-pass' });
    const token = await login(t.app, 'set_kai', 'Kai#2026-pass');
    expect(await postAs(token, '/sys/user/sendChangePhoneSms', { type: 'updatePhone', phone: '13811175001' })).toMatchObject({ success: true });
    const code = lastCode('13811175001')!;
    expect(await put(token, '/sys/user/updateMobile', { phone: '13811175001', smscode: otherCode(code) })).toMatchObject({ success: false, message: '手机验证码错误' });
    expect(await put(token, '/sys/user/updateMobile', { phone: '13811175001', smscode: code })).toMatchObject({ success: true });
    expect((await t.db.selectFrom('sysUser').select('phone').where('username', '=', 'set_kai').executeTakeFirstOrThrow()).phone).toBe('13811175001');
  });

  it('binds a number with a registration code asked for while signed in, even with registration closed', async () => {
    await createUser(t.db, { username: 'set_lena', password: 'Lena#2026-pass' });
    const token = await login(t.app, 'set_lena', 'Lena#2026-pass');
    await setRegistration(false);
    try {
      const body = { mobile: '13811176001', smsmode: '1' };
      expect(await post('/sys/sms', body, freshIp(), signed(body))).toMatchObject({ success: false, message: '系统未开放注册，请联系管理员' });
      expect(await post('/sys/sms', body, freshIp(), { ...signed(body), ...auth(token) })).toMatchObject({ success: true });
      const code = lastCode('13811176001')!;
      // such a code does not create an account
      await setRegistration(true);
      expect(await post('/sys/user/register', { username: 'lena_twin', password: 'Lena#2026-pass', phone: '13811176001', smscode: code })).toMatchObject({ success: false });
    } finally {
      await setRegistration(true);
    }
    // that attempt spent the code; a fresh one binds the number
    t.clock.advance(61_000);
    const body = { mobile: '13811176001', smsmode: '1' };
    expect(await post('/sys/sms', body, freshIp(), { ...signed(body), ...auth(token) })).toMatchObject({ success: true });
    expect(await put(token, '/sys/user/updateMobile', { phone: '13811176001', smscode: lastCode('13811176001')! })).toMatchObject({ success: true });
    expect((await t.db.selectFrom('sysUser').select('phone').where('username', '=', 'set_lena').executeTakeFirstOrThrow()).phone).toBe('13811176001');
  });

  it('a new password with a code to the bound number ends the other sessions', async () => {
    await userWithPhone('set_hugo', '13811180001', 'Hugo#2026-pass');
    const token = await login(t.app, 'set_hugo', 'Hugo#2026-pass');
    expect(await postAs(token, '/sys/sendChangePwdSms', { mobile: '13811180002' })).toMatchObject({ success: false, message: '当前登录用户和绑定的手机号不匹配，无法修改密码！' });
    expect(await postAs(token, '/sys/sendChangePwdSms', { mobile: '13811180001' })).toMatchObject({ success: true });
    const code = lastCode('13811180001')!;
    const q = new URLSearchParams({ username: 'set_hugo', password: 'Hugo#2027-pass', smscode: code, phone: '13811180001' });
    expect((await t.app.inject({ method: 'GET', url: `/api/sys/user/passwordChange?${q}` })).json()).toMatchObject({ success: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/sys/user/getUserInfo', headers: auth(token) })).statusCode).toBe(401);
    expect((await loginRaw(t.app, 'set_hugo', 'Hugo#2027-pass')).json().success).toBe(true);
  });

  it('without a bound number, the old password changes it', async () => {
    await createUser(t.db, { username: 'set_ines', password: 'Ines#2026-pass' });
    const token = await login(t.app, 'set_ines', 'Ines#2026-pass');
    expect(await put(token, '/sys/user/updatePasswordNotBindPhone', { username: 'set_ines', oldPassword: 'wrong-pass', password: 'Ines#2027-pass' })).toMatchObject({ success: false, message: '旧密码输入错误' });
    expect(await put(token, '/sys/user/updatePasswordNotBindPhone', { username: 'admin', oldPassword: 'Ines#2026-pass', password: 'Ines#2027-pass' })).toMatchObject({ success: false, message: '只允许修改自己的密码！' });
    expect(await put(token, '/sys/user/updatePasswordNotBindPhone', { username: 'set_ines', oldPassword: 'Ines#2026-pass', password: 'Ines#2027-pass' })).toMatchObject({ success: true });
    expect((await loginRaw(t.app, 'set_ines', 'Ines#2027-pass')).json().success).toBe(true);
  });

  it('注销: a code to the bound number cancels the account into the recycle bin and ends every session', async () => {
    await userWithPhone('off_olga', '13811290001', 'Olga#2026-pass');
    const token = await login(t.app, 'off_olga', 'Olga#2026-pass');
    const other = await login(t.app, 'off_olga', 'Olga#2026-pass');
    expect(await postAs(token, '/sys/user/sendLogOffPhoneSms', { username: 'admin', phone: '13811290001' })).toMatchObject({ success: false, message: '发送验证码失败，用户不匹配！' });
    expect(await postAs(token, '/sys/user/sendLogOffPhoneSms', { username: 'off_olga', phone: '13811290009' })).toMatchObject({ success: false, message: '当前用户手机号不匹配，无法修改！' });
    expect(await postAs(token, '/sys/user/sendLogOffPhoneSms', { username: 'off_olga', phone: '13811290001' })).toMatchObject({ success: true });
    const code = lastCode('13811290001')!;
    expect(await put(token, '/sys/user/userLogOff', { username: 'off_olga', phone: '13811290001', smscode: otherCode(code) })).toMatchObject({ success: false, message: '手机验证码错误' });
    expect((await t.db.selectFrom('sysUser').select('delFlag').where('username', '=', 'off_olga').executeTakeFirstOrThrow()).delFlag).toBe(0);
    expect(await put(token, '/sys/user/userLogOff', { username: 'off_olga', phone: '13811290001', smscode: code })).toMatchObject({ success: true, message: '注销成功！' });
    for (const tok of [token, other]) expect((await t.app.inject({ method: 'GET', url: '/api/sys/user/getUserInfo', headers: auth(tok) })).statusCode).toBe(401);
    expect((await loginRaw(t.app, 'off_olga', 'Olga#2026-pass')).json().success).toBe(false);
    expect((await t.db.selectFrom('sysUser').select('delFlag').where('username', '=', 'off_olga').executeTakeFirstOrThrow()).delFlag).toBe(1);
  });

  it('注销 is refused to the first administrator and to the last active holder of the administrator role', async () => {
    const adminToken = await login(t.app, 'admin', ADMIN_PASSWORD);
    await t.db.updateTable('sysUser').set({ phone: '13811291000' }).where('username', '=', 'admin').execute();
    expect(await postAs(adminToken, '/sys/user/sendLogOffPhoneSms', { username: 'admin', phone: '13811291000' })).toMatchObject({ success: false, message: '不能注销超级管理员账号' });
    expect(await put(adminToken, '/sys/user/userLogOff', { username: 'admin', phone: '13811291000', smscode: '123456' })).toMatchObject({ success: false, message: '不能注销超级管理员账号' });

    const rootId = await userWithPhone('off_root', '13811291001', 'Root#2026-pass');
    const role = await t.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'admin').executeTakeFirstOrThrow();
    await t.db.insertInto('sysUserRole').values({ id: newId(), userId: rootId, roleId: role.id, tenantId: 0 }).execute();
    const token = await login(t.app, 'off_root', 'Root#2026-pass');
    // while the first administrator is frozen, off_root is the only active administrator
    await t.db.updateTable('sysUser').set({ status: 2 }).where('username', '=', 'admin').execute();
    try {
      expect(await postAs(token, '/sys/user/sendLogOffPhoneSms', { username: 'off_root', phone: '13811291001' })).toMatchObject({ success: false, message: '不能注销最后一位管理员，请先为其他用户分配管理员角色' });
    } finally {
      await t.db.updateTable('sysUser').set({ status: 1, phone: null }).where('username', '=', 'admin').execute();
    }
    // with another active administrator, off_root may go
    expect(await postAs(token, '/sys/user/sendLogOffPhoneSms', { username: 'off_root', phone: '13811291001' })).toMatchObject({ success: true });
    expect(await put(token, '/sys/user/userLogOff', { username: 'off_root', phone: '13811291001', smscode: lastCode('13811291001')! })).toMatchObject({ success: true });
  });
});

describe('request signature', () => {
  it('the SMS calls need X-Sign over their parameters and an X-TIMESTAMP of the last 300 s', async () => {
    await userWithPhone('sign_jo', '13811190001');
    const body = { mobile: '13811190001', smsmode: '0' };
    const now = () => t.clock.now().getTime();
    const unsigned = await injectUnsigned(t.app, { method: 'POST', url: '/api/sys/sms', payload: body, remoteAddress: freshIp() });
    expect(unsigned.json()).toMatchObject({ success: false, message: 'Sign签名校验失败，请求参数不完整！' });
    expect(await post('/sys/sms', body, freshIp(), signature(body, now(), 'another-secret'))).toMatchObject({ success: false, message: 'Sign签名校验失败！' });
    expect(await post('/sys/sms', body, freshIp(), signature({ ...body, mobile: '13811190002' }, now()))).toMatchObject({ success: false, message: 'Sign签名校验失败！' });
    expect(await post('/sys/sms', body, freshIp(), signature(body, now() - 301_000))).toMatchObject({ success: false, message: '签名验证失败，请求时效性验证失败！' });
    expect(lastCode('13811190001')).toBeUndefined();
    expect(await post('/sys/sms', body, freshIp(), signature(body, now() - 290_000))).toMatchObject({ success: true });
    expect(lastCode('13811190001')).toMatch(/^\d{6}$/);
  });
});
