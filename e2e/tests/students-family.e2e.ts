import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type ApiUser } from '../support/api';
import { useOwnServer } from '../support/own-server';
import { sentCodes } from '../support/sms';
import { audit } from '../support/audit';

// Families in the built app, on a phone: a school imports its roster with one parent's number; that parent
// signs in with an SMS code (no account before), lands on 我的孩子, opens the child's work (a test the child
// handed in, with its score) and signs the home-school receipt; the class's teacher sees it signed. The
// teacher then makes a one-time code for a second child, which the parent types to link that child too.
// Every page at 390 px, light and dark, with axe-core finding no serious or critical violation.
const ADMIN = 'Admin#family-e2e-1';
const PASSWORD = 'Family#e2e-2026';
const PARENT_PHONE = '13966660001';
const CLASS = '三年级五班';
const WORK = '周末安全作业：居家用电';
const SHOTS = `${import.meta.dirname}/../artifacts`;
const PHONE = { width: 390, height: 780 };

const own = useOwnServer(ADMIN, { LOG_LEVEL: 'info', TRUST_PROXY: 'on' });
const codes = sentCodes(() => own.server);
let admin: ApiUser;
let parent: { context: BrowserContext; page: Page } | undefined;

const stamp = (ms: number) => new Date(ms - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 19).replace('T', ' ');

async function rosterFile(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('花名册');
  sheet.addRow(['年级', '班级', '姓名', '学号', '家长手机号']);
  sheet.addRow(['3', CLASS, '林小明', 'F2026001', PARENT_PHONE]);
  sheet.addRow(['3', CLASS, '林小红', 'F2026002', null]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A student of the roster, with the first password changed for their own. */
async function student(card: { username: string; password: string }): Promise<ApiUser> {
  const first = await apiAs(own.server.url, card.username, card.password);
  await first.call('PUT', '/sys/user/updatePassword', { username: card.username, oldpassword: card.password, password: PASSWORD, confirmpassword: PASSWORD });
  return apiAs(own.server.url, card.username, PASSWORD);
}

async function settled(page: Page) {
  await page.locator('.area-content').waitFor();
  await expect.poll(() => page.locator('.area-content .ant-skeleton, .area-content .ant-spin-spinning').count()).toBe(0);
  await page.waitForTimeout(150);
}

/** Serious and critical axe violations, and controls off the screen or under 44 px. */
async function faults(page: Page, phone = true): Promise<string[]> {
  const axe = (await audit(page)).map((line) => `axe ${line}`);
  const layout = await page.evaluate(() => {
    const out: string[] = [];
    const vw = window.innerWidth;
    if (document.documentElement.scrollWidth > vw) out.push(`document ${document.documentElement.scrollWidth} px wide in ${vw}`);
    for (const c of document.querySelectorAll('.area-content button, .area-content a.asg-card, .area-content input')) {
      // a select's search input is inside its box: the box is what a finger taps
      const r = (c.closest('.ant-select') ?? c).getBoundingClientRect();
      if (!r.width || !r.height) continue;
      const name = `${c.tagName.toLowerCase()} “${(c.textContent ?? '').trim().slice(0, 16) || (c.getAttribute('aria-label') ?? c.id)}”`;
      if (r.right > vw + 0.5 || r.left < -0.5) out.push(`${name} leaves the screen`);
      if (r.height < 43.5) out.push(`${name} only ${Math.round(r.height)} px high`);
    }
    return out;
  });
  return phone ? [...axe, ...layout] : axe;
}

async function darkMode(page: Page, on: boolean) {
  await page.getByRole('button', { name: /我的账号/ }).click();
  await page.getByRole('menuitem', { name: on ? '暗黑模式' : '浅色模式' }).click();
  await expect.poll(() => page.evaluate(() => document.body.classList.contains('dark-mode'))).toBe(on);
}

async function teacherPhone(): Promise<Page> {
  const context = await own.browser.newContext({ baseURL: own.server.url, viewport: PHONE, locale: 'zh-CN', isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/user/login');
  await page.getByPlaceholder(/用户名|账号/).fill('fam_teacher');
  await page.getByPlaceholder(/密码/).fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'));
  // the landing page settled: the session is stored before another address is opened
  await settled(page);
  return page;
}

beforeAll(async () => {
  admin = await apiAs(own.server.url, 'admin', ADMIN);
  const teacherId = await admin.createUser({ username: 'fam_teacher', realname: '李老师', password: PASSWORD }, 'teacher');
  const form = new FormData();
  form.append('file', new Blob([await rosterFile()], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), '花名册.xlsx');
  const imported = await (await fetch(`${own.server.url}/api/students/class/importRoster`, { method: 'POST', headers: { 'X-Access-Token': admin.token, 'tenant-id': admin.tenant }, body: form })).json();
  expect(imported.success, JSON.stringify(imported)).toBe(true);
  const cards = imported.result.cards as Array<{ realname: string; username: string; password: string }>;
  const cls = (await admin.call<{ records: Array<{ id: string }> }>('GET', `/students/class/list?name=${encodeURIComponent(CLASS)}`)).records[0]!;
  const detail = await admin.call<{ studentIds: string[] }>('GET', `/students/class/queryById?id=${cls.id}`);
  await admin.call('PUT', '/students/class/edit', { id: cls.id, name: CLASS, grade: '3', teacherIds: [teacherId], studentIds: detail.studentIds });

  const teacher = await apiAs(own.server.url, 'fam_teacher', PASSWORD);
  const rows = <T>(r: T[] | { records: T[] }) => (Array.isArray(r) ? r : r.records);
  const papers = rows(await teacher.call<Array<{ id: string }> | { records: Array<{ id: string }> }>('GET', '/students/study/papers'));
  await teacher.call('POST', '/students/assignment/add', {
    title: WORK,
    classIds: [cls.id],
    items: [{ kind: 'paper', id: papers[0]!.id }],
    openTime: stamp(Date.now() - 3_600_000),
    dueTime: stamp(Date.now() + 86_400_000),
    receipt: true,
  });
  // 林小明 hands the test in, in his own account
  const ming = await student(cards.find((c) => c.realname === '林小明')!);
  const attempt = await ming.call<{ id: string; items: Array<{ questionId: string; options: Array<{ label: string }> }> }>('POST', '/students/study/attempt/start', { paperId: papers[0]!.id });
  await ming.call('POST', '/students/study/attempt/submit', { attemptId: attempt.id, answers: attempt.items.map((q) => ({ questionId: q.questionId, answer: q.options[0]?.label ?? 'A' })) });
}, 120_000);

describe('a family on a phone', () => {
  it('a parent signs in with a code sent to the roster’s number, sees the child’s work and signs the receipt', { timeout: 180_000 }, async () => {
    const context = await own.browser.newContext({ baseURL: own.server.url, viewport: PHONE, locale: 'zh-CN', isMobile: true, hasTouch: true, extraHTTPHeaders: { 'x-forwarded-for': '10.46.0.1' } });
    const page = await context.newPage();
    parent = { context, page };
    await page.goto('/user/login');
    await page.getByRole('tab', { name: '手机号登录' }).click();
    await page.getByPlaceholder('请输入手机号').fill(PARENT_PHONE);
    const from = codes.mark();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByPlaceholder('请输入验证码').fill(await codes.to(PARENT_PHONE, from));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    // the parent's home is 我的孩子, not the study pages
    await page.waitForURL((u) => u.pathname === '/students');
    await settled(page);
    await expect.poll(() => page.getByRole('heading', { name: '我的孩子' }).count()).toBe(1);
    const child = page.getByRole('link', { name: /^林小明/ });
    await expect.poll(() => child.textContent()).toContain('待签回执 1');
    expect(await page.getByRole('link', { name: /^林小红/ }).count()).toBe(0);
    expect(await faults(page), 'home').toEqual([]);
    await page.screenshot({ path: `${SHOTS}/family-home-390-light.png`, fullPage: true });

    await child.click();
    await page.waitForURL((u) => u.pathname.startsWith('/students/family/'));
    await settled(page);
    const card = page.getByRole('article', { name: WORK });
    await expect.poll(() => card.textContent()).toMatch(/已完成.*考试.*\d+分/);
    expect(await faults(page), 'child').toEqual([]);
    await page.screenshot({ path: `${SHOTS}/family-child-390-light.png`, fullPage: true });
    await card.getByRole('button', { name: '签收回执' }).click();
    await expect.poll(() => card.textContent()).toContain('家校回执已签收');
    expect(await card.getByRole('button', { name: '签收回执' }).count()).toBe(0);

    // a parent has no study page: a test page opened by its address says so
    await page.goto('/students/theoryQuestionList');
    await expect.poll(() => page.getByText('没有访问权限').count()).toBe(1);

    await page.goto('/students');
    await settled(page);
    await darkMode(page, true);
    await settled(page);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.area')!).backgroundColor)).toBe('rgb(0, 0, 0)');
    expect(await faults(page), 'home, dark').toEqual([]);
    await page.screenshot({ path: `${SHOTS}/family-home-390-dark.png`, fullPage: true });
    await page.getByRole('link', { name: /^林小明/ }).click();
    await settled(page);
    await expect.poll(() => page.getByRole('article', { name: WORK }).textContent()).toContain('家校回执已签收');
    expect(await faults(page), 'child, dark').toEqual([]);
    await page.screenshot({ path: `${SHOTS}/family-child-390-dark.png`, fullPage: true });
    await darkMode(page, false);

    // the same pages on a desktop screen
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/students');
    await settled(page);
    expect(await faults(page, false), 'home, desktop').toEqual([]);
    await page.screenshot({ path: `${SHOTS}/family-home-1280.png` });
    await page.getByRole('link', { name: /^林小明/ }).click();
    await settled(page);
    expect(await faults(page, false), 'child, desktop').toEqual([]);
    await page.screenshot({ path: `${SHOTS}/family-child-1280.png` });
    await page.setViewportSize(PHONE);
  });

  it('the teacher sees the receipt signed, and gives a one-time code the parent types to link a second child', { timeout: 180_000 }, async () => {
    const teacher = await teacherPhone();
    await teacher.goto('/students/assignments');
    await settled(teacher);
    await teacher.getByRole('button', { name: new RegExp(WORK) }).click();
    await teacher.locator('.asg-student').first().waitFor();
    await expect.poll(() => teacher.locator('.asg-summary').textContent()).toContain('家长签收 1/2');
    await expect.poll(() => teacher.locator('.asg-student', { hasText: '林小明' }).textContent()).toContain('回执已签');
    expect(await teacher.locator('.asg-student', { hasText: '林小红' }).textContent()).toContain('回执未签');
    await teacher.screenshot({ path: `${SHOTS}/family-teacher-receipts-390.png`, fullPage: true });

    await teacher.goto('/students/classStats');
    await settled(teacher);
    await teacher.getByRole('button', { name: '家长管理：林小红' }).click();
    const dialog = teacher.getByRole('dialog', { name: '林小红的家长' });
    await expect.poll(() => dialog.textContent()).toContain('还没有家长关联。');
    await dialog.getByRole('button', { name: '为林小红生成家长关联码' }).click();
    const shown = dialog.locator('.fam-code');
    await expect.poll(() => shown.textContent()).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const code = (await shown.textContent())!;
    // the dialog has faded in
    await expect.poll(() => teacher.locator('.ant-modal-wrap').evaluate((e) => getComputedStyle(e.querySelector('.ant-modal')!).opacity)).toBe('1');
    await teacher.screenshot({ path: `${SHOTS}/family-teacher-code-390.png` });
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
    await teacher.context().close();

    const page = parent!.page;
    await page.goto('/students');
    await settled(page);
    await page.getByLabel('关联码').fill(code);
    await page.getByRole('button', { name: /^关\s*联$/ }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('已关联孩子林小红');
    await expect.poll(() => page.getByRole('link', { name: /^林小红/ }).count()).toBe(1);
    // the code was spent: typed again, it is refused
    await page.getByLabel('关联码').fill(code);
    await page.getByRole('button', { name: /^关\s*联$/ }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('关联码无效或已过期');
    expect(await faults(page), 'home with two children').toEqual([]);
    await page.screenshot({ path: `${SHOTS}/family-home-two-390-light.png`, fullPage: true });
    await parent!.context.close();
  });

  it('a second parent with a new account and no role links by a code on the no-role page; a third is refused', { timeout: 120_000 }, async () => {
    await admin.createUser({ username: 'fam_mother', realname: '王女士', password: PASSWORD });
    const teacher = await apiAs(own.server.url, 'fam_teacher', PASSWORD);
    const hong = (await admin.call<{ records: Array<{ id: string; realname: string }> }>('GET', `/sys/user/list?realname=${encodeURIComponent('林小红')}`)).records.find((u) => u.realname === '林小红')!;
    const { code } = await teacher.call<{ code: string }>('POST', '/students/family/linkCode', { studentId: hong.id });
    const context = await own.browser.newContext({ baseURL: own.server.url, viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto('/user/login');
    await page.getByPlaceholder(/用户名|账号/).fill('fam_mother');
    await page.getByPlaceholder(/密码/).fill(PASSWORD);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL((u) => u.pathname === '/no-role');
    await page.getByLabel('家长：输入老师给的关联码，关联你的孩子').fill(code);
    expect(await faults(page, false), 'no-role page').toEqual([]);
    await page.screenshot({ path: `${SHOTS}/family-no-role-1280.png` });
    await page.getByRole('button', { name: /^关\s*联$/ }).click();
    // the account is 家长 now: the app starts again on 我的孩子
    await page.waitForURL((u) => u.pathname === '/students');
    await expect.poll(() => page.getByRole('link', { name: /^林小红/ }).count()).toBe(1);
    await context.close();
    // 林小红 has two parents: no code is made for a third
    await expect(teacher.call('POST', '/students/family/linkCode', { studentId: hong.id })).rejects.toThrow('该学生已关联两位家长，不能再关联');
  });

  it('the teacher sees a child’s parents and takes one off; that parent then sees nothing of the child', { timeout: 120_000 }, async () => {
    const page = await teacherPhone();
    await page.goto('/students/classStats');
    await settled(page);
    await page.getByRole('button', { name: '家长管理：林小红' }).click();
    const sheet = page.getByRole('dialog', { name: '林小红的家长' });
    await expect.poll(() => sheet.locator('.fam-parent').count()).toBe(2);
    // the phone's middle is hidden; two parents: no further code is offered
    await expect.poll(() => sheet.textContent()).toContain('139****0001');
    expect(await sheet.textContent()).not.toContain(PARENT_PHONE);
    expect(await sheet.textContent()).toContain('已关联两位家长，不能再关联。');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await faults(page), 'parents sheet').toEqual([]);
    await page.screenshot({ path: `${SHOTS}/family-teacher-parents-390.png` });
    await sheet.getByRole('button', { name: '解除关联：王女士' }).click();
    const confirm = page.getByRole('dialog', { name: '解除家长关联' });
    await confirm.getByRole('button', { name: /解除关联/ }).click();
    await expect.poll(() => sheet.locator('.fam-parent').count()).toBe(1);
    expect(await sheet.getByRole('button', { name: '为林小红生成家长关联码' }).isVisible()).toBe(true);
    await page.context().close();

    const mother = await apiAs(own.server.url, 'fam_mother', PASSWORD);
    expect(await mother.call('GET', '/students/family/children')).toEqual([]);
  });
});
