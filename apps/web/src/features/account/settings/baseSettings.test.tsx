// 基本设置 saves the own profile for a user who holds no user-management right at all (the page calls
// /sys/user/appEdit, for the caller's own record only): name, sex, birthday and e-mail, on the real server.
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/tree/testing';
import { setTenant, setToken, setUserInfo, useSession } from '../../../lib/session/store';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import BaseSettingsPage from './Base.page';

configure({ asyncUtilTimeout: 10_000 });
const api = useRealApi({ env: { LOGIN_CAPTCHA: 'off' } });
const db = () => api.db() as any;

describe('基本设置', () => {
  it('saves the own name, sex, birthday and e-mail without any management right', async () => {
    const id = await api.addUser('base_web');
    const signedIn = await api.call('POST', '/sys/login', { username: 'base_web', password: 'Pass#2026-test' });
    setToken(signedIn.result.token);
    setTenant(signedIn.result.userInfo.loginTenantId ?? 0);
    setUserInfo({ id, username: 'base_web', realname: 'base_web' });
    renderWithProviders(<BaseSettingsPage />);

    fireEvent.change(await screen.findByLabelText('姓名'), { target: { value: '王小明' } });
    fireEvent.click(screen.getByLabelText('女'));
    fireEvent.change(screen.getByLabelText('邮箱'), { target: { value: 'xiaoming@school.cn' } });
    const birthday = screen.getByLabelText('生日');
    fireEvent.mouseDown(birthday);
    fireEvent.change(birthday, { target: { value: '2012-05-06' } });
    fireEvent.keyDown(birthday, { key: 'Enter', code: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: '更新基本信息' }));

    await waitFor(async () => {
      const row = await db().selectFrom('sysUser').select(['realname', 'sex', 'email', 'birthday']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ realname: '王小明', sex: 2, email: 'xiaoming@school.cn' });
      expect(String(row.birthday)).toContain('2012-05-06');
    });
    expect(api.seen.some((s) => s.path === '/sys/user/appEdit')).toBe(true);
    expect(api.seen.some((s) => s.path === '/sys/user/edit')).toBe(false);
    // the row is written before the answer reaches the page, which then updates the signed-in user
    await waitFor(() => expect(useSession.getState().info).toMatchObject({ realname: '王小明', email: 'xiaoming@school.cn' }));
  }, 60_000);
});
