import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { launch } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

// Every student page and state on phones 320, 390 and 414 px wide, light and dark: the document is never
// wider than the screen, the bottom tab bar sits inside it, the page's controls are on screen and at least
// 44 px high, and axe-core finds no serious or critical violation. A fresh install's sample content (a
// course, questions, papers, hazard pictures, teams) is what the student sees.
const ADMIN = 'Admin#phone-e2e-1';
const PASSWORD = 'Study#phone-2026';
const STUDENT = 'phone_student';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let server: RunningServer;
let browser: Browser;

/** The student pages and states, as addresses (a state the page reaches by itself is made through the API first). */
const STATES: Array<{ name: string; path: string; open?: (page: Page) => Promise<void> }> = [];

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD: ADMIN, LOGIN_CAPTCHA: 'off', DEMO_DATA: 'on' });
  browser = await launch();
  const admin = await apiAs(server.url, 'admin', ADMIN);
  await admin.createUser({ username: STUDENT, realname: '王小明', password: PASSWORD }, 'student');
  const student = await apiAs(server.url, STUDENT, PASSWORD);

  // lists answer an array or a page of records
  const rows = <T>(r: T[] | { records: T[] }) => (Array.isArray(r) ? r : r.records);
  const courses = rows(await student.call<Array<{ id: string }> | { records: Array<{ id: string }> }>('GET', '/students/study/courses'));
  const course = await student.call<{ chapters: Array<{ lessons: Array<{ id: string }> }> }>('GET', `/students/study/course?id=${courses[0].id}`);
  const lessonId = course.chapters.flatMap((c) => c.lessons)[0].id;
  const papers = rows(await student.call<Array<{ id: string }> | { records: Array<{ id: string }> }>('GET', '/students/study/papers'));
  // one test taken and handed in (its review), one left running (its answer card and 交卷)
  const done = await student.call<{ id: string }>('POST', '/students/study/attempt/start', { paperId: papers[0].id });
  await student.call('POST', '/students/study/attempt/submit', { attemptId: done.id, answers: [] });
  const running = await student.call<{ id: string }>('POST', '/students/study/attempt/start', { paperId: papers[papers.length > 1 ? 1 : 0].id });
  const scenes = rows(await student.call<Array<{ id: string }> | { records: Array<{ id: string }> }>('GET', '/students/study/hazards'));
  const finished = await student.call<{ id: string }>('POST', '/students/study/hazard/start', { sceneId: scenes[0].id });
  await student.call('POST', '/students/study/hazard/finish', { playId: finished.id });
  const playing = await student.call<{ id: string }>('POST', '/students/study/hazard/start', { sceneId: scenes[scenes.length > 1 ? 1 : 0].id });
  // a request to join the demo data's class waits for its teacher: 加入班级 lists it
  const demoClass = (await admin.call<{ records: Array<{ id: string }> }>('GET', '/students/class/list?archived=0')).records[0];
  const { code } = await admin.call<{ code: string }>('GET', `/students/class/joinCode?id=${demoClass.id}`);
  await student.call('POST', '/students/study/joinClass', { code });
  // a second class, joined: 我的作业 on the home lists an assignment given to it
  const joined = await admin.call<{ records: Array<{ id: string }> }>('GET', '/students/class/list?archived=0');
  const other = joined.records[1] ?? demoClass;
  if (other.id !== demoClass.id) {
    const otherCode = (await admin.call<{ code: string }>('GET', `/students/class/joinCode?id=${other.id}`)).code;
    await student.call('POST', '/students/study/joinClass', { code: otherCode });
  }
  const pending = await admin.call<Array<{ id: string }>>('GET', `/students/class/joinRequests?id=${other.id}`);
  await admin.call('POST', '/students/class/decideJoin', { classId: other.id, requestId: pending[0].id, accept: true });
  const stamp = (ms: number) => new Date(ms - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 19).replace('T', ' ');
  await admin.call('POST', '/students/assignment/add', {
    title: '本周安全作业：防溺水与消防',
    classIds: [other.id],
    items: [{ kind: 'lesson', id: lessonId }, { kind: 'paper', id: papers[0].id }, { kind: 'hazard', id: scenes[0].id }],
    openTime: stamp(Date.now() - 3_600_000),
    dueTime: stamp(Date.now() + 86_400_000),
    receipt: false,
  });

  STATES.push(
    { name: '首页（我的作业）', path: '/students' },
    { name: '课程列表', path: '/students/courseList' },
    { name: '课程', path: `/students/course/${courses[0].id}` },
    { name: '课时', path: `/students/lesson/${lessonId}` },
    { name: '练习', path: '/students/theoryQuestionList' },
    { name: '考试列表', path: '/students/theoryQuestionList?tab=exam' },
    { name: '错题本', path: '/students/theoryQuestionList?tab=wrong' },
    { name: '考试中', path: `/students/exam/${running.id}` },
    { name: '考试回顾', path: `/students/exam/${done.id}` },
    { name: '隐患列表', path: '/students/dangerQuestionList' },
    { name: '排查中', path: `/students/danger/${playing.id}` },
    { name: '排查结果', path: `/students/danger/${finished.id}` },
    { name: '竞赛队伍', path: '/students/competitionTeamPerson' },
    { name: '图片', path: '/students/pictureList' },
    { name: '视频', path: '/students/videoList' },
    { name: '海报', path: '/students/posterList' },
    { name: '技能', path: '/students/skillList' },
    { name: '加入班级', path: '/students/joinClass' },
    {
      name: '更多',
      path: '/students/courseList',
      open: async (page) => {
        await page.locator('.area-tabbar').getByRole('button', { name: '更多' }).click();
        await page.locator('.area-more-grid').waitFor();
        // the sheet slides up: read it once it stands still
        await expect.poll(() => page.locator('.area-sheet .ant-drawer-content-wrapper').evaluate((e) => getComputedStyle(e).transform)).toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
        await page.waitForTimeout(300);
      },
    },
  );
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedInPhone(width: number, dark: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 780 }, locale: 'zh-CN', isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/user/login');
  await page.getByPlaceholder(/用户名|账号/).fill(STUDENT);
  await page.getByPlaceholder(/密码/).fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'));
  if (dark) {
    await page.goto('/students/courseList');
    await page.getByRole('button', { name: /我的账号/ }).click();
    await page.getByRole('menuitem', { name: '暗黑模式' }).click();
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('dark-mode'))).toBe(true);
  }
  return { context, page };
}

/** Waits until the page has drawn its content (no skeleton or spinner left). */
async function settled(page: Page) {
  await page.locator('.area-content').waitFor();
  await expect.poll(() => page.locator('.area-content .ant-skeleton, .area-content .ant-spin-spinning').count()).toBe(0);
  await page.waitForTimeout(150);
}

/** What is wrong with the layout at this width: nothing, or one line per fault. */
async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    if (document.documentElement.scrollWidth > vw) faults.push(`document ${document.documentElement.scrollWidth} px wide in ${vw}`);
    const bar = document.querySelector('.area-tabbar');
    if (bar) {
      const r = bar.getBoundingClientRect();
      if (r.top < 0 || r.bottom > vh + 0.5 || r.left < 0 || r.right > vw + 0.5) faults.push(`tab bar outside the screen (${Math.round(r.top)}–${Math.round(r.bottom)} of ${vh})`);
    }
    const name = (e: Element) => `${e.tagName.toLowerCase()}${e.getAttribute('aria-label') ? `[${e.getAttribute('aria-label')}]` : ''} “${(e.textContent ?? '').trim().slice(0, 16)}”`;
    const visible = (e: Element) => {
      const r = e.getBoundingClientRect();
      const s = getComputedStyle(e);
      return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && !e.closest('[aria-hidden="true"], .ant-drawer-content-wrapper-hidden');
    };
    const controls = [...document.querySelectorAll('.area button, .area [role="button"], .area [role="radio"], .area [role="tab"], .area .ant-select, .area input:not([type="hidden"]):not([type="radio"]):not([type="checkbox"]), .ant-drawer-open button, .ant-drawer-open a')].filter(visible);
    for (const control of controls) {
      // what a finger touches: a select's box, a search field's frame, a switch's whole label
      if (control.matches('.ant-select input')) continue;
      const c = control.closest('label, .ant-input-affix-wrapper, .ant-input-search') ?? control;
      const r = c.getBoundingClientRect();
      if (r.right > vw + 0.5 || r.left < -0.5) faults.push(`${name(c)} leaves the screen (${Math.round(r.left)}–${Math.round(r.right)})`);
      // a tab's button inside the antd tab is the tab itself; a radio's circle sits inside its 44 px label
      if (c.matches('.ant-tabs-tab-btn, .ant-radio-input, .ant-drawer-close *')) continue;
      if (r.height < 43.5 && !c.closest('.ant-pagination-disabled')) faults.push(`${name(c)} only ${Math.round(r.height)} px high`);
    }
    return faults;
  });
}

async function audit(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.map(String).join(' ')).slice(0, 4).join(', ')}`);
  });
}

const CONFIGS = [
  { width: 320, dark: false, axe: false },
  { width: 390, dark: false, axe: true },
  { width: 414, dark: false, axe: false },
  { width: 390, dark: true, axe: true },
  { width: 320, dark: true, axe: false },
];

describe('the student area fits a phone', () => {
  for (const { width, dark, axe } of CONFIGS) {
    it(`${width} px, ${dark ? 'dark' : 'light'}: every page and state fits the screen${axe ? ' and passes axe' : ''}`, { timeout: 240_000 }, async () => {
      const { context, page } = await signedInPhone(width, dark);
      const faults: string[] = [];
      try {
        for (const state of STATES) {
          await page.goto(state.path);
          await settled(page);
          await state.open?.(page);
          for (const f of await layoutFaults(page)) faults.push(`${state.name}: ${f}`);
          if (axe) for (const f of await audit(page)) faults.push(`${state.name}: axe ${f}`);
          if (dark) expect(await page.evaluate(() => getComputedStyle(document.querySelector('.area')!).backgroundColor), state.name).toBe('rgb(0, 0, 0)');
        }
      } finally {
        await context.close();
      }
      expect(faults, faults.join('\n')).toEqual([]);
    });
  }
});
