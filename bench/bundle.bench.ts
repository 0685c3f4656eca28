// What the sign-in page, a student's path and the signed-in shell load (gzip bytes of JS and CSS) and how
// long until each is interactive in Chromium. Baseline: an empty HTML page served by the same server in the
// same run. Exits non-zero, naming the page, when one passes its byte budget (BUDGETS).
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '../e2e/support/chromium';
import { startServer } from '../e2e/support/server';
import { report } from './lib/report';

const ADMIN_PASSWORD = 'Bench#2026-pass';

/** Gzip KB each may load at most: the sign-in page, a student's path in all, the back-office shell. */
const BUDGETS = { loginJs: 150, loginCss: 40, studentJs: 250, shellJs: 400 };

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
    const runs = Number(process.env.BENCH_RUNS ?? 5);
    const login: Load[] = [];
    const shell: Load[] = [];
    const student: number[] = [];
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
      student.push(await studentPath(browser, server.url, studentAccount(server.log())));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const blankTti = median(blank);
    const kb = (xs: number[]) => Math.round(median(xs) / 1024);
    const figures = {
      loginJs: kb(login.map((l) => l.jsGzip)),
      loginCss: kb(login.map((l) => l.cssGzip)),
      studentJs: kb(student),
      shellJs: kb(shell.map((l) => l.jsGzip)),
    };
    report('bundle', [
      { name: 'sign-in page JS (gzip)', value: figures.loginJs, unit: 'KB', aim: `< ${BUDGETS.loginJs} KB` },
      { name: 'sign-in page CSS (gzip)', value: figures.loginCss, unit: 'KB', aim: `< ${BUDGETS.loginCss} KB` },
      { name: "a student's path JS in all: sign-in, home, courses, questions (gzip)", value: figures.studentJs, unit: 'KB', aim: `< ${BUDGETS.studentJs} KB` },
      { name: 'sign-in page time to interactive (median of 5)', value: median(login.map((l) => l.tti)), unit: 'ms', baseline: blankTti, aim: '< 1000 ms' },
      { name: 'signed-in shell JS (gzip)', value: figures.shellJs, unit: 'KB', aim: `< ${BUDGETS.shellJs} KB` },
      { name: 'signed-in shell CSS (gzip)', value: Math.round(median(shell.map((l) => l.cssGzip)) / 1024), unit: 'KB' },
      { name: 'signed-in shell time to interactive (median of 5)', value: median(shell.map((l) => l.tti)), unit: 'ms', baseline: blankTti, aim: '< 1000 ms' },
    ]);
    const over = (Object.keys(BUDGETS) as (keyof typeof BUDGETS)[]).filter((k) => figures[k] > BUDGETS[k]);
    for (const k of over) console.error(`OVER BUDGET: ${k} loads ${figures[k]} KB gzip, budget ${BUDGETS[k]} KB`);
    if (over.length) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** A demo student's name and password, from the server's first-start record (DEMO_DATA=on). */
function studentAccount(log: string): { username: string; password: string } {
  const m = /(demo_student1) \([^)]*\) password: (\S+?)[.;"\s]/.exec(log);
  if (!m) throw new Error(`no demo student in the server's log:\n${log.slice(0, 2000)}`);
  return { username: m[1]!, password: m[2]! };
}

/** Every script a student's browser fetches (each once) from the sign-in page through the home, the course list and the question list. */
async function studentPath(browser: import('playwright-core').Browser, baseURL: string, account: { username: string; password: string }): Promise<number> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  const sizes = new Map<string, Promise<number>>();
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script' || sizes.has(res.url())) return;
    sizes.set(res.url(), res.body().then((b) => gzipSync(b, { level: 6 }).length, () => 0));
  });
  await page.goto('/user/login');
  await page.getByPlaceholder(/用户名|账号/).fill(account.username);
  await page.getByPlaceholder(/密码/).fill(account.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/students'));
  await page.waitForLoadState('networkidle');
  for (const path of ['/students/courseList', '/students/theoryQuestionList']) {
    // a click's navigation, inside the app: no reload
    await page.evaluate((p) => {
      history.pushState({}, '', p);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.waitForURL((u) => u.pathname === path);
    await page.waitForLoadState('networkidle');
  }
  const total = (await Promise.all(sizes.values())).reduce((a, b) => a + b, 0);
  await context.close();
  return total;
}

await main();
