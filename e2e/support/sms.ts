import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningServer } from './server';

// The phone-code flows of the sign-in pages, on a server whose `log` SMS provider writes each code to its
// log. Each browser comes from its own address (the server runs with TRUST_PROXY and reads
// X-Forwarded-For), as the send limits count per address too.

/** The codes a server sent, read from its log after a mark. */
export function sentCodes(server: () => RunningServer) {
  const lines = () => server().log().split('\n');
  return {
    /** Where the log stands now: codes sent later are the ones asked for. */
    mark: () => lines().length - 1,
    /** The last code sent to the number after the mark (waits for its log line). */
    async to(mobile: string, after: number): Promise<string> {
      let code: string | undefined;
      await expect
        .poll(() => {
          const sent = lines()
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
    },
  };
}
export type SentCodes = ReturnType<typeof sentCodes>;

/** A browser context whose requests come from `address`. */
export const contextFrom = (browser: Browser, baseURL: string, address: string): Promise<BrowserContext> =>
  browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, locale: 'zh-CN', extraHTTPHeaders: { 'x-forwarded-for': address } });

/** From the sign-in page: 注册账户, the form with a code sent to the phone, until the success page. */
export async function registerWithPhone(page: Page, codes: SentCodes, account: { username: string; password: string; phone: string }) {
  await page.goto('/user/login');
  await page.getByRole('link', { name: '注册账户' }).click();
  await page.waitForURL((u) => u.pathname === '/user/register');
  await expect.poll(() => page.title()).toBe('注册 · 安学云');
  await page.getByLabel('用户名').fill(account.username);
  await page.getByLabel('密码', { exact: true }).fill(account.password);
  await page.getByLabel('确认密码').fill(account.password);
  await page.getByLabel('手机号').fill(account.phone);
  const from = codes.mark();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByLabel('短信验证码').fill(await codes.to(account.phone, from));
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await expect.poll(() => page.getByText(`你的账户：${account.username} 注册成功`).count()).toBe(1);
}

/** The administrator's number, set as an administrator sets numbers (a user's own profile edit may not). */
export async function setAdminPhone(serverUrl: string, adminPassword: string, phone: string) {
  const login = await (
    await fetch(`${serverUrl}/api/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: adminPassword }) })
  ).json();
  const headers = { 'content-type': 'application/json', 'x-access-token': login.result.token };
  const me = (await (await fetch(`${serverUrl}/api/sys/user/list?username=admin`, { headers })).json()).result.records.find((u: { username: string }) => u.username === 'admin');
  const edit = await (await fetch(`${serverUrl}/api/sys/user/edit`, { method: 'PUT', headers, body: JSON.stringify({ id: me.id, username: 'admin', realname: me.realname, phone }) })).json();
  expect(edit.success, JSON.stringify(edit)).toBe(true);
}
