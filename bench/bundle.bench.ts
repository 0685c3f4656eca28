// What the sign-in page and the signed-in shell load (gzip bytes of JS and CSS) and how long until each
// is interactive in Chromium. Baseline: an empty HTML page served by the same server in the same run.
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '../e2e/support/chromium';
import { startServer } from '../e2e/support/server';
import { report } from './lib/report';

const ADMIN_PASSWORD = 'Bench#2026-pass';

interface Load {
  jsGzip: number;
  cssGzip: number;
  tti: number;
}

async function measure(page: Page, url: string, ready: (p: Page) => Promise<unknown>): Promise<Load> {
  let jsGzip = 0;
  let cssGzip = 0;
  const pending: Promise<void>[] = [];
  const onResponse = (res: import('playwright-core').Response) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      res
        .body()
        .then((body) => {
          const size = gzipSync(body, { level: 6 }).length;
          if (type === 'script') jsGzip += size;
          else cssGzip += size;
        })
        .catch(() => {}),
    );
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'commit' });
  await ready(page);
  // Interactive: the element is usable and the main thread has had a quiet frame since.
  const tti = await page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now()), 0))));
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  page.off('response', onResponse);
  return { jsGzip, cssGzip, tti };
}

async function main() {
  const server = await startServer({ ADMIN_PASSWORD, LOGIN_CAPTCHA: 'off' });
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  try {
    const runs = 5;
    const login: Load[] = [];
    const shell: Load[] = [];
    const blank: number[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const b = await measure(page, '/api/health', async () => {});
      blank.push(b.tti);
      login.push(await measure(page, '/user/login', (p) => p.getByRole('button', { name: /登\s*录/ }).waitFor({ state: 'visible' })));
      await page.getByPlaceholder(/用户名|账号/).fill('admin');
      await page.getByPlaceholder(/密码/).fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForURL((u) => !u.pathname.startsWith('/user/login'));
      await page.waitForLoadState('networkidle');
      const fresh = await context.newPage();
      shell.push(await measure(fresh, '/dashboard/analysis', (p) => p.getByRole('menu').first().waitFor({ state: 'visible' })));
      await context.close();
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const blankTti = median(blank);
    report('bundle', [
      { name: 'sign-in page JS (gzip)', value: Math.round(median(login.map((l) => l.jsGzip)) / 1024), unit: 'KB', aim: '< 200 KB' },
      { name: 'sign-in page CSS (gzip)', value: Math.round(median(login.map((l) => l.cssGzip)) / 1024), unit: 'KB' },
      { name: 'sign-in page time to interactive (median of 5)', value: median(login.map((l) => l.tti)), unit: 'ms', baseline: blankTti, aim: '< 1000 ms' },
      { name: 'signed-in shell JS (gzip)', value: Math.round(median(shell.map((l) => l.jsGzip)) / 1024), unit: 'KB', aim: '< 400 KB' },
      { name: 'signed-in shell CSS (gzip)', value: Math.round(median(shell.map((l) => l.cssGzip)) / 1024), unit: 'KB' },
      { name: 'signed-in shell time to interactive (median of 5)', value: median(shell.map((l) => l.tti)), unit: 'ms', baseline: blankTti, aim: '< 1000 ms' },
    ]);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
