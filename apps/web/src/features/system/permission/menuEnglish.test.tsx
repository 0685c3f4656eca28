// Menus carry both names (issue 17), on the real server: a menu added with an English name shows that
// name in the side menu when the interface is in English; a seeded menu shows its catalogue English.
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/tree/testing';
import { fetchPermissions } from '../../../lib/auth/login';
import { setLocaleForTest, t } from '../../../lib/i18n';
import { useSession } from '../../../lib/session/store';
import { SideMenu } from '../../../layouts/menu/SideMenu';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import PermissionListPage from './PermissionList.page';

vi.setConfig({ testTimeout: 90_000 });
configure({ asyncUtilTimeout: 30_000 });
const api = useRealApi();
beforeAll(() => setLocaleForTest('en-US'));
afterAll(() => setLocaleForTest('zh-CN'));

describe('a menu with an English name', () => {
  it('is added through the menu form and shows its English name in the English side menu', async () => {
    const user = userEvent.setup({ delay: null });
    api.signIn(['add', 'edit', 'delete', 'deleteBatch', 'rule'].map((a) => `system:permission:${a}`));
    const page = renderWithProviders(<PermissionListPage />);
    await screen.findByText('System');
    await user.click(screen.getByRole('button', { name: t('新增菜单') }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByLabelText(t('菜单名称')), '培训计划');
    await user.type(within(drawer).getByLabelText(t('英文名称')), 'Training plans');
    await user.type(within(drawer).getByLabelText(t('访问路径')), '/training');
    await user.type(within(drawer).getByLabelText(t('前端组件')), 'layouts/RouteView');
    await user.click(within(drawer).getByRole('button', { name: t('确定') }));
    await waitFor(() => expect(api.seen.some((s) => s.method === 'POST' && s.path === '/sys/permission/add')).toBe(true));
    // the list shows the new menu by its English name too
    expect(await screen.findByText('Training plans')).toBeInTheDocument();
    page.unmount();

    await fetchPermissions();
    renderWithProviders(
      <MemoryRouter initialEntries={['/dashboard/analysis']}>
        <SideMenu menu={useSession.getState().permissionList!} />
      </MemoryRouter>,
    );
    const menu = screen.getAllByRole('menu')[0]!;
    expect(within(menu).getByText('Training plans')).toBeInTheDocument();
    expect(within(menu).queryByText('培训计划')).not.toBeInTheDocument();
    expect(within(menu).getByText('System')).toBeInTheDocument();
  });
});
