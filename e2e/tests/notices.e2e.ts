import type { Page, WebSocket } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { useOwnServer } from '../support/own-server';

// Issue 13 end to end, two browsers: the administrator writes an announcement for one chosen user on
// 通知公告 and releases it; that user's bell, open in another browser, counts it within one second with
// no reload (the notification socket pushes it) and reads its title aloud, and opening it from the bell
// clears the badge.
const ADMIN = 'Admin#notice-e2e-1';
const PASSWORD = 'Listener#e2e-2026';
const LISTENER = 'e2e_listener';
const TITLE = 'E2E 明日消防疏散演练';
const own = useOwnServer(ADMIN);

interface Envelope<T> {
  success: boolean;
  message: string;
  result: T;
}
async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${own.server.url}/api${path}`, {
    method,
    headers: { 'X-Access-Token': token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as Envelope<T>;
  if (!env.success) throw new Error(`${method} ${path}: ${env.message}`);
  return env.result;
}
const signInApi = async (username: string, password: string) =>
  (await api<{ token: string }>('POST', '/sys/userLogin', '', { username, password })).token;

beforeAll(async () => {
  // The listener: a content editor (seeded role), so they sign in to the back-office with its header bell.
  const admin = await signInApi('admin', ADMIN);
  const roles = await api<{ records: Array<{ id: string; roleCode: string }> }>('GET', '/sys/role/list?roleCode=edu_editor', admin);
  const role = roles.records.find((r) => r.roleCode === 'edu_editor');
  if (!role) throw new Error('role edu_editor is not seeded');
  await api('POST', '/sys/user/add', admin, { username: LISTENER, realname: '孙老师', password: PASSWORD, confirmPassword: PASSWORD, selectedroles: role.id });
});

const bell = (page: Page) => page.getByRole('button', { name: '消息通知' });
/** The number on the bell (0 when it shows none). */
const badgeCount = async (page: Page) => {
  const count = bell(page).locator('.notice-bell-count');
  if (!(await count.count())) return 0;
  return Number((await count.first().textContent()) ?? 0);
};

describe('notices', () => {
  it("raises the chosen user's bell within a second of the release, without a reload, and opening it clears the badge", async () => {
    // The listener's browser, watching its notification socket from the first page on.
    const context = await own.browser.newContext({ baseURL: own.server.url, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    // speechSynthesis is the browser's: record what the page hands it instead of playing sound.
    await context.addInitScript(() => {
      const spoken: string[] = [];
      Object.assign(window, { spokenNotices: spoken });
      window.speechSynthesis.speak = (u: SpeechSynthesisUtterance) => void spoken.push(u.text);
    });
    const listener = await context.newPage();
    const socket = new Promise<WebSocket>((ok) => listener.on('websocket', (ws) => ws.url().includes('/api/websocket/') && ok(ws)));
    const pushed: string[] = [];
    void socket.then((ws) => ws.on('framereceived', (f) => pushed.push(String(f.payload))));
    let navigations = 0;
    listener.on('framenavigated', (frame) => frame === listener.mainFrame() && navigations++);
    await listener.goto('/user/login');
    await listener.getByPlaceholder('请输入用户名').fill(LISTENER);
    await listener.getByPlaceholder('请输入密码').fill(PASSWORD);
    await listener.getByRole('button', { name: /登\s*录/ }).click();
    await listener.waitForURL((u) => !u.pathname.startsWith('/user/login'));
    await bell(listener).waitFor();
    expect((await socket).isClosed()).toBe(false);
    expect(await badgeCount(listener)).toBe(0);

    const admin = await own.signedIn();
    onTestFailed(async () => {
      await admin.screenshot({ path: `${import.meta.dirname}/../artifacts/notices-admin.png` }).catch(() => {});
      await listener.screenshot({ path: `${import.meta.dirname}/../artifacts/notices-listener.png` }).catch(() => {});
    });
    await admin.goto('/system/notice');
    await admin.getByRole('button', { name: /新\s*增/ }).click();
    const form = admin.locator('.ant-modal-content:visible').last();
    await form.getByPlaceholder('请输入通告标题').fill(TITLE);
    await form.locator('.ant-form-item', { hasText: '接收用户' }).locator('.ant-select-selector').click();
    await admin.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '指定用户' }).click();
    await form.getByPlaceholder('请选择用户').click();
    const picker = admin.locator('.ant-modal-content:visible', { hasText: '选择用户' });
    await picker.getByPlaceholder('请输入用户账号').fill(LISTENER);
    await picker.getByRole('button', { name: /查\s*询/ }).click();
    await picker.getByRole('cell', { name: LISTENER, exact: true }).click();
    await picker.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => form.getByPlaceholder('请选择用户').inputValue()).toBe('孙老师');
    await form.locator('.ant-modal-footer .ant-btn-primary').click();
    const row = admin.locator('tr', { hasText: TITLE });
    await row.waitFor();
    const navigationsBefore = navigations;

    // Released: the listener's bell counts it within one second, by the socket's push, on the same page.
    await row.getByText('发布', { exact: true }).click();
    await expect.poll(() => badgeCount(listener), { timeout: 1000, interval: 50 }).toBe(1);
    expect(pushed.some((p) => p.includes(TITLE))).toBe(true);
    expect(navigations).toBe(navigationsBefore);
    expect(await listener.evaluate(() => (window as unknown as { spokenNotices: string[] }).spokenNotices)).toEqual([TITLE]);
    await row.getByText('撤销', { exact: true }).waitFor();

    // Opened from the bell: the detail shows it and the badge goes.
    await bell(listener).click();
    const panel = listener.getByRole('dialog', { name: '消息通知' });
    await panel.getByText(TITLE).click();
    await listener.locator('.ant-modal-content:visible').getByText(TITLE).first().waitFor();
    await expect.poll(() => badgeCount(listener)).toBe(0);
    const mine = await signInApi(LISTENER, PASSWORD);
    expect((await api<{ count: number }>('GET', '/sys/annountCement/getUnreadMessageCount', mine)).count).toBe(0);
    await context.close();
  }, 120_000);
});
