import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type ApiUser } from '../support/api';
import { useOwnServer } from '../support/own-server';
import { REPO_ROOT } from '../support/server';
import { audit, setDark } from '../support/audit';

// Reading aloud end to end in Chromium at phone size: a student of a 一年级 class finds the 自动朗读 switch
// on in the header, a test's question is read as it shows (in Chinese), the 🔊 beside the options reads
// them, and the page keeps to the phone's width. What the page hands to speechSynthesis is recorded by an
// init script (the browser's own API; headless Chromium has no voice to play it).
const ADMIN = 'Admin#speech-1';
const PASSWORD = 'Speech#e2e-2026-pass';
const STUDENT = { username: 'speech_e2e_student', realname: '田小禾' };
const TEACHER = { username: 'speech_e2e_teacher', realname: '冯老师' };
const PHONE = { width: 390, height: 844 };
const SHOTS = `${import.meta.dirname}/../artifacts`;
const STEM = '过马路时应该走哪里？';
const PAPER = '一年级交通小测';
const SCENE = '厨房里的隐患';
const COURSE = '小手拉小手防火课';
const LESSON = '认识火警电话';

const own = useOwnServer(ADMIN);
let admin: ApiUser;

beforeAll(async () => {
  admin = await apiAs(own.server.url, 'admin', ADMIN);
  const studentId = await admin.createUser({ ...STUDENT, password: PASSWORD }, 'student');
  const teacherId = await admin.createUser({ ...TEACHER, password: PASSWORD }, 'teacher');
  await admin.call('POST', '/students/class/add', { name: '一年级二班', grade: '1', teacherIds: [teacherId], studentIds: [studentId] });
  await admin.call('POST', '/students/theoryQuestion/add', {
    type: 'single',
    stem: STEM,
    difficulty: '1',
    score: 10,
    analysis: '人行横道最安全。',
    options: [
      { label: 'A', content: '人行横道', image: null, isCorrect: true },
      { label: 'B', content: '车道中间', image: null, isCorrect: false },
    ],
  });
  const questionId = (await admin.call<{ records: Array<{ id: string; stem: string }> }>('GET', `/students/theoryQuestion/list?stem=${encodeURIComponent(STEM)}`)).records.find((r) => r.stem === STEM)!.id;
  // a hazard picture with two hazards (one in the middle), and a course with an article lesson
  const form = new FormData();
  form.append('file', new Blob([await readFile(join(REPO_ROOT, 'apps/server/assets/students/hazard-kitchen.jpg'))], { type: 'image/jpeg' }), 'hazard-kitchen.jpg');
  form.append('biz', 'students');
  const uploaded = (await (await fetch(`${own.server.url}/api/sys/common/upload`, { method: 'POST', headers: { 'X-Access-Token': admin.token, 'tenant-id': admin.tenant }, body: form })).json()) as { message: string };
  await admin.call('POST', '/students/dangerQuestion/add', {
    title: SCENE,
    description: '看看灶台边有什么危险。',
    image: uploaded.message,
    imageWidth: 800,
    imageHeight: 500,
    requiredCount: 2,
    timeLimitSeconds: 0,
    hintsAllowed: 0,
    wrongPenalty: 0,
    published: 1,
    regions: [
      { shape: 'circle', coords: { cx: 0.5, cy: 0.5, r: 0.12 }, title: '锅里的油烧着了', risk: '火会蔓延到橱柜', fix: '盖上锅盖，关火' },
      { shape: 'rect', coords: { x: 0.7, y: 0.05, w: 0.2, h: 0.2 }, title: '插线板挨着水池', risk: '溅水会触电', fix: '把插线板移开' },
    ],
  });
  await admin.call('POST', '/students/course/add', { title: COURSE, published: 1 });
  const courseId = (await admin.call<{ records: Array<{ id: string }> }>('GET', `/students/course/list?title=${encodeURIComponent(COURSE)}`)).records[0]!.id;
  await admin.call('POST', '/students/lesson/add', { courseId, title: LESSON, kind: 'article', content: '<p>着火了要拨打119。</p><p>说清楚地址。</p>', durationSeconds: 0, sortNo: 1 });
  await admin.call('POST', '/students/paper/add', { title: PAPER, mode: 'fixed', timeLimitMinutes: 0, passScore: 10, shuffleOptions: 0, partialCredit: 0, published: 1, questions: [{ questionId, score: 10 }] });
}, 120_000);

/** A phone signed in as the student, recording every utterance in window.__spoken. */
async function phone(viewport = PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const narrow = viewport.width < 600;
  const context = await own.browser.newContext({ baseURL: own.server.url, viewport, locale: 'zh-CN', ...(narrow ? { isMobile: true, hasTouch: true } : {}) });
  await context.addInitScript(() => {
    const w = window as unknown as { __spoken: Array<{ text: string; lang: string }> };
    w.__spoken = [];
    if (!window.speechSynthesis) return;
    window.speechSynthesis.speak = (u: SpeechSynthesisUtterance) => void w.__spoken.push({ text: u.text, lang: u.lang });
  });
  const page = await context.newPage();
  await page.goto('/user/login');
  await page.getByPlaceholder(/用户名|账号/).fill(STUDENT.username);
  await page.getByPlaceholder(/密码/).fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'));
  // the session is kept once the landing page shows who is signed in: an address opened sooner finds no one
  await page.getByRole('button', { name: /我的账号/ }).waitFor();
  return { context, page };
}

const spoken = (page: Page) => page.evaluate(() => (window as unknown as { __spoken: Array<{ text: string; lang: string }> }).__spoken);
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('reading aloud for a first-grade student', () => {
  it('has 自动朗读 on in the header, reads a test question as it shows and the options on a tap, at 390 px light and dark', { timeout: 300_000 }, async () => {
    const { context, page } = await phone();
    try {
      await page.goto('/students/theoryQuestionList?tab=exam');
      const toggle = page.getByRole('switch', { name: '自动朗读' });
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
      // a 44 px target, wholly on screen
      const box = (await toggle.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);

      const card = page.getByRole('region', { name: PAPER });
      await card.getByRole('button', { name: /开始考试/ }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: /开始考试/ }).click();
      await expect.poll(() => page.url(), { timeout: 30_000 }).toMatch(/\/students\/exam\//);
      await page.getByText(STEM).waitFor();
      // read as it shows: its kind, the stem and the options, in Chinese
      await expect.poll(() => spoken(page)).toContainEqual({ text: `单选题。${STEM}A，人行横道。B，车道中间。`, lang: 'zh-CN' });

      const before = (await spoken(page)).length;
      const readOptions = page.getByRole('button', { name: '朗读选项' });
      const target = (await readOptions.boundingBox())!;
      expect(target.width).toBeGreaterThanOrEqual(44);
      expect(target.height).toBeGreaterThanOrEqual(44);
      await readOptions.click();
      await expect.poll(async () => (await spoken(page)).slice(before)).toEqual([{ text: 'A，人行横道。B，车道中间。', lang: 'zh-CN' }]);
      // the 🔊 reads and does not answer
      expect(await page.getByRole('radio', { name: /人行横道/ }).getAttribute('aria-checked')).toBe('false');
      expect(await fitsWidth(page)).toBe(true);
      expect(await audit(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/speech-exam-390-light.png` });

      await setDark(page, true);
      await page.getByText(STEM).waitFor();
      expect(await page.getByRole('switch', { name: '自动朗读' }).getAttribute('aria-checked')).toBe('true');
      expect(await fitsWidth(page)).toBe(true);
      expect(await audit(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/speech-exam-390-dark.png` });

      // turned off, it stays off on the next visit, and a new question is not read
      await page.getByRole('switch', { name: '自动朗读' }).click();
      expect(await page.getByRole('switch', { name: '自动朗读' }).getAttribute('aria-checked')).toBe('false');
      await page.reload();
      await page.getByText(STEM).waitFor();
      await expect.poll(() => page.getByRole('switch', { name: '自动朗读' }).getAttribute('aria-checked')).toBe('false');
      expect(await spoken(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reads a hazard picture\'s task when the play opens and a found hazard\'s explanation, and a lesson\'s text on a tap', { timeout: 300_000 }, async () => {
    const { context, page } = await phone();
    try {
      await page.goto('/students/dangerQuestionList');
      const card = page.locator('.ant-card').filter({ hasText: SCENE });
      await card.getByRole('button', { name: /开始排查/ }).click();
      await expect.poll(() => page.url(), { timeout: 30_000 }).toMatch(/\/students\/danger\//);
      await expect.poll(() => spoken(page)).toContainEqual({ text: `${SCENE}。看看灶台边有什么危险。找出 2 处隐患。`, lang: 'zh-CN' });
      const picture = page.getByRole('img', { name: SCENE });
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      const box = (await picture.boundingBox())!;
      await picture.click({ position: { x: box.width * 0.5, y: box.height * 0.5 } });
      await page.getByText('找到了：锅里的油烧着了').waitFor();
      await expect.poll(() => spoken(page)).toContainEqual({ text: '找到了：锅里的油烧着了。危险：火会蔓延到橱柜。怎么做：盖上锅盖，关火。', lang: 'zh-CN' });
      expect(await page.getByRole('button', { name: '朗读隐患说明' }).isVisible()).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      expect(await audit(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/speech-hazard-390-light.png` });

      await page.goto('/students/courseList');
      await page.getByText(COURSE).click();
      await page.getByText(LESSON).click();
      await page.getByText('着火了要拨打119。').waitFor();
      const before = (await spoken(page)).length;
      await page.getByRole('button', { name: '朗读课文' }).click();
      await expect.poll(async () => (await spoken(page)).slice(before).map((u) => u.text).join('')).toBe(`${LESSON}。着火了要拨打119。 说清楚地址。`);
      expect(await fitsWidth(page)).toBe(true);
      await setDark(page, true);
      await page.getByText('着火了要拨打119。').waitFor();
      expect(await audit(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/speech-lesson-390-dark.png` });
    } finally {
      await context.close();
    }
  });

  it('reads the live quiz question on the phone as the teacher shows it', { timeout: 300_000 }, async () => {
    const teacher = await apiAs(own.server.url, TEACHER.username, PASSWORD);
    const [papers, classes] = await Promise.all([teacher.call<Array<{ id: string; title: string }>>('GET', '/students/live/papers'), teacher.call<Array<{ id: string; name: string }>>('GET', '/students/teach/classes')]);
    const started = await teacher.call<{ id: string; code: string }>('POST', '/students/live/start', { classId: classes.find((c) => c.name === '一年级二班')!.id, paperId: papers.find((p) => p.title === PAPER)!.id });
    const { context, page } = await phone();
    try {
      await page.goto(`/students/live/join?code=${started.code}`);
      await page.waitForURL((u) => u.pathname === `/students/live/${started.id}`);
      await page.getByText('已加入课堂').waitFor();
      expect(await spoken(page)).toEqual([]);
      await teacher.call('POST', '/students/live/next', { id: started.id, seconds: 120 });
      await page.getByText(STEM).waitFor();
      await expect.poll(() => spoken(page)).toContainEqual({ text: `${STEM}A，人行横道。B，车道中间。`, lang: 'zh-CN' });
      const before = (await spoken(page)).length;
      await page.getByRole('button', { name: '朗读选项' }).click();
      await expect.poll(async () => (await spoken(page)).slice(before)).toEqual([{ text: 'A，人行横道。B，车道中间。', lang: 'zh-CN' }]);
      expect(await page.getByRole('radio', { name: /人行横道/ }).getAttribute('aria-checked')).toBe('false');
      expect(await fitsWidth(page)).toBe(true);
      expect(await audit(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/speech-live-390-light.png` });
    } finally {
      await teacher.call('POST', '/students/live/end', { id: started.id }).catch(() => {});
      await context.close();
    }
  });

  it('shows the switch with its word on a wide screen, light and dark', { timeout: 300_000 }, async () => {
    const { context, page } = await phone({ width: 1280, height: 800 });
    try {
      await page.goto('/students/theoryQuestionList');
      const toggle = page.getByRole('switch', { name: '自动朗读' });
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
      expect(await toggle.textContent()).toBe('自动朗读');
      expect(await fitsWidth(page)).toBe(true);
      expect(await audit(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/speech-practice-1280-light.png` });
      await setDark(page, true);
      await expect.poll(() => page.getByRole('switch', { name: '自动朗读' }).getAttribute('aria-checked')).toBe('true');
      expect(await audit(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/speech-practice-1280-dark.png` });
    } finally {
      await context.close();
    }
  });
});
