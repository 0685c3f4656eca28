// 用户管理: query by account, name, sex and status; add/edit, details, password, freeze, delete,
// batch freeze, recycle bin, import, export, advanced query.
import { useState } from 'react';
import { DeleteOutlined, DownOutlined } from '@ant-design/icons';
import { Avatar, Button, Divider, Dropdown, Form, Table, Tag, Typography, type MenuProps } from 'antd';
import { DictSelect, ListPage, QueryInput, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { message, Modal } from '../../../lib/antd/static';
import { http } from '../../../lib/http';
import { usePermission } from '../../../lib/permission';
import { RecycleBinModal } from './RecycleBinModal';
import { UserDetails } from './UserDetails';
import { UserFormModal } from './UserFormModal';
import { UserPasswordModal } from './UserPasswordModal';
import { avatarUrl, USER_API, USER_FIELDS, USER_PERM, type User } from './userApi';
import { t } from '../../../lib/i18n';

const FROZEN = 2;
const NORMAL = 1;

export default function UserListPage() {
  const list = useListPage<User>({ api: USER_API, queryRules: { username: 'like', realname: 'like' } });
  const { has } = usePermission();
  const can = (action: string) => has(`${USER_PERM}:${action}`);
  const [editing, setEditing] = useState<Partial<User> | undefined>();
  const [viewing, setViewing] = useState<User | undefined>();
  const [passwordFor, setPasswordFor] = useState<string | undefined>();
  const [recycleOpen, setRecycleOpen] = useState(false);

  const freeze = (ids: string[], status: number) => {
    const word = status === FROZEN ? t('冻结', undefined, 'action') : t('解冻');
    Modal.confirm({
      title: t('确认{action}', { action: word }),
      content: t('是否{action}选中账号?', { action: word }),
      okText: t('确定'),
      cancelText: t('取消'),
      onOk: async () => {
        try {
          const res = await http.raw.put('/sys/user/frozenBatch', { ids: ids.join(','), status });
          void message.success(res.message || t('操作成功!'));
          await list.reload();
        } catch {
          /* notice shown */
        }
      },
    });
  };

  // 重置密码: each selected user gets a new random password, shown here once for the administrator to hand over
  const batchResetPassword = () => {
    const rows = (list.dataSource as User[]).filter((u) => list.selectedRowKeys.includes(u.id));
    if (!rows.length) return void message.warning(t('请选择一条记录！'));
    Modal.confirm({
      title: t('重置密码'),
      content: t('将为选中的{n}个用户生成新的随机密码，并让他们在所有设备上退出登录，是否继续?', { n: rows.length }),
      okText: t('确定'),
      cancelText: t('取消'),
      onOk: async () => {
        try {
          const given = await http.put<Array<{ username: string; password: string }>>(`/sys/user/resetPassword?usernames=${encodeURIComponent(rows.map((r) => r.username).join(','))}`);
          Modal.info({
            title: t('新密码（只显示这一次）'),
            width: 480,
            content: (
              <Table
                size="small"
                rowKey="username"
                pagination={false}
                dataSource={given}
                columns={[
                  { title: t('用户账号'), dataIndex: 'username' },
                  { title: t('新密码'), dataIndex: 'password', render: (p: string) => <Typography.Text copyable code>{p}</Typography.Text> },
                ]}
              />
            ),
          });
        } catch {
          /* notice shown */
        }
      },
    });
  };

  const batchFreeze = (status: number) => () => {
    if (!list.selectedRowKeys.length) return void message.warning(t('请选择一条记录！'));
    freeze(list.selectedRowKeys.map(String), status);
  };

  const moreItems = (row: User): MenuProps['items'] => [
    { key: 'detail', label: t('详情'), onClick: () => setViewing(row) },
    ...(can('changePassword') ? [{ key: 'password', label: t('修改密码'), onClick: () => setPasswordFor(row.username) }] : []),
    ...(can('frozen') && Number(row.status) === NORMAL ? [{ key: 'freeze', label: t('冻结', undefined, 'action'), onClick: () => freeze([row.id], FROZEN) }] : []),
    ...(can('frozen') && Number(row.status) === FROZEN ? [{ key: 'unfreeze', label: t('解冻'), onClick: () => freeze([row.id], NORMAL) }] : []),
    ...(can('delete')
      ? [
          {
            key: 'delete',
            label: t('删除'),
            onClick: () =>
              Modal.confirm({ title: t('确认删除'), content: t('确定删除吗?'), okText: t('确定'), cancelText: t('取消'), onOk: () => void list.remove(row.id) }),
          },
        ]
      : []),
  ];

  const columns = useListColumns<User>([
    { title: t('用户账号'), dataIndex: 'username', width: 120, sorter: true },
    { title: t('用户姓名'), dataIndex: 'realname', width: 100 },
    {
      title: t('头像'),
      dataIndex: 'avatar',
      width: 80,
      render: (v: string | null) => (v ? <Avatar shape="square" src={avatarUrl(v)} /> : t('无图片')),
    },
    { title: t('性别'), dataIndex: 'sex', dict: true, width: 80, sorter: true },
    { title: t('生日'), dataIndex: 'birthday', width: 100 },
    { title: t('手机号码'), dataIndex: 'phone', width: 110 },
    { title: t('部门'), dataIndex: 'orgCodeTxt', width: 180 },
    {
      title: t('状态'),
      dataIndex: 'status',
      width: 80,
      render: (_v, row) => <Tag color={Number(row.status) === FROZEN ? 'red' : 'green'}>{t(row.status_dictText ?? (Number(row.status) === FROZEN ? '冻结' : '正常'))}</Tag>,
    },
    {
      title: t('操作'),
      key: 'action',
      width: 150,
      fixed: 'right',
      render: (_v, row) => (
        <>
          {can('edit') && (
            <>
              <a onClick={() => setEditing(row)}>{t('编辑')}</a>
              <Divider type="vertical" />
            </>
          )}
          <Dropdown menu={{ items: moreItems(row) }}>
            <a>
              {t('更多')} <DownOutlined />
            </a>
          </Dropdown>
        </>
      ),
    },
  ] satisfies ListColumn<User>[]);

  return (
    <>
      <ListPage<User>
        list={list}
        columns={columns}
        permission={USER_PERM}
        onAdd={() => setEditing({})}
        exportName={t('用户信息')}
        superQuery={{ fields: USER_FIELDS }}
        batchActions={[
          ...(can('frozen')
            ? [
                { key: 'freeze', label: t('冻结', undefined, 'action'), onClick: batchFreeze(FROZEN) },
                { key: 'unfreeze', label: t('解冻'), onClick: batchFreeze(NORMAL) },
              ]
            : []),
          ...(can('resetPassword') ? [{ key: 'resetPassword', label: t('重置密码'), onClick: batchResetPassword }] : []),
        ]}
        toolbar={
          can('recycleBin') && (
            <Button icon={<DeleteOutlined />} onClick={() => setRecycleOpen(true)}>
              {t('回收站')}
            </Button>
          )
        }
        query={
          <>
            <QueryInput label={t('账号')} name="username" />
            <QueryInput label={t('名字')} name="realname" />
            <Form.Item label={t('性别')} name="sex">
              <DictSelect dictCode="sex" placeholder={t('请选择性别')} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item label={t('用户状态')} name="status">
              <DictSelect dictCode="user_status" placeholder={t('请选择状态')} style={{ width: 120 }} />
            </Form.Item>
          </>
        }
      />
      <UserFormModal record={editing} onClose={() => setEditing(undefined)} onSaved={() => void list.reload()} />
      <UserDetails user={viewing} onClose={() => setViewing(undefined)} />
      <UserPasswordModal username={passwordFor} onClose={() => setPasswordFor(undefined)} />
      <RecycleBinModal open={recycleOpen} onClose={() => setRecycleOpen(false)} onRestored={() => void list.reload()} />
    </>
  );
}
