// Cell types (spec/02 §3-§5): number typing, tags, checkbox values, linked selects, date reload, popup.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { acceptNumberTyping, formatTags, numberOnBlur } from './rules';
import { bodyRows, cellOf, renderGrid } from './testing';
import type { GridColumn } from './types';

const inputOf = (cell: HTMLElement) => cell.querySelector('input')!;

describe('number input', () => {
  it('accepts only an optional minus, digits and one decimal point', () => {
    expect(acceptNumberTyping('', '-')).toBe('-');
    expect(acceptNumberTyping('-1', '-1.')).toBe('-1.');
    expect(acceptNumberTyping('1.5', '1.5.')).toBe('1.5');
    expect(acceptNumberTyping('1', '1a')).toBe('1');
    expect(acceptNumberTyping('1', '1-')).toBe('1');
    expect(numberOnBlur('-')).toBe('');
    expect(numberOnBlur('12.50')).toBe(12.5);
    expect(numberOnBlur('')).toBe('');
  });

  it('reverts invalid typing in the cell and turns the text into a number on blur', async () => {
    const user = userEvent.setup();
    const { container, grid } = renderGrid({ columns: [{ key: 'n', title: '数量', type: 'inputNumber' }], value: [{ id: 'a' }] });
    const input = inputOf(cellOf(container, 0, 'n'));
    await user.type(input, '-1a2.3.4');
    expect(input).toHaveValue('-12.34');
    await user.tab();
    expect(grid().getAll()[0].n).toBe(-12.34);
    await user.clear(input);
    await user.type(input, '-');
    await user.tab();
    expect(grid().getAll()[0].n).toBe('');
  });
});

describe('tags', () => {
  it('removes semicolons then puts one after every 2 characters', () => {
    expect(formatTags('abcde')).toBe('ab;cd;e');
    expect(formatTags('a;b;c;d')).toBe('ab;cd');
    expect(formatTags('标签甲乙')).toBe('标签;甲乙');
  });

  it('formats while typing in a tags cell', async () => {
    const user = userEvent.setup();
    const { container } = renderGrid({ columns: [{ key: 't', title: '标签', type: 'tags' }], value: [{ id: 'a' }] });
    const input = inputOf(cellOf(container, 0, 't'));
    await user.type(input, 'abc;de');
    expect(input).toHaveValue('ab;cd;e');
  });
});

describe('checkbox', () => {
  it('stores customValue [checked, unchecked]; new rows follow defaultChecked', async () => {
    const user = userEvent.setup();
    const columns: GridColumn[] = [{ key: 'ok', title: '启用', type: 'checkbox', customValue: ['Y', 'N'], defaultChecked: true }];
    const { container, grid } = renderGrid({ columns, value: [{ id: 'a', ok: 'N' }] });
    const box = inputOf(cellOf(container, 0, 'ok'));
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(grid().getAll()[0].ok).toBe('Y');
    await user.click(box);
    expect(grid().getAll()[0].ok).toBe('N');
    act(() => void grid().addRows());
    expect(grid().getAll()[1].ok).toBe('Y');
    expect(inputOf(cellOf(container, 1, 'ok'))).toBeChecked();
  });
});

describe('selects', () => {
  const provinces = [
    { value: 'js', text: '江苏' },
    { value: 'zj', text: '浙江' },
  ];
  const cities: Record<string, { value: string; text: string }[]> = {
    js: [{ value: 'nj', text: '南京' }],
    zj: [{ value: 'hz', text: '杭州' }],
  };
  const columns: GridColumn[] = [
    { key: 'province', title: '省', type: 'select', options: provinces, props: { virtual: false } },
    {
      key: 'city',
      title: '市',
      type: 'select',
      linkageKey: 'province',
      linkage: { getOptions: (p) => cities[String(p)] ?? [] },
      props: { virtual: false },
    },
  ];

  it('shows option text, picks an option, and clears the linked child when the parent changes', async () => {
    const user = userEvent.setup();
    const { container, grid } = renderGrid({ columns, value: [{ id: 'a', province: 'js', city: 'nj' }] });
    await waitFor(() => expect(cellOf(container, 0, 'city')).toHaveTextContent('南京'));
    expect(cellOf(container, 0, 'province')).toHaveTextContent('江苏');
    await user.click(within(cellOf(container, 0, 'province')).getByRole('combobox'));
    await user.click(await screen.findByTitle('浙江'));
    expect(grid().getAll()[0]).toMatchObject({ province: 'zj', city: '' });
    // The child now offers the new parent's options.
    await user.click(within(cellOf(container, 0, 'city')).getByRole('combobox'));
    await user.click(await screen.findByTitle('杭州'));
    expect(grid().getAll()[0].city).toBe('hz');
  });

  it('setValues on the parent clears the child too', () => {
    const { grid } = renderGrid({ columns, value: [{ id: 'a', province: 'js', city: 'nj' }] });
    act(() => grid().setValues([{ rowKey: 'a', values: { province: 'zj' } }]));
    expect(grid().getAll()[0]).toMatchObject({ province: 'zj', city: '' });
  });

  it('options come from dictOptions by dictCode; multi-select values are comma-joined', async () => {
    const user = userEvent.setup();
    const cols: GridColumn[] = [{ key: 'tags', title: '类别', type: 'list_multi', dictCode: 'kind', props: { virtual: false } }];
    const dict = { kind: [{ value: '1', text: '甲类' }, { value: '2', text: '乙类' }] };
    const { container, grid } = renderGrid({ columns: cols, value: [{ id: 'a', tags: '1' }], dictOptions: dict });
    expect(cellOf(container, 0, 'tags')).toHaveTextContent('甲类');
    await user.click(within(cellOf(container, 0, 'tags')).getByRole('combobox'));
    await user.click(await screen.findByTitle('乙类'));
    expect(grid().getAll()[0].tags).toBe('1,2');
  });

  it('sel_search_async loads options for the typed keyword', async () => {
    const user = userEvent.setup();
    const loadOptions = vi.fn(async (kw: string) => [{ value: `${kw}-1`, text: `结果${kw}` }]);
    const cols: GridColumn[] = [{ key: 's', title: '搜索', type: 'sel_search_async', loadOptions, props: { virtual: false } }];
    const { container, grid } = renderGrid({ columns: cols, value: [{ id: 'a' }] });
    await user.click(within(cellOf(container, 0, 's')).getByRole('combobox'));
    await user.type(within(cellOf(container, 0, 's')).getByRole('combobox'), 'ab');
    await user.click(await screen.findByTitle('结果ab'));
    expect(loadOptions).toHaveBeenCalledWith('ab');
    expect(grid().getAll()[0].s).toBe('ab-1');
  });

  it('sel_user with an onPick callback sets the picked value', async () => {
    const user = userEvent.setup();
    const cols: GridColumn[] = [{ key: 'u', title: '用户', type: 'sel_user', onPick: async () => ['admin', 'jeecg'] }];
    const { container, grid } = renderGrid({ columns: cols, value: [{ id: 'a' }] });
    await user.click(within(cellOf(container, 0, 'u')).getByRole('button', { name: /选\s*择/ }));
    await waitFor(() => expect(grid().getAll()[0].u).toBe('admin,jeecg'));
  });
});

describe('date, popup, textarea and others', () => {
  it('date cells show a reload highlight for 1400 ms when set programmatically', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const cols: GridColumn[] = [
        { key: 'd', title: '日期', type: 'date' },
        { key: 'n', title: '名称', type: 'input' },
      ];
      const { container, grid } = renderGrid({ columns: cols, value: [{ id: 'a', d: '2024-01-01' }] });
      act(() => grid().setValues([{ rowKey: 'a', values: { d: '2024-05-06', n: 'x' } }]));
      const button = () => within(cellOf(container, 0, 'd')).getByRole('combobox');
      expect(button()).toHaveTextContent('2024-05-06');
      expect(button()).toHaveClass('eg-reload');
      act(() => void vi.advanceTimersByTime(1399));
      expect(button()).toHaveClass('eg-reload');
      act(() => void vi.advanceTimersByTime(2));
      expect(button()).not.toHaveClass('eg-reload');
    } finally {
      vi.useRealTimers();
    }
  });

  it('date cells store the picked day as YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    const { container, grid } = renderGrid({ columns: [{ key: 'd', title: '日期', type: 'date' }], value: [{ id: 'a', d: '2024-03-10' }] });
    await user.click(within(cellOf(container, 0, 'd')).getByRole('combobox'));
    await user.click(await screen.findByTitle('2024-03-15'));
    expect(grid().getAll()[0].d).toBe('2024-03-15');
  });

  it('popup maps picked records from orgFields onto destFields', async () => {
    const user = userEvent.setup();
    const cols: GridColumn[] = [
      {
        key: 'userName',
        title: '用户',
        type: 'popup',
        orgFields: 'realname,id',
        destFields: 'userName,userId',
        onPopup: async () => [
          { id: '1', realname: '张三' },
          { id: '2', realname: '李四' },
        ],
      },
      { key: 'userId', title: '用户ID', type: 'normal' },
    ];
    const { container, grid } = renderGrid({ columns: cols, value: [{ id: 'a' }] });
    await user.click(within(cellOf(container, 0, 'userName')).getByRole('combobox'));
    await waitFor(() => expect(grid().getAll()[0]).toMatchObject({ userName: '张三,李四', userId: '1,2' }));
    expect(cellOf(container, 0, 'userId')).toHaveTextContent('1,2');
  });

  it('textarea opens a 300 x 210 editor', async () => {
    const user = userEvent.setup();
    const { container, grid } = renderGrid({ columns: [{ key: 'memo', title: '备注', type: 'textarea' }], value: [{ id: 'a' }] });
    await user.click(within(cellOf(container, 0, 'memo')).getByRole('combobox'));
    const editor = await screen.findByLabelText('备注编辑');
    expect(editor).toHaveStyle({ width: '300px', height: '210px' });
    await user.type(editor, '第一行{enter}第二行');
    expect(grid().getAll()[0].memo).toBe('第一行\n第二行');
  });

  it('slot renders through the column render prop and can set the value; hidden columns are not drawn', async () => {
    const user = userEvent.setup();
    const cols: GridColumn[] = [
      { key: 'secret', title: '隐藏', type: 'hidden' },
      { key: 'x', title: '插槽', type: 'slot', render: ({ value, setValue }) => <button onClick={() => setValue('点过')}>{String(value ?? '点我')}</button> },
      { key: 'p', title: '进度', type: 'progress' },
      { key: 'no', title: '序号', type: 'row-number' },
    ];
    const { container, grid } = renderGrid({ columns: cols, value: [{ id: 'a', secret: 's', p: 40 }] });
    expect(screen.queryByText('隐藏')).toBeNull();
    await user.click(screen.getByRole('button', { name: '点我' }));
    expect(screen.getByRole('button', { name: '点过' })).toBeInTheDocument();
    expect(grid().getAll()[0]).toMatchObject({ secret: 's', x: '点过' });
    expect(cellOf(container, 0, 'p')).toHaveTextContent('40%');
    expect(cellOf(container, 0, 'no')).toHaveTextContent('1');
    expect(bodyRows(container)).toHaveLength(1);
  });

  it('row-expand shows the expanded row content', async () => {
    const user = userEvent.setup();
    renderGrid({
      columns: [{ key: 'n', title: '名称', type: 'input' }],
      value: [{ id: 'a', n: '甲' }],
      expandedRowRender: (row) => <div>详情：{String(row.n)}</div>,
    });
    expect(screen.queryByText('详情：甲')).toBeNull();
    await user.click(screen.getByLabelText('展开第1行'));
    expect(screen.getByText('详情：甲')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('收起第1行'));
    expect(screen.queryByText('详情：甲')).toBeNull();
  });
});
