// 安全设置 against the real server: the own sessions with this device marked, another device signed out,
// then 退出其他设备; the phone shown masked.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/tree/testing';
import { setUserInfo } from '../../../lib/session/store';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import SecuritySettingsPage, { deviceName } from './Security.page';

configure({ asyncUtilTimeout: 30_000 });
const api = useRealApi();

const confirm = async () => {
  const pop = await waitFor(() => {
    const p = document.querySelector('.ant-popover:not(.ant-popover-hidden)') as HTMLElement;
    expect(p).toBeTruthy();
    return p;
  });
  fireEvent.click(within(pop).getByRole('button', { name: /确\s*定|OK/ }));
};

describe('安全设置 (real server)', () => {
  it('names devices by browser and system', () => {
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36')).toBe('Chrome · Windows');
    expect(deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0')).toBe('微信 · iOS');
    expect(deviceName(null)).toBe('未知设备');
  });

  it('lists this device and another, signs the other out, then every other one', async () => {
    const at = '2026-11-25 08:00:00';
    const far = '2099-01-01 00:00:00';
    const db = api.db() as any;
    await db
      .insertInto('sysUserToken')
      .values([
        { id: 'phone-session-0001', userId: api.adminId, username: 'admin', expiresAt: far, clientIp: '10.1.2.3', userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile', createTime: at },
        { id: 'tablet-session-0002', userId: api.adminId, username: 'admin', expiresAt: far, clientIp: '10.1.2.4', userAgent: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/605.1', createTime: at },
      ])
      .execute();
    api.signIn([]);
    setUserInfo({ id: api.adminId, username: 'admin', realname: '管理员', phone: '13800138000', email: 'admin@school.cn' });
    renderWithProviders(
      <MemoryRouter>
        <SecuritySettingsPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/已绑定：138\*\*\*\*8000/)).toBeInTheDocument();
    const phoneRow = (await screen.findByText('10.1.2.3')).closest('tr') as HTMLElement;
    expect(within(phoneRow).getByText('Chrome · Android')).toBeInTheDocument();
    expect(screen.getByText('当前设备')).toBeInTheDocument();

    fireEvent.click(within(phoneRow).getByText('退出'));
    await confirm();
    await waitFor(() => expect(screen.queryByText('10.1.2.3')).not.toBeInTheDocument());
    expect(await db.selectFrom('sysUserToken').select('id').where('id', '=', 'phone-session-0001').executeTakeFirst()).toBeUndefined();
    expect(screen.getByText('10.1.2.4')).toBeInTheDocument();

    fireEvent.click(screen.getByText('退出其他设备'));
    await confirm();
    await waitFor(() => expect(screen.queryByText('10.1.2.4')).not.toBeInTheDocument());
    expect(screen.getByText('当前设备')).toBeInTheDocument();
    expect((await db.selectFrom('sysUserToken').select('id').where('userId', '=', api.adminId).execute()).length).toBe(1);
  }, 60_000);
});
