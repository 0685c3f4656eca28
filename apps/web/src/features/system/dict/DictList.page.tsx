// 数据字典: dictionaries with query by name and code, add/edit (code checked for duplicates), delete,
// 字典配置 (the items drawer) and 刷新缓存 (the server's and this browser's dictionary cache).
import { useState } from 'react';
import { SyncOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { editDeleteActions, ListPage, QueryInput, RowActions, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { refreshDictCache } from '../../../lib/dict';
import { DICT_API, DICT_FIELDS, type Dict } from './dictApi';
import { DictFormModal } from './DictFormModal';
import { DictItemsDrawer } from './DictItemsDrawer';
import { t } from '../../../lib/i18n';

const PERM = 'system:dict';

export default function DictListPage() {
  const list = useListPage<Dict>({ api: DICT_API, queryRules: { dictName: 'like', dictCode: 'like' } });
  const [editing, setEditing] = useState<Partial<Dict> | undefined>();
  const [configuring, setConfiguring] = useState<Dict | undefined>();
  const [refreshing, setRefreshing] = useState(false);

  const columns = useListColumns<Dict>([
    { title: t('字典名称'), dataIndex: 'dictName', sorter: true },
    { title: t('字典编号'), dataIndex: 'dictCode', sorter: true },
    { title: t('描述'), dataIndex: 'description' },
    {
      title: t('操作'),
      key: 'action',
      width: 200,
      render: (_v, row) => {
        const [edit, remove] = editDeleteActions(PERM, { onEdit: () => setEditing(row), onDelete: () => list.remove(row.id) });
        return <RowActions actions={[edit, { key: 'items', label: t('字典配置'), onClick: () => setConfiguring(row) }, remove]} />;
      },
    },
  ] satisfies ListColumn<Dict>[]);

  const refresh = async () => {
    setRefreshing(true);
    await refreshDictCache();
    setRefreshing(false);
  };

  return (
    <>
      <ListPage<Dict>
        list={list}
        columns={columns}
        permission={PERM}
        onAdd={() => setEditing({})}
        exportName={t('数据字典')}
        superQuery={{ fields: DICT_FIELDS }}
        toolbar={
          <Button icon={<SyncOutlined />} loading={refreshing} onClick={() => void refresh()}>
            {t('刷新缓存')}
          </Button>
        }
        query={
          <>
            <QueryInput label={t('字典名称')} name="dictName" />
            <QueryInput label={t('字典编号')} name="dictCode" />
          </>
        }
      />
      <DictFormModal record={editing} onClose={() => setEditing(undefined)} onSaved={() => void list.reload()} />
      <DictItemsDrawer dict={configuring} onClose={() => setConfiguring(undefined)} />
    </>
  );
}
