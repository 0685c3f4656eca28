// Toolbar and statistics (spec/02 §5, §6, §9): insert debounce, add settings, authPre, footer.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { columnStatistics } from './rules';
import { bodyRows, renderGrid } from './testing';
import { ADD_SETTINGS_KEY, addIndex, clampAddSettings, createInsertGuard, toolbarPermissions } from './toolbarRules';
import type { GridColumn } from './types';

const columns: GridColumn[] = [{ key: 'name', title: '名称', type: 'input' }];
const addButton = () => screen.getByRole('button', { name: /(^|\s)新\s*增$/ });
afterEach(() => localStorage.clear());

describe('add button', () => {
  it('refuses a second click within 1500 ms with the too-fast message', async () => {
    const user = userEvent.setup();
    const { container } = renderGrid({ columns, value: [] });
    await user.click(addButton());
    await user.click(addButton());
    expect(await screen.findByText('你点击的太快了，请慢点点击!')).toBeInTheDocument();
    expect(bodyRows(container)).toHaveLength(1);
  });

  it('the insert guard lets clicks through again after 1500 ms', () => {
    let now = 10_000;
    const allow = createInsertGuard(() => now);
    expect(allow()).toBe(true);
    now += 1499;
    expect(allow()).toBe(false);
    now += 1; // 1500 ms after the accepted click
    expect(allow()).toBe(true);
    expect(allow()).toBe(false);
  });

  it('count is at least 1; position at least 0 (0 = bottom) and at most the row count', () => {
    expect(clampAddSettings({ count: 0, position: -3 }, 5)).toEqual({ count: 1, position: 0 });
    expect(clampAddSettings({ count: 3, position: 9 }, 5)).toEqual({ count: 3, position: 5 });
    expect(addIndex({ count: 1, position: 0 }, 5)).toBe(5);
    expect(addIndex({ count: 1, position: 2 }, 5)).toBe(1);
  });

  it('uses the saved settings: adds the count at the position, and remembers them locally', async () => {
    const user = userEvent.setup();
    const rows = [
      { id: 'a', name: '甲' },
      { id: 'b', name: '乙' },
    ];
    const { container } = renderGrid({ columns, value: rows });
    await user.click(screen.getByRole('button', { name: '新增设置' }));
    const count = await screen.findByLabelText('新增行数');
    await user.clear(count);
    await user.type(count, '2');
    const position = screen.getByLabelText('新增位置');
    await user.clear(position);
    await user.type(position, '9'); // above the row count: held at 2
    await user.tab();
    expect(position).toHaveValue('2');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(ADD_SETTINGS_KEY)!)).toEqual({ count: 2, position: 2 });
    await user.click(addButton());
    const names = bodyRows(container).map((r) => (r.querySelector('input') as HTMLInputElement).value);
    expect(names).toEqual(['甲', '', '', '乙']);
  });
});

describe('permissions', () => {
  it('hides add when `${authPre}add` is excluded, and delete when batch_delete is', () => {
    expect(toolbarPermissions('user:', ['user:add'])).toEqual({ canAdd: false, canBatchDelete: true });
    expect(toolbarPermissions('user:', ['user:batch_delete'])).toEqual({ canAdd: true, canBatchDelete: false });
    expect(toolbarPermissions(undefined, ['user:add'])).toEqual({ canAdd: true, canBatchDelete: true });
  });

  it('draws the toolbar accordingly', () => {
    const { unmount } = renderGrid({ columns, value: [], authPre: 'order:', excludedCodes: ['order:add'] });
    expect(screen.queryByRole('button', { name: /(^|\s)新\s*增$/ })).toBeNull();
    expect(screen.getByRole('button', { name: /删\s*除/ })).toBeInTheDocument();
    unmount();
    renderGrid({ columns, value: [], authPre: 'order:', excludedCodes: ['order:batch_delete'] });
    expect(screen.getByRole('button', { name: /(^|\s)新\s*增$/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
  });

  it('collapses and expands the toolbar', async () => {
    const user = userEvent.setup();
    renderGrid({ columns, value: [] });
    await user.click(screen.getByRole('button', { name: /收\s*起/ }));
    expect(screen.queryByRole('button', { name: /(^|\s)新\s*增$/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: /展\s*开/ }));
    expect(addButton()).toBeInTheDocument();
  });
});

describe('statistics', () => {
  it('sums integer parts of numeric values and averages with 2 decimals', () => {
    const rows = [
      { id: '1', v: 1.9 },
      { id: '2', v: '2.5' },
      { id: '3', v: 'x' },
      { id: '4', v: '' },
      { id: '5', v: 4 },
    ];
    expect(columnStatistics(rows, 'v', ['sum', 'average'])).toEqual({ sum: 7, average: '2.33' });
  });

  it('shows 合计 and 平均值 in the footer and follows edits', async () => {
    const user = userEvent.setup();
    const cols: GridColumn[] = [
      { key: 'no', title: '#', type: 'row-number' },
      { key: 'price', title: '单价', type: 'inputNumber', statistics: ['sum', 'average'] },
    ];
    const { container } = renderGrid({ columns: cols, value: [{ id: 'a', price: 10 }, { id: 'b', price: 5.8 }] });
    const footerCell = (kind: string) => container.querySelector(`[data-statistics="${kind}"] [data-key="price"]`)!;
    expect(screen.getByText('合计')).toBeInTheDocument();
    expect(screen.getByText('平均值')).toBeInTheDocument();
    expect(footerCell('sum')).toHaveTextContent('15');
    expect(footerCell('average')).toHaveTextContent('7.50');
    const input = bodyRows(container)[1].querySelector('input')!;
    await user.clear(input);
    await user.type(input, '20');
    await waitFor(() => expect(footerCell('sum')).toHaveTextContent('30'));
  });
});
