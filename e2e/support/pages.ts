// Walking the signed-in shell's pages: the menu's leaf pages, in-app navigation, waiting until a page has
// settled, calls as the page's user, and the visible interface text in Chinese.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { CJK } from '@anxue/shared/i18n';

export interface MenuNode {
  path?: string;
  hidden?: boolean;
  route?: string;
  meta?: { title?: string; internalOrExternal?: boolean; hideMenu?: boolean };
  children?: MenuNode[];
}

/** The leaf pages of the menu a user can open inside the shell (no external link, no `:param` in the address). */
export function leafPages(nodes: MenuNode[], out: { path: string; title: string }[] = []) {
  for (const node of nodes) {
    if (node.hidden || node.meta?.hideMenu) continue;
    const children = (node.children ?? []).filter((c) => !c.hidden && !c.meta?.hideMenu);
    if (children.length) {
      leafPages(children, out);
      continue;
    }
    const path = node.path ?? '';
    if (!path.startsWith('/') || path.includes(':') || node.meta?.internalOrExternal || node.route === '0') continue;
    out.push({ path, title: node.meta?.title ?? path });
  }
  return out;
}

/** A call to the API as the signed-in user of the page; answers `result`, throws the message of a refusal. */
export async function apiCall<T>(page: Page, method: string, path: string, body?: object): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const raw = localStorage.getItem('Access-Token');
      const token = raw ? (JSON.parse(raw) as { value: string }).value : '';
      const headers = { 'X-Access-Token': token, ...(body ? { 'Content-Type': 'application/json' } : {}) };
      const res = await fetch(`/api${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
      const answer = await res.json();
      if (!answer.success) throw new Error(`${method} ${path}: ${answer.message}`);
      return answer.result;
    },
    { method, path, body },
  );
}

/** The menu the server gives the page's user. */
export async function menuOf(page: Page): Promise<MenuNode[]> {
  return (await apiCall<{ menu: MenuNode[] }>(page, 'GET', '/sys/permission/getUserPermissionByToken')).menu;
}

/** In-app navigation, as a menu click does (a reload per page would start the whole app again each time). */
export async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Nothing is loading any more: the routed page has content and no spinner, skeleton or animation runs. */
export async function settled(page: Page) {
  const waitingFor = () =>
    page.evaluate(() => {
      // the navigation bar runs while a lazily loaded screen is on its way
      if (document.documentElement.classList.contains('route-busy')) return 'navigating';
      const busy = [...document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading')].find((e) => e.checkVisibility());
      if (busy) return `busy: ${busy.className} in ${location.pathname}`;
      // a dialog or drawer still fading in is drawn half transparent: colours are measured once it stands
      const moving = [...document.querySelectorAll('[class*="-enter-active"], [class*="-appear-active"], [class*="-leave-active"]')].find((e) => e.checkVisibility());
      if (moving) return `moving: ${moving.className}`;
      const content = document.querySelector('.page-content') ?? document.getElementById('root');
      return content && content.childElementCount > 0 ? '' : `no content in ${location.pathname}`;
    });
  await expect.poll(waitingFor, { timeout: 20_000, interval: 100 }).toBe('');
}

/**
 * The lines of the page's visible text that carry a Chinese character, data rows of tables and stored texts
 * marked `data-stored` left out; each with the class of the element that shows it, to find it when a test fails.
 */
export async function chineseLines(page: Page): Promise<string[]> {
  return page.evaluate((cjk) => {
    const chinese = new RegExp(cjk);
    // cells of data rows, and stored texts shown elsewhere ([data-stored], e.g. a log's content as it was
    // recorded), are hidden while the text is read, so only the interface's own words count
    const cells = [...document.querySelectorAll<HTMLElement>('.ant-table-tbody > tr.ant-table-row > td, .ant-table-tbody > tr.ant-table-row > td *, [data-stored], [data-stored] *')];
    const before = cells.map((c) => c.style.visibility);
    cells.forEach((c) => (c.style.visibility = 'hidden'));
    try {
      const lines = document.body.innerText.split('\n').map((l) => l.trim()).filter((l) => chinese.test(l));
      return lines.map((line) => {
        const holders = [...document.body.querySelectorAll<HTMLElement>('*')].filter((e) => e.innerText?.trim() === line && e.checkVisibility());
        const where = holders.at(-1);
        return where ? `${line}  (in <${where.tagName.toLowerCase()} class="${where.className}"> under .${where.parentElement?.className ?? ''})` : line;
      });
    } finally {
      cells.forEach((c, i) => (c.style.visibility = before[i]!));
    }
  }, CJK.source);
}
