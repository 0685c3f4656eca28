import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
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
});
