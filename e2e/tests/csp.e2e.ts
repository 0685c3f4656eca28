import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, signIn } from '../support/browser';
import { useOwnServer } from '../support/own-server';
import { startServer, type RunningServer } from '../support/server';

// Issue 10: the page is served with a Content-Security-Policy that runs no inline script; the app must
// work under it, with no violation reported on the sign-in page or on the pages behind it.
const ADMIN_PASSWORD = 'Admin#csp-2026';
// A server of this file's own: other files change the shared server's admin password.
const own = useOwnServer(ADMIN_PASSWORD);
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Watched {
  page: Page;
  violations: string[];
}

/** A page whose CSP violations (reported events and console messages) are collected. */
async function watched(baseURL: string): Promise<Watched> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  const violations: string[] = [];
  // Init scripts come from the test driver, not from the page, so the page's CSP does not apply to them.
  await page.exposeFunction('__reportCsp', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp(v: string): void }).__reportCsp(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  return { page, violations };
}

describe('the page under its Content-Security-Policy', () => {
  it('the sign-in page (with its captcha image) loads with no violation', async () => {
    let server: RunningServer | undefined;
    try {
      server = await startServer({ ADMIN_PASSWORD, LOGIN_CAPTCHA: 'on' });
      const { page, violations } = await watched(server.url);
      const res = await page.goto('/user/login');
      expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
      await page.getByPlaceholder(/用户名|账号/).waitFor();
      // The captcha is a data: image, allowed by img-src.
      await expect.poll(() => page.locator('img[src^="data:image"]').count()).toBeGreaterThan(0);
      await page.waitForTimeout(300);
      expect(violations).toEqual([]);
      await page.context().close();
    } finally {
      await server?.stop();
    }
  });

  it('signing in and opening pages reports no violation', async () => {
    const { page, violations } = await watched(own.server.url);
    await page.goto('/user/login');
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/dashboard/analysis');
    await expect.poll(() => page.getByRole('menu').first().textContent()).toContain('系统管理');
    for (const path of ['/system/user', '/system/menu', '/system/role', '/dashboard/workplace']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
    await page.context().close();
  });
});
