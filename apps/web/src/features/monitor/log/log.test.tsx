import { configure, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/tree/testing';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import LogListPage from './LogList.page';

// 日志管理 against the real server: the admin's sign-in in the login log, a write in the operation log.
configure({ asyncUtilTimeout: 8000 });
const api = useRealApi();

describe('日志管理 page (real server)', () => {
  it('lists sign-ins, then the operation log with the masked parameters of a write', async () => {
    expect((await api.call('POST', '/sys/position/add', { code: 'LOGWEB', name: '日志页职务' })).success).toBe(true);
    api.signIn(['system:log:list', 'system:log:exportXls']);
    renderWithProviders(<LogListPage />);
    expect((await screen.findAllByText('用户名: admin,登录成功！')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('tab', { name: '操作日志' }));
    const row = (await screen.findByRole('cell', { name: /职务管理-添加|POST \/api\/sys\/position\/add/ })).closest('tr')!;
    expect(within(row).getByText('成功')).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '添加' })).toBeInTheDocument();
  }, 120_000);
});
