import { describe, expect, it } from 'vitest';
import { useOwnServer } from '../support/own-server';
import { leafPages, menuOf, navigate, settled } from '../support/pages';

// Every page of the administrator's menu on a 320 px phone: nothing is wider than the screen. A table
// wider than the phone scrolls sideways inside its card, a query field narrows, a toolbar wraps.
const ADMIN = 'Admin#phone-width-1';
const HOME = '/dashboard/analysis';
const WIDTH = 320;
const own = useOwnServer(ADMIN, { DEMO_DATA: 'on' });

describe('the back-office at phone width', () => {
  it(`no page of the administrator’s menu is wider than a ${WIDTH} px screen`, { timeout: 300_000 }, async () => {
    const page = await own.signedIn();
    const pages = leafPages(await menuOf(page));
    expect(pages.length).toBeGreaterThan(20);
    // one tab at a time: with 多页签 on, every visited page would stay mounted (hidden)
    await page.evaluate(() => localStorage.setItem('DISPLAY_SETTINGS', JSON.stringify({ value: { multipage: false }, expire: null })));
    await page.setViewportSize({ width: WIDTH, height: 700 });
    await page.goto(HOME);
    await settled(page);
    const wider: string[] = [];
    for (const { path, title } of pages) {
      await navigate(page, path);
      await expect.poll(() => page.title(), { timeout: 20_000 }).toMatch(path === HOME ? /./ : title);
      await settled(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > WIDTH) wider.push(`${title} ${path}: ${width} px`);
    }
    expect(wider).toEqual([]);
  });
});
