// 在线用户: the sessions signed in now, and 强退 (force logout) — the original's /sys/online calls.
// A row is a session (the same user may be signed in twice); its key is the session id, never a token.
import { Tooltip } from 'antd';
import { ListPage, QueryInput, RowActions, Thumbnail, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { message } from '../../../lib/antd/static';
import { http } from '../../../lib/http';
import { t } from '../../../lib/i18n';

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
    void message.success(t('强制退出用户“{n}”成功！', { n: row.realname || row.username }));
    await list.reload();
  }

  const columns = useListColumns<OnlineSession>([
    { title: t('用户账号'), dataIndex: 'username', render: (v: string, row) => (row.current ? t('{v}（我）', { v }) : v) },
    { title: t('用户姓名'), dataIndex: 'realname' },
    { title: t('头像'), dataIndex: 'avatar', width: 80, render: (v: string | null) => <Thumbnail paths={v} size={32} /> },
    { title: t('登录时间'), dataIndex: 'loginTime', width: 170 },
    { title: t('登录 IP'), dataIndex: 'ip', width: 140 },
    {
      title: t('浏览器'),
      dataIndex: 'userAgent',
      ellipsis: true,
      render: (v: string | null) => (v ? <Tooltip title={v}>{v}</Tooltip> : '—'),
    },
    {
      title: t('操作'),
      key: 'action',
      width: 100,
      render: (_v, row) => (
        <RowActions actions={[{ key: 'force', label: t('强退'), permission: FORCE_LOGOUT, confirm: t('强制退出用户？'), onClick: () => void forceLogout(row).catch(() => {}) }]} />
      ),
    },
  ] satisfies ListColumn<OnlineSession>[]);

  return <ListPage<OnlineSession> list={list} columns={columns} selectable={false} query={<QueryInput label={t('用户账号')} name="username" />} />;
}
