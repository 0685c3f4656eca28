import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { grantButtons as grant } from '../../../components/tree/testing';
import { envelope, usePageApiServer } from '../../../lib/testing/apiServer';
import HomeConfigListPage from './HomeConfigList.page';

configure({ asyncUtilTimeout: 5000 });
const api = usePageApiServer();

const page = (records: object[]) => envelope({ records, total: records.length, size: 10, current: 1, pages: 1 });

describe('首页配置 page', () => {
  it('lists configurations and saves an edited global default with its fixed code', async () => {
    grant(['system:roleindex:list', 'system:roleindex:edit']);
    api.handle('GET', '/sys/sysRoleIndex/list', () => ({
      body: page([
        { id: 'r1', relationType: 'ROLE', relationType_dictText: '角色', roleCode: 'teacher', url: '/students', component: 'students/Home', route: true, priority: 5, status: '1' },
        { id: 'd1', relationType: 'DEFAULT', relationType_dictText: '默认', roleCode: 'DEF_INDEX_ALL', url: '/dashboard/analysis', component: 'dashboard/Analysis', route: true, priority: 0, status: '0' },
      ]),
    }));
    api.handle('GET', '/sys/dict/getDictItems/relation_type', () => ({ body: envelope([{ value: 'ROLE', text: '角色' }, { value: 'USER', text: '用户' }, { value: 'DEFAULT', text: '默认' }]) }));
    api.handle('PUT', '/sys/sysRoleIndex/edit', () => ({ body: envelope(null, '编辑成功!') }));
    render(<HomeConfigListPage />);
    expect(await screen.findByText('teacher')).toBeInTheDocument();
    expect(screen.getByText('开启')).toBeInTheDocument();
    expect(screen.getByText('关闭')).toBeInTheDocument();
    fireEvent.click(screen.getAllByText('编辑')[1]);
    // everyone's default names no role or user
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByDisplayValue('/dashboard/analysis')).toBeInTheDocument();
    expect(within(dialog).queryByText('角色/用户编码')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.seen.find((s) => s.path === '/sys/sysRoleIndex/edit')).toBeDefined());
    expect(api.seen.find((s) => s.path === '/sys/sysRoleIndex/edit')!.body).toMatchObject({ id: 'd1', relationType: 'DEFAULT', roleCode: 'DEF_INDEX_ALL', url: '/dashboard/analysis', status: '0' });
  }, 60_000);
});
