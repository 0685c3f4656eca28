import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { launch, signIn } from '../support/browser';
import { REPO_ROOT, startServer, type RunningServer } from '../support/server';

// Issue 12 end to end, the content editor's side: an editor (role edu_editor, the seeded one) uploads a
// hazard picture, draws a rectangle on it with the mouse and saves the scene; the server keeps the
// region as fractions of the picture, and a student's tap inside it is a hit. It runs its own server,
// so another file changing the administrator's password cannot affect it.
const PASSWORD = 'Editor#e2e-2026';
const ADMIN_PASSWORD = 'Admin#edu-e2e-1';
const PICTURE = join(REPO_ROOT, 'apps/server/assets/students/hazard-kitchen.jpg');

interface Envelope<T> {
  success: boolean;
  message: string;
  result: T;
}

let browser: Browser;
let server: RunningServer;
let admin: { token: string; tenant: string };

async function must<T>(method: string, path: string, body?: unknown, token = admin.token): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { 'X-Access-Token': token, 'tenant-id': admin.tenant, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as Envelope<T>;
  if (!env.success) throw new Error(`${method} ${path}: ${env.message}`);
  return env.result;
}

async function signInApi(username: string, password: string): Promise<string> {
  const res = await fetch(`${server.url}/api/sys/userLogin`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const env = (await res.json()) as Envelope<{ token: string; userInfo: { loginTenantId?: number } }>;
  if (!env.success) throw new Error(`sign-in ${username}: ${env.message}`);
  return env.result.token;
}

async function userWithRole(username: string, realname: string, roleCode: string): Promise<void> {
  const roles = await must<{ records: Array<{ id: string; roleCode: string }> }>('GET', `/sys/role/list?roleCode=${roleCode}`);
  const role = roles.records.find((r) => r.roleCode === roleCode);
  if (!role) throw new Error(`role ${roleCode} is not seeded`);
  await must('POST', '/sys/user/add', { username, realname, password: PASSWORD, confirmPassword: PASSWORD, selectedroles: role.id });
}

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD, LOGIN_CAPTCHA: 'off' });
  browser = await launch();
  const token = await signInApi('admin', ADMIN_PASSWORD);
  admin = { token, tenant: '1000' };
  await userWithRole('e2e_editor', '王编辑', 'edu_editor');
  await userWithRole('e2e_spotter', '赵同学', 'student');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('安全教育 back-office', () => {
  it('lets an editor draw a hazard region on an uploaded picture, kept as fractions the student game hits', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', baseURL: server.url });
    const page = await context.newPage();
    onTestFailed(async () => {
      await page.screenshot({ path: `${import.meta.dirname}/../artifacts/education-editor.png` }).catch(() => {});
    });
    await signIn(page, 'e2e_editor', PASSWORD);
    await page.waitForURL((u) => !u.pathname.startsWith('/user/login'));
    await page.goto('/education/dangerQuestion');

    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.locator('.ant-modal-content:visible').last();
    await dialog.getByPlaceholder('请输入标题').fill('E2E 厨房隐患');
    await dialog.locator('input[type=file]').first().setInputFiles(PICTURE);
    const canvas = dialog.getByLabel('隐患区域绘制区');
    await canvas.waitFor();
    // the picture shows at its own aspect (800 × 500): drag a rectangle over its upper left quarter
    // measure once the picture has loaded: until then the drawing area has no height of its own
    await canvas.scrollIntoViewIfNeeded();
    await dialog.locator('img').first().evaluate((img: HTMLImageElement) => img.complete || new Promise((r) => (img.onload = r)));
    const box = (await canvas.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(800 / 500, 1);
    await dialog.getByText('矩形', { exact: true }).click();
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.4, { steps: 8 });
    await page.mouse.move(box.x + box.width * 0.35, box.y + box.height * 0.5, { steps: 4 });
    await page.mouse.up();
    const title = dialog.locator('.ant-input-group-wrapper', { hasText: '隐患1 标题' }).locator('input');
    await title.fill('油锅无人看管');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByText('添加成功！').first().waitFor();
    await page.getByRole('cell', { name: 'E2E 厨房隐患' }).waitFor();

    const list = await must<{ records: Array<{ id: string; title: string }> }>('GET', `/students/dangerQuestion/list?title=${encodeURIComponent('E2E 厨房隐患')}`);
    const scene = await must<{ imageWidth: number; imageHeight: number; regions: Array<{ shape: string; title: string; coords: { x: number; y: number; w: number; h: number } }> }>(
      'GET',
      `/students/dangerQuestion/queryById?id=${list.records[0].id}`,
    );
    expect(scene).toMatchObject({ imageWidth: 800, imageHeight: 500 });
    expect(scene.regions).toHaveLength(1);
    const [region] = scene.regions;
    expect(region).toMatchObject({ shape: 'rect', title: '油锅无人看管' });
    expect(region.coords.x).toBeCloseTo(0.1, 1);
    expect(region.coords.y).toBeCloseTo(0.2, 1);
    expect(region.coords.w).toBeCloseTo(0.25, 1);
    expect(region.coords.h).toBeCloseTo(0.3, 1);
    await context.close();

    // published, the region is what a student's tap is judged against
    await must('PUT', '/students/dangerQuestion/edit', { id: list.records[0].id, published: 1 });
    const student = await signInApi('e2e_spotter', PASSWORD);
    const play = await must<{ id: string }>('POST', '/students/study/hazard/start', { sceneId: list.records[0].id }, student);
    const tap = await must<{ hit: { title: string } | null }>('POST', '/students/study/hazard/click', { playId: play.id, x: region.coords.x + region.coords.w / 2, y: region.coords.y + region.coords.h / 2 }, student);
    expect(tap.hit?.title).toBe('油锅无人看管');
  }, 120_000);
});
