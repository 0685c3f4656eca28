// 职务管理: the model list page — query, add/edit, delete, batch delete, import, export, advanced query.
import { useState } from 'react';
import { editDeleteActions, ListPage, QueryInput, RowActions, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { POSITION_API, POSITION_FIELDS, type Position } from './positionApi';
import { PositionFormModal } from './PositionFormModal';
import { t } from '../../../lib/i18n';

const PERM = 'system:position';

export default function PositionListPage() {
  const list = useListPage<Position>({ api: POSITION_API, queryRules: { name: 'like', code: 'like' } });
  const [editing, setEditing] = useState<Partial<Position> | undefined>();

  const columns = useListColumns<Position>([
    { title: '职务编码', dataIndex: 'code', sorter: true },
    { title: '职务名称', dataIndex: 'name', sorter: true },
    { title: '职级', dataIndex: 'postRank', dict: true, sorter: true },
    {
      title: '操作',
      key: 'action',
      width: 150,
      render: (_v, row) => <RowActions actions={editDeleteActions(PERM, { onEdit: () => setEditing(row), onDelete: () => list.remove(row.id) })} />,
    },
  ] satisfies ListColumn<Position>[]);

  return (
    <>
      <ListPage<Position>
        list={list}
        columns={columns}
        permission={PERM}
        onAdd={() => setEditing({})}
        exportName={t('职务表')}
        superQuery={{ fields: POSITION_FIELDS }}
        query={
          <>
            <QueryInput label={t('职务编码')} name="code" />
            <QueryInput label={t('职务名称')} name="name" />
          </>
        }
      />
      <PositionFormModal record={editing} onClose={() => setEditing(undefined)} onSaved={() => void list.reload()} />
    </>
  );
}
