// A demo student's way through the area, by clicks as at school: signed in, the home, 课程学习, a course,
// its first lesson, 理论题库's tests, a test. Shared by the bundle and phone-profile benches.
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../../e2e/support/server';

export interface Account {
  username: string;
  password: string;
}

/** A demo student's name and password, from the server's first-start record (DEMO_DATA=on). */
export function studentAccount(log: string): Account {
  const m = /(demo_student1) \([^)]*\) password: (\S+?)[.;"\s]/.exec(log);
  if (!m) throw new Error(`no demo student in the server's log:\n${log.slice(0, 2000)}`);
  return { username: m[1]!, password: m[2]! };
}

/** The built web app the server serves (WEB_DIST, else apps/web/dist). */
export function webDist(): string {
  const dist = process.env.WEB_DIST ?? join(REPO_ROOT, 'apps/web/dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`build the web app first (no ${dist}/index.html): npm run build`);
  return dist;
}

/**
 * The built app plus bare.html, a tiny static page, as the baseline served by the same server: the top
 * files copied, the folders linked. Returns the folder (for WEB_DIST) and a way to remove it.
 */
export function distWithBarePage(): { dir: string; remove(): void } {
  const dist = webDist();
  const dir = mkdtempSync(join(tmpdir(), 'anxue-bench-dist-'));
  for (const entry of readdirSync(dist, { withFileTypes: true })) {
    if (entry.isDirectory()) symlinkSync(join(dist, entry.name), join(dir, entry.name));
    else cpSync(join(dist, entry.name), join(dir, entry.name));
  }
  writeFileSync(join(dir, 'bare.html'), '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>bare</title></head><body><p>bare</p></body></html>\n');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * When the page's main thread has had a quiet frame: the page's own clock, as ms since 1970 (the document's
 * origin plus its high-resolution time), so times compare across a reload.
 */
export const quietFrame = (page: Page) =>
  page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => setTimeout(() => r(performance.timeOrigin + performance.now()), 0))));

/** The page's clock now, as quietFrame gives it. */
export const pageClock = (page: Page) => page.evaluate(() => performance.timeOrigin + performance.now());

/** Waits until the area's content shows no loading placeholder (and something in it), then a quiet frame. */
export async function areaSettled(page: Page): Promise<number> {
  await page.waitForFunction(
    () => {
      const main = document.querySelector('.area-content');
      return !!main && main.textContent!.trim().length > 0 && !main.querySelector('.ant-skeleton, [aria-busy="true"]');
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  return quietFrame(page);
}

export const studentSteps = ['home', 'courses', 'course', 'lesson', 'tests', 'test'] as const;
export type StudentStep = (typeof studentSteps)[number];

/**
 * From the sign-in page (already open) to a test. `step` is told each step's name before its click and
 * given the page clock at the click (pageClock), once the step's page is there; it may wait for more and measure.
 */
export async function walkStudentPath(page: Page, account: Account, step: (name: StudentStep, clickedAt: number) => Promise<void> | void = () => {}) {
  const clock = () => pageClock(page);
  const nav = page.getByRole('navigation', { name: '学习园地导航' });
  await page.getByPlaceholder(/用户名|账号/).fill(account.username);
  await page.getByPlaceholder(/密码/).fill(account.password);
  let at = await clock();
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/students'));
  await page.locator('.area-home').waitFor();
  await step('home', at);

  // a move inside the app keeps the last page on screen until the next one's code is in: each step waits
  // for what only its page shows
  const heading = page.locator('.area-content h2').first();
  at = await clock();
  await nav.getByText('课程学习').click();
  await page.waitForURL((u) => u.pathname === '/students/courseList');
  await page.locator('a[href^="/students/course/"]').first().waitFor();
  await step('courses', at);

  at = await clock();
  await page.locator('a[href^="/students/course/"]').first().click();
  await page.waitForURL((u) => u.pathname.startsWith('/students/course/'));
  await page.locator('a[href^="/students/lesson/"]').first().waitFor();
  await step('course', at);

  const courseTitle = await heading.textContent();
  at = await clock();
  await page.locator('a[href^="/students/lesson/"]').first().click();
  await page.waitForURL((u) => u.pathname.startsWith('/students/lesson/'));
  await page.waitForFunction((before) => {
    const h = document.querySelector('.area-content h2');
    return !!h && h.textContent !== before;
  }, courseTitle);
  await step('lesson', at);

  at = await clock();
  await nav.getByText('理论题库').click();
  await page.waitForURL((u) => u.pathname === '/students/theoryQuestionList');
  await page.getByRole('tab', { name: /考试/ }).click();
  await page.getByRole('button', { name: /开始考试|继续考试|再考一次/ }).first().waitFor();
  await step('tests', at);

  // an attempt left open by an earlier run is continued; a new one is confirmed first
  const begin = page.getByRole('button', { name: /开始考试|继续考试|再考一次/ }).first();
  const resumes = /继续/.test((await begin.textContent()) ?? '');
  if (!resumes) await begin.click();
  const confirm = page.getByRole('alertdialog').getByRole('button', { name: /开始考试/ });
  if (!resumes) await confirm.waitFor();
  at = await clock();
  await (resumes ? begin : confirm).click();
  await page.waitForURL((u) => u.pathname.startsWith('/students/exam/'));
  await page.getByText(/第 1 \/ \d+ 题/).waitFor({ timeout: 60_000 });
  await step('test', at);
}
