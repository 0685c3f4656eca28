// 注册, 手机号登录 and 找回密码 on the real server (registration switched on, codes read from the log SMS
// provider): register with a phone code, sign in by phone, recover the password by phone and sign in
// with the new one. A signed-in visitor of the register page is sent on.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { reloadSessionFromStorage, setToken } from '../../lib/session/store';
import { useRealApi } from '../students/backoffice/testing/realApi';
import { App } from '../../app/App';

// the server checks the signature of the SMS calls with the secret the page is given
const SIGNATURE_SECRET = 'page-test-signature';
const api = useRealApi({ env: { REGISTRATION: 'on', LOGIN_CAPTCHA: 'off', SIGNATURE_SECRET }, captureSms: true });
beforeAll(() => {
  window.__APP_CONFIG__ = { ...window.__APP_CONFIG__, captcha: false, title: '安学云', signatureSecret: SIGNATURE_SECRET };
});

const PHONE = '13911112222';
const open = async (path: string) => {
  window.history.pushState({}, '', path);
  render(<App />);
};
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
/** Clicks 获取验证码 and answers the code the server sent. */
async function requestCode() {
  click(/获取验证码/);
  await screen.findByText(/验证码已发送/, undefined, { timeout: 8000 });
  const code = api.smsCodeTo(PHONE);
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

describe('account pages', () => {
  it('注册: a phone code, then the result page names the account', async () => {
    await open('/user/register');
    expect(await screen.findByText('注册', { selector: '.ant-card-head-title' }, { timeout: 8000 })).toBeInTheDocument();
    expect(document.title).toBe('注册 · 安学云');
    type('用户名', 'reg_page_user');
    type('密码', 'Reg#2026-page');
    type('确认密码', 'Reg#2026-page');
    type('手机号', PHONE);
    const code = await requestCode();
    type('短信验证码', code);
    click(/注\s*册/);
    expect(await screen.findByText('你的账户：reg_page_user 注册成功', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(api.seen.find((s) => s.path === '/sys/user/register')?.body).toMatchObject({ username: 'reg_page_user', phone: PHONE, smscode: code });
  }, 60_000);

  it('手机号登录: the number and its code sign in', async () => {
    api.advanceClock(61_000); // one code a minute per number
    await open('/user/login');
    fireEvent.click(await screen.findByRole('tab', { name: '手机号登录' }, { timeout: 8000 }));
    fireEvent.change(await screen.findByLabelText('请输入手机号'), { target: { value: PHONE } });
    const code = await requestCode();
    type('请输入验证码', code);
    click(/^登录$/);
    await waitFor(() => expect(window.location.pathname).not.toBe('/user/login'), { timeout: 8000 });
    expect(api.seen.find((s) => s.path === '/sys/phoneLogin')?.body).toEqual({ mobile: PHONE, captcha: code });
  }, 60_000);

  it('a signed-in visitor of the register page is sent on', async () => {
    setToken(api.token);
    reloadSessionFromStorage();
    await open('/user/register');
    await waitFor(() => expect(window.location.pathname).not.toBe('/user/register'), { timeout: 8000 });
  }, 60_000);

  it('找回密码: verify the number, set a new password, then sign in with it', async () => {
    api.advanceClock(61_000);
    await open('/user/alteration');
    expect(await screen.findByText('找回密码', { selector: '.ant-card-head-title' }, { timeout: 8000 })).toBeInTheDocument();
    expect(document.title).toBe('找回密码 · 安学云');
    type('手机号', PHONE);
    const code = await requestCode();
    type('短信验证码', code);
    click(/下一步/);
    expect(await screen.findByText('reg_page_user', undefined, { timeout: 8000 })).toBeInTheDocument();
    type('新密码', 'Fresh#2026-page');
    type('确认新密码', 'Fresh#2026-page');
    click(/提\s*交/);
    expect(await screen.findByText('密码修改成功', undefined, { timeout: 8000 })).toBeInTheDocument();

    click(/返回登录/);
    fireEvent.change(await screen.findByPlaceholderText('请输入用户名'), { target: { value: 'reg_page_user' } });
    fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: 'Fresh#2026-page' } });
    click(/^登录$/);
    await waitFor(() => expect(window.location.pathname).not.toBe('/user/login'), { timeout: 8000 });
  }, 60_000);
});
