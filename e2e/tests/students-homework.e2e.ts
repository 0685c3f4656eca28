import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type ApiUser } from '../support/api';
import { useOwnServer } from '../support/own-server';
import { apiCall } from '../support/pages';
import { REPO_ROOT } from '../support/server';
import { sentCodes } from '../support/sms';

// Safety homework end to end, as the proof tells it: a teacher, in the browser, gives a class a
// video lesson and a five-question test due tomorrow with a home-school receipt; two students do both on
// 390 px phones (the video played to its end, the test answered and handed in) and see the work move to
// 已完成 on their home; the teacher's completion view says 2 / 3 and 提醒未完成 reaches the third student,
// whose bell rises while the page is open (the two who finished get nothing) and whose tap on the notice
// lands on the assignment; a parent signs in with a code sent to the roster's number, sees the child's
// result and signs the receipt; the finished course's certificate verifies on its public page.
// The content and the class are made here through the API (a roster import, as a school makes classes),
// on a server of this file's own with the sample data on, so the teacher picks among real choices.
const ADMIN = 'Admin#homework-e2e-1';
const PASSWORD = 'Homework#e2e-2026';
const CLASS = '四年级三班';
const COURSE = '过马路安全微课';
const LESSON = '看视频学过马路';
const PAPER = '交通安全五题小测';
const WORK = '本周安全作业：过马路';
const PARENT_PHONE = '13977770001';
const KIDS = [
  { realname: '王小明', studentNo: 'H2026001', parentPhone: PARENT_PHONE },
  { realname: '赵小红', studentNo: 'H2026002', parentPhone: null },
  { realname: '孙小刚', studentNo: 'H2026003', parentPhone: null },
] as const;
const TEACHER = { username: 'hw_teacher', realname: '陈老师' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = `${import.meta.dirname}/../artifacts`;
const ASSETS = join(REPO_ROOT, 'apps/server/assets/students');

const own = useOwnServer(ADMIN, { LOG_LEVEL: 'info', TRUST_PROXY: 'on' });
const codes = sentCodes(() => own.server);
let admin: ApiUser;
/** each student's account name, by real name */
const usernames = new Map<string, string>();
const q = (s: string) => encodeURIComponent(s);
const tomorrow = () => {
  const d = new Date(Date.now() + 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

async function rosterFile(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('花名册');
  sheet.addRow(['年级', '班级', '姓名', '学号', '家长手机号']);
  for (const k of KIDS) sheet.addRow(['4', CLASS, k.realname, k.studentNo, k.parentPhone]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(file: string, mime: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([await readFile(join(ASSETS, file))], { type: mime }), file);
  form.append('biz', 'students');
  const res = await fetch(`${own.server.url}/api/sys/common/upload`, { method: 'POST', headers: { 'X-Access-Token': admin.token, 'tenant-id': admin.tenant }, body: form });
  const env = (await res.json()) as { success: boolean; message: string };
  if (!env.success) throw new Error(`upload ${file}: ${env.message}`);
  return env.message;
}

/** Adds a row and answers its id, found back by a filter on the list. */
async function add(resource: string, body: Record<string, unknown>, filter: string): Promise<string> {
  await admin.call('POST', `${resource}/add`, body);
  const page = await admin.call<{ records: Array<{ id: string }> }>('GET', `${resource}/list?${filter}`);
  if (page.records.length !== 1) throw new Error(`${resource}: ${page.records.length} rows for ${filter}`);
  return page.records[0]!.id;
}

beforeAll(async () => {
  admin = await apiAs(own.server.url, 'admin', ADMIN);
  // a course of one video lesson (the 10 s clip shipped with the repository)
  const [videoPath, coverPath] = [await upload('crossing.webm', 'video/webm'), await upload('crossing-cover.jpg', 'image/jpeg')];
  const videoId = await add('/students/video', { title: '过马路视频', filePath: videoPath, cover: coverPath, durationSeconds: 10, published: 1 }, `title=${q('过马路视频')}`);
  const courseId = await add('/students/course', { title: COURSE, cover: coverPath, category: 'traffic', published: 1 }, `title=${q(COURSE)}`);
  const chapterId = await add('/students/courseChapter', { courseId, title: '过马路', sortNo: 1 }, `courseId=${courseId}`);
  await admin.call('POST', '/students/lesson/add', { courseId, chapterId, title: LESSON, kind: 'video', mediaId: videoId, sortNo: 1 });
  // five questions, one right option each, in a fixed paper (5 points each)
  const questionIds: string[] = [];
  for (let n = 1; n <= 5; n++) {
    const stem = `过马路第${n}题：怎样做才安全？`;
    const options = [{ content: '正确做法', isCorrect: true }, { content: '错误做法' }, { content: '也不对' }];
    questionIds.push(await add('/students/theoryQuestion', { type: 'single', stem, difficulty: '1', category: 'traffic', score: 5, analysis: `第${n}题解析`, options }, `stem=${q(stem)}`));
  }
  await add(
    '/students/paper',
    { title: PAPER, mode: 'fixed', timeLimitMinutes: 10, passScore: 15, maxAttempts: 0, scoreRule: 'best', partialCredit: 0, published: 1, questions: questionIds.map((questionId) => ({ questionId, score: 5 })) },
    `title=${q(PAPER)}`,
  );

  // the class from a roster (one parent's number), and its teacher
  const teacherId = await admin.createUser({ ...TEACHER, password: PASSWORD }, 'teacher');
  const form = new FormData();
  form.append('file', new Blob([await rosterFile()], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), '花名册.xlsx');
  const imported = await (await fetch(`${own.server.url}/api/students/class/importRoster`, { method: 'POST', headers: { 'X-Access-Token': admin.token, 'tenant-id': admin.tenant }, body: form })).json();
  expect(imported.success, JSON.stringify(imported)).toBe(true);
  const cls = (await admin.call<{ records: Array<{ id: string }> }>('GET', `/students/class/list?name=${q(CLASS)}`)).records[0]!;
  const detail = await admin.call<{ studentIds: string[] }>('GET', `/students/class/queryById?id=${cls.id}`);
  await admin.call('PUT', '/students/class/edit', { id: cls.id, name: CLASS, grade: '4', teacherIds: [teacherId], studentIds: detail.studentIds });
  // each student has set a password of their own in place of the login card's
  for (const card of imported.result.cards as Array<{ realname: string; username: string; password: string }>) {
    const first = await apiAs(own.server.url, card.username, card.password);
    await first.call('PUT', '/sys/user/updatePassword', { username: card.username, oldpassword: card.password, password: PASSWORD, confirmpassword: PASSWORD });
    usernames.set(card.realname, card.username);
  }
}, 180_000);

async function signedIn(username: string, viewport = PHONE, address?: string): Promise<{ context: BrowserContext; page: Page }> {
  const phone = viewport.width < 600;
  const context = await own.browser.newContext({
    baseURL: own.server.url,
    viewport,
    locale: 'zh-CN',
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
    ...(address ? { extraHTTPHeaders: { 'x-forwarded-for': address } } : {}),
  });
  const page = await context.newPage();
  await page.goto('/user/login');
  await page.getByPlaceholder(/用户名|账号/).fill(username);
  await page.getByPlaceholder(/密码/).fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/students'));
  return { context, page };
}

/** The area's page has loaded: nothing left loading (no placeholder or spinner). */
async function settled(page: Page) {
  await page.locator('.area-content').waitFor();
  await expect.poll(() => page.locator('.area-content [aria-busy="true"], .area-content .ant-skeleton, .area-content .ant-spin-spinning').count()).toBe(0);
}

/** The page fits the phone: the document no wider than the screen. */
async function fits(page: Page, where: string) {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, vw: window.innerWidth }));
  expect(widths.doc, `${where}: document ${widths.doc} px wide in ${widths.vw}`).toBeLessThanOrEqual(widths.vw);
}

const work = (page: Page) => page.getByRole('article', { name: WORK });
/** The group of 我的作业 (待完成, 已逾期, 已完成) the assignment stands in. */
const groupOf = (page: Page) =>
  work(page).evaluate((card) => card.closest('.asg-group')?.querySelector('.asg-group-title')?.firstChild?.textContent?.trim() ?? '');
const bell = (page: Page) => page.getByRole('button', { name: '消息通知' });
/** The bell's count (0 when it shows none). */
const bellCount = async (page: Page) => {
  const badge = bell(page).locator('.notice-bell-count');
  return (await badge.count()) ? Number(await badge.textContent()) : 0;
};
const home = async (page: Page) => {
  await page.locator('.area-brand').click();
  await page.waitForURL((u) => u.pathname === '/students');
  await settled(page);
};

/** A student does the work on their phone: the video to its end, then the test, answered and handed in. */
async function doHomework(page: Page, name: string, wrong: number) {
  await settled(page);
  await expect.poll(() => groupOf(page)).toBe('待完成');
  await expect.poll(() => work(page).textContent()).toContain('还剩2项');
  await fits(page, `${name}: home`);

  await work(page).getByRole('link', { name: new RegExp(`课时.*${LESSON}.*去完成`) }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/students/lesson/'));
  const video = page.locator('video');
  await video.waitFor();
  await fits(page, `${name}: lesson`);
  // played as a student taps play (muted: a headless browser plays sound only muted), to its end
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.ended), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => page.getByText('已学完').count(), { timeout: 15_000 }).toBe(1);

  await home(page);
  await expect.poll(() => work(page).textContent()).toContain('还剩1项');
  await work(page).getByRole('link', { name: new RegExp(`考试.*${PAPER}.*去完成`) }).click();
  await page.waitForURL((u) => u.pathname === '/students/theoryQuestionList');
  await settled(page);
  await fits(page, `${name}: tests`);
  // among the sample data's tests, the one given comes first and is marked
  const card = page.locator('.area-grid').getByRole('region').first();
  expect(await card.getAttribute('aria-current')).toBe('true');
  expect(await card.textContent()).toContain(PAPER);
  if (name === '王小明') await page.screenshot({ path: `${SHOTS}/homework-tests-390-light.png` });
  await card.getByRole('button', { name: /开始考试/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: /开始考试/ }).click();
  await expect.poll(() => page.url(), { timeout: 30_000 }).toMatch(/\/students\/exam\//);
  for (let n = 1; n <= 5; n++) {
    await page.getByText(`第 ${n} / 5 题`).waitFor();
    // the options are shuffled per attempt: answered by their text
    await page.getByRole('radio', { name: n <= wrong ? /错误做法/ : /正确做法/ }).click();
    await page.getByText('已保存').waitFor();
    if (n === 1) await fits(page, `${name}: test`);
    if (n < 5) await page.getByRole('button', { name: /下一题/ }).click();
  }
  await page.locator('.area-sticky-bar').getByRole('button', { name: /交\s*卷/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: /^交\s*卷$/ }).click();
  const score = 25 - wrong * 5;
  await page.getByText(`${score} 分`, { exact: true }).waitFor();
  await fits(page, `${name}: result`);

  await home(page);
  await expect.poll(() => groupOf(page)).toBe('已完成');
  const done = (await work(page).textContent()) ?? '';
  expect(done).toContain(`${score}分`);
  expect(done).not.toContain('去完成');
  await fits(page, `${name}: home, done`);
}

describe('safety homework from the teacher to the family', () => {
  let teacher: Page;
  let ming: { context: BrowserContext; page: Page };
  let gang: { context: BrowserContext; page: Page };
  let assignmentId = '';

  it('a teacher gives the class a lesson and a five-question test due tomorrow, from the 作业 page', { timeout: 120_000 }, async () => {
    teacher = (await signedIn(TEACHER.username, DESKTOP)).page;
    // a retried run starts again without the work the first try gave
    for (const r of (await apiCall<{ records: Array<{ id: string; title: string }> }>(teacher, 'GET', '/students/assignment/list')).records.filter((r) => r.title === WORK)) {
      await apiCall(teacher, 'DELETE', `/students/assignment/delete?id=${r.id}`);
    }
    await settled(teacher);
    // a teacher lands on 班级统计, and goes on to 作业 from there
    await teacher.waitForURL((u) => u.pathname === '/students/classStats');
    await teacher.getByRole('button', { name: /作业$/ }).click();
    await teacher.waitForURL((u) => u.pathname === '/students/assignments');
    await settled(teacher);
    await teacher.getByRole('button', { name: /布置作业/ }).click();
    const sheet = teacher.getByRole('dialog', { name: '布置作业' });
    await sheet.getByLabel('标题').fill(WORK);
    const pick = async (field: string, typed: string, option: string) => {
      await sheet.getByLabel(field).click();
      await sheet.getByLabel(field).fill(typed);
      await teacher.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: option }).click();
      await teacher.keyboard.press('Escape');
      await expect.poll(() => teacher.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()).toBe(0);
    };
    await pick('班级', CLASS, CLASS);
    // the sample data's courses and tests are offered too: the teacher finds theirs by typing
    await pick('作业内容', LESSON, `${COURSE} · ${LESSON}`);
    await pick('作业内容', PAPER, PAPER);
    // due tomorrow evening unless changed
    expect(await sheet.getByLabel('截止时间').inputValue()).toBe(`${tomorrow()} 22:00`);
    await sheet.getByText('家长签收').click();
    expect(await sheet.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    await teacher.screenshot({ path: `${SHOTS}/homework-assign-1280.png` });
    await sheet.getByRole('button', { name: /^布\s*置$/ }).click();
    await teacher.getByText('作业已布置').waitFor();
    const row = teacher.getByRole('button', { name: new RegExp(WORK) });
    await expect.poll(() => row.textContent()).toContain(`${CLASS} · 2项 · 截止 ${tomorrow()} 22:00`);

    const list = await apiCall<{ records: Array<{ id: string; title: string }> }>(teacher, 'GET', '/students/assignment/list');
    assignmentId = list.records.find((r) => r.title === WORK)!.id;
  });

  it('two students do it on their phones and see it move to 已完成', { timeout: 240_000 }, async () => {
    // the third student has the home open all along, bell and all
    gang = await signedIn(usernames.get('孙小刚')!);
    await settled(gang.page);
    ming = await signedIn(usernames.get('王小明')!);
    await doHomework(ming.page, '王小明', 0);
    await ming.page.evaluate(() => scrollTo(0, 0));
    await ming.page.screenshot({ path: `${SHOTS}/homework-student-done-390-light.png`, fullPage: true });
    const hong = await signedIn(usernames.get('赵小红')!);
    await doHomework(hong.page, '赵小红', 1);
    await hong.context.close();
    await expect.poll(() => groupOf(gang.page)).toBe('待完成');
  });

  it('the teacher sees 2 / 3 and reminds the rest: only the unfinished student’s bell rises, and the notice opens the work', { timeout: 120_000 }, async () => {
    const [gangBefore, mingBefore] = [await bellCount(gang.page), await bellCount(ming.page)];
    await teacher.getByRole('button', { name: new RegExp(WORK) }).click();
    await teacher.locator('.asg-student').first().waitFor();
    await expect.poll(() => teacher.getByLabel('完成人数').textContent()).toBe('2 / 3');
    expect(await teacher.locator('.asg-student', { hasText: '孙小刚' }).textContent()).toContain('待完成');
    expect(await teacher.locator('.asg-student', { hasText: '王小明' }).textContent()).toMatch(/已完成.*25分/);
    await teacher.screenshot({ path: `${SHOTS}/homework-completion-1280.png`, fullPage: true });
    await teacher.getByRole('button', { name: /提醒未完成/ }).click();
    await teacher.getByText('已提醒1名学生').waitFor();

    // the open home's bell rises without a reload
    await expect.poll(() => bellCount(gang.page)).toBe(gangBefore + 1);
    // the students who finished get nothing
    expect(await bellCount(ming.page)).toBe(mingBefore);
    const bellOf = async (page: Page) => (await apiCall<{ sysMsgList: Array<{ busId: string }> }>(page, 'GET', '/sys/annountCement/listByUser')).sysMsgList;
    expect((await bellOf(ming.page)).filter((n) => n.busId === assignmentId)).toEqual([]);
    await ming.page.reload();
    await settled(ming.page);
    expect(await bellCount(ming.page)).toBe(mingBefore);

    // the reminded student taps the bell and the notice: the work on their home, in view
    const page = gang.page;
    await bell(page).click();
    await page.getByRole('tab', { name: /系统消息/ }).click();
    const bellPanel = page.getByRole('dialog', { name: '消息通知' });
    const notice = bellPanel.getByText(`作业提醒：${WORK}`);
    await notice.waitFor();
    await fits(page, '孙小刚: bell open');
    // the panel stands on the screen, not hanging off its left edge
    const panel = (await bellPanel.boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${SHOTS}/homework-bell-390-light.png` });
    await notice.click();
    await page.waitForURL((u) => u.pathname === '/students' && u.searchParams.get('assignment') === assignmentId);
    await settled(page);
    const card = page.locator('article[aria-current="true"]');
    await expect.poll(() => card.getAttribute('aria-label')).toBe(WORK);
    expect(await card.textContent()).toContain('还剩2项');
    expect(await groupOf(page)).toBe('待完成');
    expect(await card.isVisible()).toBe(true);
    const box = (await card.boundingBox())!;
    expect(box.y + box.height / 2).toBeGreaterThan(0);
    expect(box.y + box.height / 2).toBeLessThan(PHONE.height);
    // opened, the notice is read
    await expect.poll(() => bellCount(page)).toBe(gangBefore);
    await fits(page, '孙小刚: home from the notice');
    await page.screenshot({ path: `${SHOTS}/homework-from-notice-390-light.png` });
    // dark, as a student may keep it
    await page.getByRole('button', { name: /我的账号/ }).click();
    await page.getByRole('menuitem', { name: '暗黑模式' }).click();
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('dark-mode'))).toBe(true);
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    await fits(page, '孙小刚: home, dark');
    await page.screenshot({ path: `${SHOTS}/homework-from-notice-390-dark.png` });
    await gang.context.close();
  });

  it('a parent signs in with a code, sees the child’s result and signs the receipt; the teacher sees it signed', { timeout: 120_000 }, async () => {
    const context = await own.browser.newContext({ baseURL: own.server.url, viewport: PHONE, locale: 'zh-CN', isMobile: true, hasTouch: true, extraHTTPHeaders: { 'x-forwarded-for': '10.40.0.1' } });
    const page = await context.newPage();
    await page.goto('/user/login');
    await page.getByRole('tab', { name: '手机号登录' }).click();
    await page.getByPlaceholder('请输入手机号').fill(PARENT_PHONE);
    const from = codes.mark();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByPlaceholder('请输入验证码').fill(await codes.to(PARENT_PHONE, from));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/students');
    await settled(page);
    const child = page.getByRole('link', { name: /^王小明/ });
    await expect.poll(() => child.textContent()).toContain('待签回执 1');
    await fits(page, 'parent: home');
    await child.click();
    await page.waitForURL((u) => u.pathname.startsWith('/students/family/'));
    await settled(page);
    const card = work(page);
    await expect.poll(() => card.textContent()).toMatch(/已完成.*课时.*考试.*25分/);
    await fits(page, 'parent: child');
    // the parent answers nothing: the child's items are results, not links to do them
    expect(await card.getByRole('link').count()).toBe(0);
    await card.getByRole('button', { name: '签收回执' }).click();
    await expect.poll(() => card.textContent()).toContain('家校回执已签收');
    await page.screenshot({ path: `${SHOTS}/homework-parent-390-light.png`, fullPage: true });
    await context.close();

    await teacher.reload();
    await teacher.getByRole('button', { name: new RegExp(WORK) }).click();
    await teacher.locator('.asg-student').first().waitFor();
    await expect.poll(() => teacher.locator('.asg-summary').textContent()).toContain('家长签收 1/3');
    expect(await teacher.locator('.asg-student', { hasText: '王小明' }).textContent()).toContain('回执已签');
    await teacher.context().close();
  });

  it('the finished course’s certificate verifies on its public page, for someone who never signed in', { timeout: 120_000 }, async () => {
    const page = ming.page;
    await page.goto('/students');
    await settled(page);
    // 我的证书: the row names the course
    await page.locator('section[aria-labelledby="my-certificates"]').getByRole('link', { name: new RegExp(`^${COURSE}`) }).click();
    await page.waitForURL((u) => /^\/students\/certificate\/\w+$/.test(u.pathname));
    await expect.poll(() => page.locator('.cert-sheet').textContent()).toContain(COURSE);
    expect(await page.locator('.cert-sheet').textContent()).toContain('王小明');
    await fits(page, '王小明: certificate');
    const code = (await page.locator('.cert-code').textContent())!;
    await ming.context.close();

    const visitor = await own.browser.newContext({ baseURL: own.server.url, viewport: PHONE, locale: 'zh-CN', isMobile: true, hasTouch: true });
    const pub = await visitor.newPage();
    await pub.goto(`/certificate/${code}`);
    await expect.poll(() => pub.locator('.cert-public-result.ok').textContent()).toContain('证书真实有效');
    const today = new Date();
    const date = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(await pub.locator('.cert-public-result dd').allTextContents()).toEqual(['王小明', COURSE, date]);
    await fits(pub, 'public certificate');
    await pub.screenshot({ path: `${SHOTS}/homework-certificate-public-390.png`, fullPage: true });
    await visitor.close();
  });
});
