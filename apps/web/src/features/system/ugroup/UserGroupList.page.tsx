// 用户组: named sets of the tenant's users — query, add/edit, delete, import, export, and the members drawer.
import { useState } from 'react';
import { editDeleteActions, ListPage, QueryInput, RowActions, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { GroupMembersDrawer } from './GroupMembersDrawer';
import { t } from '../../../lib/i18n';
import { UserGroupFormModal } from './UserGroupFormModal';
import { PERM, USER_GROUP_API, USER_GROUP_FIELDS, type UserGroup } from './userGroupApi';

export default function UserGroupListPage() {
  const list = useListPage<UserGroup>({ api: USER_GROUP_API, queryRules: { groupName: 'like' } });
  const [editing, setEditing] = useState<Partial<UserGroup> | undefined>();
  const [members, setMembers] = useState<UserGroup | undefined>();

  const columns = useListColumns<UserGroup>([
    { title: '用户组名称', dataIndex: 'groupName', sorter: true },
    { title: '描述', dataIndex: 'description' },
    { title: '创建时间', dataIndex: 'createTime', sorter: true, width: 180 },
    {
      title: '操作',
      key: 'action',
      width: 190,
      render: (_v, row) => (
        <RowActions
          actions={[
            { key: 'members', label: t('成员'), permission: `${PERM}:list`, onClick: () => setMembers(row) },
            ...editDeleteActions(PERM, { onEdit: () => setEditing(row), onDelete: () => list.remove(row.id) }),
          ]}
        />
      ),
    },
  ] satisfies ListColumn<UserGroup>[]);

  return (
    <>
      <ListPage<UserGroup>
        list={list}
        columns={columns}
        permission={PERM}
        onAdd={() => setEditing({})}
        exportName={t('用户组')}
        superQuery={{ fields: USER_GROUP_FIELDS }}
        query={<QueryInput label={t('用户组名称')} name="groupName" />}
      />
      <UserGroupFormModal record={editing} onClose={() => setEditing(undefined)} onSaved={() => void list.reload()} />
      <GroupMembersDrawer group={members} onClose={() => setMembers(undefined)} />
    </>
  );
}
