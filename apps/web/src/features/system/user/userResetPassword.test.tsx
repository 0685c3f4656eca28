import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/tree/testing';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import UserListPage from './UserList.page';

// 重置密码 from the batch menu (real server): the new password is shown once, and it is the one that now
// signs the user in.
configure({ asyncUtilTimeout: 20_000 });
const api = useRealApi({ env: { LOGIN_CAPTCHA: 'off' } });

describe('重置密码 (real server)', () => {
  it('shows each selected user their new password once, and it signs them in', async () => {
    await api.addUser('reset_web');
    api.signIn(['system:user:resetPassword']);
    renderWithProviders(<UserListPage />);
    const row = (await screen.findAllByText('reset_web'))[0]!.closest('tr')!;
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.mouseEnter(screen.getByText('批量操作'));
    fireEvent.click(await screen.findByText('重置密码'));
    const confirm = await screen.findByText(/将为选中的1个用户生成新的随机密码/);
    fireEvent.click(within(confirm.closest('.ant-modal-content') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    // antd's confirm dialogs carry their title twice (the visible one and the dialog's name)
    const shown = (await screen.findAllByText('新密码（只显示这一次）'))[0]!;
    const table = shown.closest('.ant-modal-content') as HTMLElement;
    const line = within(table).getByText('reset_web').closest('tr') as HTMLElement;
    const password = within(line).getByText(/^[A-Za-z0-9#%+=@]{12}$/).textContent!;
    await waitFor(async () => expect((await api.call('POST', '/sys/login', { username: 'reset_web', password })).success).toBe(true));
    expect((await api.call('POST', '/sys/login', { username: 'reset_web', password: 'Pass#2026-test' })).success).toBe(false);
  }, 60_000);
});
