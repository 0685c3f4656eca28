import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { useOwnServer } from '../support/own-server';
import { apiCall as api, chineseLines, leafPages, menuOf, navigate, settled } from '../support/pages';

// Issue 17 (English): the language is switched in the header's globe menu and remembered; in English the
// main back-office pages show no Chinese character outside their data rows (names, titles and codes that
// people typed are data, not interface text), and switching back to 简体中文 brings the Chinese back.
const ADMIN = 'Admin#english-e2e-1';
const own = useOwnServer(ADMIN, { DEMO_DATA: 'off' });

const PAGES = [
  { path: '/dashboard/analysis', heading: 'Visits today' },
  { path: '/system/user', heading: 'Username' },
  { path: '/system/role', heading: 'Role name' },
  { path: '/system/menu', heading: 'Menu name' },
  { path: '/system/dict', heading: 'Dictionary name' },
];

interface DepartNode {
  id: string;
  orgCode: string;
  children?: DepartNode[];
}

/**
 * The seeded administrator and department carry Chinese names; names are data people typed, not texts of
 * the interface, so the test gives them English ones before it reads the pages.
 */
async function nameSeedsInEnglish(page: Page) {
  await api(page, 'POST', '/sys/user/login/setting/userEdit', { realname: 'Ada Admin' });
  const flat = (nodes: DepartNode[]): DepartNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
  const mine = flat(await api<DepartNode[]>(page, 'GET', '/sys/sysDepart/queryTreeList')).find((n) => n.orgCode === 'A01');
  if (!mine) throw new Error('the seeded department A01 is missing');
  await api(page, 'PUT', '/sys/sysDepart/edit', { id: mine.id, departName: 'Head Office' });
  for (const child of mine.children ?? []) await api(page, 'PUT', '/sys/sysDepart/edit', { id: child.id, departName: `Department ${child.orgCode}` });
}

/** The administrator signed in again after nameSeedsInEnglish, so the session carries the new names. */
async function signedInWithEnglishNames(): Promise<Page> {
  const first = await own.signedIn();
  await nameSeedsInEnglish(first);
  await first.context().close();
  return own.signedIn();
}

/**
 * Reloads the page in English, one tab at a time (with 多页签 every visited page would stay mounted,
 * hidden, and its text would be read too).
 */
async function inEnglishOneTab(page: Page) {
  await page.evaluate(() => {
    localStorage.setItem('LOCALE', JSON.stringify({ value: 'en-US', expire: null }));
    localStorage.setItem('DISPLAY_SETTINGS', JSON.stringify({ value: { multipage: false }, expire: null }));
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-US');
  await settled(page);
}

/** Chooses a language in the header's globe menu; the page reloads in it. */
async function chooseLanguage(page: Page, current: string, name: string) {
  await page.getByRole('button', { name: current, exact: true }).click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('menuitem', { name, exact: true }).click()]);
  await settled(page);
}

describe('English', () => {
  it('switches to English in the header, shows the main pages without Chinese, remembers it and switches back', async () => {
    const page = await signedInWithEnglishNames();
    onTestFailed(async () => {
      await page.screenshot({ path: `${import.meta.dirname}/../artifacts/english.png` }).catch(() => {});
    });
    await settled(page);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');

    await chooseLanguage(page, '语言', 'English');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-US');

    const found: Record<string, string[]> = {};
    for (const { path, heading } of PAGES) {
      await page.goto(path);
      await page.getByText(heading, { exact: true }).first().waitFor();
      await settled(page);
      const lines = await chineseLines(page);
      if (lines.length) found[path] = lines;
    }
    if (Object.keys(found).length) console.log('Chinese left on the English pages:\n' + JSON.stringify(found, null, 2));
    expect(found).toEqual({});

    // remembered: a reload stays in English
    await page.reload();
    await settled(page);
    await page.getByRole('button', { name: 'Language', exact: true }).waitFor();
    await page.getByText('Dictionary name', { exact: true }).first().waitFor();

    // and back to Chinese
    await chooseLanguage(page, 'Language', '简体中文');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await page.getByText('字典名称', { exact: true }).first().waitFor();
    await page.goto('/dashboard/analysis');
    await page.getByText('今日访问次数', { exact: true }).waitFor();
    await page.getByRole('button', { name: '语言', exact: true }).waitFor();
  });
});

describe('English on every page', () => {
  it('shows no Chinese outside data on any page of the administrator’s menu', { timeout: 300_000 }, async () => {
    const page = await signedInWithEnglishNames();
    const pages = leafPages(await menuOf(page));
    expect(pages.length).toBeGreaterThan(40);
    await inEnglishOneTab(page);

    const found: Record<string, string[]> = {};
    const only = process.env.ENGLISH_PAGES?.split(',') ?? []; // path prefixes, to work on one area
    for (const { path } of pages.filter((p) => !only.length || only.some((prefix) => p.path.startsWith(prefix)))) {
      if ((await page.evaluate(() => location.pathname)) !== path) {
        const before = await page.title();
        await navigate(page, path);
        // each page has a title of its own: until it changes, the previous page may still be on screen
        await expect.poll(() => page.title(), { timeout: 20_000 }).not.toBe(before);
      }
      await settled(page);
      const lines = await chineseLines(page);
      if (lines.length) found[path] = lines;
    }
    if (Object.keys(found).length) console.log('Chinese left on the English pages:\n' + JSON.stringify(found, null, 2));
    expect(found).toEqual({});
  });
});

describe('English in dialogs and drawers', () => {
  it('shows no Chinese outside data in the dialogs and drawers of the main pages and the header', { timeout: 240_000 }, async () => {
    const page = await signedInWithEnglishNames();
    onTestFailed(async () => {
      await page.screenshot({ path: `${import.meta.dirname}/../artifacts/english-dialogs.png` }).catch(() => {});
    });
    await inEnglishOneTab(page);

    const found: Record<string, string[]> = {};
    const overlay = page.locator('.ant-modal-wrap:visible, .ant-drawer-content-wrapper:visible').last();
    /** Opens one dialog or drawer, reads it, and closes it again. */
    async function read(name: string, open: () => Promise<void>) {
      await open();
      await overlay.waitFor();
      await settled(page);
      const lines = await chineseLines(page);
      if (lines.length) found[name] = lines;
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('.ant-modal-wrap:visible, .ant-drawer-content-wrapper:visible').count()).toBe(0);
    }
    const firstRow = () => page.locator('.ant-table-tbody tr.ant-table-row').first();
    async function openPage(path: string, heading: string) {
      await navigate(page, path);
      await page.getByText(heading, { exact: true }).first().waitFor();
      await firstRow().waitFor();
      await settled(page);
    }
    const button = (name: string | RegExp) => page.getByRole('button', { name }).first();

    await openPage('/system/user', 'Username');
    await read('user: add', () => button(/\bAdd\b/).click());
    await read('user: edit', () => firstRow().getByText('Edit', { exact: true }).click());
    await read('user: advanced query', () => button(/Advanced query/).click());

    await openPage('/system/role', 'Role name');
    await read('role: add', () => button(/\bAdd\b/).click());
    await read('role: permissions', () => firstRow().getByText('Permissions', { exact: true }).click());

    await openPage('/system/menu', 'Menu name');
    await read('menu: add', () => button(/\bAdd\b/).click());
    await read('menu: edit', () => firstRow().getByText('Edit', { exact: true }).click());

    await openPage('/system/dict', 'Dictionary name');
    await read('dictionary: add', () => button(/\bAdd\b/).click());
    await read('dictionary: items', () => firstRow().getByText('Items', { exact: true }).click());

    for (const [name, entry] of [['header: settings', 'Settings'], ['header: change password', 'Change password']]) {
      await read(name!, async () => {
        await page.getByRole('button', { name: /^User menu/ }).click();
        await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: entry, exact: true }).click();
      });
    }

    if (Object.keys(found).length) console.log('Chinese left in English dialogs:\n' + JSON.stringify(found, null, 2));
    expect(found).toEqual({});
  });
});
