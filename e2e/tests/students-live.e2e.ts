import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveSummary } from '@anxue/shared/live';
import { apiAs, type ApiUser } from '../support/api';
import { useOwnServer } from '../support/own-server';
import { audit, setDark } from '../support/audit';

// 课堂答题 end to end with four browser contexts: the teacher's classroom screen at 1920×1080 and three
// students' phones at 390 px. The teacher starts a quiz of three questions from 班级统计; the phones join
// with the code (from the QR code's address), answer each question, one phone reloads in the middle and
// finds its answer kept; the screen's answered count follows the phones live, its bars match what the phones
// answered, the summary lists the class by name, and the results are kept per student. Screen and phones
// are checked with axe (no serious or critical violation), light and dark, and screenshotted.
const ADMIN = 'Admin#live-1';
const PASSWORD = 'Live#e2e-2026-pass';
const TEACHER = { username: 'live_e2e_teacher', realname: '周老师' };
const STUDENTS = [
  { username: 'live_e2e_a', realname: '安小雨' },
  { username: 'live_e2e_b', realname: '白小川' },
  { username: 'live_e2e_c', realname: '程小山' },
];
const CLASS = 'E2E 五年级二班';
const PAPER = '课堂答题·防火三问';
const QUESTIONS = [
  { stem: '发现教室里冒烟着火，第一步应该怎么做？', options: ['大声报告老师', '躲进柜子', '乘坐电梯', '回去拿书包'], right: 0 },
  { stem: '逃生时遇到浓烟，应该怎样前进？', options: ['站直快跑', '用湿毛巾捂住口鼻弯腰前进', '原地大哭'], right: 1 },
  { stem: '火灾报警电话是多少？', options: ['110', '120', '119'], right: 2 },
];
// what each phone answers (option labels), per question
const ANSWERS = [
  ['A', 'B', 'A'],
  ['B', 'B', 'C'],
  ['C', 'C', 'C'],
];
const SCREEN = { width: 1920, height: 1080 };
const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const SHOTS = `${import.meta.dirname}/../artifacts`;
/** Well under the 15 s the pages poll at while the socket is up: a change seen this soon came by push. */
const PUSHED_MS = 8000;

const own = useOwnServer(ADMIN);
let teacher: ApiUser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const admin = await apiAs(own.server.url, 'admin', ADMIN);
  const questionIds: string[] = [];
  for (const q of QUESTIONS) {
    await admin.call('POST', '/students/theoryQuestion/add', { type: 'single', stem: q.stem, difficulty: '1', score: 10, options: q.options.map((content, i) => ({ content, isCorrect: i === q.right })) });
    const list = await admin.call<{ records: Array<{ id: string }> }>('GET', `/students/theoryQuestion/list?stem=${encodeURIComponent(q.stem)}`);
    questionIds.push(list.records[0]!.id);
  }
  await admin.call('POST', '/students/paper/add', { title: PAPER, mode: 'fixed', published: 1, passScore: 20, questions: questionIds.map((questionId) => ({ questionId, score: 10 })) });
  const teacherId = await admin.createUser({ ...TEACHER, password: PASSWORD }, 'teacher');
  const studentIds: string[] = [];
  for (const s of STUDENTS) studentIds.push(await admin.createUser({ ...s, password: PASSWORD }, 'student'));
  await admin.call('POST', '/students/class/add', { name: CLASS, grade: '5', teacherIds: [teacherId], studentIds });
  teacher = await apiAs(own.server.url, TEACHER.username, PASSWORD);
}, 120_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
});

async function signedIn(username: string, viewport: { width: number; height: number }): Promise<Page> {
  const phone = viewport.width < 600;
  const ctx = await own.browser.newContext({ baseURL: own.server.url, viewport, locale: 'zh-CN', ...(phone ? { isMobile: true, hasTouch: true } : {}) });
  contexts.push(ctx);
  const page = await ctx.newPage();
  await page.goto('/user/login');
  await page.getByPlaceholder(/用户名|账号/).fill(username);
  await page.getByPlaceholder(/密码/).fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'));
  // the session is kept once the landing page has settled: an address opened sooner finds no one signed in
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !!localStorage.getItem('Access-Token'));
  return page;
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const answeredOnScreen = async (screen: Page) => Number(await screen.locator('.live-screen-answered-count').textContent());
/** The screen's bars after a reveal: count per option label. */
const barsOnScreen = (screen: Page) =>
  screen.locator('.live-screen-option').evaluateAll((items) => Object.fromEntries(items.map((li) => [li.getAttribute('data-label'), Number(li.querySelector('.live-screen-bar-count')?.textContent ?? 'NaN')])));
const expectedBars = (labels: string[], optionCount: number) => Object.fromEntries(Array.from({ length: optionCount }, (_, i) => String.fromCharCode(65 + i)).map((l) => [l, labels.filter((a) => a === l).length]));

async function answer(phone: Page, stem: string, label: string) {
  await expect.poll(() => phone.locator('.live-phone-stem').textContent(), { timeout: PUSHED_MS }).toBe(stem);
  const option = phone.locator(`.live-phone-option:has(.live-phone-option-label:text-is("${label}"))`);
  await option.click();
  await phone.getByRole('button', { name: '提 交' }).or(phone.getByRole('button', { name: '提交' })).click();
  await expect.poll(() => phone.locator('.live-phone-submitted').textContent()).toContain('已提交');
}

describe('live classroom quiz', () => {
  it('a screen and three phones run a quiz of three questions; a reload keeps the answer; the screen shows what the phones answered', { timeout: 600_000 }, async () => {
    // ---- the teacher starts it from 班级统计 on the classroom screen ----
    const screen = await signedIn(TEACHER.username, SCREEN);
    await screen.goto('/students/classStats');
    const card = screen.locator('.live-start');
    await card.getByRole('combobox', { name: '课堂答题的试卷' }).click();
    await screen.locator('.ant-select-item-option').filter({ hasText: PAPER }).click();
    await card.getByRole('button', { name: '开始课堂答题' }).click();
    await screen.waitForURL((u) => /^\/students\/live\/screen\/\w+$/.test(u.pathname));
    const sessionId = screen.url().split('/').pop()!;
    const code = (await screen.locator('.live-screen-code').textContent())!.trim();
    expect(code).toMatch(/^\d{6}$/);
    // the QR code leads to the join page with the code
    expect(await screen.locator('.live-screen-qr').count()).toBe(1);
    expect(await screen.getByText('已加入 0 人').isVisible()).toBe(true);
    expect(await fitsWidth(screen)).toBe(true);
    expect(await audit(screen)).toEqual([]);
    await screen.screenshot({ path: `${SHOTS}/live-screen-lobby-1920-light.png` });

    // ---- three phones join from the QR code's address; the third one in dark mode ----
    const phones: Page[] = [];
    for (const s of STUDENTS) phones.push(await signedIn(s.username, PHONE));
    await setDark(phones[2]!, true);
    for (const [i, phone] of phones.entries()) {
      await phone.goto(`/students/live/join?code=${code}`);
      await phone.waitForURL((u) => u.pathname === `/students/live/${sessionId}`);
      await expect.poll(() => phone.getByText('已加入课堂').isVisible()).toBe(true);
      await expect.poll(() => screen.getByText(`已加入 ${i + 1} 人`).isVisible(), { timeout: PUSHED_MS }).toBe(true);
    }
    expect(await screen.getByText('实时连接已断开，每隔几秒刷新一次').count()).toBe(0);
    expect(await audit(phones[0]!)).toEqual([]);
    await phones[0]!.screenshot({ path: `${SHOTS}/live-phone-lobby-390-light.png` });

    // ---- question 1: every phone answers, the count follows, the bars match ----
    await screen.getByRole('button', { name: '开始第一题' }).click();
    await expect.poll(() => screen.locator('.live-screen-stem').textContent()).toBe(QUESTIONS[0]!.stem);
    for (const [i, phone] of phones.entries()) {
      await answer(phone, QUESTIONS[0]!.stem, ANSWERS[0]![i]!);
      await expect.poll(() => answeredOnScreen(screen), { timeout: PUSHED_MS }).toBe(i + 1);
    }
    // big tap targets on the phone
    const heights = await phones[0]!.locator('.live-phone-option').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
    expect(await fitsWidth(phones[0]!)).toBe(true);
    expect(await audit(phones[0]!)).toEqual([]);
    await phones[0]!.screenshot({ path: `${SHOTS}/live-phone-submitted-390-light.png` });
    await screen.screenshot({ path: `${SHOTS}/live-screen-question-1920-light.png` });

    await screen.getByRole('button', { name: '揭晓答案' }).click();
    await expect.poll(() => barsOnScreen(screen)).toEqual(expectedBars(ANSWERS[0]!, 4));
    expect(await screen.locator('.live-screen-option.right').getAttribute('data-label')).toBe('A');
    await expect.poll(() => phones[0]!.locator('.live-phone-verdict').textContent(), { timeout: PUSHED_MS }).toBe('答对了！');
    await expect.poll(() => phones[1]!.locator('.live-phone-verdict').textContent(), { timeout: PUSHED_MS }).toContain('答错了，正确答案是 A');
    expect(await audit(screen)).toEqual([]);
    await screen.screenshot({ path: `${SHOTS}/live-screen-reveal-1920-light.png` });
    expect(await audit(phones[2]!)).toEqual([]);
    await phones[2]!.screenshot({ path: `${SHOTS}/live-phone-reveal-390-dark.png` });
    await phones[1]!.screenshot({ path: `${SHOTS}/live-phone-reveal-390-light.png` });
    // the screen in dark mode (a reload: it comes back to the same session and reveal)
    await setDark(screen, true);
    await expect.poll(() => barsOnScreen(screen)).toEqual(expectedBars(ANSWERS[0]!, 4));
    expect(await audit(screen)).toEqual([]);
    await screen.screenshot({ path: `${SHOTS}/live-screen-reveal-1920-dark.png` });

    // ---- question 2: the second phone answers, reloads, and finds its answer kept ----
    await screen.getByRole('button', { name: '下一题' }).click();
    await answer(phones[1]!, QUESTIONS[1]!.stem, ANSWERS[1]![1]!);
    await phones[1]!.reload();
    await expect.poll(() => phones[1]!.locator('.live-phone-stem').textContent()).toBe(QUESTIONS[1]!.stem);
    expect(await phones[1]!.locator('.live-phone-submitted').textContent()).toContain('已提交');
    expect(await phones[1]!.locator('.live-phone-option[aria-checked="true"] .live-phone-option-label').textContent()).toBe(ANSWERS[1]![1]);
    await answer(phones[0]!, QUESTIONS[1]!.stem, ANSWERS[1]![0]!);
    await answer(phones[2]!, QUESTIONS[1]!.stem, ANSWERS[1]![2]!);
    await expect.poll(() => answeredOnScreen(screen), { timeout: PUSHED_MS }).toBe(3);
    await screen.getByRole('button', { name: '揭晓答案' }).click();
    await expect.poll(() => barsOnScreen(screen)).toEqual(expectedBars(ANSWERS[1]!, 3));
    // after the reload the phone still hears the reveal
    await expect.poll(() => phones[1]!.locator('.live-phone-verdict').textContent(), { timeout: PUSHED_MS }).toBe('答对了！');

    // ---- question 3 on a laptop's screen ----
    await screen.setViewportSize(LAPTOP);
    await screen.getByRole('button', { name: '下一题' }).click();
    for (const [i, phone] of phones.entries()) await answer(phone, QUESTIONS[2]!.stem, ANSWERS[2]![i]!);
    await expect.poll(() => answeredOnScreen(screen), { timeout: PUSHED_MS }).toBe(3);
    await screen.getByRole('button', { name: '揭晓答案' }).click();
    await expect.poll(() => barsOnScreen(screen)).toEqual(expectedBars(ANSWERS[2]!, 3));
    expect(await fitsWidth(screen)).toBe(true);
    await screen.screenshot({ path: `${SHOTS}/live-screen-reveal-1366-dark.png` });

    // ---- the end: the summary by name on the screen, each phone its own tally ----
    await screen.setViewportSize(SCREEN);
    await screen.getByRole('button', { name: '结 束' }).or(screen.getByRole('button', { name: '结束' })).click();
    await expect.poll(() => screen.locator('.live-screen-summary h1').textContent()).toBe('课堂小结');
    // the projected summary names nobody until the teacher asks
    for (const s of STUDENTS) expect(await screen.locator('.live-screen-summary').textContent()).not.toContain(s.realname);
    await screen.getByRole('button', { name: '显示每位同学的结果' }).click();
    const rows = await screen.locator('.live-screen-summary tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    const right = STUDENTS.map((_, i) => ANSWERS.filter((a, q) => a[i] === String.fromCharCode(65 + QUESTIONS[q]!.right)).length);
    expect(rows).toEqual(STUDENTS.map((s, i) => [s.realname, '已参加', '3', String(right[i])]));
    expect(await audit(screen)).toEqual([]);
    await screen.screenshot({ path: `${SHOTS}/live-screen-summary-1920-dark.png` });
    await setDark(screen, false);
    await expect.poll(() => screen.locator('.live-screen-summary h1').textContent()).toBe('课堂小结');
    expect(await audit(screen)).toEqual([]);
    await screen.screenshot({ path: `${SHOTS}/live-screen-summary-1920-light.png` });
    for (const [i, phone] of phones.entries()) {
      await expect.poll(() => phone.getByText(`你答了 3 题，答对 ${right[i]} 题。`).isVisible(), { timeout: PUSHED_MS }).toBe(true);
    }
    expect(await audit(phones[2]!)).toEqual([]);
    await phones[2]!.screenshot({ path: `${SHOTS}/live-phone-end-390-dark.png` });

    // ---- kept per student: the teacher's summary of the session ----
    const summary = await teacher.call<LiveSummary>('GET', `/students/live/summary?id=${sessionId}`);
    expect(summary.students!.map((s) => [s.realname, s.answers.map((a) => a.answer)])).toEqual(STUDENTS.map((s, i) => [s.realname, ANSWERS.map((a) => a[i])]));
    expect(summary.questions.map((q) => q.answered)).toEqual([3, 3, 3]);
  });

  it('a student joins from the home page with a typed code; a wrong code is refused in place', { timeout: 300_000 }, async () => {
    const [papers, classes] = await Promise.all([teacher.call<Array<{ id: string }>>('GET', '/students/live/papers'), teacher.call<Array<{ id: string }>>('GET', '/students/teach/classes')]);
    const started = await teacher.call<{ id: string; code: string }>('POST', '/students/live/start', { classId: classes[0]!.id, paperId: papers[0]!.id });
    const phone = await signedIn(STUDENTS[0]!.username, PHONE);
    await phone.goto('/students');
    await phone.getByRole('link', { name: '加入课堂' }).click();
    await phone.waitForURL((u) => u.pathname === '/students/live/join');
    const input = phone.getByLabel('课堂码');
    await input.fill('000000');
    await phone.getByRole('button', { name: /加\s*入/ }).click();
    await expect.poll(() => phone.getByRole('alert').textContent()).toContain('课堂码不存在或课堂已结束');
    expect(await audit(phone)).toEqual([]);
    await phone.screenshot({ path: `${SHOTS}/live-phone-join-390-light.png` });
    await input.fill(started.code);
    await phone.getByRole('button', { name: /加\s*入/ }).click();
    await phone.waitForURL((u) => u.pathname === `/students/live/${started.id}`);
    await expect.poll(() => phone.getByText('已加入课堂').isVisible()).toBe(true);
    await teacher.call('POST', '/students/live/end', { id: started.id });
  });
});
