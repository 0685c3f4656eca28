// The members of one user group: listed by account and name, added through the user picker (the
// caller's tenant's users), removed one by one or in a batch.
import { useState } from 'react';
import { Button, Drawer, message } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ListPage, QueryInput, RowActions, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { UserPickerModal } from '../../../components/pickers';
import { http } from '../../../lib/http';
import { usePermission } from '../../../lib/permission';
import { t } from '../../../lib/i18n';
import { GROUP_MEMBER_API, PERM, type GroupMember, type UserGroup } from './userGroupApi';

export function GroupMembersDrawer({ group, onClose }: { group: UserGroup | undefined; onClose: () => void }) {
  return (
    <Drawer title={group ? t('用户组成员 - {name}', { name: group.groupName }) : t('用户组成员')} open={!!group} width={760} onClose={onClose} destroyOnHidden>
      {group && <GroupMembers key={group.id} group={group} />}
    </Drawer>
  );
}

function GroupMembers({ group }: { group: UserGroup }) {
  const list = useListPage<GroupMember>({ api: { list: GROUP_MEMBER_API.list }, defaultParams: { groupId: group.id }, queryRules: { username: 'like', realname: 'like' } });
  const [picking, setPicking] = useState(false);
  const canEdit = usePermission().has(`${PERM}:edit`);

  const run = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      void message.success(t(done));
      await list.reload();
    } catch {
      /* the client showed the notice */
    }
  };
  const remove = (userIds: string[]) => run(() => http.delete(GROUP_MEMBER_API.remove, { groupId: group.id, userIds: userIds.join(',') }), '已移出用户组');

  const columns = useListColumns<GroupMember>([
    { title: '用户账号', dataIndex: 'username' },
    { title: '用户姓名', dataIndex: 'realname' },
    { title: '状态', dataIndex: 'status_dictText', width: 90, render: (v?: string) => (v ? t(v) : v) },
    {
      title: '操作',
      key: 'action',
      width: 100,
      render: (_v, row) => <RowActions actions={[{ key: 'remove', label: t('移出'), permission: `${PERM}:edit`, confirm: t('确定把该用户移出用户组吗?'), onClick: () => void remove([row.id]) }]} />,
    },
  ] satisfies ListColumn<GroupMember>[]);

  return (
    <>
      <ListPage<GroupMember>
        list={list}
        columns={columns}
        selectable={canEdit}
        toolbar={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
              {t('添加已有用户')}
            </Button>
          )
        }
        batchActions={canEdit ? [{ key: 'remove', label: t('移出用户组'), onClick: () => void remove(list.selectedRows.map((r) => r.id)) }] : []}
        query={
          <>
            <QueryInput label={t('用户账号')} name="username" />
            <QueryInput label={t('用户姓名')} name="realname" />
          </>
        }
      />
      <UserPickerModal
        open={picking}
        store="id"
        title={t('添加已有用户')}
        onCancel={() => setPicking(false)}
        onOk={(rows) => {
          setPicking(false);
          if (rows.length) void run(() => http.post(GROUP_MEMBER_API.add, { groupId: group.id, userIdList: rows.map((r) => String(r.id)) }), '添加成功!');
        }}
      />
    </>
  );
}
