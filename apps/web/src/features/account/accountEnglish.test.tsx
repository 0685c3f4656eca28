// The account centre and the account settings in English (issue 17), on the real server: base
// information, security (with the signed-in devices), linked accounts and notifications show no Chinese.
import { configure, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CJK } from '@anxue/shared/i18n';
import { renderWithProviders } from '../../components/tree/testing';
import { setLocaleForTest } from '../../lib/i18n';
import { setUserInfo } from '../../lib/session/store';
import { useRealApi } from '../students/backoffice/testing/realApi';
import CenterPage from './Center.page';
import BaseSettingsPage from './settings/Base.page';
import BindingSettingsPage from './settings/Binding.page';
import NotificationSettingsPage from './settings/Notification.page';
import SecuritySettingsPage from './settings/Security.page';

configure({ asyncUtilTimeout: 30_000 });
const api = useRealApi();
beforeAll(() => setLocaleForTest('en-US'));
afterAll(() => setLocaleForTest('zh-CN'));

/** Visible text plus labels, placeholders and titles, in words. */
function chineseWords(el: Element): string[] {
  const attrs = [...el.querySelectorAll('[aria-label], [placeholder], [title]')].flatMap((n) => ['aria-label', 'placeholder', 'title'].map((a) => n.getAttribute(a) ?? ''));
  return [el.textContent ?? '', ...attrs].join(' ').split(/\s+/).filter((w) => CJK.test(w));
}
const render = (page: React.ReactElement) => renderWithProviders(<MemoryRouter>{page}</MemoryRouter>);

describe('account pages in English', () => {
  beforeEach(() => {
    api.signIn([]);
    setUserInfo({ id: api.adminId, username: 'admin', realname: 'Admin', sex: 1, phone: '13800138000', email: 'admin@school.cn' });
  });

  it('the account centre and base settings', async () => {
    const centre = render(<CenterPage />);
    expect(screen.getByText('Male')).toBeInTheDocument();
    expect(screen.getByText('Tenant')).toBeInTheDocument();
    expect(chineseWords(centre.container)).toEqual([]);
    centre.unmount();

    const base = render(<BaseSettingsPage />);
    expect(await screen.findByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change the mobile number' })).toBeInTheDocument();
    expect(chineseWords(base.container)).toEqual([]);
  }, 60_000);

  it('security with the signed-in devices', async () => {
    const view = render(<SecuritySettingsPage />);
    expect(await screen.findByText('This device')).toBeInTheDocument();
    expect(screen.getByText('Signed-in devices')).toBeInTheDocument();
    expect(chineseWords(view.container)).toEqual([]);
  }, 60_000);

  it('linked accounts and notifications', async () => {
    const binding = render(<BindingSettingsPage />);
    await waitFor(() => expect(binding.container.querySelector('.ant-spin-spinning')).toBeNull());
    expect(screen.getByText('Linked accounts')).toBeInTheDocument();
    expect(chineseWords(binding.container)).toEqual([]);
    binding.unmount();

    const notices = render(<NotificationSettingsPage />);
    expect(screen.getByText('Pop-up notices')).toBeInTheDocument();
    expect(screen.getByText(/Use system notifications/)).toBeInTheDocument();
    expect(chineseWords(notices.container)).toEqual([]);
  }, 60_000);
});
