import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { grantButtons as grant } from '../../../components/tree/testing';
import { envelope, usePageApiServer } from '../../../lib/testing/apiServer';
import UserGroupListPage from './UserGroupList.page';

configure({ asyncUtilTimeout: 5000 });
const api = usePageApiServer();

const page = (records: object[]) => envelope({ records, total: records.length, size: 10, current: 1, pages: 1 });

describe('用户组 page', () => {
  it('lists groups, opens a group’s members and moves one out', async () => {
    grant(['system:sys_ugroup:list', 'system:sys_ugroup:edit']);
    let members = [
      { id: 'u1', username: 'zhang', realname: '张三', status_dictText: '正常' },
      { id: 'u2', username: 'li', realname: '李四', status_dictText: '正常' },
    ];
    api.handle('GET', '/sys/ugroup/list', () => ({ body: page([{ id: 'g1', groupName: '安全员', description: '各班安全员', createTime: '2026-11-24 10:00:00' }]) }));
    api.handle('GET', '/sys/user/groupUserList', () => ({ body: page(members) }));
    api.handle('DELETE', '/sys/user/deleteUserGroupBatch', (req) => {
      const ids = String(req.query.get('userIds')).split(',');
      members = members.filter((m) => !ids.includes(m.id));
      return { body: envelope(null, '删除成功!') };
    });
    render(<UserGroupListPage />);
    expect(await screen.findByText('安全员')).toBeInTheDocument();
    fireEvent.click(screen.getByText('成员'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('张三')).toBeInTheDocument();
    expect(api.seen.find((s) => s.path === '/sys/user/groupUserList')!.query.get('groupId')).toBe('g1');
    fireEvent.click(within(drawer).getAllByText('移出')[0]);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(within(drawer).queryByText('张三')).not.toBeInTheDocument());
    const removal = api.seen.find((s) => s.path === '/sys/user/deleteUserGroupBatch')!;
    expect([removal.query.get('groupId'), removal.query.get('userIds')]).toEqual(['g1', 'u1']);
  }, 60_000);

  it('without the edit right shows members but no way to change them', async () => {
    grant(['system:sys_ugroup:list']);
    api.handle('GET', '/sys/ugroup/list', () => ({ body: page([{ id: 'g1', groupName: '安全员' }]) }));
    api.handle('GET', '/sys/user/groupUserList', () => ({ body: page([{ id: 'u1', username: 'zhang', realname: '张三' }]) }));
    render(<UserGroupListPage />);
    fireEvent.click(await screen.findByText('成员'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('张三')).toBeInTheDocument();
    expect(within(drawer).queryByText('移出')).not.toBeInTheDocument();
    expect(within(drawer).queryByText('添加已有用户')).not.toBeInTheDocument();
    expect(screen.queryByText('编辑')).not.toBeInTheDocument();
  }, 60_000);
});
