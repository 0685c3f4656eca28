// 在线用户: the sessions signed in now, and 强退 (force logout) — the original's /sys/online calls.
// A row is a session (the same user may be signed in twice); its key is the session id, never a token.
import { Tooltip } from 'antd';
import { ListPage, QueryInput, RowActions, Thumbnail, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { message } from '../../../lib/antdStatic';
import { http } from '../../../lib/http';

export interface OnlineSession {
  token: string;
  username: string;
  realname: string | null;
  avatar: string | null;
  loginTime: string;
  expireTime: string;
  ip: string | null;
  userAgent: string | null;
  current: boolean;
}

export const ONLINE_API = { list: '/sys/online/list', forceLogout: '/sys/online/forceLogout' };
const FORCE_LOGOUT = 'system:online:forceLogout';

export default function OnlineUserListPage() {
  const list = useListPage<OnlineSession>({ api: { list: ONLINE_API.list }, rowKey: 'token' });

  async function forceLogout(row: OnlineSession) {
    await http.raw.post(ONLINE_API.forceLogout, { token: row.token });
    void message.success(`强制退出用户“${row.realname || row.username}”成功！`);
    await list.reload();
  }

  const columns = useListColumns<OnlineSession>([
    { title: '用户账号', dataIndex: 'username', render: (v: string, row) => (row.current ? `${v}（我）` : v) },
    { title: '用户姓名', dataIndex: 'realname' },
    { title: '头像', dataIndex: 'avatar', width: 80, render: (v: string | null) => <Thumbnail paths={v} size={32} /> },
    { title: '登录时间', dataIndex: 'loginTime', width: 170 },
    { title: '登录 IP', dataIndex: 'ip', width: 140 },
    {
      title: '浏览器',
      dataIndex: 'userAgent',
      ellipsis: true,
      render: (v: string | null) => (v ? <Tooltip title={v}>{v}</Tooltip> : '—'),
    },
    {
      title: '操作',
      key: 'action',
      width: 100,
      render: (_v, row) => (
        <RowActions actions={[{ key: 'force', label: '强退', permission: FORCE_LOGOUT, confirm: '强制退出用户？', onClick: () => void forceLogout(row).catch(() => {}) }]} />
      ),
    },
  ] satisfies ListColumn<OnlineSession>[]);

  return <ListPage<OnlineSession> list={list} columns={columns} selectable={false} query={<QueryInput label="用户账号" name="username" />} />;
}
