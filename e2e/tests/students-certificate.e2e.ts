import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type ApiUser } from '../support/api';
import { useOwnServer } from '../support/own-server';
import { audit, setDark } from '../support/audit';

// Certificates end to end in Chromium: a student on a phone finishes a small course (one reading lesson the
// test makes through the admin's API), finds its certificate under 我的证书 on the home, opens the print page
// (the school from 系统设置, the name, the course, the date, the code and its QR code; printed as one A4
// page), and the certificate's public page verifies it in a browser that never signed in. Then the team
// flow: a student asks to join the captain's team and the captain accepts on a phone. Pages are checked with
// axe (no serious or critical violation) at 390 px light and dark, and screenshotted.
const ADMIN = 'Admin#certificate-1';
const PASSWORD = 'Cert#e2e-2026-pass';
const SCHOOL = '阳光实验小学';
const COURSE = '防溺水安全微课';
const STUDENT = { username: 'cert_e2e_student', realname: '林小雨' };
const MATE = { username: 'cert_e2e_mate', realname: '周小北' };
const TEACHER = { username: 'cert_e2e_teacher', realname: '吴老师' };
const PHONE = { width: 390, height: 844 };
const SHOTS = `${import.meta.dirname}/../artifacts`;

const own = useOwnServer(ADMIN, { DEMO_DATA: 'on' });
let admin: ApiUser;
let classId: string;

beforeAll(async () => {
  admin = await apiAs(own.server.url, 'admin', ADMIN);
  await admin.call('PUT', '/sys/setting/edit', { siteName: SCHOOL });
  const courseId = await addedId('/students/course', { title: COURSE, published: 1 }, `title=${encodeURIComponent(COURSE)}`);
  await admin.call('POST', '/students/lesson/add', { courseId, title: '远离危险水域', kind: 'article', content: '<p>不私自下水游泳。</p>', durationSeconds: 0, sortNo: 1 });
  const studentId = await admin.createUser({ ...STUDENT, password: PASSWORD }, 'student');
  const mateId = await admin.createUser({ ...MATE, password: PASSWORD }, 'student');
  const teacherId = await admin.createUser({ ...TEACHER, password: PASSWORD }, 'teacher');
  classId = await addedId('/students/class', { name: 'E2E 五年级一班', grade: '5', teacherIds: [teacherId], studentIds: [studentId, mateId] }, `name=${encodeURIComponent('E2E 五年级一班')}`);
}, 120_000);

async function addedId(resource: string, body: object, query: string): Promise<string> {
  await admin.call('POST', `${resource}/add`, body);
  return (await admin.call<{ records: Array<{ id: string }> }>('GET', `${resource}/list?${query}`)).records[0]!.id;
}

/** A phone-sized context signed in through the login form (dark when asked). */
async function phone(username: string, dark = false): Promise<{ context: BrowserContext; page: Page }> {
  const context = await own.browser.newContext({ baseURL: own.server.url, viewport: PHONE, locale: 'zh-CN', isMobile: true, hasTouch: true, colorScheme: dark ? 'dark' : 'light' });
  const page = await context.newPage();
  await page.goto('/user/login');
  await page.getByPlaceholder(/用户名|账号/).fill(username);
  await page.getByPlaceholder(/密码/).fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'));
  return { context, page };
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('certificates', () => {
  it('a finished course yields a certificate that prints on A4 and verifies on its public page without signing in', { timeout: 300_000 }, async () => {
    const { context, page } = await phone(STUDENT.username);
    const visitor = await own.browser.newContext({ baseURL: own.server.url, viewport: PHONE, locale: 'zh-CN', isMobile: true, hasTouch: true });
    try {
      // nothing yet on the home
      await page.goto('/students');
      await expect.poll(() => page.locator('#my-certificates').locator('xpath=..').textContent()).toContain('学完一门课程或完成一个专题活动，就能得到证书。');

      // the course's one lesson: a reading without a reading time is finished when opened
      await page.goto('/students/courseList');
      await page.getByText(COURSE).first().click();
      await page.getByText('远离危险水域').first().click();
      await page.waitForURL((u) => u.pathname.startsWith('/students/lesson/'));
      await expect.poll(() => page.getByText('不私自下水游泳。').isVisible()).toBe(true);

      // 我的证书 on the home, then its print page
      await page.goto('/students');
      // the row is named by what it shows: the course first
      const row = page.locator('section[aria-labelledby="my-certificates"]').getByRole('link', { name: new RegExp(`^${COURSE}`) });
      await expect.poll(() => row.isVisible()).toBe(true);
      await page.locator('#my-certificates').locator('xpath=..').screenshot({ path: `${SHOTS}/certificate-home-390-light.png` });
      await row.click();
      await page.waitForURL((u) => /^\/students\/certificate\/\w+$/.test(u.pathname));
      const sheet = page.locator('.cert-sheet');
      await expect.poll(() => sheet.textContent()).toContain(COURSE);
      const text = (await sheet.textContent())!;
      expect(text).toContain(SCHOOL);
      expect(text).toContain(STUDENT.realname);
      const today = new Date();
      expect(text).toContain(`${today.getFullYear()}年${today.getMonth() + 1}月${today.getDate()}日`);
      const code = (await page.locator('.cert-code').textContent())!;
      expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
      // the QR code leads to the public page of this code
      expect(await sheet.textContent()).toContain(`${own.server.url}/certificate/${code}`);
      await expect.poll(() => page.getByRole('img', { name: '验证二维码' }).count()).toBe(1);
      expect(await fitsWidth(page)).toBe(true);
      expect(await audit(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/certificate-print-390-light.png`, fullPage: true });

      // printed: one A4 page without the area's bars
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('.area-tabbar').isVisible()).toBe(false);
      const box = (await sheet.boundingBox())!;
      expect(Math.round(box.width)).toBe(794); // 210 mm at 96 dpi
      await page.emulateMedia({ media: 'screen' });
      const pdf = await page.pdf({ format: 'A4', printBackground: true, path: `${SHOTS}/certificate-a4.pdf` });
      expect((pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length).toBe(1);
      await page.setViewportSize({ width: 794, height: 1123 });
      await page.emulateMedia({ media: 'print' });
      await page.screenshot({ path: `${SHOTS}/certificate-a4-print.png` });
      await page.emulateMedia({ media: 'screen' });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: `${SHOTS}/certificate-print-1440-light.png` });
      await page.setViewportSize(PHONE);

      // dark
      await setDark(page, true);
      await expect.poll(() => sheet.textContent()).toContain(COURSE);
      expect(await audit(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/certificate-print-390-dark.png`, fullPage: true });

      // the public page, in a browser that never signed in: the three facts
      const pub = await visitor.newPage();
      await pub.goto(`/certificate/${code}`);
      await expect.poll(() => pub.locator('.cert-public-result.ok').textContent()).toContain('证书真实有效');
      const facts = await pub.locator('.cert-public-result dd').allTextContents();
      expect(facts).toEqual([STUDENT.realname, COURSE, expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)]);
      expect(await pub.locator('.cert-public-result').textContent()).not.toContain(SCHOOL);
      expect(pub.url()).toContain(`/certificate/${code}`);
      expect(await fitsWidth(pub)).toBe(true);
      expect(await audit(pub)).toEqual([]);
      await pub.screenshot({ path: `${SHOTS}/certificate-public-390-light.png`, fullPage: true });
      // no back-office code came with it: what the page imports (initiator "script") holds no shell module;
      // index.html's preload of the shell (initiator "other", fetched, never run) is the sign-in page's too
      const imported = await pub.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.initiatorType === 'script' && e.name.endsWith('.js')).map((e) => e.name),
      );
      expect(imported.some((n) => n.includes('CertificateVerifyPage'))).toBe(true);
      expect(imported.filter((n) => /BasicLayout/.test(n))).toEqual([]);
      expect(await pub.locator('.ant-layout-sider, .ant-layout-header, .area-header').count()).toBe(0);

      // a wrong code typed in: the server's message
      await pub.getByLabel('输入证书上的验证码').fill('2345-6789-ABCD');
      await pub.getByRole('button', { name: /验\s*证/ }).click();
      await expect.poll(() => pub.locator('.cert-public-result.bad').textContent()).toContain('证书不存在，请核对验证码');
      await setDark(pub, true);
      await expect.poll(() => pub.locator('.cert-public-result').textContent()).toContain('证书不存在');
      expect(await audit(pub)).toEqual([]);
      await pub.goto(`/certificate/${code}`);
      await expect.poll(() => pub.locator('.cert-public-result.ok').isVisible()).toBe(true);
      expect(await audit(pub)).toEqual([]);
      await pub.screenshot({ path: `${SHOTS}/certificate-public-390-dark.png`, fullPage: true });

      // issued by mistake: the administrator revokes it in 证书管理 with a reason; the public page then says
      // the school revoked it (not why), and the student's home shows it revoked
      const office = await own.signedIn();
      await office.goto('/education/certificate');
      const line = office.locator('.ant-table-row').filter({ hasText: code });
      await line.getByText('撤销', { exact: true }).click();
      const dialog = office.getByRole('dialog', { name: `撤销证书：${STUDENT.realname} · ${COURSE}` });
      await dialog.getByLabel('撤销原因').fill('学习记录记到了别的同学名下');
      await dialog.getByRole('button', { name: /撤\s*销/ }).click();
      await expect.poll(() => line.textContent()).toContain('已撤销');
      await office.context().close();
      await pub.reload();
      await expect.poll(() => pub.locator('.cert-public-result.bad').textContent()).toContain('被学校撤销，不再有效');
      expect(await pub.locator('.cert-public-result').textContent()).not.toContain('别的同学');
      expect(await audit(pub)).toEqual([]);
      await pub.screenshot({ path: `${SHOTS}/certificate-public-revoked-390-dark.png`, fullPage: true });
      await page.goto('/students');
      await expect.poll(() => page.locator('section[aria-labelledby="my-certificates"]').getByRole('link', { name: new RegExp(`^${COURSE}`) }).textContent()).toContain('已撤销');
      expect(await fitsWidth(page)).toBe(true);
    } finally {
      await context.close();
      await visitor.close();
    }
  });
});

describe('competition teams', () => {
  it('the teacher makes a team with a captain; a classmate asks to join on a phone and the captain accepts', { timeout: 300_000 }, async () => {
    const teacher = await apiAs(own.server.url, TEACHER.username, PASSWORD);
    // a retried run finds the team already made
    const existing = (await teacher.call<{ teams: Array<{ id: string; name: string }> }>('GET', `/students/teach/teams?classId=${classId}`)).teams.find((t) => t.name === '浪花队');
    const teamId = existing?.id ?? (await teacher.call<{ id: string }>('POST', '/students/teach/team/add', { classId, name: '浪花队' })).id;
    const view = await teacher.call<{ students: Array<{ userId: string; realname: string }> }>('GET', `/students/teach/teams?classId=${classId}`);
    await teacher.call('POST', '/students/teach/team/assign', { teamId, userId: view.students.find((s) => s.realname === STUDENT.realname)!.userId });

    const mate = await phone(MATE.username);
    const captain = await phone(STUDENT.username);
    try {
      await mate.page.goto('/students/competitionTeamPerson');
      await mate.page.getByRole('tab', { name: '我的队伍' }).click();
      await mate.page.getByRole('button', { name: '申请加入浪花队' }).click();
      await expect.poll(() => mate.page.getByText('已申请加入“浪花队”，等待队长同意').isVisible()).toBe(true);
      expect(await fitsWidth(mate.page)).toBe(true);
      expect(await audit(mate.page)).toEqual([]);
      await mate.page.screenshot({ path: `${SHOTS}/team-request-390-light.png`, fullPage: true });

      await captain.page.goto('/students/competitionTeamPerson');
      await captain.page.getByRole('tab', { name: '我的队伍' }).click();
      await expect.poll(() => captain.page.getByText(`${MATE.realname} 申请加入`).isVisible()).toBe(true);
      await setDark(captain.page, true);
      await captain.page.getByRole('tab', { name: '我的队伍' }).click();
      await expect.poll(() => captain.page.getByText(`${MATE.realname} 申请加入`).isVisible()).toBe(true);
      expect(await audit(captain.page)).toEqual([]);
      await captain.page.screenshot({ path: `${SHOTS}/team-captain-390-dark.png`, fullPage: true });
      await captain.page.getByRole('button', { name: /同\s*意/ }).click();
      await expect.poll(() => captain.page.getByText('没有待处理的申请').isVisible()).toBe(true);

      await mate.page.reload();
      await mate.page.getByRole('tab', { name: '我的队伍' }).click();
      await expect.poll(() => mate.page.locator('.ant-tabs-tabpane-active .ant-card').first().textContent()).toContain('浪花队');
      const ranking = await teacher.call<Array<{ name: string; members: Array<{ realname: string; memberRole: string }> }>>('GET', '/students/study/teams');
      expect(ranking.find((t) => t.name === '浪花队')!.members.map((m) => [m.realname, m.memberRole])).toEqual([
        [STUDENT.realname, 'captain'],
        [MATE.realname, 'member'],
      ]);
    } finally {
      await mate.context.close();
      await captain.context.close();
    }
  });
});
