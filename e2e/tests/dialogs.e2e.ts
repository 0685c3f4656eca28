import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useOwnServer } from '../support/own-server';

// Issue 19: a picker on top of a form dialog closes alone on Esc or a click outside it; a form dialog
// with unsaved input asks before it closes. Its own server, as the class page needs a fixed password.
const ADMIN = 'Admin#dialog-e2e-1';
const own = useOwnServer(ADMIN, { SAMPLE_CONTENT: 'off' });
const signedIn = () => own.signedIn();

const visibleDialogs = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal');
/** The top dialog has taken the keyboard (it does once it has opened). */
const topHasFocus = (page: Page) =>
  page.evaluate(() => {
    const wraps = [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap')].filter((w) => getComputedStyle(w).display !== 'none');
    return !!wraps.at(-1)?.contains(document.activeElement);
  });

describe('dialogs on dialogs', () => {
  it('Esc and a click outside close the picker only; the form asks before losing what was typed', async () => {
    const page = await signedIn();
    await page.goto('/education/class');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = page.getByRole('dialog').filter({ hasText: '新增班级' });
    await form.waitFor();

    // the teacher picker over the form: Esc closes it, the form stays
    await form.getByPlaceholder('请选择老师').click();
    await expect.poll(() => visibleDialogs(page).count(), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => topHasFocus(page), { timeout: 10_000 }).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => visibleDialogs(page).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => form.isVisible()).toBe(true);

    // a click outside the picker (on the page's corner) closes it alone too
    await form.getByPlaceholder('请选择老师').click();
    await expect.poll(() => visibleDialogs(page).count(), { timeout: 10_000 }).toBe(2);
    await page.mouse.click(5, 450);
    await expect.poll(() => visibleDialogs(page).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => form.isVisible()).toBe(true);

    // typed into, the form asks first: 继续编辑 keeps it with the text; 放弃修改 closes it
    await form.getByPlaceholder('请输入班级名称').fill('五年级三班');
    await page.keyboard.press('Escape');
    await page.locator('.ant-modal-confirm-title', { hasText: '放弃未保存的修改？' }).waitFor();
    await page.getByRole('button', { name: '继续编辑' }).click();
    expect(await form.getByPlaceholder('请输入班级名称').inputValue()).toBe('五年级三班');
    await expect.poll(() => visibleDialogs(page).count(), { timeout: 10_000 }).toBe(1);
    await page.mouse.click(5, 450);
    await page.getByRole('button', { name: '放弃修改' }).click();
    await expect.poll(() => visibleDialogs(page).count(), { timeout: 10_000 }).toBe(0);
  });
});
