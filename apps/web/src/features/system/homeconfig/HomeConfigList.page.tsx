// 首页配置: which page a role, a user or everyone opens after signing in (the original client reads it as
// its home page); query by code, add/edit, delete.
import { useState } from 'react';
import { Tag } from 'antd';
import { editDeleteActions, ListPage, QueryInput, RowActions, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { HomeConfigFormModal } from './HomeConfigFormModal';
import { t } from '../../../lib/i18n';
import { HOME_CONFIG_API, PERM, type HomeConfig } from './homeConfigApi';

export default function HomeConfigListPage() {
  const list = useListPage<HomeConfig>({ api: HOME_CONFIG_API, queryRules: { roleCode: 'like' } });
  const [editing, setEditing] = useState<Partial<HomeConfig> | undefined>();

  const columns = useListColumns<HomeConfig>([
    { title: '关联类型', dataIndex: 'relationType', dict: true, width: 100 },
    { title: '角色/用户编码', dataIndex: 'roleCode' },
    { title: '首页路由', dataIndex: 'url' },
    { title: '组件地址', dataIndex: 'component' },
    { title: '优先级', dataIndex: 'priority', sorter: true, width: 90 },
    { title: '状态', dataIndex: 'status', width: 80, render: (s?: string) => (s === '1' ? <Tag color="green">{t('开启')}</Tag> : <Tag>{t('关闭', undefined, 'status')}</Tag>) },
    {
      title: '操作',
      key: 'action',
      width: 130,
      render: (_v, row) => <RowActions actions={editDeleteActions(PERM, { onEdit: () => setEditing(row), onDelete: () => list.remove(row.id) })} />,
    },
  ] satisfies ListColumn<HomeConfig>[]);

  return (
    <>
      <ListPage<HomeConfig> list={list} columns={columns} permission={PERM} onAdd={() => setEditing({})} query={<QueryInput label={t('角色/用户编码')} name="roleCode" />} />
      <HomeConfigFormModal record={editing} onClose={() => setEditing(undefined)} onSaved={() => void list.reload()} />
    </>
  );
}
