import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { useOwnServer } from '../support/own-server';

// Issue 5 end to end: a one-to-many order through the editable grid — add lines, see the rule
// messages, fix them, drag a line, save, reload, and find the same lines in the same order.
// Own server, so nothing another file does to the admin account matters here.
const ADMIN = 'Admin#grid-e2e-1';
const own = useOwnServer(ADMIN);

const signedIn = () => own.signedIn();

const modal = (page: Page) => page.locator('.ant-modal-content:visible').last();
const lineRows = (page: Page) => modal(page).locator('.eg-body [role="row"]');
const cell = (row: Locator, key: string) => row.locator(`[role="cell"][data-key="${key}"]`);
const products = async (page: Page) => lineRows(page).locator('[data-key="product"] input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));

/** The grid refuses insert clicks closer than 1500 ms (spec/02 §5). */
async function addLine(page: Page) {
  const before = await lineRows(page).count();
  await modal(page).getByRole('toolbar', { name: '表格工具栏' }).getByRole('button', { name: /新\s*增$/ }).click();
  await expect.poll(() => lineRows(page).count()).toBe(before + 1);
  await page.waitForTimeout(1600);
}

async function typeLine(row: Locator, product: string, price: string, quantity: string) {
  await cell(row, 'product').locator('input').fill(product);
  await cell(row, 'price').locator('input').fill(price);
  await cell(row, 'quantity').locator('input').fill(quantity);
}

/** The message a cell shows in its tooltip (drawn while the cell is hovered or focused). */
async function tooltipOf(row: Locator, key: string): Promise<string> {
  const c = cell(row, key);
  await c.hover();
  const tip = c.locator('[role="tooltip"]');
  await tip.waitFor({ state: 'visible' });
  return (await tip.textContent()) ?? '';
}

describe('editable grid: one-to-many order', () => {
  it('adds lines, shows and clears rule messages, drags a line, saves, and reloads the same lines in the same order', async () => {
    const page = await signedIn();
    onTestFailed(async () => {
      await page.screenshot({ path: `${import.meta.dirname}/../artifacts/grid-order.png`, fullPage: true }).catch(() => {});
    });
    await page.goto('/demo/order');
    // the list has drawn (empty or, with demo data, the sample orders)
    await page.locator('.ant-table-tbody tr.ant-table-row, .ant-table-tbody tr.ant-table-placeholder').first().waitFor();

    await page.getByRole('button', { name: /新\s*增/ }).first().click();
    await modal(page).getByPlaceholder('请输入客户').fill('端到端客户');
    for (let i = 0; i < 3; i++) await addLine(page);
    const rows = lineRows(page);

    // Invalid values: no product, a price with three decimals, quantity 0, a letter in a number.
    await typeLine(rows.nth(0), '', '1.234', '0');
    await cell(rows.nth(0), 'quantity').locator('input').pressSequentially('x'); // refused by the number input
    await expect.poll(() => cell(rows.nth(0), 'quantity').locator('input').inputValue()).toBe('0');
    expect(await tooltipOf(rows.nth(0), 'price')).toBe('请输入正确的金额');
    expect(await tooltipOf(rows.nth(0), 'quantity')).toBe('数量必须是不小于1的整数');

    // Saving now is refused with the error count, and every bad cell shows why.
    await modal(page).locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByText(/订单明细校验未通过：\d+ 处错误/).waitFor();
    expect(await tooltipOf(rows.nth(0), 'product')).toBe('请输入商品');
    expect(await tooltipOf(rows.nth(1), 'product')).toBe('请输入商品');

    // Fix them.
    await typeLine(rows.nth(0), '安全帽', '12.50', '4');
    await typeLine(rows.nth(1), '反光背心', '30', '2');
    await typeLine(rows.nth(2), '灭火器', '120', '1');
    await cell(rows.nth(2), 'remark').locator('input').click();
    await expect.poll(() => modal(page).locator('.eg-cell-error').count()).toBe(0);
    await expect.poll(() => modal(page).locator('.order-total strong').textContent()).toBe('230.00');

    // Drag 灭火器 (third) onto the first line.
    await cell(rows.nth(2), '__drag').locator('.eg-drag-handle').dragTo(rows.nth(0));
    await expect.poll(() => products(page)).toEqual(['灭火器', '安全帽', '反光背心']);

    await modal(page).locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByText('添加成功！').waitFor();
    await page.locator('tr', { hasText: '端到端客户' }).waitFor();

    await page.reload();
    const orderRow = page.locator('tr', { hasText: '端到端客户' });
    await expect.poll(() => orderRow.textContent()).toContain('230.00');
    await orderRow.getByText('编辑').click();
    await expect.poll(() => products(page)).toEqual(['灭火器', '安全帽', '反光背心']);
    const values = async (key: string) => lineRows(page).locator(`[data-key="${key}"] input`).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(await values('price')).toEqual(['120', '12.5', '30']);
    expect(await values('quantity')).toEqual(['1', '4', '2']);
    expect(await modal(page).getByPlaceholder('请输入客户').inputValue()).toBe('端到端客户');
  });

  it('grid demo: an edit on one open page shows up on another through the table socket', async () => {
    const first = await signedIn();
    const second = await first.context().newPage(); // same session, another page id
    onTestFailed(async () => {
      await second.screenshot({ path: `${import.meta.dirname}/../artifacts/grid-socket.png`, fullPage: true }).catch(() => {});
    });
    const sockets: string[] = [];
    second.on('websocket', (ws) => sockets.push(ws.url()));
    await first.goto('/demo/grid');
    await second.goto('/demo/grid');
    const nameOf = (page: Page) => page.locator('.eg-body [role="row"]').first().locator('[data-key="name"] input');
    await nameOf(first).waitFor();
    await nameOf(second).waitFor();
    await expect.poll(() => sockets.some((u) => /\/api\/vxeSocket\/[^/]+\/grid-demo-/.test(u))).toBe(true);
    await first.waitForTimeout(500); // both sockets open
    await nameOf(first).fill('张三丰');
    await expect.poll(() => nameOf(second).inputValue(), { timeout: 10_000 }).toBe('张三丰');
  });
});
