// 角色管理: the list page (query, add/edit, delete, batch delete, import, export) plus 授权.
import { useState } from 'react';
import { Divider, Form, Input, Popconfirm } from 'antd';
import { ListPage, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { usePermission } from '../../../lib/permission';
import { RoleAuthorizeDrawer } from './RoleAuthorizeDrawer';
import { RoleFormModal } from './RoleFormModal';
import type { Role } from './types';

const PERM = 'system:role';
const ROLE_API = {
  list: '/sys/role/list',
  delete: '/sys/role/delete',
  deleteBatch: '/sys/role/deleteBatch',
  exportXls: '/sys/role/exportXls',
  importExcel: '/sys/role/importExcel',
};

export default function RoleListPage() {
  const list = useListPage<Role>({ api: ROLE_API, queryRules: { roleName: 'like', roleCode: 'like' } });
  const { has } = usePermission();
  const [editing, setEditing] = useState<Partial<Role> | undefined>(undefined);
  const [authorizing, setAuthorizing] = useState<Role | undefined>(undefined);

  const columns = useListColumns<Role>([
    { title: '角色名称', dataIndex: 'roleName', sorter: true },
    { title: '角色编码', dataIndex: 'roleCode', sorter: true },
    { title: '描述', dataIndex: 'description', ellipsis: true },
    { title: '创建时间', dataIndex: 'createTime', sorter: true, width: 180 },
    {
      title: '操作',
      key: 'action',
      width: 180,
      render: (_v, role) => (
        <>
          {has(`${PERM}:edit`) && <a onClick={() => setEditing(role)}>编辑</a>}
          {has(`${PERM}:authorize`) && (
            <>
              <Divider type="vertical" />
              <a onClick={() => setAuthorizing(role)}>授权</a>
            </>
          )}
          {has(`${PERM}:delete`) && (
            <>
              <Divider type="vertical" />
              <Popconfirm title="确定删除吗?" onConfirm={() => list.remove(role.id)}>
                <a>删除</a>
              </Popconfirm>
            </>
          )}
        </>
      ),
    },
  ] satisfies ListColumn<Role>[]);

  return (
    <>
      <ListPage<Role>
        list={list}
        columns={columns}
        permission={PERM}
        onAdd={() => setEditing({})}
        exportName="角色表"
        query={
          <>
            <Form.Item label="角色名称" name="roleName">
              <Input placeholder="请输入角色名称" allowClear />
            </Form.Item>
            <Form.Item label="角色编码" name="roleCode">
              <Input placeholder="请输入角色编码" allowClear />
            </Form.Item>
          </>
        }
      />
      {editing && (
        <RoleFormModal
          role={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void list.reload();
          }}
        />
      )}
      <RoleAuthorizeDrawer role={authorizing} onClose={() => setAuthorizing(undefined)} />
    </>
  );
}
