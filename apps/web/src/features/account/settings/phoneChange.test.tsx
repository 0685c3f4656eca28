// 基本设置 → 绑定手机号, then 更换手机号 (the current number's code first, then the new number's), on the
// real server; the codes come from the server's log SMS provider.
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/tree/testing';
import { setUserInfo } from '../../../lib/session/store';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import BaseSettingsPage from './Base.page';

configure({ asyncUtilTimeout: 10_000 });
const SIGNATURE_SECRET = 'settings-test-signature';
const api = useRealApi({ env: { SIGNATURE_SECRET }, captureSms: true });
beforeAll(() => {
  window.__APP_CONFIG__ = { ...window.__APP_CONFIG__, signatureSecret: SIGNATURE_SECRET };
});

async function codeTo(dialog: HTMLElement, phone: string) {
  fireEvent.click(within(dialog).getByRole('button', { name: /获取验证码/ }));
  await within(dialog).findByText(/验证码已发送/);
  return api.smsCodeTo(phone)!;
}

describe('基本设置 · 手机号', () => {
  it('binds a number with its code, then changes it after proving the current one', async () => {
    api.signIn([]);
    setUserInfo({ id: api.adminId, username: 'admin', realname: '管理员' });
    renderWithProviders(<BaseSettingsPage />);

    fireEvent.click(await screen.findByRole('button', { name: '绑定手机号' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('新手机号'), { target: { value: '13933334444' } });
    fireEvent.change(within(dialog).getByLabelText('短信验证码'), { target: { value: await codeTo(dialog, '13933334444') } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('13933334444')).toBeInTheDocument();

    api.advanceClock(61_000); // one code a minute per number and per address
    fireEvent.click(screen.getByRole('button', { name: '更换手机号' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('短信验证码'), { target: { value: await codeTo(dialog, '13933334444') } });
    fireEvent.click(within(dialog).getByRole('button', { name: /下一步/ }));
    const newNumber = await within(dialog).findByLabelText('新手机号');
    api.advanceClock(61_000);
    fireEvent.change(newNumber, { target: { value: '13933335555' } });
    fireEvent.change(within(dialog).getByLabelText('短信验证码'), { target: { value: await codeTo(dialog, '13933335555') } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('13933335555')).toBeInTheDocument();
    expect((await api.call('GET', '/sys/user/list?username=admin')).result.records[0].phone).toBe('13933335555');
  }, 60_000);
});
