// 角色管理: the list page (query, add/edit, delete, batch delete, import, export) plus 授权.
import { useState } from 'react';
import { editDeleteActions, ListPage, QueryInput, RowActions, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { RoleAuthorizeDrawer } from './RoleAuthorizeDrawer';
import { RoleFormModal } from './RoleFormModal';
import type { Role } from './types';
import { t } from '../../../lib/i18n';

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
  const [editing, setEditing] = useState<Partial<Role> | undefined>(undefined);
  const [authorizing, setAuthorizing] = useState<Role | undefined>(undefined);

  const columns = useListColumns<Role>([
    { title: t('角色名称'), dataIndex: 'roleName', sorter: true, render: (v: string) => t(v, undefined, 'role') },
    { title: t('角色编码'), dataIndex: 'roleCode', sorter: true },
    { title: t('描述'), dataIndex: 'description', ellipsis: true, render: (v: string | null) => (v ? t(v) : v) },
    { title: t('创建时间'), dataIndex: 'createTime', sorter: true, width: 180 },
    {
      title: t('操作'),
      key: 'action',
      width: 180,
      render: (_v, role) => {
        const [edit, remove] = editDeleteActions(PERM, { onEdit: () => setEditing(role), onDelete: () => list.remove(role.id) });
        return <RowActions actions={[edit, { key: 'authorize', label: t('授权'), permission: `${PERM}:authorize`, onClick: () => setAuthorizing(role) }, remove]} />;
      },
    },
  ] satisfies ListColumn<Role>[]);

  return (
    <>
      <ListPage<Role>
        list={list}
        columns={columns}
        permission={PERM}
        onAdd={() => setEditing({})}
        exportName={t('角色表')}
        query={
          <>
            <QueryInput label={t('角色名称')} name="roleName" />
            <QueryInput label={t('角色编码')} name="roleCode" />
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
