import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useOwnServer } from '../support/own-server';
import { leafPages, menuOf, navigate, settled } from '../support/pages';

// Issue 17 (accessibility): every page the administrator's menu offers, the sign-in page, a form dialog
// and a drawer pass axe-core with no serious or critical violation; the menu and a dialog work from the
// keyboard alone, with a visible focus. axe-core is bundled with the project (no network at test time);
// the page's CSP runs no inline script, so its source is evaluated through the driver instead.
const ADMIN = 'Admin#a11y-e2e-1';
const HOME = '/dashboard/analysis';
const own = useOwnServer(ADMIN, { DEMO_DATA: 'on' });
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Finding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Serious and critical axe-core violations of what the page shows now. */
async function audit(page: Page, where: string): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.map((n) => `${n.target.map(String).join(' ')}  [${(n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}]`) }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ where, rule: v.id, impact: v.impact, help: v.help, targets: v.targets }))
    .filter((v) => v.targets.length > 0);
}

function report(findings: Finding[]): string {
  return findings.map((f) => `${f.where} → ${f.rule} (${f.impact}: ${f.help})\n    ${f.targets.slice(0, 8).join('\n    ')}`).join('\n');
}

describe('accessibility (axe-core)', () => {
  it('the sign-in page has no serious or critical violation', async () => {
    const context = await own.browser.newContext({ baseURL: own.server.url, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto('/user/login');
    await page.getByPlaceholder('请输入用户名').waitFor();
    await settled(page);
    const findings = await audit(page, '/user/login');
    await context.close();
    expect(findings, report(findings)).toEqual([]);
  });

  it('every page of the administrator’s menu, a form dialog and a drawer have no serious or critical violation', { timeout: 180_000 }, async () => {
    const page = await own.signedIn();
    const pages = leafPages(await menuOf(page));
    expect(pages.length).toBeGreaterThan(20);
    const findings: Finding[] = [];
    // One tab at a time for the sweep: with 多页签 on, every visited page would stay mounted (hidden) and each
    // audit would walk them all. The tab bar is audited with 多页签 on below, on 用户管理.
    await page.evaluate(() => localStorage.setItem('DISPLAY_SETTINGS', JSON.stringify({ value: { multipage: false }, expire: null })));
    await page.goto(HOME);
    await settled(page);
    const only = process.env.A11Y_PAGES?.split(',') ?? []; // path prefixes, to work on one area
    for (const { path, title } of pages.filter((p) => !only.length || only.some((prefix) => p.path.startsWith(prefix)))) {
      await navigate(page, path);
      await expect.poll(() => page.title(), { timeout: 20_000 }).toMatch(path === HOME ? /./ : title);
      await settled(page);
      findings.push(...(await audit(page, `${title} ${path}`)));
    }

    // a form dialog: 用户管理 新增, with 多页签 back on
    await page.evaluate(() => localStorage.removeItem('DISPLAY_SETTINGS'));
    await page.goto('/system/user');
    await page.locator('.multi-tab').waitFor();
    await settled(page);
    await page.getByRole('button', { name: /新\s*增/ }).first().click();
    const dialog = page.getByRole('dialog').filter({ hasText: '新增' }).first();
    await dialog.waitFor();
    await settled(page);
    findings.push(...(await audit(page, '用户管理 新增 (dialog)')));
    await page.keyboard.press('Escape');

    // a drawer: the display settings of the header
    await page.goto('/dashboard/analysis');
    await settled(page);
    await page.getByRole('button', { name: '用户菜单' }).hover();
    await page.getByRole('menuitem', { name: '系统设置' }).click();
    await page.locator('.ant-drawer-open .ant-drawer-body').waitFor();
    findings.push(...(await audit(page, 'settings drawer')));
    await page.context().close();
    expect(findings, report(findings)).toEqual([]);
  });

  it('in dark mode the shell (side menu with a submenu open, header, tabs) and a list page have no serious or critical violation', { timeout: 120_000 }, async () => {
    const page = await own.signedIn();
    await page.evaluate(() => localStorage.setItem('DISPLAY_SETTINGS', JSON.stringify({ value: { darkMode: true }, expire: null })));
    const findings: Finding[] = [];
    for (const path of [HOME, '/system/user', '/system/role']) {
      await page.goto(path);
      await page.locator('.multi-tab').waitFor();
      await settled(page);
      expect(await page.evaluate(() => document.body.classList.contains('dark-mode'))).toBe(true);
      findings.push(...(await audit(page, `dark ${path}`)));
    }
    await page.context().close();
    expect(findings, report(findings)).toEqual([]);
  });
});

/** What has the keyboard focus: its role, text and whether it is drawn with a visible outline or ring. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { inMenu: false, text: '', role: '', visible: false, tag: '' };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    return {
      inMenu: !!el.closest('.ant-layout-sider .ant-menu'),
      text: (el.innerText || el.getAttribute('aria-label') || '').trim(),
      role: el.getAttribute('role') ?? el.tagName.toLowerCase(),
      visible: outline || ring,
      tag: el.tagName.toLowerCase(),
    };
  });
}

/** Presses `key` until the focus meets `done` (at most `max` times); the focus each step, for the failure message. */
async function pressUntil(page: Page, key: string, done: (f: Awaited<ReturnType<typeof focused>>) => boolean, max = 60) {
  const path: string[] = [];
  for (let i = 0; i < max; i++) {
    // the menu moves its focus a frame after the key: wait for the focus to leave the element it was on
    await page.evaluate(() => document.activeElement?.setAttribute('data-was-focused', ''));
    await page.keyboard.press(key);
    await expect
      .poll(() => page.evaluate(() => !document.activeElement?.hasAttribute('data-was-focused')), { timeout: 2_000, interval: 20 })
      .toBe(true)
      .catch(() => undefined); // a key that leaves the focus where it is is reported by the path below
    await page.evaluate(() => document.querySelectorAll('[data-was-focused]').forEach((e) => e.removeAttribute('data-was-focused')));
    const f = await focused(page);
    path.push(`${f.tag}/${f.role}:${f.text.slice(0, 12)}`);
    if (done(f)) return f;
  }
  const content = await page.evaluate(() => document.querySelector('main')?.innerText.slice(0, 80));
  throw new Error(`${key} ×${max} never reached the target; focus went ${path.join(' → ')}; the page shows ${content}`);
}

describe('keyboard only', () => {
  it('tabs to the side menu, opens 用户管理 with Enter, opens 新增 and closes it with Esc, goes back to 首页 in the tab bar, the focus always visible', async () => {
    const page = await own.signedIn();
    await settled(page);
    await page.locator('body').focus();

    const inMenu = await pressUntil(page, 'Tab', (f) => f.inMenu);
    expect(inMenu.visible, `focused menu entry ${inMenu.text} has no visible focus`).toBe(true);

    // down the menu to 系统管理, open it, down to 用户管理, open the page
    const system = await pressUntil(page, 'ArrowDown', (f) => f.text === '系统管理', 30);
    expect(system.visible).toBe(true);
    await page.keyboard.press('Enter');
    await page.locator('.ant-layout-sider .ant-menu-submenu-open').filter({ hasText: '用户管理' }).waitFor();
    const user = await pressUntil(page, 'ArrowDown', (f) => f.text === '用户管理', 30);
    expect(user.inMenu).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/system/user', { timeout: 10_000 });
    await settled(page);
    await page.getByRole('button', { name: /新\s*增/ }).first().waitFor();

    // on to the page's 新增 button; Enter opens the form dialog with the focus inside it
    const add = await pressUntil(page, 'Tab', (f) => f.tag === 'button' && /^新\s*增$/.test(f.text));
    expect(add.visible, 'the focused 新增 button has no visible focus').toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog').filter({ hasText: '新增' });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.ant-modal-wrap'))).toBe(true);
    const field = await pressUntil(page, 'Tab', (f) => f.tag === 'input', 10);
    expect(field.visible, 'the focused field has no visible focus').toBe(true);

    // Esc closes it (nothing typed, so nothing to confirm)
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);

    // the tab bar above the page: Shift+Tab back from the page reaches the open page's tab (past its ×),
    // an arrow key moves to 首页 and Enter opens it
    const tab = await pressUntil(page, 'Shift+Tab', (f) => f.role === 'tab' && f.tag === 'div');
    expect(tab.visible, 'the focused tab has no visible focus').toBe(true);
    const selected = () => page.evaluate(() => [document.activeElement?.getAttribute('aria-selected'), document.activeElement?.querySelector<HTMLElement>('[data-tab-path]')?.dataset.tabPath]);
    expect(await selected()).toEqual(['true', '/system/user']);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await selected())[1]).toBe('/dashboard/analysis');
    expect((await focused(page)).visible, 'the focused tab has no visible focus').toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/dashboard/analysis', { timeout: 10_000 });
    await page.context().close();
  });
});
