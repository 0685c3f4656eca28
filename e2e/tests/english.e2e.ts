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

/** Chooses a language in the header's globe menu; the page reloads in it. */
async function chooseLanguage(page: Page, current: string, name: string) {
  await page.getByRole('button', { name: current, exact: true }).click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('menuitem', { name, exact: true }).click()]);
  await settled(page);
}

describe('English', () => {
  it('switches to English in the header, shows the main pages without Chinese, remembers it and switches back', async () => {
    const first = await own.signedIn();
    await nameSeedsInEnglish(first);
    await first.context().close();

    // signed in again, so the session carries the new names
    const page = await own.signedIn();
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
    const first = await own.signedIn();
    await nameSeedsInEnglish(first);
    await first.context().close();
    const page = await own.signedIn();
    const pages = leafPages(await menuOf(page));
    expect(pages.length).toBeGreaterThan(40);
    // English, one tab at a time (with 多页签 every visited page would stay mounted, hidden)
    await page.evaluate(() => {
      localStorage.setItem('LOCALE', JSON.stringify({ value: 'en-US', expire: null }));
      localStorage.setItem('DISPLAY_SETTINGS', JSON.stringify({ value: { multipage: false }, expire: null }));
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await settled(page);

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
