// 基本设置 → 注销: a code to the bound number, then the account is cancelled and the page leaves for the
// sign-in page; on the real server (the code comes from the server's log SMS provider).
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/tree/testing';
import { setNavigator } from '../../../lib/navigation';
import { setTenant, setToken, setUserInfo } from '../../../lib/session/store';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import BaseSettingsPage from './Base.page';

configure({ asyncUtilTimeout: 10_000 });
const SIGNATURE_SECRET = 'logoff-test-signature';
const api = useRealApi({ env: { SIGNATURE_SECRET, LOGIN_CAPTCHA: 'off' }, captureSms: true });
const navigated: string[] = [];
// the server's Kysely database (the web project does not type the server's schema)
const db = () => api.db() as any;
beforeAll(() => {
  window.__APP_CONFIG__ = { ...window.__APP_CONFIG__, signatureSecret: SIGNATURE_SECRET };
  setNavigator((p) => navigated.push(p));
});
afterAll(() => setNavigator(() => undefined));

describe('基本设置 · 注销账号', () => {
  it('cancels the own account with a code to its number, then goes to the sign-in page', async () => {
    const id = await api.addUser('off_web');
    const PHONE = '13955556666';
    await db().updateTable('sysUser').set({ phone: PHONE }).where('id', '=', id).execute();
    const signedIn = await api.call('POST', '/sys/login', { username: 'off_web', password: 'Pass#2026-test' });
    setToken(signedIn.result.token);
    setTenant(signedIn.result.userInfo.loginTenantId ?? 0);
    setUserInfo({ id, username: 'off_web', realname: 'off_web', phone: PHONE });
    renderWithProviders(<BaseSettingsPage />);

    fireEvent.click(await screen.findByRole('button', { name: '注 销' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /获取验证码/ }));
    await within(dialog).findByText(/验证码已发送/);
    const code = api.smsCodeTo(PHONE)!;
    expect(code).toMatch(/^\d{6}$/);
    fireEvent.change(within(dialog).getByLabelText('短信验证码'), { target: { value: code } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认注销/ }));
    await waitFor(() => expect(navigated).toContain('/user/login'));
    expect(api.seen.find((s) => s.path === '/sys/user/userLogOff')?.body).toEqual({ username: 'off_web', phone: PHONE, smscode: code });
    const row = await db().selectFrom('sysUser').select('delFlag').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.delFlag).toBe(1);
  }, 60_000);
});
