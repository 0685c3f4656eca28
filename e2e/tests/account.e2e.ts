import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launch } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { contextFrom as fromAddress, registerWithPhone, sentCodes, setAdminPhone } from '../support/sms';

// Issue 16: register with a phone code and sign in; sign in by phone; in the built app on this file's own
// server (registration open, captcha off, codes in its log: support/sms).
const ADMIN_PASSWORD = 'Admin#acct-2026';
const PHONE = '13922223333';
const ADMIN_PHONE = '13922224444';
let server: RunningServer;
let browser: Browser;

const codes = sentCodes(() => server);

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD, LOGIN_CAPTCHA: 'off', REGISTRATION: 'on', LOG_LEVEL: 'info', TRUST_PROXY: 'on' });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const contextFrom = (address: string) => fromAddress(browser, server.url, address);

describe('registration and phone sign-in', () => {
  it('registers with a phone code, then signs in with the new account', async () => {
    const context = await contextFrom('10.1.0.1');
    const page = await context.newPage();
    await registerWithPhone(page, codes, { username: 'phone_e2e', password: 'Phone#e2e-2026', phone: PHONE });

    await page.getByRole('button', { name: /使用已有账户登录/ }).click();
    await page.getByPlaceholder('请输入用户名').fill('phone_e2e');
    await page.getByPlaceholder('请输入密码').fill('Phone#e2e-2026');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((u) => u.pathname !== '/user/login');
    await context.close();
  });

  it('signs in with a code sent to the number of an account', async () => {
    await setAdminPhone(server.url, ADMIN_PASSWORD, ADMIN_PHONE);

    const context = await contextFrom('10.1.0.2');
    const page = await context.newPage();
    await page.goto('/user/login');
    await page.getByRole('tab', { name: '手机号登录' }).click();
    await page.getByPlaceholder('请输入手机号').fill(ADMIN_PHONE);
    const from = codes.mark();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByPlaceholder('请输入验证码').fill(await codes.to(ADMIN_PHONE, from));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/analysis');
    await context.close();
  });
});
