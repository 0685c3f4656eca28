import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetErrorState } from '../../../lib/http/errors';
import { clearLocalSession, setPermissions } from '../../../lib/session/store';
import { envelope, startApiServer, type ApiServer } from '../../../lib/testing/apiServer';
import UserListPage from './UserList.page';

// antd renders slowly in jsdom on a busy machine: give async queries more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

let api: ApiServer;

beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api.close());
afterEach(async () => {
  await resetErrorState();
  clearLocalSession();
  api.seen.length = 0;
});

const grant = (...codes: string[]) => setPermissions({ menu: [], auth: codes.map((action) => ({ action, type: '1' })), allAuth: [] });

const USERS = [
  { id: 'u1', username: 'zhangsan', realname: '张三', sex: 1, sex_dictText: '男', status: 1, status_dictText: '正常', orgCodeTxt: '研发部', phone: '13800000001' },
  { id: 'u2', username: 'lisi', realname: '李四', sex: 2, sex_dictText: '女', status: 2, status_dictText: '冻结', orgCodeTxt: '财务部' },
];

describe('用户管理 page', () => {
  it('lists users with dictionary texts and departments; queries like by account', async () => {
    grant('system:user:add', 'system:user:edit');
    api.handle('GET', '/sys/user/list', () => ({ body: envelope({ records: USERS, total: 2, size: 10, current: 1, pages: 1 }) }));
    render(<UserListPage />);
    expect(await screen.findByText('张三')).toBeInTheDocument();
    for (const text of ['男', '女', '正常', '冻结', '研发部', '财务部', '1-2 共 2 条']) expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByText('回收站')).not.toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('请输入账号'), { target: { value: 'zhang' } });
    fireEvent.click(screen.getByText(/^查\s*询$/));
    await waitFor(() => expect(api.seen.filter((s) => s.path === '/sys/user/list').at(-1)!.query.get('username')).toBe('*zhang*'));
  });

  it('回收站 lists deleted users and 还原 restores one, reloading the list', async () => {
    grant('system:user:recycleBin');
    let deleted = [{ id: 'u9', username: 'wangwu', realname: '王五', sex: 1, sex_dictText: '男', orgCodeTxt: '' }];
    api.handle('GET', '/sys/user/list', () => ({ body: envelope({ records: USERS, total: 2, size: 10, current: 1, pages: 1 }) }));
    api.handle('GET', '/sys/user/recycleBinList', () => ({ body: envelope(deleted) }));
    api.handle('PUT', '/sys/user/putRecycleBin', (req) => {
      const ids = String((req.body as { userIds: string }).userIds).split(',');
      deleted = deleted.filter((u) => !ids.includes(u.id));
      return { body: envelope(null, '还原成功') };
    });
    render(<UserListPage />);
    await screen.findByText('张三');
    fireEvent.click(screen.getByText('回收站'));
    expect(await screen.findByText('王五')).toBeInTheDocument();
    fireEvent.click(screen.getByText('还原'));
    expect(await screen.findByText('还原成功')).toBeInTheDocument();
    expect(api.seen.find((s) => s.path === '/sys/user/putRecycleBin')!.body).toEqual({ userIds: 'u9' });
    await waitFor(() => expect(screen.queryByText('王五')).not.toBeInTheDocument());
    await waitFor(() => expect(api.seen.filter((s) => s.path === '/sys/user/list')).toHaveLength(2));
  }, 60_000);

  it('编辑 shows the avatar and saves the newly uploaded one', async () => {
    grant('system:user:edit', 'system:user:grantRole');
    const withAvatar = [{ ...USERS[0], avatar: 'avatar/old_1700000000000abcdefabcdefabcdef.png' }, USERS[1]];
    api.handle('GET', '/sys/user/list', () => ({ body: envelope({ records: withAvatar, total: 2, size: 10, current: 1, pages: 1 }) }));
    api.handle('GET', '/sys/user/queryUserRole', () => ({ body: envelope([]) }));
    api.handle('GET', '/sys/role/queryall', () => ({ body: envelope([]) }));
    api.handle('GET', '/sys/sysDepart/queryTreeList', () => ({ body: envelope([]) }));
    api.handle('GET', '/sys/user/userDepartList', () => ({ body: envelope([]) }));
    api.handle('POST', '/sys/common/upload', () => ({ body: envelope(null, 'avatar/new_1700000000001abcdefabcdefabcdef.png') }));
    api.handle('PUT', '/sys/user/edit', () => ({ body: envelope(null, '编辑成功！') }));
    api.handle('GET', '/sys/user/checkOnlyUser', () => ({ body: envelope(null, '该值可用！') }));
    render(<UserListPage />);
    await screen.findByText('张三');
    fireEvent.click(screen.getAllByText('编辑')[0]);
    const img = await waitFor(() => {
      const el = document.querySelector('.ant-modal .ant-upload-list img');
      expect(el).not.toBeNull();
      return el as HTMLImageElement;
    });
    expect(img.getAttribute('src')).toMatch(/\/sys\/common\/view\/avatar\/old_/);
    // one avatar only: remove the old one, then upload another
    fireEvent.click(document.querySelector('.ant-modal .ant-upload-list-item-actions button[title], .ant-modal .anticon-delete')!.closest('button') ?? document.querySelector('.ant-modal .anticon-delete')!);
    await waitFor(() => expect(document.querySelector('.ant-modal .ant-upload-list img')).toBeNull());
    const input = document.querySelector('.ant-modal input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'new.png', { type: 'image/png' })] } });
    await waitFor(() => expect(api.seen.some((s) => s.path === '/sys/common/upload')).toBe(true));
    await waitFor(() => expect(document.querySelector('.ant-modal .ant-upload-list-item-done img, .ant-modal .ant-upload-list-item img')).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.seen.find((s) => s.path === '/sys/user/edit')).toBeDefined());
    expect((api.seen.find((s) => s.path === '/sys/user/edit')!.body as { avatar: string }).avatar).toBe('avatar/new_1700000000001abcdefabcdefabcdef.png');
  }, 60_000);

  it('编辑 without the grant right shows no role field, asks for no roles and sends none', async () => {
    grant('system:user:edit');
    api.handle('GET', '/sys/user/list', () => ({ body: envelope({ records: USERS, total: 2, size: 10, current: 1, pages: 1 }) }));
    api.handle('GET', '/sys/sysDepart/queryTreeList', () => ({ body: envelope([]) }));
    api.handle('GET', '/sys/user/userDepartList', () => ({ body: envelope([]) }));
    api.handle('PUT', '/sys/user/edit', () => ({ body: envelope(null, '编辑成功！') }));
    api.handle('GET', '/sys/user/checkOnlyUser', () => ({ body: envelope(null, '该值可用！') }));
    render(<UserListPage />);
    await screen.findByText('张三');
    fireEvent.click(screen.getAllByText('编辑')[0]);
    // the dialog opens once the user's departments are known
    await within(await screen.findByRole('dialog')).findByText('用户名字');
    expect(screen.queryByText('角色分配')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.seen.find((s) => s.path === '/sys/user/edit')).toBeDefined());
    expect(api.seen.find((s) => s.path === '/sys/user/edit')!.body).not.toHaveProperty('selectedroles');
    expect(api.seen.some((s) => s.path === '/sys/role/queryall' || s.path === '/sys/user/queryUserRole')).toBe(false);
  }, 60_000);
});
