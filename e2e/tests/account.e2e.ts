import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

// Issue 16: register with a phone code and sign in; sign in by phone; in the built app on this file's own
// server (registration open, captcha off). The codes are read where the `log` SMS provider writes them:
// the server's log. Each browser comes from its own address (TRUST_PROXY, X-Forwarded-For), as the send
// limits count per address too.
const ADMIN_PASSWORD = 'Admin#acct-2026';
const PHONE = '13922223333';
const ADMIN_PHONE = '13922224444';
let server: RunningServer;
let browser: Browser;

/** The last code the server sent to the number (waits for the log line). */
async function codeSentTo(mobile: string, after: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      const sent = server
        .log()
        .split('\n')
        .slice(after)
        .flatMap((line) => {
          try {
            const entry = JSON.parse(line);
            return entry.sms?.to === mobile ? [/\d{6}/.exec(entry.sms.text)?.[0]] : [];
          } catch {
            return [];
          }
        });
      code = sent.at(-1);
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}
const logLines = () => server.log().split('\n').length - 1;

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD, LOGIN_CAPTCHA: 'off', REGISTRATION: 'on', LOG_LEVEL: 'info', TRUST_PROXY: 'on' });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const contextFrom = (address: string) =>
  browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 }, locale: 'zh-CN', extraHTTPHeaders: { 'x-forwarded-for': address } });

describe('registration and phone sign-in', () => {
  it('registers with a phone code, then signs in with the new account', async () => {
    const context = await contextFrom('10.1.0.1');
    const page = await context.newPage();
    await page.goto('/user/login');
    await page.getByRole('link', { name: '注册账户' }).click();
    await page.waitForURL((u) => u.pathname === '/user/register');
    await expect.poll(() => page.title()).toBe('注册 · 安学云');
    await page.getByLabel('用户名').fill('phone_e2e');
    await page.getByLabel('密码', { exact: true }).fill('Phone#e2e-2026');
    await page.getByLabel('确认密码').fill('Phone#e2e-2026');
    await page.getByLabel('手机号').fill(PHONE);
    const from = logLines();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByLabel('短信验证码').fill(await codeSentTo(PHONE, from));
    await page.getByRole('button', { name: /注\s*册/ }).click();
    await expect.poll(() => page.getByText('你的账户：phone_e2e 注册成功').count()).toBe(1);

    await page.getByRole('button', { name: /使用已有账户登录/ }).click();
    await page.getByPlaceholder('请输入用户名').fill('phone_e2e');
    await page.getByPlaceholder('请输入密码').fill('Phone#e2e-2026');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((u) => u.pathname !== '/user/login');
    await context.close();
  });

  it('signs in with a code sent to the number of an account', async () => {
    const login = await (await fetch(`${server.url}/api/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }) })).json();
    // a number an administrator set (a user's own profile edit may not change it: phone numbers are proven)
    const headers = { 'content-type': 'application/json', 'x-access-token': login.result.token };
    const me = (await (await fetch(`${server.url}/api/sys/user/list?username=admin`, { headers })).json()).result.records.find((u: { username: string }) => u.username === 'admin');
    const edit = await (
      await fetch(`${server.url}/api/sys/user/edit`, { method: 'PUT', headers, body: JSON.stringify({ id: me.id, username: 'admin', realname: me.realname, phone: ADMIN_PHONE }) })
    ).json();
    expect(edit.success, JSON.stringify(edit)).toBe(true);

    const context = await contextFrom('10.1.0.2');
    const page = await context.newPage();
    await page.goto('/user/login');
    await page.getByRole('tab', { name: '手机号登录' }).click();
    await page.getByPlaceholder('请输入手机号').fill(ADMIN_PHONE);
    const from = logLines();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByPlaceholder('请输入验证码').fill(await codeSentTo(ADMIN_PHONE, from));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/analysis');
    await context.close();
  });
});
