// 分类字典: a tree list — roots paged, a row's children loaded when it opens (childList), add a
// child under a row, edit, delete (the server refuses a node that still has children).
import { useCallback, useMemo, useState, type Key } from 'react';
import { Form, Input } from 'antd';
import { editDeleteActions, ListPage, RowActions, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { message } from '../../../lib/antd/static';
import { http } from '../../../lib/http';
import { t } from '../../../lib/i18n';
import { CATEGORY_API, hasChildren, loadChildren, ROOT_PID, type Category } from './categoryApi';
import { CategoryFormModal } from './CategoryFormModal';

const PERM = 'system:category';

export default function CategoryListPage() {
  const list = useListPage<Category>({ api: CATEGORY_API, queryRules: { name: 'like', code: 'like' } });
  const [childrenOf, setChildrenOf] = useState<Record<string, Category[]>>({});
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [editing, setEditing] = useState<{ record: Partial<Category>; parentName?: string } | undefined>();

  const fetchChildren = useCallback(async (pid: string) => {
    try {
      const rows = await loadChildren(pid);
      setChildrenOf((m) => ({ ...m, [pid]: rows }));
      return rows;
    } catch {
      return undefined; // the client showed the notice
    }
  }, []);

  // Loaded children hang under their rows; an unopened row with children gets [] so it can open.
  const dataSource = useMemo(() => {
    const attach = (rows: Category[]): Category[] =>
      rows.map((r) => {
        const loaded = childrenOf[r.id];
        if (loaded) return { ...r, children: loaded.length ? attach(loaded) : undefined };
        return hasChildren(r) ? { ...r, children: [] } : { ...r, children: undefined };
      });
    return attach(list.dataSource);
  }, [list.dataSource, childrenOf]);

  /** After a change under `pid`: reload that level (the roots or one node's children). */
  const reloadLevel = async (pid: string | undefined) => {
    if (!pid || pid === ROOT_PID) return list.reload();
    const rows = await fetchChildren(pid);
    if (rows?.length) setExpanded((keys) => (keys.includes(pid) ? keys : [...keys, pid]));
    await list.reload(); // the parent's hasChild may have changed
  };

  const remove = async (row: Category) => {
    try {
      const res = await http.raw.delete(CATEGORY_API.delete, { id: row.id });
      void message.success(res.message || t('删除成功!'));
      await reloadLevel(row.pid);
    } catch {
      /* the client showed the notice (e.g. 请先删除子节点) */
    }
  };

  const columns = useListColumns<Category>(
    [
      { title: '分类名称', dataIndex: 'name', align: 'left' },
      { title: '分类编码', dataIndex: 'code' },
      {
        title: '操作',
        key: 'action',
        width: 220,
        render: (_v, row) => {
          const [edit, del] = editDeleteActions(PERM, { onEdit: () => setEditing({ record: row }), onDelete: () => void remove(row) });
          const addChild = { key: 'addChild', label: t('添加下级'), permission: `${PERM}:add`, onClick: () => setEditing({ record: { pid: row.id }, parentName: row.name }) };
          return <RowActions actions={[edit, addChild, del]} />;
        },
      },
    ] satisfies ListColumn<Category>[],
    { rowNumber: false },
  );

  return (
    <>
      <ListPage<Category>
        list={{ ...list, dataSource }}
        columns={columns}
        permission={PERM}
        onAdd={() => setEditing({ record: { pid: ROOT_PID } })}
        exportName={t('分类字典')}
        tableProps={{
          expandable: {
            expandedRowKeys: expanded,
            onExpand: (open, row) => {
              setExpanded((keys) => (open ? [...keys, row.id] : keys.filter((k) => k !== row.id)));
              if (open && !childrenOf[row.id]) void fetchChildren(row.id);
            },
          },
        }}
        query={
          <>
            <Form.Item label={t('名称')} name="name">
              <Input placeholder={t('请输入分类名称')} allowClear />
            </Form.Item>
            <Form.Item label={t('编码')} name="code">
              <Input placeholder={t('请输入分类编码')} allowClear />
            </Form.Item>
          </>
        }
      />
      <CategoryFormModal
        record={editing?.record}
        parentName={editing?.parentName}
        onClose={() => setEditing(undefined)}
        onSaved={(saved) => void reloadLevel(saved.pid)}
      />
    </>
  );
}
