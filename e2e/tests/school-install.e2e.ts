import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type ApiUser } from '../support/api';
import { launch } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

// A school's install (DEMO_DATA=off), started as `npm start` does: 示例页面, 组件示例 and 在线开发 are
// the administrator's only, in the menu the server answers and in the side menu a person sees; there are
// no demo accounts and the start-up log prints none. An install first tried out with DEMO_DATA=on, where
// the administrator gave 教师 those menus, loses them for 教师 once restarted as a school.
const ADMIN = 'Admin#school-e2e-1';
const PASSWORD = 'School#e2e-2026';
const EVALUATOR_MENUS = ['示例页面', '组件示例', '在线开发'];
const DEMO_ACCOUNTS = ['demo_teacher', 'demo_student1', 'demo_student2', 'demo_student3'];
const PEOPLE = [
  { username: 'school_teacher', realname: '周老师', role: 'teacher' },
  { username: 'school_student', realname: '吴同学', role: 'student' },
  { username: 'school_editor', realname: '郑编辑', role: 'edu_editor' },
];

interface MenuNode {
  id?: string;
  name?: string;
  meta?: { title?: string };
  children?: MenuNode[];
}

/** Every title of a menu tree, at any depth. */
const titles = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.meta?.title ?? n.name ?? '', ...titles(n.children ?? [])]);
const menuTitles = async (user: ApiUser) => titles((await user.call<{ menu: MenuNode[] }>('GET', '/sys/permission/getUserPermissionByToken')).menu);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The side menu's top entries as a person signed in at desktop size sees them. */
async function sideMenu(server: RunningServer, username: string, password: string): Promise<string[]> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    await page.goto('/user/login');
    await page.getByPlaceholder('请输入用户名').fill(username);
    await page.getByPlaceholder('请输入密码').fill(password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/user/'));
    // a student lands in the student area, which has no side menu: its navigation instead
    const menu = page.locator('.ant-layout-sider .ant-menu-root > .ant-menu-item, .ant-layout-sider .ant-menu-root > .ant-menu-submenu > .ant-menu-submenu-title, .area-topnav-item');
    await menu.first().waitFor();
    return (await menu.allInnerTexts()).map((s) => s.trim());
  } finally {
    await context.close();
  }
}

describe('a school install (DEMO_DATA=off)', () => {
  let server: RunningServer;
  let admin: ApiUser;
  beforeAll(async () => {
    server = await startServer({ ADMIN_PASSWORD: ADMIN, LOGIN_CAPTCHA: 'off', DEMO_DATA: 'off' });
    admin = await apiAs(server.url, 'admin', ADMIN);
    for (const p of PEOPLE) await admin.createUser({ username: p.username, realname: p.realname, password: PASSWORD }, p.role);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('shows 示例页面, 组件示例 and 在线开发 to the administrator only', { timeout: 180_000 }, async () => {
    expect(await menuTitles(admin)).toEqual(expect.arrayContaining(EVALUATOR_MENUS));
    expect(await sideMenu(server, 'admin', ADMIN)).toEqual(expect.arrayContaining(EVALUATOR_MENUS));
    for (const p of PEOPLE) {
      const own = await menuTitles(await apiAs(server.url, p.username, PASSWORD));
      // each still has the menus of their work
      expect(own.length, p.role).toBeGreaterThan(0);
      for (const name of EVALUATOR_MENUS) expect(own, `${p.role}: ${name}`).not.toContain(name);
      const seen = await sideMenu(server, p.username, PASSWORD);
      expect(seen.length, p.role).toBeGreaterThan(0);
      for (const name of EVALUATOR_MENUS) expect(seen, `${p.role} sees ${name}`).not.toContain(name);
    }
  });

  it('has no demo accounts and prints none at start-up', async () => {
    for (const username of DEMO_ACCOUNTS) {
      const page = await admin.call<{ records: Array<{ username: string }> }>('GET', `/sys/user/list?username=${username}`);
      expect(page.records.map((u) => u.username), username).not.toContain(username);
    }
    await expect(apiAs(server.url, 'demo_teacher', PASSWORD)).rejects.toThrow();
    expect(server.log()).toContain('is running at');
    expect(server.log()).not.toMatch(/Demo accounts|demo_teacher/);
  });
});

describe('the school’s name in the browser tab', () => {
  it('is the install’s name (系统设置) from the first paint: in the page as sent, and never the product name while the app starts', { timeout: 120_000 }, async () => {
    const server = await startServer({ ADMIN_PASSWORD: ADMIN, LOGIN_CAPTCHA: 'off', DEMO_DATA: 'off' });
    try {
      const admin = await apiAs(server.url, 'admin', ADMIN);
      await admin.call('PUT', '/sys/setting/edit', { siteName: '育才小学安全教育' });
      // with no script run at all, the tab already carries the name
      const still = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false, locale: 'zh-CN' });
      const bare = await still.newPage();
      await bare.goto('/user/login');
      expect(await bare.title()).toBe('育才小学安全教育');
      await still.close();
      // every title the tab shows while the app loads and draws the sign-in page
      const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN' });
      await context.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __titles: string[] }).__titles = seen;
        const note = () => {
          if (document.title && seen[seen.length - 1] !== document.title) seen.push(document.title);
        };
        new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
      });
      const page = await context.newPage();
      await page.goto('/user/login');
      await expect.poll(() => page.title()).toBe('登录 · 育才小学安全教育');
      const titles = await page.evaluate(() => (window as unknown as { __titles: string[] }).__titles);
      expect(titles[0]).toBe('育才小学安全教育');
      expect(titles.filter((x) => x.includes('安学云'))).toEqual([]);
      await context.close();
    } finally {
      await server.stop();
    }
  });
});

describe('an install tried out with DEMO_DATA=on, then run as a school', () => {
  it('takes 示例页面, 组件示例 and 在线开发 back from 教师 at the first start with DEMO_DATA=off, and freezes the demo accounts whose printed passwords still work; the administrator keeps the menus', { timeout: 240_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'anxue-school-'));
    const env = { ADMIN_PASSWORD: ADMIN, LOGIN_CAPTCHA: 'off', DATA_DIR: dataDir };
    let server = await startServer({ ...env, DEMO_DATA: 'on' });
    // the passwords the start-up log showed once
    const printed = (username: string) => new RegExp(`${username} \\([^)]*\\) password: (\\w+)`).exec(server.log())?.[1] ?? '';
    const demo = Object.fromEntries(DEMO_ACCOUNTS.map((u) => [u, printed(u)]));
    try {
      for (const [username, password] of Object.entries(demo)) expect(password, username).not.toBe('');
      await apiAs(server.url, 'demo_student1', demo.demo_student1!);
      // the school keeps demo_student2 under a password of its own
      const own = await apiAs(server.url, 'demo_student2', demo.demo_student2!);
      await own.call('PUT', '/sys/user/updatePassword', { username: 'demo_student2', oldpassword: demo.demo_student2, password: PASSWORD, confirmpassword: PASSWORD });
      const admin = await apiAs(server.url, 'admin', ADMIN);
      await admin.createUser({ username: 'trial_teacher', realname: '冯老师', password: PASSWORD }, 'teacher');
      // the evaluator gives 教师 the three menus and everything under them
      const tree = await admin.call<MenuNode[]>('GET', '/sys/permission/list');
      const under = (n: MenuNode): string[] => [n.id!, ...(n.children ?? []).flatMap(under)];
      const find = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => (EVALUATOR_MENUS.includes(n.name ?? '') ? [n] : find(n.children ?? [])));
      const evaluatorIds = find(tree).flatMap(under);
      expect(find(tree).map((n) => n.name).sort()).toEqual([...EVALUATOR_MENUS].sort());
      const role = (await admin.call<{ records: Array<{ id: string; roleCode: string }> }>('GET', '/sys/role/list?roleCode=teacher')).records.find((r) => r.roleCode === 'teacher')!;
      const held = await admin.call<string[]>('GET', `/sys/permission/queryRolePermission?roleId=${role.id}`);
      await admin.call('POST', '/sys/permission/saveRolePermission', { roleId: role.id, permissionIds: [...new Set([...held, ...evaluatorIds])].join(','), lastpermissionIds: held.join(',') });
      expect(await menuTitles(await apiAs(server.url, 'trial_teacher', PASSWORD))).toEqual(expect.arrayContaining(EVALUATOR_MENUS));
    } finally {
      await server.stop();
    }
    server = await startServer({ ...env, DEMO_DATA: 'off' });
    try {
      const teacher = await menuTitles(await apiAs(server.url, 'trial_teacher', PASSWORD));
      for (const name of EVALUATOR_MENUS) expect(teacher, name).not.toContain(name);
      // the rest of what 教师 was given stays
      expect(teacher).toContain('班级统计');
      expect(await menuTitles(await apiAs(server.url, 'admin', ADMIN))).toEqual(expect.arrayContaining(EVALUATOR_MENUS));
      expect(await sideMenu(server, 'admin', ADMIN)).toEqual(expect.arrayContaining(EVALUATOR_MENUS));
      // the printed passwords no longer sign anyone in; the one the school changed still works
      for (const username of ['demo_teacher', 'demo_student1', 'demo_student3']) await expect(apiAs(server.url, username, demo[username]!), username).rejects.toThrow('该用户已冻结');
      await apiAs(server.url, 'demo_student2', PASSWORD);
      expect(server.log()).toContain('froze the demo accounts');
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
