import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { navigate, settled } from '../support/pages';
import { useOwnServer } from '../support/own-server';

// A school's own product: the name, footer and page titles are the install's (系统设置), the product name
// 安学云 until set, and never another product's. On a server of its own, so the name set here stays here.
const own = useOwnServer('Admin#brand-own-2026');
const SITE = '实验中学安全教育';
const FOOTER = '实验中学 版权所有 · 安全第一';
const SHOTS = `${import.meta.dirname}/../artifacts`;

async function context(width: number, dark: boolean): Promise<BrowserContext> {
  const ctx = await own.browser.newContext({ baseURL: own.server.url, viewport: { width, height: width < 500 ? 800 : 900 }, locale: 'zh-CN' });
  if (dark) await ctx.addInitScript(() => localStorage.setItem('DISPLAY_SETTINGS', JSON.stringify({ value: { darkMode: true }, expire: null })));
  return ctx;
}

const bodyText = (page: Page) => page.evaluate(() => document.body.innerText);

describe('the install’s name on the sign-in page, in the shell and in page titles', () => {
  it('is the product name until 系统设置 names the install, then that name and footer everywhere; never JeecgBoot', async () => {
    const visitor = await (await context(1440, false)).newPage();
    await visitor.goto('/user/login');
    await expect.poll(() => visitor.getByRole('heading', { level: 1 }).textContent()).toBe('安学云');
    expect(await visitor.title()).toBe('登录 · 安学云');
    expect(await bodyText(visitor)).not.toMatch(/jeecg|开源低代码/i);

    const admin = await own.signedIn();
    await settled(admin);
    await expect.poll(() => admin.locator('footer').innerText()).toMatch(/Copyright © \d{4} 安学云/);
    expect(await bodyText(admin)).not.toMatch(/jeecg|开源低代码/i);

    // 系统设置 names the install
    await navigate(admin, '/system/setting');
    await settled(admin);
    await admin.getByLabel('系统名称').fill(SITE);
    await admin.getByLabel('页脚文字').fill(FOOTER);
    await admin.getByRole('button', { name: /保\s*存/ }).click();
    await admin.getByText('保存成功！').waitFor();
    // the open shell follows at once: footer, logo, title
    await expect.poll(() => admin.locator('footer').innerText()).toBe(FOOTER);
    await expect.poll(() => admin.locator('.logo-title').innerText()).toBe(SITE);
    await expect.poll(() => admin.title()).toBe(`系统设置 · ${SITE}`);

    // a visitor's sign-in page, loaded afresh
    await visitor.reload();
    await expect.poll(() => visitor.getByRole('heading', { level: 1 }).textContent()).toBe(SITE);
    expect(await visitor.getByRole('contentinfo').innerText()).toBe(FOOTER);
    expect(await visitor.title()).toBe(`登录 · ${SITE}`);
    expect(await bodyText(visitor)).not.toMatch(/jeecg|开源低代码/i);

    // phone and desktop, light and dark: the sign-in page and the shell's footer, for a person to look at;
    // nothing wider than the screen
    for (const width of [390, 1440]) {
      for (const dark of [false, true]) {
        const tag = `${width}-${dark ? 'dark' : 'light'}`;
        const ctx = await context(width, dark);
        const page = await ctx.newPage();
        await page.goto('/user/login');
        await page.getByRole('heading', { level: 1, name: SITE }).waitFor();
        expect(await page.evaluate(() => document.body.classList.contains('dark-mode'))).toBe(dark);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${SHOTS}/branding-signin-${tag}.png`, fullPage: true });
        await page.getByPlaceholder('请输入用户名').fill('admin');
        await page.getByPlaceholder('请输入密码').fill('Admin#brand-own-2026');
        await page.getByRole('button', { name: /登\s*录/ }).click();
        await page.waitForURL((u) => !u.pathname.startsWith('/user/'));
        await settled(page);
        await expect.poll(() => page.locator('footer').innerText()).toBe(FOOTER);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        // readable on its background: light text when dark, dark text when light
        const ink = await page.locator('footer').evaluate((el) => Number(/\d+/.exec(getComputedStyle(el).color)![0]));
        expect(dark ? ink > 150 : ink < 100).toBe(true);
        // the side menu (and its logo) is a drawer on a phone
        if (dark && width > 500) expect(await page.locator('.logo').evaluate((el) => Number(/\d+/.exec(getComputedStyle(el).color)![0]))).toBeGreaterThan(150);
        await settled(page);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${SHOTS}/branding-footer-${tag}.png` });
        await ctx.close();
      }
    }
  }, 180_000);
});
