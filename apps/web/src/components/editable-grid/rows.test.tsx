// Row operations of the editable grid (spec/02 §4): add, insert, remove, move, drag, selection, output.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { EditableGrid } from './EditableGrid';
import { bodyRows, cellOf, renderGrid } from './testing';
import { GridValidationError, type EditableGridHandle, type GridColumn, type GridRow } from './types';

const columns: GridColumn[] = [
  { key: 'name', title: '名称', type: 'input', defaultValue: '默认' },
  { key: 'age', title: '年龄', type: 'inputNumber' },
];
const existing = () => [
  { id: 'a', name: '甲', age: 1, orderNum: 1 },
  { id: 'b', name: '乙', age: 2, orderNum: 2 },
  { id: 'c', name: '丙', age: 3, orderNum: 3 },
];
const names = (container: HTMLElement) =>
  bodyRows(container).map((r) => (r.querySelector('[data-key="name"] input') as HTMLInputElement).value);

describe('adding rows', () => {
  it('adds blank rows with column defaults at the end, and given rows at an index', () => {
    const { container, grid } = renderGrid({ columns, value: existing() });
    act(() => void grid().addRows(undefined, { count: 2 }));
    expect(names(container)).toEqual(['甲', '乙', '丙', '默认', '默认']);
    act(() => void grid().addRows([{ name: '插' }], { index: 1 }));
    expect(names(container)).toEqual(['甲', '插', '乙', '丙', '默认', '默认']);
    act(() => void grid().insertRows({ name: '首' }, 0));
    expect(names(container)[0]).toBe('首');
  });

  it('gives new rows temporary ids that are stripped on output, existing ids kept', async () => {
    const { grid } = renderGrid({ columns, value: existing() });
    let added: { id: string }[] = [];
    act(() => void (added = grid().addRows([{ name: '新' }])));
    expect(added[0].id).toMatch(/^__tmp_/);
    const { values } = await grid().getValues();
    expect(values.map((r) => r.id)).toEqual(['a', 'b', 'c', undefined]);
    expect(grid().getNewData()).toEqual([{ name: '新' }]);
  });

  it('keeps temporary ids when stripTempIds is false', () => {
    const { grid } = renderGrid({ columns, value: [], stripTempIds: false });
    act(() => void grid().addRows());
    expect(grid().getAll()[0].id).toMatch(/^__tmp_/);
  });
});

describe('removing rows', () => {
  it('drops a new row silently and reports removed existing rows as deleted ids', () => {
    const { container, grid } = renderGrid({ columns, value: existing() });
    let tmp = '';
    act(() => void (tmp = grid().addRows([{ name: '新' }])[0].id));
    act(() => grid().removeRows([tmp, 'b']));
    expect(names(container)).toEqual(['甲', '丙']);
    expect(grid().getDeleteData()).toEqual(['b']);
    act(() => grid().removeRows('a'));
    expect(grid().getDeleteData()).toEqual(['b', 'a']);
  });

  it('removes the selected rows from the toolbar; nothing selected warns', async () => {
    const user = userEvent.setup();
    const { container, grid } = renderGrid({ columns, value: existing(), rowSelection: 'checkbox' });
    await user.click(screen.getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('请选择一条记录！')).toBeInTheDocument();
    await user.click(screen.getByLabelText('选择第1行'));
    await user.click(screen.getByLabelText('选择第3行'));
    expect(screen.getByText('已选择 2 项')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /删\s*除/ }));
    expect(names(container)).toEqual(['乙']);
    expect(grid().getDeleteData()).toEqual(['a', 'c']);
  });
});

describe('ordering', () => {
  it('moves a row up and down', () => {
    const { container, grid } = renderGrid({ columns, value: existing() });
    act(() => grid().moveUp('c'));
    expect(names(container)).toEqual(['甲', '丙', '乙']);
    act(() => grid().moveDown('a'));
    expect(names(container)).toEqual(['丙', '甲', '乙']);
    act(() => grid().moveUp('c')); // already first
    expect(names(container)).toEqual(['丙', '甲', '乙']);
  });

  it('drag sort: dropping a row by its handle reorders and renumbers orderNum from 1', () => {
    const { container, grid } = renderGrid({ columns, value: existing(), dragSort: true });
    fireEvent.dragStart(screen.getByLabelText('拖动第3行'));
    fireEvent.dragOver(bodyRows(container)[0]);
    fireEvent.drop(bodyRows(container)[0]);
    expect(names(container)).toEqual(['丙', '甲', '乙']);
    expect(grid().getAll().map((r) => [r.id, r.orderNum])).toEqual([
      ['c', 1],
      ['a', 2],
      ['b', 3],
    ]);
  });

  it('drag sort: removing renumbers too, with a custom dragSortKey', () => {
    const rows = [
      { id: 'a', sort: 5 },
      { id: 'b', sort: 9 },
      { id: 'c', sort: 12 },
    ];
    const { grid } = renderGrid({ columns, value: rows, dragSort: true, dragSortKey: 'sort' });
    act(() => grid().removeRows('a'));
    expect(grid().getAll().map((r) => r.sort)).toEqual([1, 2]);
  });
});

describe('selection', () => {
  it('disabled rows (by value or list of values) cannot be selected, also not by select-all', async () => {
    const user = userEvent.setup();
    const rows = [
      { id: 'a', name: '甲', status: '1' },
      { id: 'b', name: '乙', status: '2' },
      { id: 'c', name: '丙', status: '3' },
    ];
    const { grid } = renderGrid({ columns, value: rows, rowSelection: 'checkbox', disabledRows: { status: ['2', '3'] } });
    expect(screen.getByLabelText('选择第2行')).toBeDisabled();
    await user.click(screen.getByLabelText('全选'));
    expect(grid().getSelection().ids).toEqual(['a']);
    act(() => grid().clearSelection());
    expect(grid().getSelection().ids).toEqual([]);
  });

  it('radio selection keeps one row', async () => {
    const user = userEvent.setup();
    const { grid } = renderGrid({ columns, value: existing(), rowSelection: 'radio' });
    await user.click(screen.getByLabelText('选择第1行'));
    await user.click(screen.getByLabelText('选择第2行'));
    expect(grid().getSelection().ids).toEqual(['b']);
  });
});

describe('values', () => {
  it('typing updates one cell; onChange fires after the edits with the new rows', async () => {
    const user = userEvent.setup();
    const { container, changes } = renderGrid({ columns, value: existing() });
    const input = cellOf(container, 1, 'name').querySelector('input')!;
    await user.clear(input);
    await user.type(input, '改过');
    await waitFor(() => expect(changes.at(-1)?.[1].name).toBe('改过'));
    expect(changes.length).toBeLessThan(4); // debounced, not one call per keystroke
  });

  it('setValues patches rows programmatically', () => {
    const { container, grid } = renderGrid({ columns, value: existing() });
    act(() => grid().setValues([{ rowKey: 'b', values: { name: '新名' } }]));
    expect(names(container)[1]).toBe('新名');
  });

  it('getValues rejects with the error count when cells fail; resolves without validation', async () => {
    const cols: GridColumn[] = [{ key: 'name', title: '名称', type: 'input', validateRules: [{ required: true }] }];
    const { grid } = renderGrid({ columns: cols, value: [{ id: 'a', name: '' }, { id: 'b' }, { id: 'c', name: 'x' }] });
    let error: unknown;
    await act(async () => {
      await grid().getValues().catch((e: unknown) => (error = e));
    });
    expect(error).toBeInstanceOf(GridValidationError);
    expect((error as GridValidationError).errorCount).toBe(2);
    expect((error as GridValidationError).errors.map((e) => e.rowId)).toEqual(['a', 'b']);
    await expect(grid().getValues({ validate: false })).resolves.toMatchObject({ errorCount: 0 });
  });

  it('a new value prop replaces the rows; the parent handing back emitted rows keeps the grid state', async () => {
    const ref = createRef<EditableGridHandle>();
    function Parent() {
      const [rows, setRows] = useState<Partial<GridRow>[]>(existing());
      return (
        <>
          <button onClick={() => setRows([{ id: 'z', name: '唯一' }])}>换数据</button>
          <EditableGrid ref={ref} columns={columns} value={rows} onChange={setRows} />
        </>
      );
    }
    const user = userEvent.setup();
    const { container } = render(<Parent />);
    act(() => ref.current!.removeRows('a'));
    await waitFor(() => expect(names(container)).toEqual(['乙', '丙']));
    await new Promise((r) => setTimeout(r, 300)); // onChange has round-tripped through the parent
    expect(ref.current!.getDeleteData()).toEqual(['a']);
    await user.click(screen.getByRole('button', { name: '换数据' }));
    expect(names(container)).toEqual(['唯一']);
    expect(ref.current!.getDeleteData()).toEqual([]);
  });
});
