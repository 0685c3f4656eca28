// 扫码登录 on the real server: the sign-in page shows a code and polls; once a signed-in user confirms it
// (here the administrator's session, as a phone would), the page signs in. The confirming page a phone
// opens from the code asks the signed-in user before confirming.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { reloadSessionFromStorage, setToken, useSession } from '../../lib/session/store';
import { useRealApi } from '../students/backoffice/testing/realApi';
import { App } from '../../app/App';

const api = useRealApi({ env: { LOGIN_CAPTCHA: 'off' } });
beforeAll(() => {
  window.__APP_CONFIG__ = { ...window.__APP_CONFIG__, captcha: false, title: '安学云' };
});

const open = (path: string) => {
  window.history.pushState({}, '', path);
  render(<App />);
};

describe('扫码登录', () => {
  it('the sign-in page shows a code, and signs in once a signed-in user confirms it', async () => {
    open('/user/login');
    fireEvent.click(await screen.findByRole('tab', { name: '扫码登录' }, { timeout: 8000 }));
    expect(await screen.findByText('请用已登录的手机扫描二维码，并在手机上确认登录', undefined, { timeout: 8000 })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.login-qrcode-image svg')).not.toBeNull(), { timeout: 8000 });
    const url = new URL(document.querySelector('.login-qrcode-image')!.getAttribute('data-url')!);
    expect(url.pathname).toBe('/oauth2-app/qrcode');
    const qrcodeId = url.searchParams.get('qrcodeId')!;
    // still waiting: nobody confirmed
    await waitFor(() => expect(api.seen.filter((s) => s.path === '/sys/getQrcodeToken').length).toBeGreaterThan(0), { timeout: 8000 });
    expect(window.location.pathname).toBe('/user/login');

    expect(await api.call('POST', '/sys/scanLoginQrcode', { qrcodeId })).toMatchObject({ success: true });
    await waitFor(() => expect(window.location.pathname).not.toBe('/user/login'), { timeout: 8000 });
    expect(useSession.getState().username).toBe('admin');
  }, 60_000);

  it('the page a phone opens from the code confirms it for the signed-in user', async () => {
    const code = (await api.call('GET', '/sys/getLoginQrcode')).result as { qrcodeId: string; pollToken: string };
    setToken(api.token);
    reloadSessionFromStorage();
    open(`/oauth2-app/qrcode?qrcodeId=${code.qrcodeId}`);
    fireEvent.click(await screen.findByRole('button', { name: '确认登录' }, { timeout: 8000 }));
    expect(await screen.findByText('已确认，另一台设备正在登录', undefined, { timeout: 8000 })).toBeInTheDocument();
    const polled = await api.call('GET', `/sys/getQrcodeToken?qrcodeId=${code.qrcodeId}&pollToken=${code.pollToken}`);
    expect(polled).toMatchObject({ success: true, result: { success: true, userInfo: { username: 'admin' } } });
  }, 60_000);
});
