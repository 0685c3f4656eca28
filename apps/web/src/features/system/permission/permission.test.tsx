import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { grantButtons, renderWithProviders } from '../../../components/tree/testing';
import { envelope, useApiServer } from '../../../lib/testing/apiServer';
import { fieldsForType, requiredForType, toFormValues, toWire } from './menuRules';
import PermissionListPage from './PermissionList.page';
import type { PermissionItem } from './types';

// Whole pages in jsdom take seconds per interaction on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

const api = useApiServer();

const ERR = '.ant-form-item-explain-error';
const ALL = ['add', 'edit', 'delete', 'deleteBatch', 'rule'].map((a) => `system:permission:${a}`);

const list: PermissionItem[] = [
  {
    id: 'm-sys',
    name: '系统管理',
    menuType: 0,
    url: '/system',
    component: 'layouts/RouteView',
    children: [
      { id: 'm-user', parentId: 'm-sys', name: '用户管理', menuType: 1, url: '/system/user', component: 'system/user/UserList', children: [] },
    ],
  },
];

describe('menu type rules', () => {
  it('buttons need a permission code and a parent; menus need a path and a component', () => {
    expect([...requiredForType(2)].sort()).toEqual(['parentId', 'perms']);
    expect([...requiredForType(0)].sort()).toEqual(['component', 'url']);
    expect([...requiredForType(1)].sort()).toEqual(['component', 'parentId', 'url']);
    expect(fieldsForType(2).has('url')).toBe(false);
    expect(fieldsForType(0).has('parentId')).toBe(false);
  });

  it('a menu turned into a button sends no menu path or component', () => {
    const values = { ...toFormValues({ menuType: 1, name: 'x', url: '/a', component: 'a/A', parentId: 'p' }), menuType: 2 as const, perms: 'a:b' };
    const body = toWire(values, 'id1');
    expect(body).toMatchObject({ id: 'id1', menuType: 2, url: null, component: null, perms: 'a:b', parentId: 'p' });
  });
});

describe('菜单管理 page', () => {
  beforeEach(() => {
    act(() => grantButtons(ALL));
    api.handle('GET', '/sys/permission/list', () => ({ body: envelope(list) }));
    api.handle('POST', '/sys/permission/add', () => ({ body: envelope(null, '添加成功！') }));
  });

  it('shows the menu tree and hides buttons the user lacks', async () => {
    act(() => grantButtons([]));
    renderWithProviders(<PermissionListPage />);
    expect(await screen.findByText('系统管理')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新增菜单' })).not.toBeInTheDocument();
    expect(screen.queryByText('编辑')).not.toBeInTheDocument();
  });

  it('applies the rules of the chosen type before saving', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<PermissionListPage />);
    await screen.findByText('系统管理');
    await user.click(screen.getByRole('button', { name: '新增菜单' }));
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByText('按钮/权限'));
    expect(within(drawer).queryByLabelText('访问路径')).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: /确\s*定/ }));
    expect(await within(drawer).findByText('请输入授权标识', { selector: ERR })).toBeInTheDocument();
    // antd shows each field's message as its own rule settles: the second may come a render later
    expect(await within(drawer).findByText('请选择上级菜单', { selector: ERR })).toBeInTheDocument();

    await user.click(within(drawer).getByText('一级菜单'));
    await user.type(within(drawer).getByLabelText('菜单名称'), '报表');
    await user.click(within(drawer).getByRole('button', { name: /确\s*定/ }));
    expect(await within(drawer).findByText('请输入访问路径', { selector: ERR })).toBeInTheDocument();
    expect(await within(drawer).findByText('请输入前端组件', { selector: ERR })).toBeInTheDocument();
    expect(api.seen.some((s) => s.method === 'POST')).toBe(false);

    await user.type(within(drawer).getByLabelText('访问路径'), '/report');
    await user.type(within(drawer).getByLabelText('前端组件'), 'layouts/RouteView');
    await user.click(within(drawer).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.seen.find((s) => s.path === '/sys/permission/add')).toBeTruthy());
    expect(api.seen.find((s) => s.path === '/sys/permission/add')!.body).toMatchObject({
      menuType: 0,
      name: '报表',
      url: '/report',
      component: 'layouts/RouteView',
      perms: null,
      isRoute: true,
    });
  });

  it('adds a data rule to a menu; 为空 asks for no value', async () => {
    const user = userEvent.setup({ delay: null });
    const rules: unknown[] = [];
    api.handle('GET', '/sys/permission/getPermRuleListByPermId', () => ({ body: envelope(rules) }));
    api.handle('POST', '/sys/permission/addPermissionRule', (req) => {
      rules.push({ id: 'r1', ...(req.body as object) });
      return { body: envelope(null, '添加成功！') };
    });
    renderWithProviders(<PermissionListPage />);
    await screen.findByText('系统管理');
    await user.click(screen.getAllByText('更多')[0]);
    await user.click(await screen.findByText('数据规则'));
    await user.click(await screen.findByRole('button', { name: '新增规则' }));
    const modal = (await screen.findAllByRole('dialog')).at(-1)!;
    await user.type(within(modal).getByLabelText('规则名称'), '本人数据');
    await user.type(within(modal).getByLabelText('规则字段'), 'createBy');
    await user.click(within(modal).getByRole('button', { name: /确\s*定/ }));
    expect(await within(modal).findByText(/规则字段只能是小写字母/)).toBeInTheDocument();
    await user.clear(within(modal).getByLabelText('规则字段'));
    await user.type(within(modal).getByLabelText('规则字段'), 'create_by');
    await user.type(within(modal).getByLabelText('规则值'), '#{{sys_user_code}');
    await user.click(within(modal).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.seen.find((s) => s.path === '/sys/permission/addPermissionRule')).toBeTruthy());
    expect(api.seen.find((s) => s.path === '/sys/permission/addPermissionRule')!.body).toMatchObject({
      permissionId: 'm-sys',
      ruleName: '本人数据',
      ruleColumn: 'create_by',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
      status: '1',
    });
    expect(await screen.findByText('本人数据')).toBeInTheDocument();
  });
});
