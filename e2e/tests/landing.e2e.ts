import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, signIn } from '../support/browser';
import { navigate } from '../support/pages';
import { REPO_ROOT } from '../support/server';

// Where each user lands after signing in, and that nobody without dashboard:analysis:view reads the tenant's
// figures: a student lands in the student area, a user without any role on the page that says so, from which
// 我的消息 and the bell open. The no-role page is photographed at phone and desktop width (light mode).
const PASSWORD = 'Landing#e2e-2026';
const STUDENT = { username: 'e2e_land_student', realname: '王同学' };
const NO_ROLE = { username: 'e2e_land_norole', realname: '赵新人' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
/** Where the screenshots go (looked at by hand; not compared). */
const SHOTS = join(REPO_ROOT, '.tmp/landing');

interface Envelope<T> {
  success: boolean;
  message: string;
  result: T;
}

let browser: Browser;
let admin: { token: string; tenant: string };

async function must<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${inject('baseURL')}/api${path}`, {
    method,
    headers: { 'X-Access-Token': admin.token, 'tenant-id': admin.tenant, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as Envelope<T>;
  if (!env.success) throw new Error(`${method} ${path}: ${env.message}`);
  return env.result;
}

async function createUser(user: { username: string; realname: string }, roleCode?: string): Promise<void> {
  let selectedroles = '';
  if (roleCode) {
    const roles = await must<{ records: Array<{ id: string; roleCode: string }> }>('GET', `/sys/role/list?roleCode=${roleCode}`);
    selectedroles = roles.records.find((r) => r.roleCode === roleCode)!.id;
  }
  await must('POST', '/sys/user/add', { ...user, password: PASSWORD, confirmPassword: PASSWORD, selectedroles, selecteddeparts: '' });
}

/** The tenant's figures any answer of the page carried (paths of the answers that held some). */
function watchFigures(page: Page): string[] {
  const leaks: string[] = [];
  page.on('response', async (res) => {
    const path = new URL(res.url()).pathname.replace(/^\/api/, '');
    if (!['/sys/loginfo', '/sys/visitInfo', '/sys/dashboard/charts', '/sys/dashboard/analysis'].includes(path)) return;
    const body = (await res.json().catch(() => null)) as Envelope<Record<string, unknown> | null> | null;
    if (!body?.success) return;
    const r = body.result ?? {};
    if (path !== '/sys/dashboard/analysis' || r.newUsers != null || r.loginsByDay != null) leaks.push(path);
  });
  return leaks;
}

const FIGURE_TITLES = ['今日访问次数', '总访问次数', '今日新增用户', '本月新增用户', '近30日登录'];
async function shownFigures(page: Page): Promise<string[]> {
  const text = (await page.locator('body').innerText()) ?? '';
  return FIGURE_TITLES.filter((title) => text.includes(title));
}

/** Nothing wider than the window: no sideways scrolling and no element reaching past the right edge. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width) out.push(`page ${document.documentElement.scrollWidth} > ${width}`);
    for (const el of document.querySelectorAll<HTMLElement>('.ant-result *')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && (r.right > width + 0.5 || r.left < -0.5)) out.push(`${el.tagName}.${el.className} ${Math.round(r.left)}–${Math.round(r.right)}`);
    }
    return out;
  });
}

beforeAll(async () => {
  browser = await launch();
  const login = await fetch(`${inject('baseURL')}/api/sys/userLogin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: inject('adminPassword') }),
  });
  const body = (await login.json()) as Envelope<{ token: string; userInfo: { loginTenantId?: number | string } }>;
  admin = { token: body.result.token, tenant: String(body.result.userInfo.loginTenantId ?? 0) };
  await createUser(STUDENT, 'student');
  await createUser(NO_ROLE);
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe('landing after sign-in', () => {
  it('takes a student to the student area, and shows them none of the tenant’s figures', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    const leaks = watchFigures(page);
    await signIn(page, STUDENT.username, PASSWORD);
    await page.waitForURL((u) => /^\/students(\/|$)/.test(u.pathname));
    await page.getByText(STUDENT.realname).first().waitFor();
    // / leads there too
    await page.goto('/');
    await page.waitForURL((u) => /^\/students(\/|$)/.test(u.pathname));
    // reloading the home page lands them again; opened from inside, it answers their own parts only
    await page.goto('/dashboard/analysis');
    await page.waitForURL((u) => /^\/students(\/|$)/.test(u.pathname));
    await navigate(page, '/dashboard/analysis');
    await page.getByText(/欢迎回来/).waitFor();
    await page.getByText('最新公告').waitFor();
    expect(await shownFigures(page)).toEqual([]);
    expect(leaks).toEqual([]);
    await context.close();
  });

  it('takes a user without any role to the page that says so, from which 我的消息 and the bell open', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    const leaks = watchFigures(page);
    await signIn(page, NO_ROLE.username, PASSWORD);
    await page.waitForURL((u) => u.pathname === '/no-role');
    await page.getByText('你的账号还没有分配角色').waitFor();
    await expect.poll(() => page.locator('.ant-result').innerText()).toContain('系统管理员');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(SHOTS, 'no-role-1440.png'), fullPage: true });
    expect(await overflow(page)).toEqual([]);

    // the bell opens its panel
    await page.getByRole('button', { name: '消息通知' }).click();
    await page.getByText('查看更多').waitFor();
    await page.keyboard.press('Escape');

    await page.locator('.ant-result').getByRole('button', { name: /我的消息/ }).click();
    await page.waitForURL((u) => u.pathname === '/isps/userAnnouncement');
    await page.getByRole('button', { name: /全部标注已读/ }).waitFor();

    // the home entry every menu has shows no figures either
    await navigate(page, '/dashboard/analysis');
    await page.getByText(/欢迎回来/).waitFor();
    await page.getByText('最新公告').waitFor();
    expect(await shownFigures(page)).toEqual([]);
    expect(leaks).toEqual([]);
    await context.close();
  });

  it('fits the no-role page on a phone', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await signIn(page, NO_ROLE.username, PASSWORD);
    await page.waitForURL((u) => u.pathname === '/no-role');
    await page.getByText('你的账号还没有分配角色').waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(SHOTS, 'no-role-390.png'), fullPage: true });
    expect(await overflow(page)).toEqual([]);
    await expect.poll(() => page.locator('.ant-result').getByRole('button', { name: /我的消息/ }).isVisible()).toBe(true);
    await context.close();
  });
});
