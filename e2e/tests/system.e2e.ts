import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { launch } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

// Issue 3 end to end, through the pages: a department, a role with some menus and buttons, a user in
// both; that user sees only those menus and buttons; frozen, the user can no longer sign in.
// This file runs its own server so the other files' password change cannot affect it.
const ADMIN = 'Admin#sys-e2e-1';
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD: ADMIN, LOGIN_CAPTCHA: 'off', DEMO_DATA: 'off' });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(username: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/user/login');
  await page.getByPlaceholder('请输入用户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  return page;
}

const modal = (page: Page) => page.locator('.ant-modal-content:visible').last();
const modalOk = (page: Page) => modal(page).locator('.ant-modal-footer .ant-btn-primary').click();

describe('system management', () => {
  it('gives a new user exactly the menus and buttons of their role, and refuses sign-in once frozen', async () => {
    const admin = await signedIn('admin', ADMIN);
    onTestFailed(async () => {
      await admin.screenshot({ path: `${import.meta.dirname}/../artifacts/system-admin.png` }).catch(() => {});
    });
    await admin.waitForURL((u) => u.pathname === '/dashboard/analysis');

    // antd speaks Chinese in the built app (an empty list reads 暂无数据).
    await admin.goto('/system/position');
    await admin.locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();

    // A department.
    await admin.goto('/system/depart');
    await admin.getByRole('button', { name: '添加部门' }).click();
    await modal(admin).getByPlaceholder('请输入机构名称').fill('安全教育部');
    await modalOk(admin);
    await admin.getByText('安全教育部').first().waitFor();

    // A role holding 系统管理 > 职务管理 with its 查询 and 添加 buttons.
    await admin.goto('/system/role');
    await admin.getByRole('button', { name: /新\s*增/ }).click();
    await modal(admin).getByPlaceholder('请输入角色名称').fill('安全员');
    await modal(admin).getByPlaceholder('请输入角色编码').fill('safety_officer');
    await modalOk(admin);
    const roleRow = admin.locator('tr', { hasText: 'safety_officer' });
    await roleRow.getByText('授权').click();
    const drawer = admin.locator('.ant-drawer-content');
    await drawer.getByText('展开全部').click().catch(() => {});
    // Tree nodes in display order; a button is the first node with its title after its page's node.
    const check = async (title: string, after?: string) => {
      const titles = (await drawer.locator('.ant-tree-treenode').allTextContents()).map((t) => t.trim());
      const from = after ? titles.indexOf(after) + 1 : 0;
      const index = titles.indexOf(title, from);
      expect(index, `${title} in the permission tree`).toBeGreaterThanOrEqual(0);
      await drawer.locator('.ant-tree-treenode').nth(index).locator('.ant-tree-checkbox').click();
    };
    await check('系统管理');
    await check('职务管理');
    await check('查询', '职务管理');
    await check('添加', '职务管理');
    await drawer.getByRole('button', { name: '保存并关闭' }).click();
    await admin.locator('.ant-drawer-content').waitFor({ state: 'detached' });

    // A user in both.
    await admin.goto('/system/user');
    await admin.getByRole('button', { name: /新\s*增/ }).click();
    const form = modal(admin);
    await form.getByPlaceholder('请输入用户账号').fill('safety01');
    await form.getByPlaceholder('请输入登录密码').fill('Safety#2026-01');
    await form.getByPlaceholder('请重新输入登录密码').fill('Safety#2026-01');
    await form.getByPlaceholder('请输入用户名称').fill('王安全');
    await form.locator('.ant-form-item', { hasText: '角色分配' }).locator('.ant-select-selector').click();
    await admin.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '安全员' }).click();
    await form.locator('.ant-modal-title').click(); // closes the dropdown, not the dialog
    await form.locator('.ant-form-item', { hasText: '部门分配' }).locator('.ant-select-selector').click();
    await admin.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: '安全教育部' }).click();
    await form.locator('.ant-modal-title').click(); // closes the dropdown, not the dialog
    await modalOk(admin);
    await admin.locator('tr', { hasText: 'safety01' }).waitFor();

    // The new user sees only 首页 and 系统管理 > 职务管理, and only the buttons granted.
    const user = await signedIn('safety01', 'Safety#2026-01');
    await user.waitForURL((u) => u.pathname === '/dashboard/analysis');
    const menu = user.getByRole('menu').first();
    await menu.getByText('系统管理').click();
    expect((await menu.locator('.ant-menu-title-content').allTextContents()).map((t) => t.trim())).toEqual(['首页', '系统管理', '职务管理']);
    await menu.getByText('职务管理').click();
    await user.waitForURL((u) => u.pathname === '/system/position');
    await user.getByRole('button', { name: /新\s*增/ }).waitFor();
    expect(await user.getByRole('button', { name: /导\s*出/ }).count()).toBe(0);
    expect(await user.getByRole('button', { name: /导\s*入/ }).count()).toBe(0);
    // and the server refuses what the browser hides
    const refused = await user.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('Access-Token') ?? '{}');
      const value = typeof token === 'object' && token ? (token.value ?? token) : token;
      const res = await fetch('/api/sys/user/list', { headers: { 'X-Access-Token': String(value) } });
      return res.status;
    });
    expect(refused).toBe(403);

    // Frozen, the user cannot sign in.
    await admin.reload();
    const row = admin.locator('tr', { hasText: 'safety01' });
    await row.getByText('更多').hover();
    await admin.getByRole('menuitem', { name: '冻结' }).click();
    await admin.getByRole('button', { name: /确\s*定/ }).click();
    await row.getByText('冻结').waitFor();
    const again = await signedIn('safety01', 'Safety#2026-01');
    await expect.poll(() => again.getByRole('alert').textContent()).toContain('该用户已冻结');
  });
});
