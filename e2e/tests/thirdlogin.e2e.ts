import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCas, startLocalOidc, type LocalCas, type LocalOidc } from '../../apps/server/src/modules/thirdlogin/testing-providers';
import { launch } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

// Issue 16: sign-in through a local CAS server (单点登录) and through a local OpenID provider from the sign-in page's button, after linking the
// provider's account under 个人页 → 账号绑定. The server is this file's own (captcha off), configured
// with the provider the test starts.
const ADMIN_PASSWORD = 'Admin#oidc-2026';
let server: RunningServer;
let idp: LocalOidc;
let cas: LocalCas;
let browser: Browser;

beforeAll(async () => {
  cas = await startLocalCas();
  // the test's identity provider listens on loopback, which the outbound guard refuses unless allowed
  server = await startServer({ ADMIN_PASSWORD, LOGIN_CAPTCHA: 'off', CAS_SERVER_URL: cas.url, OIDC_PRIVATE_HOSTS: 'on' });
  idp = await startLocalOidc([`${server.url}/api/sys/thirdLogin/callback/schoolsso`]);
  idp.signInAs('teacher.li');
  browser = await launch();
  const login = await (await fetch(`${server.url}/api/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }) })).json();
  const add = await (
    await fetch(`${server.url}/api/sys/thirdApp/config/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': login.result.token },
      body: JSON.stringify({ thirdType: 'schoolsso', name: '学校统一身份认证', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret }),
    })
  ).json();
  if (!add.success) throw new Error(`provider not added: ${JSON.stringify(add)}`);
});
afterAll(async () => {
  await browser?.close();
  await idp?.close();
  await cas?.close();
  await server?.stop();
});

describe('third-party sign-in (OpenID Connect)', () => {
  it('refuses an unlinked account, links it in 账号绑定, then signs in with the button', async () => {
    const anon = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const first = await anon.newPage();
    await first.goto('/user/login');
    await first.getByRole('button', { name: '学校统一身份认证' }).click();
    await first.waitForURL((u) => u.pathname === '/user/login' && u.searchParams.has('thirdLoginError'));
    await expect.poll(() => first.getByRole('alert').textContent()).toContain('尚未绑定本系统账号');
    await anon.close();

    // the administrator links the provider's account to themselves
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto('/user/login');
    await page.getByPlaceholder('请输入用户名').fill('admin');
    await page.getByPlaceholder('请输入密码').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/analysis');
    await page.goto('/account/settings/binding');
    await page.getByRole('button', { name: /绑\s*定/ }).click();
    await page.waitForURL((u) => u.pathname === '/account/settings/binding' && u.searchParams.get('bound') === 'schoolsso');
    await expect.poll(() => page.getByText('已绑定：').count()).toBe(1);
    await expect.poll(() => page.getByText('用户 teacher.li').count()).toBe(1);
    await context.close();

    // a fresh browser signs in with the button, without a password
    const fresh = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const again = await fresh.newPage();
    await again.goto('/user/login');
    await again.getByRole('button', { name: '学校统一身份认证' }).click();
    await again.waitForURL((u) => u.pathname === '/dashboard/analysis');
    const token = await again.evaluate(() => Object.keys(localStorage).filter((k) => /token/i.test(k)).length);
    expect(token).toBeGreaterThan(0);
    await fresh.close();
  });

  it('signs in through the CAS server with 单点登录', async () => {
    cas.signInAs('admin');
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto('/user/login');
    await page.getByRole('button', { name: '单点登录' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/analysis');
    await context.close();
  });
});
