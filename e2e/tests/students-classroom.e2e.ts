import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyAssignment } from '@anxue/shared';
import type { LiveSummary } from '@anxue/shared/live';
import { apiAs, type ApiUser } from '../support/api';
import { useOwnServer } from '../support/own-server';
import { audit, setDark } from '../support/audit';

// The interactive classroom in Chromium. 课堂模式 of hazard pictures on a 1920×1080 screen (and 1280×720): the
// picture fills the screen letterboxed, a landscape and a portrait one; each hazard is revealed by a click on
// it, by Right, by its number key, or all by A, and its outline and number sit on the spot of the displayed
// image. Then a class plays a picture live: the teacher starts it from 班级统计 counting for an assignment,
// two phones at 390 px tap where they see hazards, the screen counts them by push, shows the heat map of the
// taps on a canvas and reveals the hazards; each phone sees what it found, and the assignment's picture is done.
const ADMIN = 'Admin#classroom-1';
const PASSWORD = 'Classroom#e2e-2026';
const TEACHER = { username: 'cls_e2e_teacher', realname: '吴老师' };
const STUDENTS = [
  { username: 'cls_e2e_a', realname: '方小禾' },
  { username: 'cls_e2e_b', realname: '高小木' },
];
const CLASS = 'E2E 三年级四班';
const WORK = '课堂隐患作业';
const REPO_ROOT = join(import.meta.dirname, '../..');
type Region = { shape: 'rect' | 'circle' | 'polygon'; coords: Record<string, unknown>; title: string; risk: string; fix: string };
const KITCHEN = {
  title: '课堂·厨房隐患',
  file: 'hazard-kitchen.jpg', // 800×500
  width: 800,
  height: 500,
  regions: [
    { shape: 'rect', coords: { x: 0.08, y: 0.15, w: 0.2, h: 0.25 }, title: '油锅无人看管', risk: '油温过高会起火', fix: '做饭时不离开灶台' },
    { shape: 'circle', coords: { cx: 0.55, cy: 0.6, r: 0.07 }, title: '地上有水', risk: '容易滑倒', fix: '及时擦干' },
    { shape: 'polygon', coords: { points: [[0.75, 0.2], [0.95, 0.2], [0.85, 0.45]] }, title: '插座挨着水池', risk: '触电', fix: '插座远离水源' },
  ] as Region[],
};
const POSTER = {
  title: '课堂·火场海报',
  file: 'poster-fire.jpg', // 600×850, portrait
  width: 600,
  height: 850,
  regions: [
    { shape: 'rect', coords: { x: 0.1, y: 0.1, w: 0.3, h: 0.15 }, title: '堵住的安全出口', risk: '无法逃生', fix: '保持通道畅通' },
    { shape: 'circle', coords: { cx: 0.6, cy: 0.75, r: 0.1 }, title: '乱拉电线', risk: '短路起火', fix: '请电工规范布线' },
  ] as Region[],
};
const BANK = [
  { stem: '课堂选题：楼道起火时能不能乘电梯？', options: ['能', '不能'], right: 1 },
  { stem: '课堂选题：湿手可以碰插座吗？', options: ['可以', '不可以'], right: 1 },
];
const SCREEN = { width: 1920, height: 1080 };
const HD = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };
const SHOTS = `${import.meta.dirname}/../artifacts`;
/** Well under the 15 s the pages poll at while the socket is up: a change seen this soon came by push. */
const PUSHED_MS = 8000;

const own = useOwnServer(ADMIN);
let admin: ApiUser;
let teacher: ApiUser;
let classId: string;
const sceneIds: Record<string, string> = {};
const contexts: BrowserContext[] = [];

async function addScene(scene: typeof KITCHEN) {
  const form = new FormData();
  form.append('file', new Blob([await readFile(join(REPO_ROOT, 'apps/server/assets/students', scene.file))], { type: 'image/jpeg' }), scene.file);
  form.append('biz', 'students');
  const uploaded = (await (await fetch(`${own.server.url}/api/sys/common/upload`, { method: 'POST', headers: { 'X-Access-Token': admin.token, 'tenant-id': admin.tenant }, body: form })).json()) as { message: string };
  await admin.call('POST', '/students/dangerQuestion/add', {
    title: scene.title,
    description: '找出图里的隐患。',
    image: uploaded.message,
    imageWidth: scene.width,
    imageHeight: scene.height,
    requiredCount: 0,
    timeLimitSeconds: 0,
    hintsAllowed: 0,
    wrongPenalty: 0,
    published: 1,
    regions: scene.regions,
  });
  const list = await admin.call<{ records: Array<{ id: string; title: string }> }>('GET', `/students/dangerQuestion/list?title=${encodeURIComponent(scene.title)}`);
  sceneIds[scene.title] = list.records.find((r) => r.title === scene.title)!.id;
}

const at = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

beforeAll(async () => {
  admin = await apiAs(own.server.url, 'admin', ADMIN);
  await addScene(KITCHEN);
  await addScene(POSTER);
  for (const q of BANK) {
    await admin.call('POST', '/students/theoryQuestion/add', { type: 'single', stem: q.stem, difficulty: '1', score: 10, options: q.options.map((content, i) => ({ content, isCorrect: i === q.right })) });
  }
  const teacherId = await admin.createUser({ ...TEACHER, password: PASSWORD }, 'teacher');
  const studentIds: string[] = [];
  for (const s of STUDENTS) studentIds.push(await admin.createUser({ ...s, password: PASSWORD }, 'student'));
  await admin.call('POST', '/students/class/add', { name: CLASS, grade: '3', teacherIds: [teacherId], studentIds });
  teacher = await apiAs(own.server.url, TEACHER.username, PASSWORD);
  classId = (await teacher.call<Array<{ id: string; name: string }>>('GET', '/students/teach/classes')).find((c) => c.name === CLASS)!.id;
  await admin.call('POST', '/students/assignment/add', {
    title: WORK,
    classIds: [classId],
    items: [{ kind: 'hazard', id: sceneIds[KITCHEN.title] }],
    openTime: at(Date.now() - 36 * 3600_000),
    dueTime: at(Date.now() + 72 * 3600_000),
    receipt: false,
  });
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
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !!localStorage.getItem('Access-Token'));
  return page;
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * The picture as displayed: where object-fit: contain puts it inside the img element's box (from the loaded
 * picture's own size), and the overlay layer's box. They must be the same rectangle.
 */
async function pictureRects(stage: Locator) {
  await expect.poll(() => stage.locator('.hazard-stage-img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return stage.evaluate((el) => {
    const img = el.querySelector<HTMLImageElement>('.hazard-stage-img')!;
    const box = img.getBoundingClientRect();
    const scale = Math.min(box.width / img.naturalWidth, box.height / img.naturalHeight);
    const width = img.naturalWidth * scale;
    const height = img.naturalHeight * scale;
    const shown = { left: box.left + (box.width - width) / 2, top: box.top + (box.height - height) / 2, width, height };
    const l = el.querySelector('.hazard-stage-layer')!.getBoundingClientRect();
    return { box: { left: box.left, top: box.top, width: box.width, height: box.height }, shown, layer: { left: l.left, top: l.top, width: l.width, height: l.height } };
  });
}
function expectSameRect(a: { left: number; top: number; width: number; height: number }, b: typeof a) {
  for (const k of ['left', 'top', 'width', 'height'] as const) expect(Math.abs(a[k] - b[k]), k).toBeLessThanOrEqual(1.5);
}
/** A region's centre as fractions of the picture. */
function centreOf(r: Region): [number, number] {
  if (r.shape === 'rect') return [(r.coords.x as number) + (r.coords.w as number) / 2, (r.coords.y as number) + (r.coords.h as number) / 2];
  if (r.shape === 'circle') return [r.coords.cx as number, r.coords.cy as number];
  const pts = r.coords.points as number[][];
  return [pts.reduce((s, p) => s + p[0]!, 0) / pts.length, pts.reduce((s, p) => s + p[1]!, 0) / pts.length];
}
/** Page coordinates of a point of the picture as displayed. */
async function onPicture(stage: Locator, [x, y]: [number, number]) {
  const { shown } = await pictureRects(stage);
  return { x: shown.left + x * shown.width, y: shown.top + y * shown.height };
}
/** Each shown hazard's number badge must sit on its region's centre on the displayed picture. */
async function expectBadgesOnSpot(stage: Locator, regions: Region[]) {
  const badges = await stage.locator('.hazard-stage-region').evaluateAll((gs) =>
    gs.map((g) => {
      const b = g.querySelector('.hazard-stage-badge')!.getBoundingClientRect();
      return { n: Number(g.getAttribute('data-number')), x: b.left + b.width / 2, y: b.top + b.height / 2 };
    }),
  );
  expect(badges.length).toBeGreaterThan(0);
  for (const b of badges) {
    const want = await onPicture(stage, centreOf(regions[b.n - 1]!));
    expect(Math.abs(b.x - want.x), `badge ${b.n} x`).toBeLessThanOrEqual(2);
    expect(Math.abs(b.y - want.y), `badge ${b.n} y`).toBeLessThanOrEqual(2);
  }
}
const revealedCount = (page: Page) => page.locator('.classroom-hazards-count').textContent();

describe('classroom hazard pictures', () => {
  it('课堂模式 fills the screen letterboxed; hazards revealed by click, Right, a number key and A, on the spot of the displayed picture', { timeout: 300_000 }, async () => {
    const screen = await signedIn(TEACHER.username, SCREEN);
    await screen.goto(`/students/dangerQuestionList?scene=${sceneIds[KITCHEN.title]}`);
    await expect.poll(() => screen.locator('.area-card-title').allTextContents(), { timeout: 20_000 }).toContain(KITCHEN.title);
    await screen.getByRole('button', { name: `课堂展示 ${KITCHEN.title}` }).click();
    const dialog = screen.getByRole('dialog', { name: '课堂模式' });
    const stage = dialog.locator('.hazard-stage');
    // a 16:10 picture on a 16:9 screen: the full height, bars left and right, the overlay exactly on it
    let rects = await pictureRects(stage);
    expectSameRect(rects.layer, rects.shown);
    expect(Math.abs(rects.shown.height - rects.box.height)).toBeLessThanOrEqual(1);
    expect(rects.shown.width).toBeLessThan(rects.box.width);
    expect(rects.box.width).toBeGreaterThan(SCREEN.width - 40);
    expect(await revealedCount(screen)).toBe('已揭晓 0 / 3 处');

    // Right: the first hazard, with its title, risk and fix
    await screen.keyboard.press('ArrowRight');
    const card = dialog.locator('.classroom-hazard-card');
    await expect.poll(() => card.textContent()).toContain(KITCHEN.regions[0]!.title);
    expect(await card.textContent()).toContain(KITCHEN.regions[0]!.risk);
    expect(await card.textContent()).toContain(KITCHEN.regions[0]!.fix);
    // a click on the circle's spot of the displayed picture reveals the second
    const spot = await onPicture(stage, centreOf(KITCHEN.regions[1]!));
    await screen.mouse.click(spot.x, spot.y);
    await expect.poll(() => card.textContent()).toContain(KITCHEN.regions[1]!.title);
    // a number key: that hazard
    await screen.keyboard.press('3');
    await expect.poll(() => card.textContent()).toContain(KITCHEN.regions[2]!.title);
    expect(await revealedCount(screen)).toBe('已揭晓 3 / 3 处');
    await expectBadgesOnSpot(stage, KITCHEN.regions);
    await screen.screenshot({ path: `${SHOTS}/classroom-hazards-1920.png` });

    // 1280×720: the picture and its outlines follow the new size
    await screen.setViewportSize(HD);
    await expect.poll(async () => (await pictureRects(stage)).box.width).toBeLessThan(1300);
    rects = await pictureRects(stage);
    expectSameRect(rects.layer, rects.shown);
    await expectBadgesOnSpot(stage, KITCHEN.regions);
    expect(await fitsWidth(screen)).toBe(true);
    await screen.screenshot({ path: `${SHOTS}/classroom-hazards-1280.png` });

    // Esc leaves
    await screen.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    // a portrait picture: the full height, wide bars; A reveals every hazard in turn
    await screen.setViewportSize(SCREEN);
    await screen.getByRole('button', { name: `课堂展示 ${POSTER.title}` }).click();
    await expect.poll(() => dialog.locator('.classroom-hazards-title').textContent()).toContain(POSTER.title);
    await expect.poll(() => revealedCount(screen)).toBe('已揭晓 0 / 2 处');
    rects = await pictureRects(stage);
    expectSameRect(rects.layer, rects.shown);
    expect(rects.shown.width).toBeLessThan(rects.box.width / 2);
    await screen.keyboard.press('a');
    await expect.poll(() => revealedCount(screen)).toBe('已揭晓 1 / 2 处');
    await expect.poll(() => revealedCount(screen), { timeout: 5000 }).toBe('已揭晓 2 / 2 处');
    expect(await card.textContent()).toContain(POSTER.regions[1]!.title);
    await expectBadgesOnSpot(stage, POSTER.regions);
    await screen.screenshot({ path: `${SHOTS}/classroom-hazards-portrait-1920.png` });
    await screen.setViewportSize(HD);
    await expect.poll(async () => (await pictureRects(stage)).box.width).toBeLessThan(1300);
    await expectBadgesOnSpot(stage, POSTER.regions);
    // Left takes the last back
    await screen.keyboard.press('ArrowLeft');
    await expect.poll(() => revealedCount(screen)).toBe('已揭晓 1 / 2 处');

    // Esc leaves
    await screen.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('a class plays a picture: phones tap, the screen counts them, shows the heat map, reveals; the assignment is done', { timeout: 600_000 }, async () => {
    const screen = await signedIn(TEACHER.username, SCREEN);
    await screen.goto('/students/classStats');
    const form = screen.locator('.live-start');
    await form.getByText('隐患图', { exact: true }).click();
    await form.getByRole('combobox', { name: '计入作业' }).click();
    await screen.locator('.ant-select-item-option').filter({ hasText: WORK }).click();
    // the assignment holds one picture: it is chosen with it
    await expect.poll(() => form.locator('.ant-select-selection-item').allTextContents()).toContain(`${KITCHEN.title}（3 处隐患）`);
    await form.getByRole('button', { name: '开始课堂排查' }).click();
    await screen.waitForURL((u) => /^\/students\/live\/screen\/\w+$/.test(u.pathname));
    const sessionId = screen.url().split('/').pop()!;
    const code = (await screen.locator('.live-screen-code').textContent())!.trim();

    const phones: Page[] = [];
    for (const s of STUDENTS) phones.push(await signedIn(s.username, PHONE));
    await setDark(phones[1]!, true);
    for (const phone of phones) {
      await phone.goto(`/students/live/join?code=${code}`);
      await phone.waitForURL((u) => u.pathname === `/students/live/${sessionId}`);
      await expect.poll(() => phone.getByText('等老师开始排查，开始后点图片上你看到的隐患。').isVisible()).toBe(true);
    }
    await expect.poll(() => screen.getByText('已加入 2 人').isVisible(), { timeout: PUSHED_MS }).toBe(true);

    await screen.getByRole('button', { name: '开始排查' }).click();
    const tapsOf = [
      [centreOf(KITCHEN.regions[0]!), [0.4, 0.9]],
      [centreOf(KITCHEN.regions[1]!), centreOf(KITCHEN.regions[2]!), [0.45, 0.6]],
    ] as Array<Array<[number, number]>>;
    for (const [i, phone] of phones.entries()) {
      const stage = phone.locator('.live-phone-picture .hazard-stage');
      await expect.poll(() => phone.getByText(/还可以点 5 次/).isVisible(), { timeout: PUSHED_MS }).toBe(true);
      for (const [k, p] of tapsOf[i]!.entries()) {
        const at = await onPicture(stage, p);
        await phone.touchscreen.tap(at.x, at.y);
        await expect.poll(() => stage.locator('.hazard-stage-tap').count()).toBe(k + 1);
      }
      // the dot sits where the finger was
      const dot = await stage.locator('.hazard-stage-tap').first().boundingBox();
      const want = await onPicture(stage, tapsOf[i]![0]!);
      expect(Math.abs(dot!.x + dot!.width / 2 - want.x)).toBeLessThanOrEqual(2);
      expect(Math.abs(dot!.y + dot!.height / 2 - want.y)).toBeLessThanOrEqual(2);
      await expect.poll(() => screen.locator('.live-screen-answered-count').textContent(), { timeout: PUSHED_MS }).toBe(String(i + 1));
    }
    // phones at 390 px: nothing wider than the phone, the picture within it
    for (const phone of phones) {
      expect(await fitsWidth(phone)).toBe(true);
      const box = await phone.locator('.live-phone-picture').boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await audit(phones[0]!)).toEqual([]);
    await phones[0]!.screenshot({ path: `${SHOTS}/classroom-live-phone-taps-390-light.png` });
    expect(await audit(phones[1]!)).toEqual([]);
    await phones[1]!.screenshot({ path: `${SHOTS}/classroom-live-phone-taps-390-dark.png` });
    // while the class taps, the screen shows no spot
    expect(await screen.locator('.hazard-stage-heat').count()).toBe(0);

    // stop: the heat map of all five taps over the picture
    await screen.getByRole('button', { name: '停止并显示热力图' }).click();
    const heat = screen.locator('.live-hazard-picture .hazard-stage-heat');
    await expect.poll(() => heat.getAttribute('data-taps')).toBe('5');
    const stage = screen.locator('.live-hazard-picture .hazard-stage');
    const rects = await pictureRects(stage);
    expectSameRect(rects.layer, rects.shown);
    // coloured where the phones tapped, clear far from every tap
    const alphaAt = (p: [number, number]) =>
      heat.evaluate((c: HTMLCanvasElement, [x, y]) => c.getContext('2d')!.getImageData(Math.floor(x * (c.width - 1)), Math.floor(y * (c.height - 1)), 1, 1).data[3], p);
    for (const p of tapsOf.flat()) expect(await alphaAt(p)).toBeGreaterThan(0);
    expect(await alphaAt([0.02, 0.02])).toBe(0);
    expect(await audit(screen)).toEqual([]);
    await screen.screenshot({ path: `${SHOTS}/classroom-live-heat-1920-light.png` });
    await setDark(screen, true);
    await expect.poll(() => screen.locator('.live-hazard-picture .hazard-stage-heat').getAttribute('data-taps')).toBe('5');
    expect(await audit(screen)).toEqual([]);
    await screen.screenshot({ path: `${SHOTS}/classroom-live-heat-1920-dark.png` });
    // a tap after the stop is refused in place
    const late = await onPicture(phones[0]!.locator('.live-phone-picture .hazard-stage'), [0.3, 0.3]);
    await phones[0]!.touchscreen.tap(late.x, late.y);
    expect(await phones[0]!.locator('.live-phone-picture .hazard-stage-tap').count()).toBe(2);

    // reveal: the hazards on the screen and each phone's own result
    await screen.getByRole('button', { name: '揭晓隐患' }).click();
    await expect.poll(() => screen.locator('.live-hazard-list li').count()).toBe(3);
    expect(await screen.locator('.live-hazard-list').textContent()).toContain(KITCHEN.regions[2]!.fix);
    await expectBadgesOnSpot(stage, KITCHEN.regions);
    await expect.poll(() => phones[0]!.getByText('你找到了 1 处隐患（共 3 处）').isVisible(), { timeout: PUSHED_MS }).toBe(true);
    await expect.poll(() => phones[1]!.getByText('你找到了 2 处隐患（共 3 处）').isVisible(), { timeout: PUSHED_MS }).toBe(true);
    expect(await fitsWidth(phones[1]!)).toBe(true);
    expect(await audit(phones[1]!)).toEqual([]);
    await phones[1]!.screenshot({ path: `${SHOTS}/classroom-live-phone-reveal-390-dark.png`, fullPage: true });
    await setDark(screen, false);
    await expect.poll(() => screen.locator('.live-hazard-list li').count()).toBe(3);
    await screen.screenshot({ path: `${SHOTS}/classroom-live-reveal-1920-light.png` });

    // the end: found per hazard, taps and hits per student; the assignment's picture done for both
    await screen.getByRole('button', { name: '结 束' }).or(screen.getByRole('button', { name: '结束' })).click();
    await expect.poll(() => screen.locator('.live-screen-summary h1').textContent()).toBe('课堂小结');
    for (const s of STUDENTS) expect(await screen.locator('.live-screen-summary').textContent()).not.toContain(s!.realname);
    await screen.getByRole('button', { name: '显示每位同学的结果' }).click();
    const rows = await screen.locator('.live-screen-summary tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(rows).toEqual([
      [STUDENTS[0]!.realname, '已参加', '2', '1'],
      [STUDENTS[1]!.realname, '已参加', '3', '2'],
    ]);
    // found per hazard, and no question's right answer: the picture was the session's only step
    expect(await screen.locator('.live-summary-stem').allTextContents()).toEqual(KITCHEN.regions.map((r, i) => `${i + 1}. ${r.title}`));
    expect(await screen.locator('.live-screen-summary').textContent()).not.toContain('正确答案');
    expect(await audit(screen)).toEqual([]);
    await screen.screenshot({ path: `${SHOTS}/classroom-live-summary-1920-light.png` });
    const summary = await teacher.call<LiveSummary>('GET', `/students/live/summary?id=${sessionId}`);
    expect(summary.hazards!.map((h) => h.hits)).toEqual([1, 1, 1]);
    for (const s of STUDENTS) {
      const student = await apiAs(own.server.url, s.username, PASSWORD);
      const work = (await student.call<MyAssignment[]>('GET', '/students/study/assignments')).find((a) => a.title === WORK)!;
      expect(work.items.map((i) => [i.kind, i.done])).toEqual([['hazard', true]]);
    }
  });

  it('the start form picks questions from the bank: the screen runs them in the order chosen', { timeout: 300_000 }, async () => {
    const screen = await signedIn(TEACHER.username, SCREEN);
    await screen.goto('/students/classStats');
    const form = screen.locator('.live-start');
    await form.getByText('题库选题', { exact: true }).click();
    // a bank quiz counts for no assignment: the field is not offered
    expect(await form.getByRole('combobox', { name: '计入作业' }).count()).toBe(0);
    const picker = form.getByRole('combobox', { name: '课堂答题的题目' });
    for (const q of [BANK[1]!, BANK[0]!]) {
      await picker.click();
      await picker.fill('课堂选题');
      await screen.locator('.ant-select-item-option').filter({ hasText: q.stem }).click();
    }
    await screen.keyboard.press('Escape');
    // the pointer left where the last option was lies over the start button now: away, so it is not hovered
    await screen.mouse.move(5, 5);
    await expect.poll(() => audit(screen)).toEqual([]);
    await screen.screenshot({ path: `${SHOTS}/classroom-start-bank-1920.png` });
    await form.getByRole('button', { name: '开始课堂答题' }).click();
    await screen.waitForURL((u) => /^\/students\/live\/screen\/\w+$/.test(u.pathname));
    await expect.poll(() => screen.getByText('共 2 道题，准备好后点“开始第一题”。').isVisible()).toBe(true);
    await screen.getByRole('button', { name: '开始第一题' }).click();
    await expect.poll(() => screen.locator('.live-screen-stem').textContent()).toBe(BANK[1]!.stem);
    await screen.getByRole('button', { name: '结 束' }).or(screen.getByRole('button', { name: '结束' })).click();
    await expect.poll(() => screen.locator('.live-screen-summary h1').textContent()).toBe('课堂小结');
  });

  it('the start form at phone width: nothing wider than the phone, every control a 44 px target', { timeout: 120_000 }, async () => {
    const phone = await signedIn(TEACHER.username, PHONE);
    await phone.goto('/students/classStats');
    const form = phone.locator('.live-start');
    await form.getByText('隐患图', { exact: true }).click();
    await expect.poll(() => form.getByRole('combobox', { name: '课堂排查的隐患图' }).count()).toBe(1);
    expect(await fitsWidth(phone)).toBe(true);
    const boxes = await form.locator('.ant-select-selector, .ant-btn, .ant-radio-button-wrapper').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ h: r.height, right: r.right, left: r.left })));
    expect(boxes.length).toBeGreaterThanOrEqual(5);
    for (const b of boxes) {
      expect(b.h).toBeGreaterThanOrEqual(44);
      expect(b.left).toBeGreaterThanOrEqual(0);
      expect(b.right).toBeLessThanOrEqual(PHONE.width);
    }
    await phone.screenshot({ path: `${SHOTS}/classroom-start-390-light.png` });
    await setDark(phone, true);
    await expect.poll(() => phone.locator('.live-start').count()).toBe(1);
    expect(await audit(phone)).toEqual([]);
    await phone.screenshot({ path: `${SHOTS}/classroom-start-390-dark.png` });
  });
});
