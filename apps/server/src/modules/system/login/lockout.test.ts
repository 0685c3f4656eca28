import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auth, CAPTCHA_TEXT, createTestApp, createUser, drawCaptcha, login, type TestApp } from '../../../../test/helpers/test-app';

// Issue 10: sign-in abuse. Lock-out per account name AND client address; same answers for every failure.

// Counts the password hash checks (the real function still runs).
const verifySpy = vi.hoisted(() => ({ fn: null as unknown as ReturnType<typeof vi.fn> }));
vi.mock('../../../core/auth/password', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../core/auth/password')>();
  verifySpy.fn = vi.fn(real.verifyPassword);
  return { ...real, verifyPassword: verifySpy.fn };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LOCKED = '该用户登录失败次数过多，请于10分钟后再次登录！';
const BAD = '用户名或密码错误';

async function signIn(username: string, password: string, remoteAddress = '127.0.0.1') {
  const checkKey = await drawCaptcha(t.app);
  return t.app.inject({ method: 'POST', url: '/api/sys/userLogin', remoteAddress, payload: { username, password, captcha: CAPTCHA_TEXT, checkKey } });
}

describe('lock-out per account and client address', () => {
  it('five wrong passwords from one address lock that address only; the owner elsewhere signs in', async () => {
    await createUser(t.db, { username: 'victim1', password: 'Victim#pass1' });
    for (let i = 0; i < 5; i++) expect((await signIn('victim1', `guess${i}`, '203.0.113.7')).json().message).toBe(BAD);
    const attacker = await signIn('victim1', 'Victim#pass1', '203.0.113.7');
    expect(attacker.statusCode).toBe(200);
    expect(attacker.json()).toMatchObject({ success: false, message: LOCKED });
    const owner = await signIn('victim1', 'Victim#pass1', '198.51.100.20');
    expect(owner.json()).toMatchObject({ success: true });
    // The owner's success elsewhere does not lift the attacker's lock.
    expect((await signIn('victim1', 'Victim#pass1', '203.0.113.7')).json().message).toBe(LOCKED);
    t.clock.advance(10 * 60 * 1000 + 1000);
    expect((await signIn('victim1', 'Victim#pass1', '203.0.113.7')).json().success).toBe(true);
  });

  it('a forged X-Forwarded-For does not give a fresh address (TRUST_PROXY is off by default)', async () => {
    await createUser(t.db, { username: 'forwarded', password: 'Forward#pass1' });
    for (let i = 0; i < 5; i++) {
      const checkKey = await drawCaptcha(t.app);
      await t.app.inject({
        method: 'POST',
        url: '/api/sys/userLogin',
        remoteAddress: '203.0.113.11',
        headers: { 'x-forwarded-for': `10.9.9.${i}` },
        payload: { username: 'forwarded', password: `wrong${i}`, captcha: CAPTCHA_TEXT, checkKey },
      });
    }
    expect((await signIn('forwarded', 'Forward#pass1', '203.0.113.11')).json().message).toBe(LOCKED);
  });

  it('the letter case of the name does not multiply the attempts', async () => {
    await createUser(t.db, { username: 'casey', password: 'Casey#pass1' });
    for (const name of ['casey', 'Casey', 'CASEY', 'cAsey', 'casEY']) await signIn(name, 'wrong-one', '203.0.113.8');
    expect((await signIn('casey', 'Casey#pass1', '203.0.113.8')).json().message).toBe(LOCKED);
  });

  it('unknown, existing and locked names get the same failure answers', async () => {
    await createUser(t.db, { username: 'known1', password: 'Known#pass1' });
    const ip = '203.0.113.9';
    const known = [];
    const unknown = [];
    for (let i = 0; i < 6; i++) {
      known.push(await signIn('known1', `nope${i}`, ip));
      unknown.push(await signIn('unknown_name_x', `nope${i}`, ip));
    }
    const shape = (r: Awaited<ReturnType<typeof signIn>>) => ({ status: r.statusCode, ...r.json(), timestamp: 0 });
    expect(known.map(shape)).toEqual(unknown.map(shape));
    expect(known.slice(0, 5).every((r) => r.json().message === BAD)).toBe(true);
    expect(known[5].json().message).toBe(LOCKED);
  });

  it('a locked or unknown name still costs a password hash check', async () => {
    await createUser(t.db, { username: 'timing1', password: 'Timing#pass1' });
    for (let i = 0; i < 5; i++) await signIn('timing1', `x${i}`, '203.0.113.10');
    for (const name of ['timing1', 'nobody_at_all']) {
      verifySpy.fn.mockClear();
      const res = await signIn(name, 'whatever-pw', '203.0.113.10');
      expect(res.json().success).toBe(false);
      expect(verifySpy.fn, name).toHaveBeenCalledTimes(1);
    }
  });
});

describe('changing one’s own password counts wrong old passwords', () => {
  const change = (token: string, oldpassword: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/sys/user/updatePassword',
      remoteAddress,
      headers: auth(token),
      payload: { username: 'pwlock', oldpassword, password: 'Brand#new123', confirmpassword: 'Brand#new123' },
    });

  it('the fifth wrong old password locks the account for that address, here and at sign-in', async () => {
    await createUser(t.db, { username: 'pwlock', password: 'Pwlock#pass1' });
    const token = await login(t.app, 'pwlock', 'Pwlock#pass1');
    const ip = '192.0.2.44';
    for (let i = 0; i < 4; i++) expect((await change(token, `old-guess${i}`, ip)).json().message).toBe('旧密码输入错误');
    const fifth = await change(token, 'old-guess4', ip);
    expect(fifth.statusCode).toBe(200);
    expect(fifth.json()).toMatchObject({ success: false, message: '密码错误次数过多，该账号在当前地址已被锁定，请于10分钟后再试！' });
    // Even the right old password is refused from that address now, and sign-in is locked there too.
    expect((await change(token, 'Pwlock#pass1', ip)).json().message).toBe('密码错误次数过多，该账号在当前地址已被锁定，请于10分钟后再试！');
    expect((await signIn('pwlock', 'Pwlock#pass1', ip)).json().message).toBe(LOCKED);
    // From another address the owner can still sign in and change the password.
    expect((await signIn('pwlock', 'Pwlock#pass1', '192.0.2.45')).json().success).toBe(true);
    expect((await change(token, 'Pwlock#pass1', '192.0.2.45')).json()).toMatchObject({ success: true });
  });
});

describe('sign-out and tokens', () => {
  it('logout with Content-Type: application/json and an empty body signs out', async () => {
    const token = await login(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/sys/logout', headers: { ...auth(token), 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: '退出登录成功！' });
    expect((await t.app.inject({ method: 'GET', url: '/api/sys/dict/queryAllDictItems', headers: auth(token) })).statusCode).toBe(401);
  });

  it('a token with padding or extra characters after its signature is refused with 401', async () => {
    const token = await login(t.app);
    for (const tail of ['=', '==', 'A', '_', '%3D']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/sys/dict/queryAllDictItems', headers: auth(`${token}${tail}`) });
      expect(res.statusCode, tail).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 401 });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/sys/dict/queryAllDictItems', headers: auth(token) })).statusCode).toBe(200);
  });
});
