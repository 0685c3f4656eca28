import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { useOwnServer } from '../support/own-server';

// Issue 6 end to end on the 表单组件 demo page: the cron editor's tabs and preview, an advanced query
// saved and reloaded, users picked through the department tree, and the image uploader (an image is
// shown, a non-image is refused).
const ADMIN = 'Admin#widgets-e2e-1';
const own = useOwnServer(ADMIN);

async function demoPage(): Promise<Page> {
  const page = await own.signedIn();
  onTestFailed(async () => {
    await page.screenshot({ path: `${import.meta.dirname}/../artifacts/widgets-${Date.now()}.png`, fullPage: true }).catch(() => {});
  });
  await page.goto('/demo/widgets');
  await page.getByText('Cron表达式', { exact: true }).first().waitFor();
  return page;
}

const dialog = (page: Page, title: string) => page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

describe('widget demo page', () => {
  it('builds a cron expression through the tabs and previews its next runs', async () => {
    const page = await demoPage();
    await page.getByRole('button', { name: /选\s*择/ }).first().click();
    const cron = dialog(page, 'Cron表达式');
    await cron.waitFor();
    // 分: every 15 minutes starting at 5.
    await cron.getByRole('tab', { name: '分' }).click();
    const minutePane = cron.locator('.ant-tabs-tabpane-active');
    await minutePane.getByText('每隔').click();
    await minutePane.getByLabel('分间隔').fill('15');
    await minutePane.getByLabel('分开始').fill('5');
    // 时: hours 8 to 18.
    await cron.getByRole('tab', { name: '时' }).click();
    const hourPane = cron.locator('.ant-tabs-tabpane-active');
    await hourPane.getByText('周期从').click();
    await hourPane.getByLabel('时范围开始').fill('8');
    await hourPane.getByLabel('时范围结束').fill('18');
    await expect.poll(() => cron.getByLabel('生成的表达式').inputValue()).toMatch(/^0 5\/15 8-18 /);
    // The preview recalculates after its debounce: 10 runs, every one on minute 05, 20, 35 or 50.
    const runs = cron.getByRole('list', { name: '最近运行时间' }).locator('li');
    const fitting = async () => {
      const texts = await runs.allTextContents();
      const ok = texts.every((run) => {
        const [, hh, mm] = /(\d{2}):(\d{2}):00$/.exec(run) ?? [];
        return ['05', '20', '35', '50'].includes(mm) && Number(hh) >= 8 && Number(hh) <= 18;
      });
      return ok ? texts.length : -texts.length;
    };
    await expect.poll(fitting, { timeout: 5000 }).toBe(10);
    const expression = await cron.getByLabel('生成的表达式').inputValue();
    await cron.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => page.getByPlaceholder('请输入cron表达式').inputValue()).toBe(expression);
  });

  it('saves an advanced query and gets it back after a reload', async () => {
    const page = await demoPage();
    await page.getByRole('button', { name: /高级查询/ }).click();
    const builder = dialog(page, '高级查询构造器');
    await builder.waitFor();
    await builder.getByLabel('查询字段').first().click();
    await page.locator('.ant-select-dropdown:visible').getByText('姓名', { exact: true }).click();
    await builder.getByLabel('匹配规则').first().click();
    await page.locator('.ant-select-dropdown:visible').getByText('包含', { exact: true }).click();
    await builder.getByLabel('查询值').first().fill('张');
    await builder.getByRole('button', { name: '保存查询条件' }).click();
    const naming = dialog(page, '请输入保存的名称');
    await naming.getByLabel('保存名称').fill('姓张的人');
    await naming.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('保存成功').first().waitFor();
    await builder.getByRole('button', { name: /查\s*询/ }).last().click();
    await expect.poll(() => page.getByTestId('super-query-params').textContent()).toContain('"field":"name"');

    await page.reload();
    await page.getByRole('button', { name: /高级查询/ }).waitFor();
    await page.getByRole('button', { name: /高级查询/ }).click();
    const again = dialog(page, '高级查询构造器');
    await again.getByText('姓张的人').click();
    await again.getByRole('button', { name: /查\s*询/ }).last().click();
    const params = await page.getByTestId('super-query-params').textContent();
    expect(params).toContain('"field":"name"');
    expect(params).toContain('张');
  });

  it('uploads an image and shows it; refuses a non-image with 请上传图片', async () => {
    const page = await demoPage();
    const item = page.locator('.ant-form-item').filter({ hasText: '图片上传' });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await item.locator('input[type=file]').setInputFiles({ name: '安全标志.png', mimeType: 'image/png', buffer: png });
    const img = item.locator('.ant-upload-list-item-done img');
    await img.waitFor();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);
    expect(await img.getAttribute('src')).toMatch(/\/api\/sys\/common\/view\/demo\/安全标志_|\/api\/sys\/common\/view\/demo\/%E5%AE%89/);
    await expect.poll(() => page.getByTestId('core-form-values').textContent()).toMatch(/"images":"demo\//);

    await item.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('请上传图片').waitFor();
    expect(await item.locator('.ant-upload-list-item').count()).toBe(1);
  });

  it('picks a user through the department tree', async () => {
    const page = await demoPage();
    // A user in 研发部, added through the API as the signed-in administrator.
    const added = await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('Access-Token') ?? '{}').value as string;
      const headers = { 'X-Access-Token': token, 'Content-Type': 'application/json' };
      const tree = await (await fetch('/api/sys/sysDepart/queryTreeList', { headers })).json();
      const find = (nodes: Array<{ title: string; id?: string; key: string; children?: unknown[] }>, title: string): string | undefined => {
        for (const n of nodes) {
          if (n.title === title) return n.id ?? n.key;
          const inner = find((n.children ?? []) as never, title);
          if (inner) return inner;
        }
        return undefined;
      };
      const add = async (username: string, realname: string, depart: string) => {
        const body = { username, realname, password: 'Safety#2026', selecteddeparts: find(tree.result, depart) };
        return (await (await fetch('/api/sys/user/add', { method: 'POST', headers, body: JSON.stringify(body) })).json()).success as boolean;
      };
      // One user in 研发部, one only in 总公司, which the tree must filter out.
      return [await add('safety_li', '李安全', '研发部'), await add('safety_wang', '王总部', '总公司')];
    });
    expect(added).toEqual([true, true]);

    await page.getByRole('tab', { name: '选择器' }).click();
    const field = page.locator('.ant-form-item').filter({ hasText: '选择用户' }).first();
    await field.getByRole('button', { name: /选\s*择/ }).click();
    const picker = dialog(page, '选择用户');
    await picker.waitFor();
    await picker.locator('.ant-tree').getByText('研发部').click();
    const rows = picker.locator('.ant-table-tbody tr.ant-table-row');
    // Only members of 研发部 are listed (the administrator belongs to it as well).
    await expect.poll(async () => {
      const texts = await rows.allTextContents();
      return texts.length > 0 && texts.every((t) => t.includes('研发部')) && texts.some((t) => t.includes('李安全'));
    }, { timeout: 10_000 }).toBe(true);
    await rows.filter({ hasText: '李安全' }).locator('input[type=checkbox], input[type=radio]').check();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => field.locator('input').first().inputValue()).toBe('李安全');
  });
});
