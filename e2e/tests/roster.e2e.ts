import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type ApiUser } from '../support/api';
import { useOwnServer } from '../support/own-server';

// 导入花名册 end to end in Chromium: the administrator imports a roster of 30 students into a new class from
// 班级管理's dialog and opens the cards' print page; a student signs in on a phone with a card's password,
// must choose their own, and then reaches the student area. The class's teacher prints cards and resets
// a password from 班级统计 on a phone. Screenshots of each screen go to artifacts/.
const ADMIN = 'Admin#roster-e2e-1';
const PASSWORD = 'Roster#e2e-2026';
const CLASS = 'E2E 四年级二班';
const TEACHER = { username: 'roster_e2e_teacher', realname: '周老师' };
const PHONE = { width: 390, height: 844 };
const SHOTS = `${import.meta.dirname}/../artifacts`;
const STUDENTS = Array.from({ length: 30 }, (_, i) => ({ name: `学生${String(i + 1).padStart(2, '0')}`, no: `R2026${String(i + 1).padStart(3, '0')}` }));


const own = useOwnServer(ADMIN);
let admin: ApiUser;
const call = <T>(method: string, path: string, body?: unknown) => admin.call<T>(method, path, body);
let cards: Array<{ username: string; password: string }> = [];

async function roster(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('花名册');
  sheet.addRow(['年级', '班级', '姓名', '学号', '家长手机号']);
  // the grade as schools type it: the dictionary maps 4年级 to 四年级
  for (const [i, s] of STUDENTS.entries()) sheet.addRow([i % 2 ? '四年级' : '4年级', CLASS, s.name, s.no, i === 0 ? '13800138000' : null]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function phone(username: string, password: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await own.browser.newContext({ baseURL: own.server.url, viewport: PHONE, locale: 'zh-CN', isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/user/login');
  await page.getByPlaceholder(/用户名|账号/).fill(username);
  await page.getByPlaceholder(/密码/).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'));
  return { context, page };
}

/** What students-phone checks on every page: nothing wider than the screen, every control 44 px high. */
function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const vw = window.innerWidth;
    if (document.documentElement.scrollWidth > vw) faults.push(`document ${document.documentElement.scrollWidth} px wide in ${vw}`);
    const visible = (e: Element) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden' && !e.closest('[aria-hidden="true"]');
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
    for (const control of [...document.querySelectorAll('.area button, .area .ant-select, .ant-popover button')].filter(visible)) {
      const r = control.getBoundingClientRect();
      const name = `${control.tagName.toLowerCase()} “${(control.textContent ?? '').trim().slice(0, 16)}”`;
      if ((r.right > vw + 0.5 || r.left < -0.5) && !inSideScroller(control)) faults.push(`${name} leaves the screen`);
      if (r.height < 43.5) faults.push(`${name} only ${Math.round(r.height)} px high`);
    }
    return faults;
  });
}

beforeAll(async () => {
  admin = await apiAs(own.server.url, 'admin', ADMIN);
}, 120_000);

describe('roster import', () => {
  it('the administrator imports 30 students into a new class and opens their cards', { timeout: 240_000 }, async () => {
    const page = await own.signedIn();
    try {
      await page.goto('/education/class');
      await page.getByRole('button', { name: '导入花名册' }).click();
      const dialog = page.getByRole('dialog').filter({ hasText: '导入花名册' });
      await dialog.locator('input[type=file]').setInputFiles({ name: '花名册.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await roster() });
      await expect.poll(() => dialog.getByRole('button', { name: '开始上传' }).isEnabled()).toBe(true);
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS}/roster-import-1440.png` });
      await page.setViewportSize(PHONE);
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SHOTS}/roster-import-390.png` });
      expect(await page.evaluate(() => document.querySelector('.ant-modal')!.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
      await page.setViewportSize({ width: 1440, height: 900 });
      await dialog.getByRole('button', { name: '开始上传' }).click();
      await expect.poll(() => dialog.getByRole('alert').first().textContent()).toContain('新建班级1个，新建学生账号30个');
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS}/roster-import-done-1440.png` });

      // the new class holds the grade's dictionary value
      const classes = await call<{ records: Array<{ id: string; grade: string; name: string }> }>('GET', `/students/class/list?name=${encodeURIComponent(CLASS)}`);
      expect(classes.records.map((c) => c.grade)).toEqual(['4']);

      await dialog.getByRole('button', { name: /打印登录卡/ }).click();
      await page.waitForURL((u) => u.pathname === '/print/login-cards');
      await expect.poll(() => page.getByTestId('card-password').count()).toBe(30);
      const names = await page.getByTestId('card-username').allTextContents();
      const passwords = await page.getByTestId('card-password').allTextContents();
      cards = names.map((username, i) => ({ username, password: passwords[i] }));
      expect(names.sort()).toEqual(STUDENTS.map((s) => s.no).sort());
      await expect.poll(() => page.locator('.login-card-qr svg').count()).toBe(30);
      // the grade's name, not its dictionary value
      expect(await page.locator('.login-card-class').first().textContent()).toBe(`四年级 ${CLASS}`);
      await page.screenshot({ path: `${SHOTS}/roster-cards-1440.png` });
      await page.emulateMedia({ media: 'print' });
      await page.screenshot({ path: `${SHOTS}/roster-cards-print.png`, fullPage: true });
      expect(await page.locator('.login-cards-bar').isVisible()).toBe(false);
      await page.emulateMedia({ media: 'screen' });
      // shown once: a reload finds nothing
      await page.reload();
      await expect.poll(() => page.getByTestId('card-password').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it('a student signs in with a card on a phone, must change the password, then reaches the student area', { timeout: 180_000 }, async () => {
    expect(cards.length).toBe(30);
    const card = cards[0];
    const { context, page } = await phone(card.username, card.password);
    try {
      await page.waitForURL((u) => u.pathname === '/user/change-password');
      // elsewhere sends back here
      await page.goto('/students/courseList');
      await page.waitForURL((u) => u.pathname === '/user/change-password');
      await expect.poll(() => page.getByRole('heading', { name: '修改初始密码' }).isVisible()).toBe(true);
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS}/roster-first-password-390-light.png` });
      await expect.poll(() => layoutFaults(page)).toEqual([]);
      await page.evaluate(() => localStorage.setItem('DISPLAY_SETTINGS', JSON.stringify({ value: { darkMode: true }, expire: null })));
      await page.reload();
      await expect.poll(() => page.evaluate(() => document.body.classList.contains('dark-mode'))).toBe(true);
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS}/roster-first-password-390-dark.png` });

      await page.getByLabel('当前密码').fill(card.password);
      await page.getByLabel('新密码', { exact: true }).fill(PASSWORD);
      await page.getByLabel('确认新密码').fill(PASSWORD);
      await page.getByRole('button', { name: '修改并继续' }).click();
      await page.waitForURL((u) => /^\/students(\/|$)/.test(u.pathname));
      await expect.poll(() => page.locator('.area').count()).toBeGreaterThan(0);
      await expect.poll(() => page.locator('.area-tabbar').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
    // the card's password no longer signs in; the student's own does
    const again = await fetch(`${own.server.url}/api/sys/userLogin`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: card.username, password: PASSWORD }) });
    expect(((await again.json()) as { result: { userInfo: { pwdMustChange?: number } } }).result.userInfo.pwdMustChange).toBe(0);
  });

  it('the class teacher prints cards and resets a password from 班级统计 on a phone', { timeout: 180_000 }, async () => {
    const roles = await call<{ records: Array<{ id: string; roleCode: string }> }>('GET', '/sys/role/list?roleCode=teacher');
    const teacherOf = async () => (await call<{ records: Array<{ id: string; username: string }> }>('GET', `/sys/user/list?username=${TEACHER.username}`)).records.find((u) => u.username === TEACHER.username)?.id;
    // a retry finds the teacher made by the first try
    if (!(await teacherOf())) await call('POST', '/sys/user/add', { ...TEACHER, password: PASSWORD, confirmPassword: PASSWORD, selectedroles: roles.records.find((r) => r.roleCode === 'teacher')!.id });
    const teacherId = (await teacherOf())!;
    const cls = (await call<{ records: Array<{ id: string }> }>('GET', `/students/class/list?name=${encodeURIComponent(CLASS)}`)).records[0];
    const detail = await call<Record<string, unknown> & { studentIds: string[] }>('GET', `/students/class/queryById?id=${cls.id}`);
    await call('PUT', '/students/class/edit', { id: cls.id, name: CLASS, grade: '4', teacherIds: [teacherId], studentIds: detail.studentIds });

    const { context, page } = await phone(TEACHER.username, PASSWORD);
    try {
      await page.goto('/students/classStats');
      const panel = page.locator('.ant-card').filter({ has: page.getByText('登录卡', { exact: true }) });
      await panel.getByRole('button', { name: '重置学生密码（30 人）' }).click();
      await expect.poll(() => panel.getByRole('button', { name: /重置密码（.+）/ }).count()).toBe(30);
      await page.waitForTimeout(300);
      await expect.poll(() => layoutFaults(page)).toEqual([]);
      await panel.screenshot({ path: `${SHOTS}/roster-teacher-cards-390.png` });

      await panel.getByRole('button', { name: `重置密码（${STUDENTS[1].name}）` }).click();
      // polled: the popover zooms in
      await expect.poll(() => layoutFaults(page)).toEqual([]);
      await page.locator('.ant-popover').filter({ hasText: `重置“${STUDENTS[1].name}”的密码？` }).getByRole('button', { name: /确\s*定|OK/ }).click();
      await expect.poll(() => page.getByTestId('reset-password').textContent()).toMatch(/^[a-z2-9]{10}$/);
      await expect.poll(() => layoutFaults(page)).toEqual([]);

      await panel.getByRole('button', { name: '打印登录卡' }).click();
      await page.locator('.ant-popover').filter({ hasText: '已打印的旧卡将失效' }).getByRole('button', { name: /确\s*定|OK/ }).click();
      await page.waitForURL((u) => u.pathname === '/print/login-cards');
      // 29: the student who chose a password is left out
      await expect.poll(() => page.getByTestId('card-password').count()).toBe(29);
      await expect.poll(() => page.locator('.login-cards-bar h1').textContent()).toContain(`四年级 ${CLASS}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/roster-teacher-print-390.png` });
    } finally {
      await context.close();
    }
  });
});
