import type React from 'react';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/tree/testing';
import { clearLocalSession } from '../../../lib/session/store';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import LoginPage from '../../auth/LoginPage';
import RegisterPage from '../../auth/RegisterPage';
import SystemSettingsPage from './SystemSettings.page';
import UserLayout from '../../../layouts/UserLayout';
import { GlobalFooter } from '../../../layouts/GlobalFooter';
import { loadBranding } from '../../../lib/branding';

// 系统设置 against the real server: registration starts closed; the administrator opens it and the sign-in
// page offers 注册账户 without a restart; closed again, the link is gone.
configure({ asyncUtilTimeout: 10_000 });
const api = useRealApi();

const inRouter = (page: React.ReactNode) => renderWithProviders(<MemoryRouter>{page}</MemoryRouter>);
/** The sign-in page offers 注册账户 once the server said registration is open. */
async function offersRegistration() {
  const page = render(
    <MemoryRouter>
      <LoginPage />
    </MemoryRouter>,
  );
  expect(await screen.findByRole('link', { name: '注册账户' })).toBeInTheDocument();
  page.unmount();
}
/** The register page says registration is closed once the server said so. */
async function saysClosed() {
  const page = inRouter(<RegisterPage />);
  expect(await screen.findByText('系统未开放注册，请联系管理员')).toBeInTheDocument();
  page.unmount();
}

describe('系统设置 (real server)', () => {
  it('开放注册 switches the sign-in page’s 注册账户 on and off', async () => {
    await saysClosed();

    api.signIn(['system:setting:list', 'system:setting:edit']);
    const settings = inRouter(<SystemSettingsPage />);
    const toggle = await screen.findByRole('switch', { name: '开放注册' });
    await waitFor(() => expect(toggle).not.toBeChecked());
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(await screen.findByText('保存成功！')).toBeInTheDocument();
    expect((await api.call('GET', '/sys/setting/query')).result).toMatchObject({ registration: true });
    settings.unmount();
    clearLocalSession();

    await offersRegistration();

    await api.call('PUT', '/sys/setting/edit', { registration: false });
    await saysClosed();
  }, 60_000);

  it('without 编辑 the switch shows the setting but cannot change it', async () => {
    api.signIn(['system:setting:list']);
    inRouter(<SystemSettingsPage />);
    const toggle = await screen.findByRole('switch', { name: '开放注册' });
    expect(toggle).toBeDisabled();
  }, 60_000);

  it('the install’s name and footer: saved on the page, shown on the sign-in page, the footer and the title; empty, the product name', async () => {
    await loadBranding(true);
    const signIn = render(
      <MemoryRouter initialEntries={['/user/login']}>
        <Routes>
          <Route path="/user" element={<UserLayout />}>
            <Route path="login" element={<LoginPage />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: '安学云' })).toBeInTheDocument();
    expect(document.title).toBe('登录 · 安学云');
    signIn.unmount();

    api.signIn(['system:setting:list', 'system:setting:edit']);
    const settings = inRouter(<SystemSettingsPage />);
    const name = await screen.findByLabelText('系统名称');
    await waitFor(() => expect(name).toHaveValue(''));
    fireEvent.change(name, { target: { value: '实验中学安全教育' } });
    fireEvent.change(screen.getByLabelText('页脚文字'), { target: { value: '实验中学 版权所有' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('保存成功！')).toBeInTheDocument();
    expect((await api.call('GET', '/sys/setting/public')).result).toMatchObject({ siteName: '实验中学安全教育', footerText: '实验中学 版权所有', siteLogo: '' });
    // the open page follows at once
    const footer = render(<GlobalFooter />);
    expect(footer.container).toHaveTextContent('实验中学 版权所有');
    footer.unmount();
    settings.unmount();
    clearLocalSession();

    // a fresh page load reads it from the server
    await loadBranding(true);
    render(
      <MemoryRouter initialEntries={['/user/login']}>
        <Routes>
          <Route path="/user" element={<UserLayout />}>
            <Route path="login" element={<LoginPage />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: '实验中学安全教育' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('实验中学 版权所有');
    expect(document.title).toBe('登录 · 实验中学安全教育');
    expect(document.body).not.toHaveTextContent(/JeecgBoot/i);
  }, 60_000);
});
