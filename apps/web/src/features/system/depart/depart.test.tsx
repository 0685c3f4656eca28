import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { grantButtons, renderWithProviders } from '../../../components/tree/testing';
import { envelope, useApiServer } from '../../../lib/testing/apiServer';
import DepartListPage from './DepartList.page';

// Whole pages in jsdom take seconds per interaction on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

const api = useApiServer();

const ALL = ['add', 'edit', 'delete', 'role', 'authorize'].map((a) => `system:depart:${a}`);
const departs = [
  {
    key: 'd1', id: 'd1', title: '安学总部', departName: '安学总部', orgCode: 'A01', orgCategory: '1', isLeaf: false,
    children: [{ key: 'd2', id: 'd2', parentId: 'd1', title: '教务处', departName: '教务处', orgCode: 'A01A01', orgCategory: '2', mobile: '010-1234', isLeaf: true }],
  },
];
const tree = { treeList: [{ key: 'p1', title: '用户管理' }, { key: 'p2', title: '角色管理' }], ids: ['p1', 'p2'] };
const cbOf = (title: string) => screen.getByText(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox') as HTMLElement;
const body = (path: string) => api.seen.find((s) => s.path === path)?.body as Record<string, unknown> | undefined;

describe('部门管理', () => {
  beforeEach(() => {
    act(() => grantButtons(ALL));
    api.handle('GET', '/sys/sysDepart/queryTreeList', () => ({ body: envelope(departs) }));
    api.handle('PUT', '/sys/sysDepart/edit', () => ({ body: envelope(null, '编辑成功!') }));
    api.handle('POST', '/sys/sysDepart/add', () => ({ body: envelope(null, '添加成功！') }));
    api.handle('GET', '/sys/sysDepartRole/list', () => ({ body: envelope({ records: [{ id: 'dr1', departId: 'd2', roleName: '教务主任', roleCode: 'dean' }], total: 1, size: 10, current: 1, pages: 1 }) }));
    api.handle('GET', '/sys/permission/queryTreeList', () => ({ body: envelope(tree) }));
    api.handle('GET', '/sys/permission/queryDepartPermission', () => ({ body: envelope(['p1']) }));
    api.handle('POST', '/sys/permission/saveDepartPermission', () => ({ body: envelope(null, '保存成功！') }));
  });

  it('edits the selected department', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DepartListPage />);
    expect(screen.getByText('请先在左侧选择一个部门')).toBeInTheDocument();
    await user.click(await screen.findByText('教务处'));
    const name = await screen.findByLabelText('机构名称');
    expect(name).toHaveValue('教务处');
    expect(screen.getByText('A01A01')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, '教务部');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(body('/sys/sysDepart/edit')).toMatchObject({ id: 'd2', parentId: 'd1', departName: '教务部', mobile: '010-1234' }));
  });

  it('switches between the department tabs: roles, then grants saved with the previous ids', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DepartListPage />);
    await user.click(await screen.findByText('教务处'));
    await screen.findByLabelText('机构名称');
    await user.click(screen.getByRole('tab', { name: '部门角色' }));
    expect(await screen.findByText('教务主任')).toBeInTheDocument();
    expect(api.seen.find((s) => s.path === '/sys/sysDepartRole/list')!.query.get('deptId')).toBe('d2');
    expect(screen.queryByLabelText('机构名称')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '部门权限' }));
    await screen.findByText('角色管理');
    expect(cbOf('用户管理')).toHaveClass('ant-tree-checkbox-checked');
    await user.click(cbOf('角色管理'));
    await user.click(screen.getByRole('button', { name: '保存授权' }));
    await waitFor(() => expect(body('/sys/permission/saveDepartPermission')).toEqual({ departId: 'd2', permissionIds: 'p1,p2', lastpermissionIds: 'p1' }));
  });

  it('hides the roles and grants tabs without their buttons, and adds a child department', async () => {
    const user = userEvent.setup({ delay: null });
    act(() => grantButtons(['system:depart:add']));
    renderWithProviders(<DepartListPage />);
    await user.click(await screen.findByText('安学总部'));
    expect(screen.getByRole('tab', { name: '基本信息' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: '部门角色' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: '部门权限' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '添加下级' }));
    const modal = await screen.findByRole('dialog');
    expect(within(modal).getByText('安学总部')).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: /确\s*定/ }));
    expect(await within(modal).findByText('请输入机构名称')).toBeInTheDocument();
    await user.type(within(modal).getByLabelText('机构名称'), '后勤处');
    await user.click(within(modal).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(body('/sys/sysDepart/add')).toMatchObject({ parentId: 'd1', departName: '后勤处', orgCategory: '2' }));
  });
});
