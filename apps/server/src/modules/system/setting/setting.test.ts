import { afterEach, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';

// 系统设置: an administrator opens and closes self-registration at run time; the register call and the
// registration codes follow at once, without a restart. REGISTRATION only gives the starting value.
let t: TestApp;
afterEach(() => t?.close());

const sent: { to: string; text: string }[] = [];
const logStream = {
  write(line: string) {
    const entry = JSON.parse(line);
    if (entry.sms) sent.push(entry.sms);
  },
};
const open = () => t.app.inject({ method: 'GET', url: '/api/sys/setting/public' }).then((r) => r.json().result.registration as boolean);
let ip = 0;
const smsRegister = (mobile: string) =>
  t.app.inject({ method: 'POST', url: '/api/sys/sms', payload: { mobile, smsmode: '1' }, remoteAddress: `10.20.0.${++ip}` }).then((r) => r.json());
const register = (username: string, phone: string, smscode: string) =>
  t.app.inject({ method: 'POST', url: '/api/sys/user/register', payload: { username, password: 'Reg#2026-setting', phone, smscode } }).then((r) => r.json());
const codeTo = (mobile: string) => /\d{6}/.exec([...sent].reverse().find((s) => s.to === mobile)?.text ?? '')?.[0];

describe('系统设置: registration', () => {
  it('is off by default: no registration code, no account', async () => {
    t = await createTestApp({}, { logger: { level: 'info', stream: logStream } });
    expect(await open()).toBe(false);
    expect(await smsRegister('13722220001')).toMatchObject({ success: false, message: '系统未开放注册，请联系管理员' });
    expect(codeTo('13722220001')).toBeUndefined();
    expect(await register('reg_closed', '13722220001', '123456')).toMatchObject({ success: false, message: '系统未开放注册，请联系管理员' });
  });

  it('an administrator switches it on and off; visitors follow without a restart', async () => {
    t = await createTestApp({}, { logger: { level: 'info', stream: logStream } });
    const admin = await login(t.app);
    expect((await apiCall(t.app, admin, 'GET', '/sys/setting/query')).body).toMatchObject({ success: true, result: { registration: false } });
    expect((await apiCall(t.app, admin, 'PUT', '/sys/setting/edit', { registration: true })).body).toMatchObject({ success: true, result: { registration: true } });
    expect(await open()).toBe(true);

    expect(await smsRegister('13722220002')).toMatchObject({ success: true });
    expect(await register('reg_opened', '13722220002', codeTo('13722220002')!)).toMatchObject({ success: true });
    expect(await login(t.app, 'reg_opened', 'Reg#2026-setting')).toBeTruthy();

    expect((await apiCall(t.app, admin, 'PUT', '/sys/setting/edit', { registration: false })).body.success).toBe(true);
    expect(await open()).toBe(false);
    t.clock.advance(61_000);
    expect(await smsRegister('13722220003')).toMatchObject({ success: false, message: '系统未开放注册，请联系管理员' });
  });

  it('REGISTRATION=on gives the starting value; only holders of 编辑 change it', async () => {
    t = await createTestApp({ REGISTRATION: 'on' });
    expect(await open()).toBe(true);
    await createUser(t.db, { username: 'set_reader', password: 'Reader#2026-set', menuKeys: ['system.setting', 'system.setting.list'] });
    const reader = await login(t.app, 'set_reader', 'Reader#2026-set');
    expect((await apiCall(t.app, reader, 'GET', '/sys/setting/query')).body.result).toEqual({ registration: true, siteName: '', siteLogo: '', footerText: '' });
    expect(await apiCall(t.app, reader, 'PUT', '/sys/setting/edit', { registration: false })).toMatchObject({ status: 403, body: { code: 510 } });
    expect(await open()).toBe(true);
  });
});

describe('系统设置: the install\'s name, logo and footer', () => {
  const visible = () => t.app.inject({ method: 'GET', url: '/api/sys/setting/public' }).then((r) => r.json());

  it('are empty until set (the pages fall back to the product name); visitors read what an administrator saves', async () => {
    t = await createTestApp();
    expect(await visible()).toMatchObject({ success: true, result: { registration: false, siteName: '', siteLogo: '', footerText: '' } });
    const admin = await login(t.app);
    const saved = await apiCall(t.app, admin, 'PUT', '/sys/setting/edit', { siteName: '  实验中学安全教育  ', siteLogo: 'temp/logo_1.png', footerText: '实验中学 版权所有' });
    expect(saved.body).toMatchObject({ success: true, result: { siteName: '实验中学安全教育', siteLogo: 'temp/logo_1.png', footerText: '实验中学 版权所有', registration: false } });
    expect((await visible()).result).toEqual({ registration: false, siteName: '实验中学安全教育', siteLogo: 'temp/logo_1.png', footerText: '实验中学 版权所有' });
    // each field changes alone; an empty text goes back to the fallback
    await apiCall(t.app, admin, 'PUT', '/sys/setting/edit', { footerText: '' });
    expect((await visible()).result).toMatchObject({ siteName: '实验中学安全教育', footerText: '' });
  });

  it('refuses a name or footer too long and a logo that is not an uploaded file', async () => {
    t = await createTestApp();
    const admin = await login(t.app);
    const edit = (body: Record<string, unknown>) => apiCall(t.app, admin, 'PUT', '/sys/setting/edit', body).then((r) => r.body);
    expect(await edit({ siteName: '校'.repeat(51) })).toMatchObject({ success: false, message: expect.stringContaining('系统名称不能超过50个字') });
    expect(await edit({ footerText: '字'.repeat(201) })).toMatchObject({ success: false, message: expect.stringContaining('页脚文字不能超过200个字') });
    for (const siteLogo of ['https://other.example/logo.png', 'javascript:alert(1)', '../secret.png', '/etc/logo.png', 'a b.png']) {
      expect(await edit({ siteLogo })).toMatchObject({ success: false, message: expect.stringContaining('系统标志须为上传的图片') });
    }
    expect((await visible()).result).toMatchObject({ siteName: '', siteLogo: '', footerText: '' });
  });
});
