import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/tree/testing';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import UserListPage from './UserList.page';

// Issue 19: the edit dialog shows the user's departments and roles as they are, and saving without
// touching them keeps them (against the real server).
configure({ asyncUtilTimeout: 8000 });
const api = useRealApi();

describe('editing a user (real server)', () => {
  it('shows the current departments and roles, and keeps them when saved untouched', async () => {
    const departs = (await api.call('GET', '/sys/sysDepart/queryTreeList')).result as Array<{ key: string; title: string; children?: Array<{ key: string; title: string }> }>;
    const [first, second] = [departs[0], departs[0].children![0]];
    const role = (await api.call('GET', '/sys/role/queryall')).result.find((r: { roleCode: string }) => r.roleCode === 'admin');
    const added = await api.call('POST', '/sys/user/add', {
      username: 'edit_keep', realname: '留部门', password: 'Keep#2026x', confirmPassword: 'Keep#2026x', selectedroles: role.id, selecteddeparts: `${first.key},${second.key}`,
    });
    expect(added.success).toBe(true);
    const id = (await api.call('GET', '/sys/user/list?username=edit_keep')).result.records[0].id as string;

    api.signIn(['system:user:edit', 'system:user:grantRole']);
    renderWithProviders(<UserListPage />);
    const row = (await screen.findByText('留部门')).closest('tr')!;
    fireEvent.click(within(row).getByText('编辑'));
    const dialog = await screen.findByRole('dialog');
    // the pickers show what the user has now
    await waitFor(() => expect(within(dialog).getByText(first.title)).toBeInTheDocument());
    expect(within(dialog).getByText(second.title)).toBeInTheDocument();
    expect(within(dialog).getByText(role.roleName)).toBeInTheDocument();

    fireEvent.change(within(dialog).getByPlaceholderText('请输入用户名称'), { target: { value: '留部门二' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(async () => expect((await api.call('GET', '/sys/user/list?username=edit_keep')).result.records[0].realname).toBe('留部门二'));
    const kept = (await api.call('GET', `/sys/user/userDepartList?userId=${id}`)).result.map((d: { key: string }) => d.key).sort();
    expect(kept).toEqual([first.key, second.key].sort());
    expect((await api.call('GET', `/sys/user/queryUserRole?userid=${id}`)).result).toEqual([role.id]);
  }, 60_000);
});
