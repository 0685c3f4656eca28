import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launch } from './browser';
import { startServer, type RunningServer } from './server';

export interface OwnServer {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A new browser context signed in as `username` (the administrator by default), on the dashboard. */
  signedIn(username?: string, password?: string): Promise<Page>;
}

/**
 * A server of the test file's own (fresh database, captcha off, `env` on top) and a browser, started before the
 * file's tests and stopped after them, so nothing another file does to the admin account matters.
 */
export function useOwnServer(adminPassword: string, env: Record<string, string> = {}): OwnServer {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer({ ADMIN_PASSWORD: adminPassword, LOGIN_CAPTCHA: 'off', ...env });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(v: T | undefined): T => {
    if (!v) throw new Error('useOwnServer: the server starts in beforeAll; use it inside tests');
    return v;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
    async signedIn(username = 'admin', password = adminPassword) {
      const context = await started(browser).newContext({ baseURL: started(server).url, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
      const page = await context.newPage();
      await page.goto('/user/login');
      await page.getByPlaceholder('请输入用户名').fill(username);
      await page.getByPlaceholder('请输入密码').fill(password);
      await page.getByRole('button', { name: /登\s*录/ }).click();
      if (username === 'admin') await page.waitForURL((u) => u.pathname === '/dashboard/analysis');
      return page;
    },
  };
}
