import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type ApiUser } from '../support/api';
import { useOwnServer } from '../support/own-server';
import { audit, setDark } from '../support/audit';

// Credits (学分) end to end in Chromium: a teacher gives a one-lesson assignment; the student opens the
// lesson on a phone (a reading without a reading time is finished when opened), and 我的学分 on the home
// shows the lesson's points and the bonus and the class's total, the history page lists both; the class's teacher sees the class
// total on 班级统计 (no names with it); an editor changes a rule on 学分规则 in the back-office. Pages are
// checked with axe (no serious or critical violation) at 390 px light and dark, and screenshotted.
const ADMIN = 'Admin#credits-1';
const PASSWORD = 'Credit#e2e-2026-pass';
const COURSE = '防火安全微课';
const LESSON = '认识灭火器';
const STUDENT = { username: 'credit_e2e_student', realname: '陈小满' };
const TEACHER = { username: 'credit_e2e_teacher', realname: '郑老师' };
const EDITOR = { username: 'credit_e2e_editor', realname: '内容编辑' };
const PHONE = { width: 390, height: 844 };
const SHOTS = `${import.meta.dirname}/../artifacts`;
// the seeded rules: a lesson 1, the whole assignment 5
const EARNED = 6;

const own = useOwnServer(ADMIN);
let admin: ApiUser;
let lessonId: string;

beforeAll(async () => {
  admin = await apiAs(own.server.url, 'admin', ADMIN);
  await admin.call('POST', '/students/course/add', { title: COURSE, published: 1 });
  const courseId = (await admin.call<{ records: Array<{ id: string }> }>('GET', `/students/course/list?title=${encodeURIComponent(COURSE)}`)).records[0]!.id;
  await admin.call('POST', '/students/lesson/add', { courseId, title: LESSON, kind: 'article', content: '<p>拔掉保险销，对准火焰根部。</p>', durationSeconds: 0, sortNo: 1 });
  lessonId = (await admin.call<{ records: Array<{ id: string }> }>('GET', `/students/lesson/list?courseId=${courseId}`)).records[0]!.id;
  const studentId = await admin.createUser({ ...STUDENT, password: PASSWORD }, 'student');
  const teacherId = await admin.createUser({ ...TEACHER, password: PASSWORD }, 'teacher');
  await admin.createUser({ ...EDITOR, password: PASSWORD }, 'edu_editor');
  await admin.call('POST', '/students/class/add', { name: 'E2E 六年级一班', grade: '6', teacherIds: [teacherId], studentIds: [studentId] });
  const classId = (await admin.call<{ records: Array<{ id: string }> }>('GET', `/students/class/list?name=${encodeURIComponent('E2E 六年级一班')}`)).records[0]!.id;
  const teacher = await apiAs(own.server.url, TEACHER.username, PASSWORD);
  const at = (ms: number) => new Date(ms).toLocaleString('sv-SE').slice(0, 19);
  await teacher.call('POST', '/students/assignment/add', { title: '认识灭火器', classIds: [classId], items: [{ kind: 'lesson', id: lessonId }], openTime: at(Date.now() - 3_600_000), dueTime: at(Date.now() + 86_400_000), receipt: false });
}, 120_000);

async function context(username: string, viewport = PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const phone = viewport.width < 600;
  const ctx = await own.browser.newContext({ baseURL: own.server.url, viewport, locale: 'zh-CN', ...(phone ? { isMobile: true, hasTouch: true } : {}) });
  const page = await ctx.newPage();
  await page.goto('/user/login');
  await page.getByPlaceholder(/用户名|账号/).fill(username);
  await page.getByPlaceholder(/密码/).fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'));
  return { context: ctx, page };
}

// the home also lists the course's certificate (another section, checked by its own test): the credits card here
const HOME_CREDITS = 'section[aria-labelledby="my-credits"]';

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('credits', () => {
  it('finishing the assignment shows its credits on the home and the history page, light and dark', { timeout: 300_000 }, async () => {
    const { context: ctx, page } = await context(STUDENT.username);
    try {
      await page.goto('/students');
      const card = page.locator('#my-credits').locator('xpath=..');
      await expect.poll(() => card.textContent()).toContain('按时完成老师布置的作业，就能得到学分。');

      await page.goto(`/students/lesson/${lessonId}`);
      await expect.poll(() => page.getByText('拔掉保险销，对准火焰根部。').isVisible()).toBe(true);
      await page.goto('/students');
      await expect.poll(() => page.getByLabel(`学分共${EARNED}分`).isVisible()).toBe(true);
      expect(await card.textContent()).toContain(`课时：${LESSON}`);
      // the class's own total, as its teacher sees it, beside the student's
      const classLine = card.locator('.credit-class').filter({ hasText: 'E2E 六年级一班' });
      await expect.poll(() => classLine.textContent()).toContain(`全班共${EARNED}学分`);
      expect(await classLine.evaluate((el) => { const r = el.getBoundingClientRect(); return r.left >= 0 && r.right <= window.innerWidth; })).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      expect(await audit(page, HOME_CREDITS)).toEqual([]);
      await card.screenshot({ path: `${SHOTS}/credits-home-390-light.png` });

      await page.getByRole('link', { name: '学分记录' }).click();
      await page.waitForURL((u) => u.pathname === '/students/credits');
      await expect.poll(() => page.locator('.credit-page-total').textContent()).toContain(`共${EARNED}学分`);
      expect(await page.locator('.credit-line').count()).toBe(2);
      expect(await page.locator('.credit-page').textContent()).toContain('完成整份作业');
      expect(await page.locator('.credit-page .credit-class').textContent()).toContain(`全班共${EARNED}学分`);
      expect(await fitsWidth(page)).toBe(true);
      expect(await audit(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/credits-history-390-light.png`, fullPage: true });

      await setDark(page, true);
      await expect.poll(() => page.locator('.credit-line').count()).toBe(2);
      expect(await audit(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/credits-history-390-dark.png`, fullPage: true });
      await page.goto('/students');
      await expect.poll(() => page.getByLabel(`学分共${EARNED}分`).isVisible()).toBe(true);
      expect(await audit(page, HOME_CREDITS)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/credits-home-390-dark.png`, fullPage: true });
    } finally {
      await ctx.close();
    }
  });

  it("the class's teacher sees the class total on 班级统计, without names", { timeout: 300_000 }, async () => {
    const { context: ctx, page } = await context(TEACHER.username);
    try {
      await page.goto('/students/classStats');
      const stat = page.getByRole('region', { name: '班级学分' });
      await expect.poll(() => stat.textContent()).toContain(String(EARNED));
      expect(await stat.textContent()).not.toContain(STUDENT.realname);
      expect(await audit(page)).toEqual([]);
      await stat.screenshot({ path: `${SHOTS}/credits-class-390-light.png` });
      await setDark(page, true);
      await expect.poll(() => stat.textContent()).toContain(String(EARNED));
      expect(await audit(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/credits-class-390-dark.png`, fullPage: true });
    } finally {
      await ctx.close();
    }
  });

  it('an editor changes a rule on 学分规则', { timeout: 300_000 }, async () => {
    const { context: ctx, page } = await context(EDITOR.username, { width: 1440, height: 900 });
    try {
      await page.goto('/education/creditRule');
      const row = page.locator('tr').filter({ hasText: '试卷' });
      await expect.poll(() => row.count()).toBe(1);
      // one rule per kind of work (危险预判 among them) and the bonus for the whole
      expect(await page.locator('tr.ant-table-row').count()).toBe(7);
      expect(await page.locator('tr.ant-table-row').filter({ hasText: '危险预判' }).count()).toBe(1);
      await row.getByText('编辑', { exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('按时完成学分').fill('8');
      await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
      await expect.poll(() => row.textContent()).toContain('试卷82');
      expect(await audit(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/credit-rules-1440-light.png` });
      await setDark(page, true);
      await expect.poll(() => page.locator('tr.ant-table-row').count()).toBe(7);
      // the page itself (the shell's side menu is the shell's own test)
      expect(await audit(page, 'main')).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/credit-rules-1440-dark.png` });
    } finally {
      await ctx.close();
    }
  });
});
