import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/tree/testing';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import OnlineUserListPage from './OnlineUserList.page';

// 在线用户 against the real server: a second session of the administrator is listed beside the page's
// own (marked （我）), and 强退 ends it — its token answers 401 on its next call.
configure({ asyncUtilTimeout: 8000 });
const api = useRealApi();
const ADMIN_PASSWORD = 'Admin#2026-test';
const CAPTCHA_TEXT = 'AbC7';

/** Signs the administrator in once more through the real sign-in calls; answers the new token. */
async function secondSession(): Promise<string> {
  const checkKey = `k${Date.now()}`;
  expect((await api.call('GET', `/sys/randomImage/${checkKey}`)).success).toBe(true);
  const res = await api.call('POST', '/sys/userLogin', { username: 'admin', password: ADMIN_PASSWORD, captcha: CAPTCHA_TEXT, checkKey });
  expect(res.success, res.message).toBe(true);
  return res.result.token as string;
}

describe('在线用户 page (real server)', () => {
  it('lists the sessions and forces one out', async () => {
    const other = await secondSession();
    const jti = JSON.parse(atob(other.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).jti as string;
    api.signIn(['system:online:list', 'system:online:forceLogout']);
    renderWithProviders(
      <MemoryRouter>
        <OnlineUserListPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('admin（我）')).toBeInTheDocument();
    const rows = () => screen.getAllByRole('row').filter((r) => r.getAttribute('data-row-key'));
    await waitFor(() => expect(rows().length).toBe(2));
    const target = rows().find((r) => r.getAttribute('data-row-key') === jti)!;
    expect(within(target).getByText('admin')).toBeInTheDocument();
    // the token itself is shown nowhere
    expect(document.body.textContent).not.toContain(other);

    fireEvent.click(within(target).getByText('强退'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(api.seen.map((c) => c.path)).toContain('/sys/online/forceLogout'));
    expect(await screen.findByText(/^强制退出用户“.+”成功！$/)).toBeInTheDocument();
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-row-key'))).not.toContain(jti));
    expect(api.seen).toContainEqual({ method: 'POST', path: '/sys/online/forceLogout', body: { token: jti } });

    const apiBase = (window as unknown as { __APP_CONFIG__: { apiBase: string } }).__APP_CONFIG__.apiBase;
    const next = await fetch(`${apiBase}/sys/user/getUserInfo`, { headers: { 'x-access-token': other } });
    expect(next.status).toBe(401);
  }, 30_000);
});
