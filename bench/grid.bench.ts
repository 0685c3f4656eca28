// The editable grid on 10,000 rows x 20 columns in Chromium: first paint, validating every cell,
// keystroke to paint, and frame times while scrolling to the bottom. Baseline in the same run: antd's
// Table in virtual mode on the same rows (first paint, scroll frames). The page is a Vite build of
// bench/grid-page using the grid's real source (bench/lib/grid-page.ts).
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '../e2e/support/chromium';
import type {} from './grid-page/bench-api';
import { buildAndServeGridPage } from './lib/grid-page';
import { percentile, report } from './lib/report';

const LOADS = 5;
const KEYSTROKES = 30;
const SCROLL_FRAMES = 400; // 25 rows per frame down 10,000 rows: a drag of the scrollbar
const WHEEL_FRAMES = 250; // 4 rows per frame over the first 1,000 rows: a fast wheel

const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
const worst = (xs: number[]) => Math.max(...xs);

async function open(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // tsx keeps function names with a __name helper that page.evaluate'd code would miss.
  await page.addInitScript('window.__name = (f) => f');
  await page.goto(url);
  await page.waitForFunction(() => window.__bench?.ready === true, undefined, { timeout: 60_000 });
  return page;
}

async function firstPaint(browser: Browser, url: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const page = await open(browser, url);
    times.push(await page.evaluate(() => window.__bench.renderToPaint!));
    await page.close();
  }
  return times;
}

/** rAF-to-rAF times while the rows scroll from the top to `until` (a fraction), one step per frame. */
async function scrollFrames(page: Page, frames = SCROLL_FRAMES, until = 1): Promise<number[]> {
  await page.evaluate(() => window.__bench.scrollTo!(0));
  await page.waitForTimeout(300);
  return page.evaluate(
    ({ frames, until }) =>
      new Promise<number[]>((resolve) => {
        const deltas: number[] = [];
        let i = 0;
        let last = 0;
        const tick = (ts: number) => {
          if (last) deltas.push(ts - last);
          last = ts;
          if (i > frames) return resolve(deltas);
          window.__bench.scrollTo!((i / frames) * until);
          i++;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { frames, until },
  );
}

/** From a key press to the paint showing the typed character, for each of KEYSTROKES keys. */
async function keystrokes(page: Page): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { __keys: number[]; __down: number };
    w.__keys = [];
    document.addEventListener('keydown', () => (w.__down = performance.now()), true);
    document.addEventListener('input', () => {
      const down = w.__down;
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => w.__keys.push(performance.now() - down);
        ch.port2.postMessage(null);
      });
    });
  });
  const input = page.locator('.eg-body [role="row"]').nth(3).locator('[data-key="c2"] input');
  await input.click();
  await page.keyboard.press('End');
  const before = await input.inputValue();
  const text = 'abcdefghijklmnopqrstuvwxyz0123456789'.slice(0, KEYSTROKES);
  await page.keyboard.type(text, { delay: 60 });
  await page.waitForFunction((n) => (window as unknown as { __keys: number[] }).__keys.length >= n, KEYSTROKES);
  const typed = await input.inputValue();
  if (typed !== before + text) throw new Error(`typing did not reach the cell: ${typed}`);
  return page.evaluate(() => (window as unknown as { __keys: number[] }).__keys);
}

async function main() {
  const site = await buildAndServeGridPage();
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  try {
    const gridUrl = `${site.url}/?mode=grid`;
    const antdUrl = `${site.url}/?mode=antd`;
    await (await open(browser, gridUrl)).close(); // warm-up: compile caches
    const gridPaint = await firstPaint(browser, gridUrl);
    const antdPaint = await firstPaint(browser, antdUrl);

    const page = await open(browser, gridUrl);
    const validate: number[] = [];
    let errorCount = 0;
    for (let i = 0; i < 3; i++) {
      const r = await page.evaluate(() => window.__bench.validate!());
      validate.push(r.ms);
      errorCount = r.errorCount;
    }
    const keys = await keystrokes(page);
    const gridFrames = await scrollFrames(page);
    const gridWheel = await scrollFrames(page, WHEEL_FRAMES, 0.1);
    await page.close();

    const antdPage = await open(browser, antdUrl);
    const antdFrames = await scrollFrames(antdPage);
    const antdWheel = await scrollFrames(antdPage, WHEEL_FRAMES, 0.1);
    await antdPage.close();

    console.log(`validation found ${errorCount} errors (one required cell empty every 97 rows)`);
    const p95 = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 95);
    report('grid', [
      { name: `first paint, 10,000 x 20 (median of ${LOADS})`, value: median(gridPaint), unit: 'ms', baseline: median(antdPaint), aim: '< 300 ms' },
      { name: 'validate all cells, getValues (median of 3)', value: median(validate), unit: 'ms', aim: '< 200 ms' },
      { name: `keystroke to paint (median of ${KEYSTROKES})`, value: median(keys), unit: 'ms', aim: '< 16 ms' },
      { name: 'keystroke to paint (worst)', value: worst(keys), unit: 'ms' },
      { name: `scroll frame to the bottom (median of ${gridFrames.length})`, value: median(gridFrames), unit: 'ms', baseline: median(antdFrames) },
      { name: 'scroll frame (95th percentile)', value: p95(gridFrames), unit: 'ms', baseline: p95(antdFrames) },
      { name: 'scroll frame (worst)', value: worst(gridFrames), unit: 'ms', baseline: worst(antdFrames), aim: '< 50 ms' },
      { name: `wheel-pace scroll frame, 4 rows a frame (median of ${gridWheel.length})`, value: median(gridWheel), unit: 'ms', baseline: median(antdWheel) },
      { name: 'wheel-pace scroll frame (worst)', value: worst(gridWheel), unit: 'ms', baseline: worst(antdWheel), aim: '< 50 ms' },
    ]);
  } finally {
    await browser.close();
    await site.close();
  }
}

await main();
