// The whole browser app against a real local HTTP server: guard, sign-in, menu → routes, layout,
// tabs and keep-alive, as a user goes through them.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetErrorState } from '../lib/http/errors';
import { setReloader } from '../lib/navigation';
import { clearLocalSession } from '../lib/session/store';
import { envelope, startApiServer, type ApiServer } from '../lib/testing/apiServer';
import type { MenuItem } from '../lib/types';
import { resetTabs } from '../layouts/tabs/store';
import { App } from './App';

const menu: MenuItem[] = [
  { path: '/dashboard/analysis', name: 'dashboard-analysis', component: 'dashboard/Analysis', route: '1', meta: { title: '首页', icon: 'home', keepAlive: false, internalOrExternal: false } },
  {
    path: '/dashboard',
    component: 'layouts/RouteView',
    route: '1',
    meta: { title: '仪表盘', icon: 'dashboard', keepAlive: false, internalOrExternal: false },
    children: [
      { path: '/dashboard/workplace', component: 'dashboard/Workplace', route: '1', meta: { title: '工作台', keepAlive: true, componentName: 'Workplace', internalOrExternal: false } },
      { path: '/dashboard/ghost', component: 'dashboard/Ghost', route: '1', meta: { title: '幽灵页', keepAlive: false, internalOrExternal: false } },
    ],
  },
];

let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer();
  window.__APP_CONFIG__ = { ...window.__APP_CONFIG__, captcha: false, title: '安学云' };
  setReloader(() => {});
  api.handle('POST', '/sys/userLogin', (req) => {
    const body = req.body as { username: string; password: string };
    if (body.password !== 'right-pass') return { status: 400, body: envelope(null, '用户名或密码错误', 500) };
    return { body: envelope({ token: 'tk-1', userInfo: { id: 'u1', username: 'admin', realname: '管理员', loginTenantId: 1000 }, tenantList: [{ id: 1000, name: '默认租户' }], sysAllDictItems: {} }) };
  });
  const figures = 'dashboard:analysis:view'; // the home page's tenant figures
  api.handle('GET', '/sys/permission/getUserPermissionByToken', () => ({ body: envelope({ menu, auth: [{ action: figures, type: '1' }], allAuth: [], codeList: [figures], sysSafeMode: false }) }));
  api.handle('GET', '/sys/annountCement/listByUser', () => ({ body: envelope({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 }) }));
  api.handle('GET', '/sys/loginfo', () => ({ body: envelope({ totalVisitCount: 12, todayVisitCount: 3, todayIp: 1 }) }));
});
afterAll(async () => {
  await new Promise((r) => setTimeout(r, 100)); // let the last poll finish before the server goes
  await resetErrorState();
  clearLocalSession();
  resetTabs();
  await api.close();
});

const tab = (title: string) => screen.getAllByText(title).find((el) => el.hasAttribute('data-tab-path'))!;

describe('the signed-in shell', () => {
  it('guards, signs in, builds routes from the menu, and keeps the workplace alive across tabs', async () => {
    const user = userEvent.setup();
    window.innerWidth = 1440; // desktop: sidebar and tabs (≤1088 px would be mobile)
    window.history.pushState({}, '', '/dashboard/workplace');
    render(<App />);

    // Signed out: sent to the login page with the requested path as redirect.
    await screen.findByPlaceholderText('请输入用户名');
    expect(window.location.pathname).toBe('/user/login');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/dashboard/workplace');

    // Required fields, then a refused password shown in the form.
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText('请输入用户名')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('请输入用户名'), 'admin');
    await user.type(screen.getByPlaceholderText('请输入密码'), 'wrong');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('用户名或密码错误');

    await user.clear(screen.getByPlaceholderText('请输入密码'));
    await user.type(screen.getByPlaceholderText('请输入密码'), 'right-pass');
    await user.click(screen.getByRole('button', { name: '登录' }));

    // After sign-in: the redirect target, inside the layout, with the menu and breadcrumb.
    const note = await screen.findByRole('textbox', { name: '便签' }, { timeout: 8000 });
    expect(window.location.pathname).toBe('/dashboard/workplace');
    expect(screen.getAllByRole('menu').length).toBeGreaterThan(0);
    expect(document.querySelector('.ant-breadcrumb')).toHaveTextContent('首页/仪表盘/工作台');
    expect(document.title).toBe('工作台 · 安学云');
    expect(localStorage.getItem('Login_Username')).toContain('admin');

    // Keep-alive: the note survives switching to the home tab and back.
    await user.type(note, '记得检查消防通道');
    await user.click(tab('首页'));
    expect(await screen.findByText('今日访问次数')).toBeInTheDocument();
    expect(document.title).toBe('安学云');
    await waitFor(() => expect(screen.getByRole('textbox', { name: '便签', hidden: true })).not.toBeVisible());
    await user.click(tab('工作台'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: '便签' })).toHaveValue('记得检查消防通道'));

    // The home tab cannot be closed.
    const homeTab = tab('首页').closest('.ant-tabs-tab') as HTMLElement;
    await user.click(homeTab.querySelector('.ant-tabs-tab-remove') as HTMLElement);
    expect(await screen.findByText('首页不能关闭!')).toBeInTheDocument();

    // A menu entry whose component has no page file shows a clear state.
    await act(async () => {
      window.history.pushState({}, '', '/dashboard/ghost');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(await screen.findByText('页面不存在')).toBeInTheDocument();
    expect(screen.getByText(/dashboard\/Ghost/)).toBeInTheDocument();

    // An unknown path goes to /404; the login page sends a signed-in user home.
    await act(async () => {
      window.history.pushState({}, '', '/no/such/page');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitFor(() => expect(window.location.pathname).toBe('/404'));
    expect(await screen.findByText('抱歉，您访问的页面不存在。')).toBeInTheDocument();
    await act(async () => {
      window.history.pushState({}, '', '/user/login');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/analysis'));
  });
});
