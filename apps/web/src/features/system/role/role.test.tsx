import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { grantButtons, renderWithProviders } from '../../../components/tree/testing';
import { envelope, useApiServer } from '../../../lib/testing/apiServer';
import RoleListPage from './RoleList.page';

// Whole pages in jsdom take seconds per interaction on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

const api = useApiServer();

const roles = [
  { id: 'r1', roleName: '管理员', roleCode: 'admin', description: '全部权限', createTime: '2026-01-01 10:00:00' },
  { id: 'r2', roleName: '教师', roleCode: 'teacher', createTime: '2026-01-02 10:00:00' },
];
const tree = {
  treeList: [
    { key: 'sys', title: '系统管理', children: [{ key: 'user', title: '用户管理', ruleFlag: 1, children: [{ key: 'user-add', title: '添加用户' }] }] },
    { key: 'home', title: '首页' },
  ],
  ids: ['sys', 'user', 'user-add', 'home'],
};
const checkboxOf = (title: string) => screen.getByText(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox') as HTMLElement;

describe('角色管理', () => {
  beforeEach(() => {
    act(() => grantButtons(['system:role:add', 'system:role:edit', 'system:role:delete', 'system:role:authorize']));
    api.handle('GET', '/sys/role/list', () => ({ body: envelope({ records: roles, total: 2, size: 10, current: 1, pages: 1 }) }));
    api.handle('GET', '/sys/permission/queryTreeList', () => ({ body: envelope(tree) }));
    api.handle('GET', '/sys/permission/queryRolePermission', (req) => ({ body: envelope(req.query.get('roleId') === 'r2' ? ['sys', 'user'] : []) }));
    api.handle('POST', '/sys/permission/saveRolePermission', () => ({ body: envelope(null, '保存成功！') }));
  });

  it('lists roles with the default sort and searches by name with like-matching', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<RoleListPage />);
    expect(await screen.findByText('教师')).toBeInTheDocument();
    expect(screen.getByText('1-2 共 2 条')).toBeInTheDocument();
    const first = api.seen.find((s) => s.path === '/sys/role/list')!;
    expect(first.query.get('column')).toBe('createTime');
    expect(first.query.get('order')).toBe('desc');
    await user.type(screen.getByPlaceholderText('请输入角色名称'), '教');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(api.seen.some((s) => s.path === '/sys/role/list' && s.query.get('roleName') === '*教*')).toBe(true));
  });

  it('refuses a role code already in use', async () => {
    const user = userEvent.setup({ delay: null });
    api.handle('GET', '/sys/role/checkRoleCode', (req) =>
      req.query.get('roleCode') === 'admin' ? { body: envelope(null, '角色编码已存在', 500) } : { body: envelope(null, '该值可用！') },
    );
    api.handle('POST', '/sys/role/add', () => ({ body: envelope(null, '添加成功！') }));
    renderWithProviders(<RoleListPage />);
    await screen.findByText('教师');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const modal = await screen.findByRole('dialog');
    await user.type(within(modal).getByLabelText('角色名称'), '校长');
    await user.type(within(modal).getByLabelText('角色编码'), 'admin');
    expect(await within(modal).findByText('角色编码已存在', undefined, { timeout: 5000 })).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: /确\s*定/ }));
    expect(api.seen.some((s) => s.path === '/sys/role/add')).toBe(false);
    await user.clear(within(modal).getByLabelText('角色编码'));
    await user.type(within(modal).getByLabelText('角色编码'), 'principal');
    await user.click(within(modal).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.seen.find((s) => s.path === '/sys/role/add')?.body).toEqual({ roleName: '校长', roleCode: 'principal' }));
  });

  it('authorises: preloads the grants and saves the new ids with the previous ones', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<RoleListPage />);
    await screen.findByText('教师');
    const row = screen.getByText('教师').closest('tr')!;
    await user.click(within(row).getByText('授权'));
    await screen.findByText('添加用户');
    expect(checkboxOf('用户管理')).toHaveClass('ant-tree-checkbox-checked');
    await user.click(checkboxOf('添加用户'));
    await user.click(checkboxOf('系统管理'));
    await user.click(screen.getByRole('button', { name: '仅保存' }));
    await waitFor(() => expect(api.seen.find((s) => s.path === '/sys/permission/saveRolePermission')).toBeTruthy());
    const body = api.seen.find((s) => s.path === '/sys/permission/saveRolePermission')!.body as Record<string, string>;
    expect(body.roleId).toBe('r2');
    expect(body.permissionIds.split(',').sort()).toEqual(['user', 'user-add']);
    expect(body.lastpermissionIds.split(',').sort()).toEqual(['sys', 'user']);
  });

  it('picks the data rules of a clicked menu for the role', async () => {
    const user = userEvent.setup({ delay: null });
    api.handle('GET', '/sys/role/datarule/user/r2', () => ({
      body: envelope({ datarule: [{ id: 'dr1', ruleName: '本人数据', ruleColumn: 'createBy', ruleConditions: '=', ruleValue: '#{sys_user_code}' }, { id: 'dr2', ruleName: '本部门', ruleColumn: 'sysOrgCode', ruleConditions: 'RIGHT_LIKE', ruleValue: '#{sys_org_code}' }], drChecked: 'dr2' }),
    }));
    api.handle('POST', '/sys/role/datarule', () => ({ body: envelope(null, '操作成功') }));
    renderWithProviders(<RoleListPage />);
    await screen.findByText('教师');
    await user.click(within(screen.getByText('教师').closest('tr')!).getByText('授权'));
    await user.click(await screen.findByText('用户管理'));
    await screen.findByText('保存数据规则', undefined, { timeout: 5000 });
    const first = await screen.findByRole('checkbox', { name: /本人数据/ });
    expect(screen.getByRole('checkbox', { name: /本部门/ })).toBeChecked();
    await user.click(first);
    await user.click(screen.getByRole('button', { name: '保存数据规则' }));
    await waitFor(() => expect(api.seen.find((s) => s.path === '/sys/role/datarule' && s.method === 'POST')).toBeTruthy());
    const body = api.seen.find((s) => s.path === '/sys/role/datarule' && s.method === 'POST')!.body as Record<string, string>;
    expect(body).toMatchObject({ permissionId: 'user', roleId: 'r2' });
    expect(body.dataRuleIds.split(',').sort()).toEqual(['dr1', 'dr2']);
  });
});
