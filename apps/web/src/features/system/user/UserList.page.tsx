// 用户管理: query by account, name, sex and status; add/edit, details, password, freeze, delete,
// batch freeze, recycle bin, import, export, advanced query.
import { useState } from 'react';
import { DeleteOutlined, DownOutlined } from '@ant-design/icons';
import { Avatar, Button, Divider, Dropdown, Form, Tag, type MenuProps } from 'antd';
import { DictSelect, ListPage, QueryInput, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { message, Modal } from '../../../lib/antdStatic';
import { http } from '../../../lib/http';
import { usePermission } from '../../../lib/permission';
import { RecycleBinModal } from './RecycleBinModal';
import { UserDetails } from './UserDetails';
import { UserFormModal } from './UserFormModal';
import { UserPasswordModal } from './UserPasswordModal';
import { avatarUrl, USER_API, USER_FIELDS, USER_PERM, type User } from './userApi';

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
    const word = status === FROZEN ? '冻结' : '解冻';
    Modal.confirm({
      title: `确认${word}`,
      content: `是否${word}选中账号?`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          const res = await http.raw.put('/sys/user/frozenBatch', { ids: ids.join(','), status });
          void message.success(res.message || '操作成功!');
          await list.reload();
        } catch {
          /* notice shown */
        }
      },
    });
  };

  const batchFreeze = (status: number) => () => {
    if (!list.selectedRowKeys.length) return void message.warning('请选择一条记录！');
    freeze(list.selectedRowKeys.map(String), status);
  };

  const moreItems = (row: User): MenuProps['items'] => [
    { key: 'detail', label: '详情', onClick: () => setViewing(row) },
    ...(can('changePassword') ? [{ key: 'password', label: '修改密码', onClick: () => setPasswordFor(row.username) }] : []),
    ...(can('frozen') && Number(row.status) === NORMAL ? [{ key: 'freeze', label: '冻结', onClick: () => freeze([row.id], FROZEN) }] : []),
    ...(can('frozen') && Number(row.status) === FROZEN ? [{ key: 'unfreeze', label: '解冻', onClick: () => freeze([row.id], NORMAL) }] : []),
    ...(can('delete')
      ? [
          {
            key: 'delete',
            label: '删除',
            onClick: () =>
              Modal.confirm({ title: '确认删除', content: '确定删除吗?', okText: '确定', cancelText: '取消', onOk: () => void list.remove(row.id) }),
          },
        ]
      : []),
  ];

  const columns = useListColumns<User>([
    { title: '用户账号', dataIndex: 'username', width: 120, sorter: true },
    { title: '用户姓名', dataIndex: 'realname', width: 100 },
    {
      title: '头像',
      dataIndex: 'avatar',
      width: 80,
      render: (v: string | null) => (v ? <Avatar shape="square" src={avatarUrl(v)} /> : '无图片'),
    },
    { title: '性别', dataIndex: 'sex', dict: true, width: 80, sorter: true },
    { title: '生日', dataIndex: 'birthday', width: 100 },
    { title: '手机号码', dataIndex: 'phone', width: 110 },
    { title: '部门', dataIndex: 'orgCodeTxt', width: 180 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (_v, row) => <Tag color={Number(row.status) === FROZEN ? 'red' : 'green'}>{row.status_dictText ?? (Number(row.status) === FROZEN ? '冻结' : '正常')}</Tag>,
    },
    {
      title: '操作',
      key: 'action',
      width: 150,
      fixed: 'right',
      render: (_v, row) => (
        <>
          {can('edit') && (
            <>
              <a onClick={() => setEditing(row)}>编辑</a>
              <Divider type="vertical" />
            </>
          )}
          <Dropdown menu={{ items: moreItems(row) }}>
            <a>
              更多 <DownOutlined />
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
        exportName="用户信息"
        superQuery={{ fields: USER_FIELDS }}
        batchActions={
          can('frozen')
            ? [
                { key: 'freeze', label: '冻结', onClick: batchFreeze(FROZEN) },
                { key: 'unfreeze', label: '解冻', onClick: batchFreeze(NORMAL) },
              ]
            : []
        }
        toolbar={
          can('recycleBin') && (
            <Button icon={<DeleteOutlined />} onClick={() => setRecycleOpen(true)}>
              回收站
            </Button>
          )
        }
        query={
          <>
            <QueryInput label="账号" name="username" />
            <QueryInput label="名字" name="realname" />
            <Form.Item label="性别" name="sex">
              <DictSelect dictCode="sex" placeholder="请选择性别" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item label="用户状态" name="status">
              <DictSelect dictCode="user_status" placeholder="请选择状态" style={{ width: 120 }} />
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
