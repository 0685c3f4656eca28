import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../lib/types';
import { iconKey } from './icons';
import { collapseOpenKeys, keysForLocation, nextOpenKeys, rootSubmenuKeys, searchOptions, toMenuNodes } from './model';
import { SideMenu } from './SideMenu';

const menu: MenuItem[] = [
  { path: '/dashboard/analysis', component: 'dashboard/Analysis', meta: { title: '首页', icon: 'home' } },
  {
    path: '/dashboard',
    component: 'layouts/RouteView',
    meta: { title: '仪表盘', icon: 'ant-design:dashboard' },
    children: [
      { path: '/dashboard/workplace', component: 'dashboard/Workplace', meta: { title: '工作台' } },
      { path: '/dashboard/monitor', component: 'dashboard/Monitor', meta: { title: '监控页', icon: 'none' } },
      { path: '/dashboard/detail/:id', component: 'dashboard/Monitor', hidden: true, meta: { title: '详情' } },
    ],
  },
  {
    path: '/system',
    component: 'layouts/RouteView',
    meta: { title: '系统管理' },
    children: [{ path: '/system/info', component: 'system/info/SystemInfo', meta: { title: '系统信息' } }],
  },
  { path: '/always', component: 'x', alwaysShow: true, meta: { title: '总显示' }, children: [{ path: '/always/a', component: 'x', meta: { title: 'a' } }] },
  { path: '/secret', component: 'x', hidden: true, meta: { title: '隐藏' } },
  { path: '/docs', component: 'x', meta: { title: '文档', target: '_blank', url: 'https://example.com/docs' } },
];

describe('sidebar menu rules', () => {
  it('keys by path, skips hidden, makes submenus of entries with children unless alwaysShow', () => {
    const nodes = toMenuNodes(menu);
    expect(nodes.map((n) => n.key)).toEqual(['/dashboard/analysis', '/dashboard', '/system', '/always', '/docs']);
    expect(nodes[1].children?.map((n) => n.key)).toEqual(['/dashboard/workplace', '/dashboard/monitor']);
    expect(nodes[3].children).toBeUndefined();
    expect(nodes[4]).toMatchObject({ target: '_blank', href: 'https://example.com/docs' });
    expect(rootSubmenuKeys(nodes)).toEqual(['/dashboard', '/system']);
  });

  it('opens one root submenu at a time except in horizontal mode', () => {
    const roots = ['/dashboard', '/system'];
    expect(nextOpenKeys(['/dashboard'], ['/dashboard', '/system'], roots)).toEqual(['/system']);
    expect(nextOpenKeys(['/dashboard'], ['/dashboard', '/dashboard/sub'], roots)).toEqual(['/dashboard', '/dashboard/sub']);
    expect(nextOpenKeys(['/dashboard'], [], roots)).toEqual([]);
    expect(nextOpenKeys(['/dashboard'], ['/dashboard', '/system'], roots, true)).toEqual(['/dashboard', '/system']);
  });

  it('collapsing remembers and clears open keys; expanding restores them', () => {
    const collapsed = collapseOpenKeys({ open: ['/dashboard'], cached: [] }, true);
    expect(collapsed).toEqual({ open: [], cached: ['/dashboard'] });
    expect(collapseOpenKeys(collapsed, false).open).toEqual(['/dashboard']);
  });

  it('the selected key follows the route; parameter routes select the full path; hidden selects the parent', () => {
    expect(keysForLocation(menu, '/dashboard/workplace')).toEqual({ selected: ['/dashboard/workplace'], open: ['/dashboard'] });
    expect(keysForLocation(menu, '/dashboard/detail/7').selected).toEqual(['/dashboard']);
    const withParam: MenuItem[] = [{ path: '/report/:id', component: 'x', meta: { title: 'r' } }];
    expect(keysForLocation(withParam, '/report/9').selected).toEqual(['/report/9']);
  });

  it('menu search lists non-hidden entries except route-view containers', () => {
    expect(searchOptions(menu).map((o) => o.label)).toEqual(['首页', '工作台', '监控页', '系统信息', '总显示', 'a', '文档']);
  });

  it('maps icon names of several spellings', () => {
    expect(iconKey('ant-design:info-circle-outlined')).toBe('info-circle');
    expect(iconKey('InfoCircleOutlined')).toBe('info-circle');
    expect(iconKey('home')).toBe('home');
  });

  it('renders, navigates on click and shows no icon for "none"', async () => {
    function Where() {
      return <div data-testid="where">{useLocation().pathname}</div>;
    }
    render(
      <MemoryRouter initialEntries={['/dashboard/workplace']}>
        <SideMenu menu={menu} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('menuitem', { name: '工作台' })).toHaveClass('ant-menu-item-selected');
    await userEvent.click(screen.getByRole('menuitem', { name: '监控页' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/monitor');
    expect(screen.getByRole('menuitem', { name: '监控页' }).querySelector('.anticon')).toBeNull();
    expect(screen.getByRole('menuitem', { name: /首页/ }).querySelector('.anticon-home')).not.toBeNull();
    expect(screen.getByRole('link', { name: '文档' })).toHaveAttribute('target', '_blank');
  });
});
