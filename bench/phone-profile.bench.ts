// A school phone: Chromium with the CPU slowed four times and a slow mobile network (150 ms latency,
// 1.6 Mbit/s down, 750 kbit/s up), 390x844. Times until each is usable, with the bytes it fetched: the
// sign-in page (its form), a student's home after the 登录 click, a lesson and a test after their clicks,
// and the back-office shell after an admin signs in. Baseline in the same run: bare.html, a tiny static
// page served by the same server, loaded the same way. Reports; never fails on a time.
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '../e2e/support/chromium';
import { startServer } from '../e2e/support/server';
import { percentile, report, type Figure } from './lib/report';
import { areaSettled, distWithBarePage, quietFrame, studentAccount, walkStudentPath, type StudentStep } from './lib/student-path';

const ADMIN_PASSWORD = 'Bench#2026-pass';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PHONE = { width: 390, height: 844 };
const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);

/** The phone's limits on a page's target (its CPU and network). */
async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

/** Bytes over the wire (as sent, compressed) while `fn` runs, from the network's own count. */
async function bytesDuring<T>(cdp: CDPSession, fn: () => Promise<T>): Promise<{ value: T; bytes: number }> {
  let bytes = 0;
  const onFinished = (e: { encodedDataLength: number }) => (bytes += e.encodedDataLength);
  cdp.on('Network.loadingFinished', onFinished);
  try {
    const value = await fn();
    return { value, bytes };
  } finally {
    cdp.off('Network.loadingFinished', onFinished);
  }
}

async function phonePage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true, locale: 'zh-CN' });
  const page = await context.newPage();
  // a new context each time: a phone that has not been here before, nothing cached
  const cdp = await throttle(page);
  return { context, page, cdp };
}

/** ms from the start of the page's navigation until `ready` and a quiet frame after it. */
async function loadTime(page: Page, url: string, ready: (p: Page) => Promise<unknown>): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  await ready(page);
  const at = await quietFrame(page);
  return at - (await page.evaluate(() => performance.timeOrigin));
}

interface Run {
  bare: number;
  bareBytes: number;
  signIn: number;
  signInBytes: number;
  steps: Partial<Record<StudentStep, { ms: number; bytes: number }>>;
  shell: number;
  shellBytes: number;
}

async function oneRun(browser: Browser, baseURL: string, account: { username: string; password: string }): Promise<Run> {
  const run = { steps: {} } as Run;
  {
    const { context, page, cdp } = await phonePage(browser, baseURL);
    const bare = await bytesDuring(cdp, () => loadTime(page, '/bare.html', (p) => p.getByText('bare').waitFor()));
    run.bare = bare.value;
    run.bareBytes = bare.bytes;
    await context.close();
  }
  {
    const { context, page, cdp } = await phonePage(browser, baseURL);
    // the form is usable: its fields and the enabled 登录 button are there
    const signIn = await bytesDuring(cdp, () =>
      loadTime(page, '/user/login', async (p) => {
        await p.getByPlaceholder(/密码/).waitFor();
        await p.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => /登\s*录/.test(b.textContent ?? '') && !b.disabled), undefined, { polling: 'raf' });
      }),
    );
    run.signIn = signIn.value;
    run.signInBytes = signIn.bytes;
    let bytes = 0;
    const onFinished = (e: { encodedDataLength: number }) => (bytes += e.encodedDataLength);
    cdp.on('Network.loadingFinished', onFinished);
    await walkStudentPath(page, account, async (name, clickedAt) => {
      const usable = await areaSettled(page);
      run.steps[name] = { ms: usable - clickedAt, bytes };
      // what arrives after (images, the video) counts towards the next step
      await page.waitForLoadState('networkidle');
      bytes = 0;
    });
    cdp.off('Network.loadingFinished', onFinished);
    await context.close();
  }
  {
    const { context, page, cdp } = await phonePage(browser, baseURL);
    await page.goto('/user/login');
    await page.getByPlaceholder(/用户名|账号/).fill('admin');
    await page.getByPlaceholder(/密码/).fill(ADMIN_PASSWORD);
    const clickedAt = await page.evaluate(() => performance.timeOrigin + performance.now());
    const shell = await bytesDuring(cdp, async () => {
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForURL((u) => !u.pathname.startsWith('/user/login'), { timeout: 60_000 });
      // usable: the menu drawn (on a phone, behind its button) and the first page's content in place
      await page.locator('.ant-layout-sider .ant-menu-item, .ant-layout-sider .ant-menu-submenu, .ant-drawer .ant-menu-item, header button').first().waitFor({ state: 'attached', timeout: 60_000 });
      await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton') && (document.querySelector('main, .ant-layout-content')?.textContent ?? '').trim().length > 0, undefined, { polling: 'raf', timeout: 60_000 });
      return quietFrame(page);
    });
    run.shell = shell.value - clickedAt;
    run.shellBytes = shell.bytes;
    await context.close();
  }
  return run;
}

async function main() {
  const dist = distWithBarePage();
  const server = await startServer({ ADMIN_PASSWORD, LOGIN_CAPTCHA: 'off', WEB_DIST: dist.dir });
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  try {
    const account = studentAccount(server.log());
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await oneRun(browser, server.url, account));
    const bare = median(runs.map((r) => r.bare));
    const kb = (xs: number[]) => Math.round(median(xs) / 102.4) / 10;
    const step = (name: StudentStep) => runs.map((r) => r.steps[name]!);
    const figures: Figure[] = [
      { name: 'bare page (bare.html) loaded', value: bare, unit: 'ms' },
      { name: 'bare page bytes', value: kb(runs.map((r) => r.bareBytes)), unit: 'KB' },
      { name: 'sign-in page usable (form interactive)', value: median(runs.map((r) => r.signIn)), unit: 'ms', baseline: bare, aim: '< 1500 ms' },
      { name: 'sign-in page bytes', value: kb(runs.map((r) => r.signInBytes)), unit: 'KB' },
    ];
    const labels: Record<StudentStep, [string, string?]> = {
      home: ["student's home usable after the 登录 click", '< 2500 ms'],
      courses: ['课程学习 usable after its click'],
      course: ['a course usable after its click'],
      lesson: ['a lesson usable after its click'],
      tests: ["理论题库's tests usable after the click"],
      test: ['a test usable after 开始考试'],
    };
    for (const [name, [label, aim]] of Object.entries(labels) as [StudentStep, [string, string?]][]) {
      figures.push({ name: label, value: median(step(name).map((s) => s.ms)), unit: 'ms', baseline: bare, ...(aim ? { aim } : {}) });
      figures.push({ name: `${label.split(' usable')[0]}: bytes`, value: kb(step(name).map((s) => s.bytes)), unit: 'KB' });
    }
    figures.push({ name: 'back-office shell usable after an admin signs in', value: median(runs.map((r) => r.shell)), unit: 'ms', baseline: bare });
    figures.push({ name: 'back-office shell bytes', value: kb(runs.map((r) => r.shellBytes)), unit: 'KB' });
    report(`phone profile (CPU x4, 150 ms, 1.6 Mbit/s down, 750 kbit/s up, 390x844; median of ${RUNS})`, figures);
  } finally {
    await browser.close();
    await server.stop();
    dist.remove();
  }
}

await main();
