import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { destroyNotices } from '../../lib/notices';
import { envelope, useApiServer } from '../../lib/testing/apiServer';
import { renderWithProviders } from '../tree/testing';
import { DepartPicker, type DepartPickerProps } from './DepartPicker';
import { TreeSelectModal, type TreeSelectModalProps, type TreeSelectResult } from './TreeSelectModal';
import { DEPARTS, dialog, lastCall, okOf } from './testing';
import type { PickerTreeNode } from './types';

vi.setConfig({ testTimeout: 60_000 });
const api = useApiServer();

const TREE: PickerTreeNode[] = [
  {
    key: 'fruit',
    title: '水果',
    children: [
      { key: 'apple', title: '苹果', isLeaf: true },
      { key: 'pear', title: '梨', isLeaf: true },
    ],
  },
  { key: 'veg', title: '蔬菜', isLeaf: true },
];

afterEach(() => destroyNotices());

/** The tree node titled `title` inside `scope`. */
const nodeOf = (scope: HTMLElement, title: string) => within(scope).getByText(title, { selector: '.ant-tree-title' }).closest('.ant-tree-treenode') as HTMLElement;
const checkboxOf = (scope: HTMLElement, title: string) => nodeOf(scope, title).querySelector('.ant-tree-checkbox') as HTMLElement;
const isChecked = (scope: HTMLElement, title: string) => checkboxOf(scope, title).classList.contains('ant-tree-checkbox-checked');

describe('TreeSelectModal', () => {
  function open(props: Partial<TreeSelectModalProps> = {}) {
    const onOk = vi.fn<(r: TreeSelectResult) => void>();
    renderWithProviders(<TreeSelectModal open title="选择分类" treeData={TREE} onOk={onOk} onCancel={() => {}} {...props} />);
    return { onOk, modal: () => dialog('选择分类') };
  }

  it('multi-select with linked checks: checking a parent checks its children; OK answers keys and nodes', async () => {
    const { onOk, modal } = open();
    await waitFor(() => nodeOf(modal(), '苹果'));
    fireEvent.click(checkboxOf(modal(), '水果'));
    expect(isChecked(modal(), '苹果')).toBe(true);
    expect(isChecked(modal(), '梨')).toBe(true);
    fireEvent.click(okOf(modal()));
    const result = onOk.mock.calls[0][0];
    expect([...result.keys].sort()).toEqual(['apple', 'fruit', 'pear']);
    expect(result.nodes.map((n) => n.title).sort()).toEqual(['梨', '水果', '苹果']);
  });

  it('strict checking keeps a parent and its children apart, and the 父子关联 switch links them again', async () => {
    const { onOk, modal } = open({ checkStrictly: true, showStrictSwitch: true, value: ['veg'] });
    await waitFor(() => nodeOf(modal(), '苹果'));
    expect(isChecked(modal(), '蔬菜')).toBe(true);
    fireEvent.click(checkboxOf(modal(), '水果'));
    expect(isChecked(modal(), '水果')).toBe(true);
    expect(isChecked(modal(), '苹果')).toBe(false);
    fireEvent.click(okOf(modal()));
    expect(onOk.mock.calls[0][0].keys).toEqual(['veg', 'fruit']);
    fireEvent.click(within(modal()).getByLabelText('父子关联'));
    // linked again: the checked parent carries its children, and unchecking a child unchecks the parent
    await waitFor(() => expect(isChecked(modal(), '梨')).toBe(true));
    expect(isChecked(modal(), '苹果')).toBe(true);
    fireEvent.click(checkboxOf(modal(), '梨'));
    expect(isChecked(modal(), '水果')).toBe(false);
    expect(isChecked(modal(), '苹果')).toBe(true);
  });

  it('single mode picks the clicked node only, from a loader', async () => {
    const loadTree = vi.fn(async () => TREE);
    const { onOk, modal } = open({ treeData: undefined, loadTree, multiple: false });
    await waitFor(() => nodeOf(modal(), '梨'));
    expect(loadTree).toHaveBeenCalledTimes(1);
    expect(modal().querySelector('.ant-tree-checkbox')).toBeNull();
    fireEvent.click(within(modal()).getByText('梨'));
    fireEvent.click(within(modal()).getByText('蔬菜'));
    fireEvent.click(okOf(modal()));
    expect(onOk.mock.calls[0][0]).toEqual({ keys: ['veg'], nodes: [expect.objectContaining({ key: 'veg', title: '蔬菜' })] });
  });
});

describe('DepartPicker', () => {
  beforeAll(() => {
    api.handle('GET', '/sys/sysDepart/queryTreeList', () => ({ body: envelope(DEPARTS) }));
    api.handle('GET', '/sys/sysDepart/searchBy', (req) => ({
      body: envelope(req.query.get('keyWord') === '市场' ? [{ key: 'd3', id: 'd3', title: '市场部', departName: '市场部', orgCode: 'A01A02', isLeaf: true }] : []),
    }));
  });

  let changes: Array<[string, unknown[]]> = [];
  afterEach(() => {
    changes = [];
  });
  function Harness({ initial = '', ...props }: Partial<DepartPickerProps> & { initial?: string }) {
    const [value, setValue] = useState(initial);
    return (
      <DepartPicker
        {...props}
        value={value}
        onChange={(v, rows) => {
          changes.push([v, rows]);
          setValue(v);
        }}
      />
    );
  }
  const input = () => screen.getByPlaceholderText('请选择部门') as HTMLInputElement;

  it('shows the department names of stored ids', async () => {
    renderWithProviders(<Harness initial="d3,d2" />);
    await waitFor(() => expect(input().value).toBe('市场部,研发部'));
  });

  it('opens a 500-wide modal and picks one department by default', async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(input());
    const modal = await waitFor(() => dialog('选择部门'));
    expect(modal.style.width).toBe('500px');
    await waitFor(() => nodeOf(modal, '研发部'));
    expect(modal.querySelector('.ant-tree-checkbox')).toBeNull();
    fireEvent.click(within(modal).getByText('研发部'));
    fireEvent.click(okOf(modal));
    await waitFor(() => expect(changes.at(-1)?.[0]).toBe('d2'));
    expect((changes.at(-1)?.[1] as any[])[0]).toMatchObject({ id: 'd2', departName: '研发部' });
    await waitFor(() => expect(input().value).toBe('研发部'));
  });

  it('multi mode checks strictly and keeps picks made before a search', async () => {
    renderWithProviders(<Harness multi />);
    fireEvent.click(input());
    const modal = await waitFor(() => dialog('选择部门'));
    await waitFor(() => nodeOf(modal, '研发部'));
    fireEvent.click(checkboxOf(modal, '总公司'));
    expect(isChecked(modal, '研发部')).toBe(false);
    const search = within(modal).getByPlaceholderText('请输入部门名称');
    fireEvent.change(search, { target: { value: '市场' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect((await lastCall(api, '/sys/sysDepart/searchBy')).query.get('keyWord')).toBe('市场');
    await waitFor(() => expect(within(modal).queryByText('总公司')).not.toBeInTheDocument());
    fireEvent.click(checkboxOf(modal, '市场部'));
    fireEvent.click(okOf(modal));
    await waitFor(() => expect(changes.at(-1)?.[0]).toBe('d1,d3'));
    await waitFor(() => expect(input().value).toBe('总公司,市场部'));
  });

  it('stores and shows the configured fields', async () => {
    renderWithProviders(<Harness store="orgCode" text="departName" initial="A01" />);
    await waitFor(() => expect(input().value).toBe('总公司'));
    fireEvent.click(input());
    const modal = await waitFor(() => dialog('选择部门'));
    await waitFor(() => nodeOf(modal, '市场部'));
    fireEvent.click(within(modal).getByText('市场部'));
    fireEvent.click(okOf(modal));
    await waitFor(() => expect(changes.at(-1)?.[0]).toBe('A01A02'));
  });
});
