import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { apiAs } from '../support/api';
import { useOwnServer } from '../support/own-server';
import { audit, setDark } from '../support/audit';

// 危险预判 end to end in Chromium: a student on a 390 px phone opens the sample clip (12 s, a ball at 2–5 s,
// a child at 6.5–10 s), presses 看到危险 while each hazard develops, and after the end sees the score and
// the review: both windows on the timeline with the tap marks, and each hazard's explanation. The page
// fits the phone (no sideways scrolling, the big button on screen and 44 px high), axe finds nothing
// serious, light and dark, at 390 and 1280 px. Their teacher has given the class the clip as work, and the
// run ticks it on the student's home with its score. An editor marks a third window while watching the
// clip in the back-office, and reads the student's result under 成绩.
const ADMIN = 'Admin#clip-e2e-1';
const PASSWORD = 'Clip#e2e-2026-pass';
const STUDENT = { username: 'clip_e2e_student', realname: '林小跑' };
const EDITOR = { username: 'clip_e2e_editor', realname: '钱编辑' };
const TEACHER = { username: 'clip_e2e_teacher', realname: '孙老师' };
const CLASS = '五年级三班';
const WORK = '本周危险预判';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = `${import.meta.dirname}/../artifacts`;
const CLIP_TITLE = '放学路上：皮球和孩子';

const own = useOwnServer(ADMIN);

beforeAll(async () => {
  const admin = await apiAs(own.server.url, 'admin', ADMIN);
  const studentId = await admin.createUser({ ...STUDENT, password: PASSWORD }, 'student');
  await admin.createUser({ ...EDITOR, password: PASSWORD }, 'edu_editor');
  const teacherId = await admin.createUser({ ...TEACHER, password: PASSWORD }, 'teacher');
  await admin.call('POST', '/students/class/add', { name: CLASS, grade: '5', teacherIds: [teacherId], studentIds: [studentId] });
}, 120_000);

async function signIn({ username, realname }: { username: string; realname: string }, viewport = PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const phone = viewport.width < 600;
  const context = await own.browser.newContext({ baseURL: own.server.url, viewport, locale: 'zh-CN', ...(phone ? { isMobile: true, hasTouch: true } : {}) });
  const page = await context.newPage();
  await page.goto('/user/login');
  await page.getByPlaceholder(/用户名|账号/).fill(username);
  await page.getByPlaceholder(/密码/).fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  // signed in once the app has left the login page and shows who is signed in (the session is stored by then)
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login') && u.pathname !== '/');
  await page.getByText(realname).first().waitFor();
  return { context, page };
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Waits until the clip has played past `seconds` (the video's own clock). */
const playedPast = (page: Page, seconds: number) => page.waitForFunction((s) => (document.querySelector('video.clip-video') as HTMLVideoElement | null)?.currentTime! >= s, seconds, { timeout: 30_000 });

describe('危险预判 on a phone', () => {
  let reviewUrl = '';
  let score = 0;

  it('a teacher gives the class the clip as work from the 作业 page', async () => {
    const { context, page } = await signIn(TEACHER, DESKTOP);
    await page.goto('/students/assignments');
    await page.getByRole('button', { name: /布置作业/ }).click();
    const sheet = page.getByRole('dialog', { name: '布置作业' });
    await sheet.getByLabel('标题').fill(WORK);
    const pick = async (field: string, typed: string, option: string) => {
      await sheet.getByLabel(field).click();
      await sheet.getByLabel(field).fill(typed);
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: option }).click();
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()).toBe(0);
    };
    await pick('班级', CLASS, CLASS);
    // the clips are offered beside the lessons, tests and hazard scenes, under their own heading
    await sheet.getByLabel('作业内容').click();
    await sheet.getByLabel('作业内容').fill('放学路上');
    const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await dropdown.locator('.ant-select-item-group', { hasText: '危险预判' }).waitFor();
    await dropdown.locator('.ant-select-item-option').filter({ hasText: CLIP_TITLE }).click();
    await page.keyboard.press('Escape');
    await sheet.getByRole('button', { name: /^布\s*置$/ }).click();
    await page.getByText('作业已布置').waitFor();
    await expect.poll(() => page.getByRole('button', { name: new RegExp(WORK) }).textContent()).toContain(`${CLASS} · 1项`);
    await context.close();
  }, 60_000);

  it('plays the sample clip, counts the taps in both windows, and shows the score and the review', async () => {
    const { context, page } = await signIn(STUDENT);
    const errors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    onTestFailed(async () => {
      console.log('phone at', page.url(), errors);
      await page.screenshot({ path: `${SHOTS}/hazard-clip-phone-failed.png` }).catch(() => {});
    });
    await page.goto('/students/hazardClipList');
    await expect.poll(() => page.getByText(CLIP_TITLE).count()).toBeGreaterThan(0);
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/hazard-clip-list-390-light.png`, fullPage: true });
    await page.getByRole('button', { name: '开始观看' }).click();
    await page.waitForURL(/\/students\/hazardClip\//);
    // the player's page has replaced the list (navigation keeps the old page up while the new one loads)
    await page.getByText('视频开始后不能暂停或后退', { exact: false }).waitFor();
    await page.getByRole('button', { name: /开始观看/ }).click();

    const tapButton = page.getByRole('button', { name: /看到危险/ });
    await expect.poll(() => tapButton.isEnabled(), { timeout: 30_000 }).toBe(true);
    const box = (await tapButton.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    const video = (await page.locator('video.clip-video').boundingBox())!;
    expect(video.width).toBeGreaterThan(PHONE.width * 0.85);
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/hazard-clip-playing-390-light.png` });

    // the ball rolls out at 2 s: tapped early in its window; the child at 6.5 s: tapped on the video itself
    await playedPast(page, 2.3);
    await tapButton.click();
    await playedPast(page, 7);
    await page.locator('video.clip-video').tap();
    await expect.poll(() => page.getByText('已点击 2 次').count()).toBe(1);

    // the end submits the taps: the server scores them
    await page.getByText('观看完成').waitFor({ timeout: 30_000 });
    await page.waitForURL(/\?run=/);
    reviewUrl = new URL(page.url()).pathname + new URL(page.url()).search;
    score = Number(await page.locator('.ant-statistic').first().locator('.ant-statistic-content-value').innerText());
    expect(score).toBeGreaterThanOrEqual(2);
    expect(score).toBeLessThanOrEqual(10);
    await expect.poll(() => page.locator('.clip-timeline .clip-window').count()).toBe(2);
    expect(await page.locator('.clip-timeline .clip-tap').count()).toBe(2);
    expect(await page.locator('.clip-timeline .clip-tap.counted').count()).toBe(2);
    expect(await page.getByText('皮球后面常常跟着追球的孩子', { exact: false }).count()).toBe(1);
    expect(await page.getByText('孩子追球时不会看车', { exact: false }).count()).toBe(1);
    // each window gave points (the first fifth of a window is worth 5, the last 1)
    const points = await page.locator('.clip-window-title .ant-tag').allInnerTexts();
    expect(points).toHaveLength(2);
    for (const p of points) expect(p).toMatch(/^[1-5] 分$/);
    expect(points.reduce((sum, p) => sum + Number(p[0]), 0)).toBe(score);
    expect(await fitsWidth(page)).toBe(true);
    expect(await audit(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/hazard-clip-review-390-light.png`, fullPage: true });

    // the review keeps its address: dark mode reloads it
    await setDark(page, true);
    await page.getByText('观看完成').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await audit(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/hazard-clip-review-390-dark.png`, fullPage: true });
    await page.goto('/students/hazardClipList');
    await page.getByText(`我的最好成绩 ${score} / 10 分 · 看过 1 次`).waitFor();
    await page.screenshot({ path: `${SHOTS}/hazard-clip-list-390-dark.png`, fullPage: true });

    // the run did the work: the home's 我的作业 shows it done with the score, linking back to the clip
    await page.goto('/students');
    const work = page.getByRole('article', { name: WORK });
    const item = work.getByRole('link', { name: new RegExp(`危险预判\\s*${CLIP_TITLE}`) });
    await expect.poll(() => item.textContent()).toContain('已完成');
    expect(await item.textContent()).toContain(`${score}分`);
    expect(await item.getAttribute('href')).toMatch(/^\/students\/hazardClip\/\w+$/);
    expect(await fitsWidth(page)).toBe(true);
    await work.screenshot({ path: `${SHOTS}/hazard-clip-work-390-dark.png` });
    await context.close();
  }, 120_000);

  it('shows the same review at 1280 px, light and dark', async () => {
    const { context, page } = await signIn(STUDENT, DESKTOP);
    onTestFailed(async () => {
      console.log('review url', reviewUrl, page.url());
      await page.screenshot({ path: `${SHOTS}/hazard-clip-failed.png` }).catch(() => {});
    });
    await page.goto(reviewUrl);
    await page.getByText('观看完成').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/hazard-clip-review-1280-light.png`, fullPage: true });
    await setDark(page, true);
    await page.getByText('观看完成').waitFor();
    expect(await audit(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/hazard-clip-review-1280-dark.png`, fullPage: true });
    await context.close();
  }, 60_000);

  it('lets an editor mark a new window while watching the sample clip, next to its two', async () => {
    const { context, page } = await signIn(EDITOR, DESKTOP);
    onTestFailed(async () => {
      console.log('editor at', page.url());
      await page.screenshot({ path: `${SHOTS}/hazard-clip-editor-failed.png` }).catch(() => {});
    });
    await page.goto('/education/hazardClip');
    const row = page.getByRole('row', { name: new RegExp(CLIP_TITLE) });
    await row.getByText('编辑', { exact: true }).click();
    const dialog = page.locator('.ant-modal-content:visible').last();
    await expect.poll(() => dialog.getByRole('textbox', { name: '第2个危险时段的标题' }).inputValue()).toBe('孩子从路边跑出来追皮球');
    expect(Number(await dialog.getByRole('spinbutton', { name: '第1个危险时段的开始（秒）' }).inputValue())).toBe(2);
    expect(Number(await dialog.getByRole('spinbutton', { name: '第2个危险时段的结束（秒）' }).inputValue())).toBe(10);
    expect(await dialog.locator('.clip-edit-bar .clip-edit-window').count()).toBe(2);

    // play the clip in the editor: 标记开始 at about 10.5 s, 标记结束 after it
    const video = dialog.getByLabel('视频预览');
    await video.evaluate((v: HTMLVideoElement) => new Promise<void>((resolve) => {
      const go = () => {
        v.currentTime = 10.3;
        v.muted = true;
        void v.play();
        resolve();
      };
      if (v.readyState >= 1) go();
      else v.addEventListener('loadedmetadata', go, { once: true });
    }));
    await page.waitForFunction(() => (document.querySelector('video[aria-label="视频预览"]') as HTMLVideoElement).currentTime >= 10.5);
    await dialog.getByRole('button', { name: /标记开始/ }).click();
    await page.waitForFunction(() => (document.querySelector('video[aria-label="视频预览"]') as HTMLVideoElement).currentTime >= 11.2);
    await dialog.getByRole('button', { name: /标记结束/ }).click();
    const start = Number(await dialog.getByRole('spinbutton', { name: '第3个危险时段的开始（秒）' }).inputValue());
    const end = Number(await dialog.getByRole('spinbutton', { name: '第3个危险时段的结束（秒）' }).inputValue());
    expect(start).toBeGreaterThanOrEqual(10.5);
    expect(end).toBeGreaterThan(start);
    expect(end).toBeLessThanOrEqual(12);
    await dialog.getByRole('textbox', { name: '第3个危险时段的标题' }).fill('路口的车没有减速');
    await dialog.locator('.clip-edit-bar').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/hazard-clip-editor-1280-light.png` });
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByText(/编辑成功/).first().waitFor();
    const admin = await apiAs(own.server.url, 'admin', ADMIN);
    const list = await admin.call<{ records: Array<{ id: string; windowCount: number }> }>('GET', `/students/hazardClip/list?title=${encodeURIComponent(CLIP_TITLE)}`);
    expect(list.records[0]!.windowCount).toBe(3);

    // 成绩: the student's viewing from the first test, with its score
    await row.getByText('成绩', { exact: true }).click();
    const results = page.locator('.ant-modal-content:visible').last();
    await results.getByRole('cell', { name: STUDENT.realname }).waitFor();
    expect(await results.getByRole('row').count()).toBe(2);
    // photographed once the dialog has finished opening
    await page.waitForFunction(() => [...document.querySelectorAll('.ant-modal')].some((m) => getComputedStyle(m).opacity === '1' && !m.className.includes('zoom')));
    await page.screenshot({ path: `${SHOTS}/hazard-clip-results-1280-light.png` });
    await context.close();
  }, 90_000);
});
