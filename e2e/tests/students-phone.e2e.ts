import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { launch } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { audit } from '../support/audit';

// Every student page and state on phones 320, 390 and 414 px wide, light and dark: the document is never
// wider than the screen, the bottom tab bar sits inside it, the page's controls are on screen and at least
// 44 px high, and axe-core finds no serious or critical violation. A fresh install's sample content (a
// course, questions, papers, hazard pictures, teams) is what the student sees. The same for a teacher's
// pages of the area: 班级统计 with its class code, a request to join and the login cards, and 作业 with
// the 布置作业 sheet, an assignment's completion and its 延期 sheet.
const ADMIN = 'Admin#phone-e2e-1';
const PASSWORD = 'Study#phone-2026';
const STUDENT = 'phone_student';
const TEACHER = 'phone_teacher';
const SHOTS = `${import.meta.dirname}/../artifacts`;

let server: RunningServer;
let browser: Browser;

interface State {
  name: string;
  path: string;
  open?: (page: Page) => Promise<void>;
  /** A file name: the state is photographed at 390 px, light and dark, for a person to look at. */
  shot?: string;
}
/** The student pages and states, as addresses (a state the page reaches by itself is made through the API first). */
const STATES: State[] = [];
/** The teacher's pages and states of the area. */
const TEACHER_STATES: State[] = [];

/** Waits until a bottom sheet (or drawer) has slid in and stands still. */
async function sheetStands(page: Page) {
  // the area's own sheet is a <dialog> shown at once; antd's drawer slides in
  if (await page.locator('dialog[open]').count()) return;
  await expect.poll(() => page.locator('.ant-drawer-open .ant-drawer-content-wrapper').last().evaluate((e) => getComputedStyle(e).transform)).toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
  await page.waitForTimeout(300);
}

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

  // the teacher's own class: two students (one has handed in the assignment's test), a third asks to join
  const teacherId = await admin.createUser({ username: TEACHER, realname: '李老师', password: PASSWORD }, 'teacher');
  const pupils = [
    await admin.createUser({ username: 'phone_pupil1', realname: '赵一鸣', password: PASSWORD }, 'student'),
    await admin.createUser({ username: 'phone_pupil2', realname: '欧阳晓晓', password: PASSWORD }, 'student'),
  ];
  await admin.createUser({ username: 'phone_pupil3', realname: '司马长风', password: PASSWORD }, 'student');
  await admin.call('POST', '/students/class/add', { name: '三年级七班', grade: '3', teacherIds: [teacherId], studentIds: pupils });
  const ownClass = (await admin.call<{ records: Array<{ id: string }> }>('GET', `/students/class/list?name=${encodeURIComponent('三年级七班')}`)).records[0];
  const ownCode = (await admin.call<{ code: string }>('GET', `/students/class/joinCode?id=${ownClass.id}`)).code;
  await (await apiAs(server.url, 'phone_pupil3', PASSWORD)).call('POST', '/students/study/joinClass', { code: ownCode });
  const teacher = await apiAs(server.url, TEACHER, PASSWORD);
  const homework = '第十二周安全作业：交通安全与防溺水';
  await teacher.call('POST', '/students/assignment/add', {
    title: homework,
    classIds: [ownClass.id],
    items: [{ kind: 'lesson', id: lessonId }, { kind: 'paper', id: papers[0].id }, { kind: 'hazard', id: scenes[0].id }],
    openTime: stamp(Date.now() - 3_600_000),
    dueTime: stamp(Date.now() + 86_400_000),
    receipt: true,
  });
  const pupil = await apiAs(server.url, 'phone_pupil2', PASSWORD);
  const handedIn = await pupil.call<{ id: string }>('POST', '/students/study/attempt/start', { paperId: papers[0].id });
  await pupil.call('POST', '/students/study/attempt/submit', { attemptId: handedIn.id, answers: [] });
  const openAssignment = async (page: Page) => {
    await page.getByRole('button', { name: new RegExp(homework) }).click();
    await page.locator('.asg-student').first().waitFor();
    await settled(page);
  };
  TEACHER_STATES.push(
    { name: '班级统计', path: '/students/classStats', shot: 'class-stats' },
    {
      name: '班级统计：重置密码名单',
      path: '/students/classStats',
      shot: 'class-stats-reset',
      open: async (page) => {
        await page.getByRole('button', { name: /重置学生密码/ }).click();
        await page.locator('.class-login-student').first().waitFor();
        await page.locator('.class-login-student').first().scrollIntoViewIfNeeded();
      },
    },
    {
      name: '班级统计：打印登录卡的确认',
      path: '/students/classStats',
      open: async (page) => {
        await page.getByRole('button', { name: '打印登录卡' }).click();
        await page.locator('.class-login-confirm:not(.ant-popover-hidden) .ant-btn').last().waitFor();
        await page.waitForTimeout(400);
      },
    },
    { name: '作业', path: '/students/assignments', shot: 'assignments' },
    {
      name: '布置作业',
      path: '/students/assignments',
      shot: 'assignments-new',
      open: async (page) => {
        await page.getByRole('button', { name: /布置作业/ }).click();
        await sheetStands(page);
      },
    },
    { name: '作业完成情况', path: '/students/assignments', shot: 'assignment-progress', open: openAssignment },
    {
      name: '延期',
      path: '/students/assignments',
      open: async (page) => {
        await openAssignment(page);
        await page.getByRole('button', { name: /延\s*期/ }).first().click();
        await sheetStands(page);
      },
    },
  );

  STATES.push(
    { name: '首页（我的作业）', path: '/students' },
    { name: '课程列表', path: '/students/courseList' },
    { name: '课程', path: `/students/course/${courses[0].id}` },
    { name: '课时', path: `/students/lesson/${lessonId}` },
    { name: '练习', path: '/students/theoryQuestionList' },
    { name: '考试列表', path: '/students/theoryQuestionList?tab=exam' },
    {
      name: '考试记录',
      path: '/students/theoryQuestionList?tab=exam',
      shot: 'exam-history',
      open: async (page) => {
        await page.getByRole('button', { name: /记\s*录/ }).first().click();
        await page.getByRole('dialog').getByRole('link').first().waitFor();
      },
    },
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
        // read the sheet once anything moving in it has ended
        await page.getByRole('dialog', { name: '更多' }).evaluate((sheet) => Promise.all(sheet.getAnimations({ subtree: true }).map((a) => a.finished)));
      },
    },
  );
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedInPhone(width: number, dark: boolean, username = STUDENT): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 780 }, locale: 'zh-CN', isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/user/login');
  await page.getByPlaceholder(/用户名|账号/).fill(username);
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

/** Waits until the page has drawn its content (no loading placeholder or spinner left). */
async function settled(page: Page) {
  await page.locator('.area-content').waitFor();
  await expect.poll(() => page.locator('.area-content [aria-busy="true"], .area-content .ant-skeleton, .area-content .ant-spin-spinning').count()).toBe(0);
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
    // a control in a box that scrolls sideways on screen (a wide table's) is reached by scrolling that box
    const inSideScroller = (e: Element) => {
      for (let p = e.parentElement; p; p = p.parentElement) {
        if (!/auto|scroll/.test(getComputedStyle(p).overflowX) || p.scrollWidth <= p.clientWidth) continue;
        const b = p.getBoundingClientRect();
        return b.left >= -0.5 && b.right <= vw + 0.5;
      }
      return false;
    };
    const controls = [...document.querySelectorAll('.area button, .area [role="button"], .area [role="radio"], .area [role="tab"], .area .ant-select, .area select, .area input:not([type="hidden"]):not([type="radio"]):not([type="checkbox"]), .ant-drawer-open button, .ant-drawer-open a, dialog[open] button, dialog[open] a, .ant-popover:not(.ant-popover-hidden) button')].filter(visible);
    for (const control of controls) {
      // what a finger touches: a select's box, a search field's frame, a switch's whole label
      if (control.matches('.ant-select input')) continue;
      const c = control.closest('label, .ant-input-affix-wrapper, .ant-input-search') ?? control;
      const r = c.getBoundingClientRect();
      if ((r.right > vw + 0.5 || r.left < -0.5) && !inSideScroller(c)) faults.push(`${name(c)} leaves the screen (${Math.round(r.left)}–${Math.round(r.right)})`);
      // a tab's button inside the antd tab is the tab itself; a radio's circle sits inside its 44 px label
      if (c.matches('.ant-tabs-tab-btn, .ant-radio-input, .ant-drawer-close *')) continue;
      if (r.height < 43.5 && !c.closest('.ant-pagination-disabled')) faults.push(`${name(c)} only ${Math.round(r.height)} px high`);
    }
    return faults;
  });
}

const CONFIGS = [
  { width: 320, dark: false, axe: false },
  { width: 390, dark: false, axe: true },
  { width: 414, dark: false, axe: false },
  { width: 390, dark: true, axe: true },
  { width: 320, dark: true, axe: false },
];

/** Visits each state at this size and answers what is wrong: nothing, or one line per fault. */
async function sweep(states: State[], width: number, dark: boolean, axe: boolean, username?: string): Promise<string[]> {
  const { context, page } = await signedInPhone(width, dark, username);
  const faults: string[] = [];
  try {
    for (const state of states) {
      await page.goto(state.path);
      await settled(page);
      await state.open?.(page);
      for (const f of await layoutFaults(page)) faults.push(`${state.name}: ${f}`);
      if (axe) for (const f of await audit(page)) faults.push(`${state.name}: axe ${f}`);
      if (dark) expect(await page.evaluate(() => getComputedStyle(document.querySelector('.area')!).backgroundColor), state.name).toBe('rgb(0, 0, 0)');
      if (state.shot && width === 390) await page.screenshot({ path: `${SHOTS}/phone-${state.shot}-390-${dark ? 'dark' : 'light'}.png`, fullPage: !state.open });
    }
  } finally {
    await context.close();
  }
  return faults;
}

describe('the student area fits a phone', () => {
  for (const { width, dark, axe } of CONFIGS) {
    it(`${width} px, ${dark ? 'dark' : 'light'}: every page and state fits the screen${axe ? ' and passes axe' : ''}`, { timeout: 240_000 }, async () => {
      const faults = await sweep(STATES, width, dark, axe);
      expect(faults, faults.join('\n')).toEqual([]);
    });
  }
});

describe('a teacher’s pages of the area fit a phone', () => {
  const TEACHER_CONFIGS = CONFIGS.filter((c) => !c.dark || c.width === 390);
  for (const { width, dark, axe } of TEACHER_CONFIGS) {
    it(`${width} px, ${dark ? 'dark' : 'light'}: 班级统计 and 作业 in every state fit the screen${axe ? ' and pass axe' : ''}`, { timeout: 240_000 }, async () => {
      const faults = await sweep(TEACHER_STATES, width, dark, axe, TEACHER);
      expect(faults, faults.join('\n')).toEqual([]);
    });
  }
});

describe('the back-office 班级管理 on a phone', () => {
  for (const dark of [false, true]) {
    it(`390 px, ${dark ? 'dark' : 'light'}: the class table scrolls in its own box with the names in sight, the toolbar wraps, nothing leaves the screen`, { timeout: 120_000 }, async () => {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 }, locale: 'zh-CN', isMobile: true, hasTouch: true });
      if (dark) await context.addInitScript(() => localStorage.setItem('DISPLAY_SETTINGS', JSON.stringify({ value: { darkMode: true }, expire: null })));
      const page = await context.newPage();
      try {
        await page.goto('/user/login');
        await page.getByPlaceholder(/用户名|账号/).fill('admin');
        await page.getByPlaceholder(/密码/).fill(ADMIN);
        await page.getByRole('button', { name: /登\s*录/ }).click();
        await page.waitForURL((u) => !u.pathname.startsWith('/user/login'));
        await page.goto('/education/class');
        await page.getByRole('cell', { name: '三年级七班', exact: true }).waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${SHOTS}/phone-education-class-390-${dark ? 'dark' : 'light'}.png`, fullPage: true });
        const layout = () =>
          page.evaluate(() => {
            const vw = window.innerWidth;
            const box = document.querySelector('.ant-table-content')!;
            const b = box.getBoundingClientRect();
            // what a finger finds at the middle of a class's name: the name's own cell, not a column pinned over it
            const name = [...document.querySelectorAll('.ant-table-row td')].find((td) => td.textContent === '三年级七班')!;
            const n = name.getBoundingClientRect();
            const hit = document.elementFromPoint(Math.min(n.left + n.width / 2, b.right - 1), n.top + n.height / 2);
            const outside = [...document.querySelectorAll('.page-content .ant-card button, .page-content .ant-card .ant-select')]
              .filter((e) => e.checkVisibility() && !box.contains(e))
              .map((e) => ({ text: (e.textContent ?? '').trim(), r: e.getBoundingClientRect() }))
              .filter(({ r }) => r.left < 0 || r.right > vw + 0.5)
              .map(({ text, r }) => `${text} ${Math.round(r.left)}–${Math.round(r.right)}`);
            return {
              document: document.documentElement.scrollWidth,
              box: [Math.round(b.left), Math.round(b.right)],
              scrolls: box.scrollWidth > box.clientWidth,
              nameInSight: n.left >= b.left - 0.5 && n.left + 40 <= b.right && !!hit && name.contains(hit),
              outside,
            };
          });
        const before = await layout();
        expect(before.document).toBe(390);
        expect(before.box[0]).toBeGreaterThanOrEqual(0);
        expect(before.box[1]).toBeLessThanOrEqual(390);
        expect(before.scrolls).toBe(true);
        expect(before.nameInSight).toBe(true);
        // the query form's and toolbar's controls wrap onto more lines rather than running off the right edge
        expect(before.outside).toEqual([]);
        // scrolled to its end, the row's 登录卡 link is on screen and opens the class's students
        await page.locator('.ant-table-content').evaluate((e) => e.scrollTo({ left: e.scrollWidth }));
        const cards = page.getByRole('row').filter({ hasText: '三年级七班' }).getByText('登录卡');
        const r = (await cards.boundingBox())!;
        expect(r.x).toBeGreaterThanOrEqual(0);
        expect(r.x + r.width).toBeLessThanOrEqual(390);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
        await cards.click();
        await page.getByRole('dialog').getByText('赵一鸣').waitFor();
      } finally {
        await context.close();
      }
    });
  }
});
