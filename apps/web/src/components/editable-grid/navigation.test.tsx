// Fixed columns, keyboard moves between cells, and the pattern table shared with the server.
import { act, fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as shared from '@anxue/shared';
import { GRID_PATTERNS } from './index';
import { layoutColumns } from './gridColumns';
import { moveForKey } from './keyboard';
import { cellOf, renderGrid } from './testing';
import type { GridColumn, GridRow } from './types';

const columns: GridColumn[] = [
  { key: 'code', title: '编码', type: 'input', width: 120, fixed: 'left' },
  { key: 'name', title: '名称', type: 'input', width: 200 },
  { key: 'kind', title: '类型', type: 'select', options: [{ value: 'a', text: '甲' }] },
  { key: 'qty', title: '数量', type: 'inputNumber', width: 100 },
  { key: 'note', title: '说明', type: 'normal' },
  { key: 'price', title: '单价', type: 'inputNumber', width: 90, fixed: 'right' },
  { key: 'total', title: '合计', type: 'normal', width: 80, fixed: 'right' },
];
const rows: GridRow[] = Array.from({ length: 30 }, (_, i) => ({ id: `r${i}`, code: `C${i}`, name: `名${i}`, qty: i, price: 1 }));
const inputOf = (container: HTMLElement, row: number, key: string) => cellOf(container, row, key).querySelector('input')!;

describe('fixed columns', () => {
  it('puts row helpers and left-fixed columns first, right-fixed last, with sticky offsets from each edge', () => {
    const laid = layoutColumns(columns, { selection: 'checkbox', dragSort: true, footer: false, expandable: false });
    expect(laid.map((c) => c.key)).toEqual(['__drag', '__selection', 'code', 'name', 'kind', 'qty', 'note', 'price', 'total']);
    expect(laid.map((c) => c.stickyLeft)).toEqual([0, 40, 80, undefined, undefined, undefined, undefined, undefined, undefined]);
    expect(laid.map((c) => c.stickyRight)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, undefined, 80, 0]);
    expect(laid.filter((c) => c.fixedEdge).map((c) => c.key)).toEqual(['code', 'price']);
  });

  it('draws fixed header and body cells sticky at their offsets; the others scroll', () => {
    const { container } = renderGrid({ columns, value: rows.slice(0, 3), rowSelection: 'checkbox' });
    const code = cellOf(container, 0, 'code');
    expect(code).toHaveClass('eg-fixed', 'eg-fixed-left', 'eg-fixed-edge');
    expect(code.style.left).toBe('40px');
    expect(cellOf(container, 0, 'total').style.right).toBe('0px');
    expect(cellOf(container, 0, 'price').style.right).toBe('80px');
    expect(cellOf(container, 0, 'name')).not.toHaveClass('eg-fixed');
    const headers = [...container.querySelectorAll<HTMLElement>('[role="columnheader"]')];
    const codeHeader = headers.find((h) => h.textContent === '编码')!;
    expect(codeHeader).toHaveClass('eg-fixed-left');
    expect(codeHeader.style.left).toBe('40px');
  });

  it('sticks nothing when every column is fixed (nothing scrolls beside them)', () => {
    const laid = layoutColumns([{ key: 'a', title: 'A', type: 'input', fixed: 'left' }], { selection: false, dragSort: false, footer: false, expandable: false });
    expect(laid[0].stickyLeft).toBeUndefined();
  });
});

describe('keyboard moves between cells', () => {
  it('Enter and ArrowDown go one row down in the same column, Shift+Enter and ArrowUp one row up', () => {
    const { container } = renderGrid({ columns, value: rows });
    const start = inputOf(container, 2, 'name');
    act(() => start.focus());
    fireEvent.keyDown(start, { key: 'Enter' });
    expect(document.activeElement).toBe(inputOf(container, 3, 'name'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(inputOf(container, 4, 'name'));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter', shiftKey: true });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(inputOf(container, 2, 'name'));
  });

  it('stays put at the first and last rows', () => {
    const { container } = renderGrid({ columns, value: rows.slice(0, 2) });
    const first = inputOf(container, 0, 'qty');
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(first);
    const last = inputOf(container, 1, 'qty');
    act(() => last.focus());
    fireEvent.keyDown(last, { key: 'Enter' });
    expect(document.activeElement).toBe(last);
  });

  it('ArrowRight at the end of the text goes to the next editable cell, skipping read-only ones; ArrowLeft at the start goes back', () => {
    const { container } = renderGrid({ columns, value: rows.slice(0, 2) });
    const qty = inputOf(container, 0, 'qty');
    act(() => qty.focus());
    qty.setSelectionRange(0, 0);
    fireEvent.keyDown(qty, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(qty); // the caret moves inside the text first
    qty.setSelectionRange(qty.value.length, qty.value.length);
    fireEvent.keyDown(qty, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(inputOf(container, 0, 'price')); // 说明 (normal) is skipped
    const price = document.activeElement as HTMLInputElement;
    price.setSelectionRange(0, 0);
    fireEvent.keyDown(price, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(qty);
  });

  it('never takes a key while an input method composes, nor with modifier keys', () => {
    const input = document.createElement('input');
    expect(moveForKey({ key: 'Enter', shiftKey: false, altKey: false, ctrlKey: false, metaKey: false }, input, true)).toBeNull();
    expect(moveForKey({ key: 'ArrowDown', shiftKey: false, altKey: false, ctrlKey: true, metaKey: false }, input, false)).toBeNull();
    expect(moveForKey({ key: 'a', shiftKey: false, altKey: false, ctrlKey: false, metaKey: false }, input, false)).toBeNull();
    expect(moveForKey({ key: 'Enter', shiftKey: false, altKey: false, ctrlKey: false, metaKey: false }, input, false)).toEqual({ rows: 1, cols: 0 });
  });
});

describe('pattern codes', () => {
  it('the grid uses the table of @anxue/shared, which the server reads too', () => {
    expect(GRID_PATTERNS).toBe(shared.GRID_PATTERNS);
    expect(shared.findPattern('money')?.pattern.test('12.34')).toBe(true);
    expect(shared.findPattern('money')?.pattern.test('12.345')).toBe(false);
  });
});
