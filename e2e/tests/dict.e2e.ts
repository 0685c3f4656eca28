import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { useOwnServer } from '../support/own-server';

// Issue 4 end to end: a dictionary and two items added on 数据字典, the cache cleared from the user
// menu, and the items offered by a form's dictionary select on the widget demo page.
// This file runs its own server so the other files' password change cannot affect it.
const ADMIN = 'Admin#dict-e2e-1';
const CODE = 'e2e_grade';
const own = useOwnServer(ADMIN);

const signedIn = () => own.signedIn();

const modal = (page: Page) => page.locator('.ant-modal-content:visible').last();
const modalOk = (page: Page) => modal(page).locator('.ant-modal-footer .ant-btn-primary').click();

describe('dictionaries', () => {
  it('adds a dictionary with two items and offers them in a form select after the cache is cleared', async () => {
    const page = await signedIn();
    onTestFailed(async () => {
      await page.screenshot({ path: `${import.meta.dirname}/../artifacts/dict.png` }).catch(() => {});
    });

    // The dictionary.
    await page.goto('/system/dict');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await modal(page).getByPlaceholder('请输入字典名称').fill('年级（e2e）');
    await modal(page).getByPlaceholder('请输入字典编码').fill(CODE);
    await modalOk(page);
    const row = page.locator('tr', { hasText: CODE });
    await row.waitFor();

    // Two items in its 字典配置 drawer.
    await row.getByText('字典配置').click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByText(`字典列表 - 年级（e2e）（${CODE}）`).waitFor();
    for (const [text, value] of [
      ['初一', '7'],
      ['初二', '8'],
    ]) {
      await drawer.getByRole('button', { name: /新\s*增/ }).click();
      await modal(page).getByPlaceholder('请输入名称').fill(text!);
      await modal(page).getByPlaceholder('请输入数据值').fill(value!);
      await modalOk(page);
      await drawer.locator('tr', { hasText: text! }).waitFor();
    }
    await drawer.locator('.ant-drawer-close').click();

    // Clear the cache from the user menu.
    await page.getByRole('button', { name: '用户菜单' }).hover();
    await page.getByRole('menuitem', { name: '清理缓存' }).click();
    await page.getByText('刷新缓存完成！').waitFor();
    const cached = await page.evaluate((code) => {
      const raw = JSON.parse(localStorage.getItem('UI_CACHE_DB_DICT_DATA') ?? '{}');
      return ((raw.value ?? raw)[code] ?? []).map((o: { text: string }) => o.text);
    }, CODE);
    expect(cached).toEqual(['初一', '初二']);

    // The demo form's select offers the new items.
    await page.goto('/demo/widgets');
    await page.getByRole('tab', { name: '字典组件' }).click();
    const codeInput = page.getByPlaceholder('请输入字典编码');
    await codeInput.fill(CODE);
    await page.locator('.ant-form-item', { hasText: '字典下拉（按编码）' }).locator('.ant-select-selector').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.filter({ hasText: '初二' }).waitFor();
    expect((await options.allTextContents()).map((t) => t.trim())).toEqual(['初一', '初二']);
  });
});
