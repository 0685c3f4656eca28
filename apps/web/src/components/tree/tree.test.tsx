import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { envelope, useApiServer } from '../../lib/testing/apiServer';
import { DepartTree } from './DepartTree';
import { PermissionTree } from './PermissionTree';
import { renderWithProviders } from './testing';
import type { DepartTreeNode, PermissionTreeAnswer } from './types';

// Whole pages in jsdom take seconds per interaction on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

const api = useApiServer();

const menuTree: PermissionTreeAnswer = {
  treeList: [
    {
      key: 'sys',
      title: '系统管理',
      children: [
        { key: 'user', title: '用户管理', children: [{ key: 'user-add', title: '添加', isLeaf: true }, { key: 'user-edit', title: '编辑', isLeaf: true }] },
        { key: 'role', title: '角色管理', isLeaf: true, ruleFlag: 1 },
      ],
    },
  ],
  ids: ['sys', 'user', 'user-add', 'user-edit', 'role'],
};

let lastValue: string[] = [];
function Harness({ initial }: { initial: string[] }) {
  const [value, setValue] = useState(initial);
  lastValue = value;
  return <PermissionTree value={value} onChange={setValue} />;
}

/** The checkbox of the tree node titled `title`. */
function checkboxOf(title: string): HTMLElement {
  const node = screen.getByText(title).closest('.ant-tree-treenode') as HTMLElement;
  return node.querySelector('.ant-tree-checkbox') as HTMLElement;
}
const isChecked = (title: string) => checkboxOf(title).classList.contains('ant-tree-checkbox-checked');

describe('PermissionTree', () => {
  beforeAll(() => api.handle('GET', '/sys/permission/queryTreeList', () => ({ body: envelope(menuTree) })));

  it('loads the menu tree and shows the granted ids checked', async () => {
    renderWithProviders(<Harness initial={['user', 'user-add']} />);
    expect(await screen.findByText('系统管理')).toBeInTheDocument();
    expect(isChecked('用户管理')).toBe(true);
    expect(isChecked('添加')).toBe(true);
    expect(isChecked('编辑')).toBe(false);
    expect(isChecked('系统管理')).toBe(false);
  });

  it('checks nodes one by one by default, and selects all or none', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness initial={[]} />);
    await screen.findByText('系统管理');
    await user.click(checkboxOf('用户管理'));
    expect(lastValue).toEqual(['user']);
    expect(isChecked('添加')).toBe(false);
    await user.click(screen.getByRole('button', { name: '全部勾选' }));
    expect(lastValue.sort()).toEqual([...menuTree.ids].sort());
    await user.click(screen.getByRole('button', { name: '取消全选' }));
    expect(lastValue).toEqual([]);
  });

  it('with 父子关联 on, checking a menu grants its buttons and half-checked parents', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness initial={[]} />);
    await screen.findByText('系统管理');
    await user.click(screen.getByRole('switch', { name: '父子关联' }));
    await user.click(checkboxOf('用户管理'));
    expect([...lastValue].sort()).toEqual(['sys', 'user', 'user-add', 'user-edit']);
    expect(isChecked('编辑')).toBe(true);
  });

  it('collapses and expands all', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness initial={[]} />);
    await screen.findByText('添加');
    await user.click(screen.getByRole('button', { name: '折叠全部' }));
    await waitFor(() => expect(screen.queryByText('添加')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: '展开全部' }));
    expect(await screen.findByText('添加')).toBeInTheDocument();
  });
});

describe('DepartTree', () => {
  const top: DepartTreeNode[] = [
    { key: 'd1', id: 'd1', title: '总公司', orgCode: 'A01', isLeaf: false, children: [{ key: 'd2', id: 'd2', title: '研发部', orgCode: 'A01A01', isLeaf: false }] },
  ];
  beforeAll(() => {
    api.handle('GET', '/sys/sysDepart/queryTreeList', () => ({ body: envelope(top) }));
    api.handle('GET', '/sys/sysDepart/queryDepartTreeSync', (req) =>
      req.query.get('pid') === 'd2' ? { body: envelope([{ key: 'd3', id: 'd3', title: '前端组', orgCode: 'A01A01A01', isLeaf: true }]) } : { body: envelope([]) },
    );
    api.handle('GET', '/sys/sysDepart/searchBy', (req) => ({
      body: envelope(req.query.get('keyWord') === '研发' ? [{ key: 'd2', id: 'd2', title: '研发部', orgCode: 'A01A01', isLeaf: true }] : []),
    }));
  });

  it('loads the tree, loads a level lazily on expand and reports the selected department', async () => {
    const user = userEvent.setup({ delay: null });
    let selected: DepartTreeNode | undefined;
    renderWithProviders(<DepartTree onSelect={(n) => (selected = n)} />);
    const dev = await screen.findByText('研发部');
    const switcher = dev.closest('.ant-tree-treenode')!.querySelector('.ant-tree-switcher') as HTMLElement;
    await user.click(switcher);
    expect(await screen.findByText('前端组')).toBeInTheDocument();
    expect(api.seen.find((s) => s.path === '/sys/sysDepart/queryDepartTreeSync')?.query.get('pid')).toBe('d2');
    await user.click(screen.getByText('前端组'));
    expect(selected?.orgCode).toBe('A01A01A01');
  });

  it('searches by keyword and goes back to the tree when the search is cleared', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DepartTree onSelect={() => {}} />);
    await screen.findByText('总公司');
    const box = screen.getByPlaceholderText('请输入部门名称');
    await user.type(box, '研发{enter}');
    await waitFor(() => expect(screen.queryByText('总公司')).not.toBeInTheDocument());
    expect(screen.getByText('研发部')).toBeInTheDocument();
    await user.clear(box);
    expect(await screen.findByText('总公司')).toBeInTheDocument();
    await user.type(box, '无此部门{enter}');
    expect(await screen.findByText('未找到匹配的部门')).toBeInTheDocument();
  });
});
