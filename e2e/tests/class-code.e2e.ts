import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type ApiUser } from '../support/api';
import { useOwnServer } from '../support/own-server';

// Class codes end to end in Chromium: a class's teacher reads the code on 班级统计 (phone size), a student
// at phone size opens 加入班级 from the account menu and asks to join with it, the teacher accepts, and the
// student is a member (the server's class, the student's list, the teacher's count). The back-office
// dialog shows the same code. Users and class are made here through the admin's API.
const ADMIN = 'Admin#class-code-1';
const PASSWORD = 'Class#code-e2e-2026';
const TEACHER = { username: 'cc_e2e_teacher', realname: '钱老师' };
const STUDENT = { username: 'cc_e2e_student', realname: '孙同学' };
const CLASS = 'E2E 三年级五班';
const PHONE = { width: 390, height: 844 };
const SHOTS = `${import.meta.dirname}/../artifacts`;


const own = useOwnServer(ADMIN, { DEMO_DATA: 'on' });
let admin: ApiUser;
const call = <T>(method: string, path: string, body?: unknown) => admin.call<T>(method, path, body);
let classId: string;
let studentId: string;

beforeAll(async () => {
  admin = await apiAs(own.server.url, 'admin', ADMIN);
  const teacherId = await admin.createUser({ ...TEACHER, password: PASSWORD }, 'teacher');
  studentId = await admin.createUser({ ...STUDENT, password: PASSWORD }, 'student');
  await call('POST', '/students/class/add', { name: CLASS, grade: '3', teacherIds: [teacherId], studentIds: [] });
  classId = (await call<{ records: Array<{ id: string }> }>('GET', `/students/class/list?name=${encodeURIComponent(CLASS)}`)).records[0].id;
}, 120_000);

/** A phone-sized context signed in through the login form. */
async function phone(username: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await own.browser.newContext({ baseURL: own.server.url, viewport: PHONE, locale: 'zh-CN', isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/user/login');
  await page.getByPlaceholder(/用户名|账号/).fill(username);
  await page.getByPlaceholder(/密码/).fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'));
  return { context, page };
}

const codeCard = (page: Page) => page.locator('.ant-card').filter({ has: page.getByTestId('class-code') });

describe('class codes', () => {
  it('the teacher shows the code, a student joins with it on a phone, the teacher accepts', { timeout: 240_000 }, async () => {
    const teacher = await phone(TEACHER.username);
    const student = await phone(STUDENT.username);
    try {
      // the teacher's 班级统计: the class with its grade's name, and its code
      await teacher.page.goto('/students/classStats');
      await expect.poll(() => teacher.page.getByTestId('class-code').textContent()).toMatch(/^[A-Z2-9]{6}$/);
      const code = (await teacher.page.getByTestId('class-code').textContent())!;
      await expect.poll(() => teacher.page.locator('.ant-select-selection-item').first().textContent()).toContain(`${CLASS}（三年级）`);
      await codeCard(teacher.page).screenshot({ path: `${SHOTS}/class-code-teacher-390.png` });

      // the student: account menu → 加入班级, the code typed in lower case with a space
      await student.page.goto('/students/courseList');
      await student.page.getByRole('button', { name: /我的账号/ }).click();
      await student.page.getByRole('menuitem', { name: '加入班级' }).click();
      await student.page.waitForURL((u) => u.pathname === '/students/joinClass');
      await student.page.getByLabel('班级码').fill(`${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`);
      await expect.poll(() => student.page.getByRole('button', { name: /申请加入/ }).isEnabled()).toBe(true);
      await student.page.waitForTimeout(300);
      await student.page.screenshot({ path: `${SHOTS}/class-code-join-390-light.png` });
      await student.page.getByRole('button', { name: /申请加入/ }).click();
      await expect.poll(() => student.page.getByRole('status').textContent()).toContain(`已向“${CLASS}”提交申请，等待老师通过`);
      await expect.poll(() => student.page.locator('.class-join .ant-list-item').filter({ hasText: CLASS }).textContent()).toContain('等待老师通过');
      expect(await call<{ studentIds: string[] }>('GET', `/students/class/queryById?id=${classId}`).then((c) => c.studentIds)).toEqual([]);

      // the teacher sees the request and accepts it
      await teacher.page.reload();
      await teacher.page.getByRole('button', { name: `通过 ${STUDENT.realname}` }).click();
      await expect.poll(() => codeCard(teacher.page).textContent()).toContain('没有待通过的申请');
      await expect.poll(() => teacher.page.locator('.ant-select-selection-item').first().textContent()).toContain('1 人');

      // a member now: in the class on the server, in the student's list
      expect((await call<{ studentIds: string[] }>('GET', `/students/class/queryById?id=${classId}`)).studentIds).toEqual([studentId]);
      await student.page.reload();
      await expect.poll(() => student.page.locator('.class-join .ant-list-item').filter({ hasText: CLASS }).textContent()).toContain('已加入');

      // dark mode: the same page, its colours from the area's variables
      await student.page.getByRole('button', { name: /我的账号/ }).click();
      await student.page.getByRole('menuitem', { name: '暗黑模式' }).click();
      await expect.poll(() => student.page.evaluate(() => document.body.classList.contains('dark-mode'))).toBe(true);
      await student.page.getByLabel('班级码').fill('ABC');
      await student.page.waitForTimeout(300);
      await student.page.screenshot({ path: `${SHOTS}/class-code-join-390-dark.png` });
    } finally {
      await teacher.context.close();
      await student.context.close();
    }
  });

  it('the back-office 班级码 dialog shows the same code', { timeout: 120_000 }, async () => {
    const code = (await call<{ code: string }>('GET', `/students/class/joinCode?id=${classId}`)).code;
    const page = await own.signedIn();
    try {
      await page.goto('/education/class');
      const row = page.getByRole('row').filter({ hasText: CLASS }).first();
      await expect.poll(() => row.getByRole('cell', { name: '三年级', exact: true }).count()).toBeGreaterThan(0);
      await row.getByText('班级码', { exact: true }).click();
      const dialog = page.getByRole('dialog').filter({ hasText: `${CLASS} 的班级码` });
      await expect.poll(() => dialog.getByTestId('class-code').textContent()).toBe(code);
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SHOTS}/class-code-backoffice-1440.png` });
    } finally {
      await page.context().close();
    }
  });
});
