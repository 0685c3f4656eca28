// What the sign-in page, a student's path and the signed-in shell load (gzip bytes of JS and CSS) and how
// long until each is interactive in Chromium. Baseline: an empty HTML page served by the same server in the
// same run. Exits non-zero, naming the page, when one passes its byte budget (BUDGETS), or when a student's
// phone fetches a chunk holding back-office code or the back-office shell one holding the student area's
// (the build lists them in .vite/sides.json).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '../e2e/support/chromium';
import { startServer } from '../e2e/support/server';
import { report } from './lib/report';
import { studentAccount, walkStudentPath, webDist } from './lib/student-path';

const ADMIN_PASSWORD = 'Bench#2026-pass';

/** Gzip KB each may load at most: the sign-in page, a student's path in all, the back-office shell. */
const BUDGETS = { loginJs: 150, loginCss: 40, studentJs: 250, shellJs: 400 };

interface Load {
  jsGzip: number;
  /** per script fetched: its gzip size */
  scriptSizes: Map<string, number>;
  cssGzip: number;
  tti: number;
  scripts: string[];
}

/** `settle`: also counts what the page fetches until the network is idle; without it, what it fetched until ready. */
async function measure(page: Page, url: string, ready: (p: Page) => Promise<unknown>, settle = true): Promise<Load> {
  let jsGzip = 0;
  let cssGzip = 0;
  const scripts: string[] = [];
  const scriptSizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const onResponse = (res: import('playwright-core').Response) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    if (type === 'script') scripts.push(res.url());
    pending.push(
      res
        .body()
        .then((body) => {
          const size = gzipSync(body, { level: 6 }).length;
          if (type === 'script') {
            jsGzip += size;
            scriptSizes.set(new URL(res.url()).pathname, size);
          } else cssGzip += size;
        })
        .catch(() => {}),
    );
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'commit' });
  await ready(page);
  // Interactive: the element is usable and the main thread has had a quiet frame since.
  const tti = await page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now()), 0))));
  if (settle) await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  await Promise.all(pending);
  return { jsGzip, scriptSizes, cssGzip, tti, scripts };
}

async function main() {
  const sides = chunkSides();
  const shellFiles = shellChunks();
  const server = await startServer({ ADMIN_PASSWORD, LOGIN_CAPTCHA: 'off' });
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  try {
    const runs = Number(process.env.BENCH_RUNS ?? 5);
    const login: Load[] = [];
    const shell: Load[] = [];
    const student: number[] = [];
    const crossings: string[] = [];
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
      // the shell until its menu is usable: the home page's charts load after, when the network allows
      const s = await measure(fresh, '/dashboard/analysis', (p) => p.getByRole('menu').first().waitFor({ state: 'visible' }), false);
      shell.push(s);
      await context.close();
      const path = await studentPath(browser, server.url, studentAccount(server.log()));
      student.push(path.jsGzip);
      crossings.push(...crossed(path.scripts, sides.backOffice, "a student's phone fetched back-office code"));
      crossings.push(...crossed(s.scripts, sides.studentArea, "the back-office shell fetched the student area's code"));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const blankTti = median(blank);
    const kb = (xs: number[]) => Math.round(median(xs) / 1024);
    const figures = {
      loginJs: kb(login.map((l) => l.jsGzip)),
      loginCss: kb(login.map((l) => l.cssGzip)),
      studentJs: kb(student),
      shellJs: kb(shell.map((l) => sumOf(l.scriptSizes, shellFiles))),
    };
    report('bundle', [
      { name: 'sign-in page JS (gzip)', value: figures.loginJs, unit: 'KB', aim: `< ${BUDGETS.loginJs} KB` },
      { name: 'sign-in page CSS (gzip)', value: figures.loginCss, unit: 'KB', aim: `< ${BUDGETS.loginCss} KB` },
      { name: "a student's path JS in all: sign-in, home, courses, a course, a lesson, the tests, a test (gzip)", value: figures.studentJs, unit: 'KB', aim: `< ${BUDGETS.studentJs} KB` },
      { name: 'sign-in page time to interactive (median of 5)', value: median(login.map((l) => l.tti)), unit: 'ms', baseline: blankTti, aim: '< 1000 ms' },
      { name: 'signed-in shell JS: the entry and the shell’s chunks (gzip)', value: figures.shellJs, unit: 'KB', aim: `< ${BUDGETS.shellJs} KB` },
      { name: 'all JS fetched until the menu is usable, with the home page’s own charts as far as they came (gzip; varies with timing)', value: kb(shell.map((l) => l.jsGzip)), unit: 'KB' },
      { name: 'signed-in shell CSS (gzip)', value: Math.round(median(shell.map((l) => l.cssGzip)) / 1024), unit: 'KB' },
      { name: 'signed-in shell time to interactive (median of 5)', value: median(shell.map((l) => l.tti)), unit: 'ms', baseline: blankTti, aim: '< 1000 ms' },
    ]);
    const over = (Object.keys(BUDGETS) as (keyof typeof BUDGETS)[]).filter((k) => figures[k] > BUDGETS[k]);
    for (const k of over) console.error(`OVER BUDGET: ${k} loads ${figures[k]} KB gzip, budget ${BUDGETS[k]} KB`);
    for (const c of new Set(crossings)) console.error(`WRONG SIDE: ${c}`);
    if (over.length || crossings.length) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** The chunks of the build that hold back-office code, and those holding the student area's, with those modules. */
function chunkSides(): { backOffice: Record<string, string[]>; studentArea: Record<string, string[]> } {
  const file = join(webDist(), '.vite', 'sides.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new Error(`no ${file}: build the web app again (its chunk-sides plugin writes it)`);
  }
}

/**
 * The shell's own chunks: the page's entry and its preloads, and the shell's chunks the page names in its
 * app-assets block (vite.config.ts, preloadShell). The home page behind it (the dashboard's charts) is a
 * page of its own, fetched at the same time: counting it made the figure swing with timing (365 to 747 KB).
 */
function shellChunks(): Set<string> {
  const html = readFileSync(join(webDist(), 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const m of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)) files.add(m[1]!);
  const block = /<script type="application\/json" id="app-assets">([^<]*)<\/script>/.exec(html);
  if (!block) throw new Error('the built page names no shell chunks (app-assets): build the web app again');
  for (const f of (JSON.parse(block[1]!) as { shellJs: string[] }).shellJs) files.add(f);
  return files;
}

const sumOf = (sizes: Map<string, number>, files: Set<string>) => [...sizes].reduce((a, [f, n]) => a + (files.has(f) ? n : 0), 0);

/** The fetched scripts that are chunks of the other side, each named with its modules. */
function crossed(urls: string[], side: Record<string, string[]>, what: string): string[] {
  return urls.map((u) => new URL(u).pathname.slice(1)).filter((f) => side[f]).map((f) => `${what}: ${f} (${side[f]!.slice(0, 5).join(', ')})`);
}

/** Every script a student's browser fetches (each once) from the sign-in page to a test, by clicks (lib/student-path). */
async function studentPath(browser: import('playwright-core').Browser, baseURL: string, account: { username: string; password: string }) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  const sizes = new Map<string, Promise<number>>();
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script' || sizes.has(res.url())) return;
    sizes.set(res.url(), res.body().then((b) => gzipSync(b, { level: 6 }).length, () => 0));
  });
  await page.goto('/user/login');
  await walkStudentPath(page, account, () => page.waitForLoadState('networkidle'));
  await page.waitForLoadState('networkidle');
  const jsGzip = (await Promise.all(sizes.values())).reduce((a, b) => a + b, 0);
  await context.close();
  return { jsGzip, scripts: [...sizes.keys()] };
}

await main();
