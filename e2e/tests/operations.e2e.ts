import type { Page, Response } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { useOwnServer } from '../support/own-server';

// Issue 14 end to end, through the pages: a job built with the cron editor, run once now, its log seen
// in 执行记录; a signed-in user forced offline from 在线用户, whose next click lands on the sign-in page;
// 服务器信息 whose chart takes the server's next sample. A server of its own: fresh sessions and samples.
const ADMIN = 'Admin#ops-e2e-1';
const EDITOR = { username: 'e2e_ops_editor', realname: '孙编辑', password: 'Editor#ops-2026' };
const own = useOwnServer(ADMIN);

interface Envelope<T> {
  success: boolean;
  message: string;
  result: T;
}

/** Calls the API as `token`, failing on an unsuccessful answer. */
async function must<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${own.server.url}/api${path}`, {
    method,
    headers: { 'X-Access-Token': token, 'tenant-id': '1000', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as Envelope<T>;
  if (!env.success) throw new Error(`${method} ${path}: ${env.message}`);
  return env.result;
}

async function apiToken(username: string, password: string): Promise<string> {
  const res = await fetch(`${own.server.url}/api/sys/userLogin`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const env = (await res.json()) as Envelope<{ token: string }>;
  if (!env.success) throw new Error(`sign-in ${username}: ${env.message}`);
  return env.result.token;
}

function screenshotOnFailure(page: Page, name: string) {
  onTestFailed(async () => {
    await page.screenshot({ path: `${import.meta.dirname}/../artifacts/operations-${name}.png` }).catch(() => {});
  });
}

const modal = (page: Page) => page.locator('.ant-modal-content:visible').last();
const okButton = /确\s*定/;

describe('operations (issue 14)', () => {
  it('adds a job with the cron editor, runs it once now and shows the successful run with its parameter in 执行记录', async () => {
    const page = await own.signedIn();
    screenshotOnFailure(page, 'quartz');
    await page.goto('/monitor/quartz');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = modal(page);
    await form.getByText('新增定时任务').waitFor();

    await form.locator('.ant-form-item', { hasText: '任务类名' }).locator('.ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'anxue.job.SampleParamJob' }).click();
    await form.getByText('参数：任意文字，执行时写入执行日志').waitFor();

    // The cron editor: every 5 seconds (秒 tab), of every minute (分 tab).
    const cronItem = form.locator('.ant-form-item', { hasText: 'Cron表达式' });
    await cronItem.getByRole('button', { name: /选\s*择/ }).click();
    const cron = modal(page);
    await cron.getByText('Cron表达式', { exact: true }).waitFor();
    await cron.getByLabel('秒间隔').fill('5');
    await cron.getByRole('tab', { name: '分', exact: true }).click();
    await cron.getByRole('radio', { name: '每一分钟' }).check();
    await expect.poll(() => cron.getByLabel('生成的表达式').inputValue()).toBe('0/5 * * * * ? *');
    await cron.getByRole('button', { name: okButton }).click();
    await expect.poll(() => cronItem.locator('input').inputValue()).toBe('0/5 * * * * ? *');

    await form.locator('.ant-form-item', { hasText: '参数' }).locator('textarea').fill('e2e-参数');
    await form.locator('.ant-form-item', { hasText: '描述' }).locator('textarea').fill('E2E 巡检任务');
    await form.locator('.ant-modal-footer .ant-btn-primary').click();

    const row = page.locator('tr', { hasText: 'E2E 巡检任务' });
    await row.getByRole('cell', { name: '0/5 * * * * ? *' }).waitFor();
    await row.getByRole('cell', { name: 'e2e-参数' }).waitFor();

    await row.getByText('立即执行').click();
    await page.locator('.ant-popover:visible').getByRole('button', { name: okButton }).click();
    await page.getByText('执行成功!').first().waitFor();

    await row.getByText('执行记录').click();
    const drawer = page.locator('.ant-drawer-content:visible');
    await drawer.getByText('执行记录：E2E 巡检任务').waitFor();
    const run = drawer.locator('.ant-table-tbody tr', { hasText: '手动执行' });
    await run.getByText('参数：e2e-参数').waitFor();
    await expect.poll(() => run.locator('.ant-tag').textContent()).toBe('成功');
    await page.context().close();
  });

  it('forces a signed-in user offline from 在线用户; their next click lands on the sign-in page', async () => {
    const admin = await apiToken('admin', ADMIN);
    const roles = await must<{ records: Array<{ id: string; roleCode: string }> }>('GET', '/sys/role/list?roleCode=edu_editor', admin);
    const role = roles.records.find((r) => r.roleCode === 'edu_editor');
    if (!role) throw new Error('role edu_editor is not seeded');
    await must('POST', '/sys/user/add', admin, { ...EDITOR, confirmPassword: EDITOR.password, selectedroles: role.id });

    const editor = await own.signedIn(EDITOR.username, EDITOR.password);
    screenshotOnFailure(editor, 'online-editor');
    await editor.waitForURL((u) => !u.pathname.startsWith('/user/login'));
    const menu = editor.getByRole('menu').first();
    await menu.getByText('安全教育').waitFor();

    const page = await own.signedIn();
    screenshotOnFailure(page, 'online-admin');
    await page.goto('/monitor/online');
    const row = page.locator('tr', { hasText: EDITOR.username });
    await row.getByRole('cell', { name: EDITOR.realname }).waitFor();
    // the administrator's own session is marked, and is not the one ended
    await page.locator('tr', { hasText: 'admin（我）' }).waitFor();
    await row.getByText('强退').click();
    await page.locator('.ant-popover:visible', { hasText: '强制退出用户？' }).getByRole('button', { name: okButton }).click();
    await page.getByText(`强制退出用户“${EDITOR.realname}”成功！`).waitFor();
    await row.waitFor({ state: 'detached' });

    // The editor, still on their page (an editor lands on 课程管理), opens another list: the server
    // refuses the ended session.
    await menu.getByText('安全教育').click();
    await menu.getByText('图片管理').click();
    await editor.waitForURL((u) => u.pathname === '/user/login');
    await editor.getByPlaceholder('请输入用户名').waitFor();
    await page.context().close();
    await editor.context().close();
  });

  it('refreshes 服务器信息 with the server\'s next sample and draws it on the chart', async () => {
    const page = await own.signedIn();
    screenshotOnFailure(page, 'server');
    interface SystemInfo {
      history: Array<{ time: number }>;
    }
    const answers: SystemInfo[] = [];
    const isSystemInfo = (r: Response) => new URL(r.url()).pathname === '/api/sys/actuator/system/info' && r.ok();
    page.on('response', (r) => {
      if (isSystemInfo(r)) void r.json().then((body: Envelope<SystemInfo>) => answers.push(body.result));
    });
    await page.goto('/monitor/performance/server');
    await page.getByText('每 5 秒刷新').waitFor();
    const chart = page.getByRole('img', { name: 'CPU 与内存使用率' });

    // The page asks again every 5 s and the server samples every 5 s: wait for two successive
    // answers whose latest samples differ (a fresh server may answer first with no sample yet).
    const latest = (a: SystemInfo) => a.history.at(-1)?.time ?? 0;
    await expect
      .poll(() => answers.some((a, i) => i > 0 && latest(answers[i - 1]) > 0 && latest(a) > latest(answers[i - 1])), { timeout: 25_000, interval: 250 })
      .toBe(true);
    const i = answers.findIndex((a, k) => k > 0 && latest(answers[k - 1]) > 0 && latest(a) > latest(answers[k - 1]));
    const [before, after] = [answers[i - 1], answers[i]];
    expect(after.history.length).toBeGreaterThan(before.history.length);

    // The chart shows the newer sample's time on its axis (as the browser formats it) and draws its lines.
    const label = await page.evaluate((t) => new Date(t).toTimeString().slice(0, 8), latest(after));
    await expect.poll(() => chart.locator('svg text').allTextContents(), { timeout: 10_000 }).toContain(label);
    const lines = await chart.locator('svg path').evaluateAll((paths) => paths.map((p) => p.getAttribute('d') ?? '').filter((d) => d.length > 0));
    expect(lines.length).toBeGreaterThan(0);
    await page.context().close();
  }, 60_000);
});
