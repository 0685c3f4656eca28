// 字典配置: the items of one dictionary in a drawer — query by name and state, add, edit, delete,
// and switch an item on or off in place.
import { useState } from 'react';
import { Divider, Drawer, Form, Input, Popconfirm, Switch, Tag } from 'antd';
import { useCloseGuard } from '../../../components/dialogs';
import { DictSelect } from '../../../components/dict';
import { ListPage, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { message } from '../../../lib/antd/static';
import { http } from '../../../lib/http';
import { usePermission } from '../../../lib/permission';
import { DICT_ITEM_API, ITEM_STATUS, type Dict, type DictItem } from './dictApi';
import { DictItemFormModal } from './DictItemFormModal';
import { t, tWith } from '../../../lib/i18n';

const PERM = 'system:dictItem';

export function DictItemsDrawer({ dict, onClose }: { dict: Dict | undefined; onClose: () => void }) {
  // holds the item form: an Esc meant for it never closes the drawer under it
  const guard = useCloseGuard(onClose, { open: !!dict, readOnly: true });
  return (
    <Drawer title={dict ? tWith('字典列表 - {name}（{code}）', { name: <span key="name" data-stored>{dict.dictName}</span> }, { code: dict.dictCode }) : t('字典列表')} open={!!dict} width={760} onClose={guard.requestClose} rootClassName={guard.className} destroyOnHidden>
      {dict && <DictItems key={dict.id} dict={dict} />}
    </Drawer>
  );
}

function DictItems({ dict }: { dict: Dict }) {
  const list = useListPage<DictItem>({
    api: DICT_ITEM_API,
    defaultParams: { dictId: dict.id },
    defaultSort: { column: 'sortOrder', order: 'asc' },
    queryRules: { itemText: 'like' },
  });
  const { has } = usePermission();
  const [editing, setEditing] = useState<Partial<DictItem> | undefined>();
  const canEdit = has(`${PERM}:edit`);

  const setEnabled = async (row: DictItem, on: boolean) => {
    try {
      await http.put(DICT_ITEM_API.edit, { ...row, status: on ? 1 : 0 });
      void message.success(on ? t('已启用') : t('已停用'));
      await list.reload();
    } catch {
      /* the client showed the notice */
    }
  };

  const columns = useListColumns<DictItem>([
    { title: t('名称'), dataIndex: 'itemText' },
    { title: t('数据值'), dataIndex: 'itemValue' },
    { title: t('颜色'), dataIndex: 'itemColor', width: 90, render: (c?: string) => (c ? <Tag color={c}>{c}</Tag> : '') },
    { title: t('排序'), dataIndex: 'sortOrder', width: 70, sorter: true },
    {
      title: t('启用'),
      dataIndex: 'status',
      width: 80,
      render: (_v, row) => (
        <Switch size="small" aria-label={t('启用 {name}', { name: row.itemText })} checked={Number(row.status) === 1} disabled={!canEdit} onChange={(on) => void setEnabled(row, on)} />
      ),
    },
    {
      title: t('操作'),
      key: 'action',
      width: 120,
      render: (_v, row) => (
        <>
          {canEdit && <a onClick={() => setEditing(row)}>{t('编辑')}</a>}
          {canEdit && has(`${PERM}:delete`) && <Divider type="vertical" />}
          {has(`${PERM}:delete`) && (
            <Popconfirm title={t('确定删除吗?')} onConfirm={() => list.remove(row.id)}>
              <a>{t('删除')}</a>
            </Popconfirm>
          )}
        </>
      ),
    },
  ] satisfies ListColumn<DictItem>[]);

  return (
    <>
      <ListPage<DictItem>
        list={list}
        columns={columns}
        permission={PERM}
        onAdd={() => setEditing({})}
        query={
          <>
            <Form.Item label={t('名称')} name="itemText">
              <Input placeholder={t('请输入名称')} allowClear style={{ width: 150 }} />
            </Form.Item>
            <Form.Item label={t('状态')} name="status">
              <DictSelect options={ITEM_STATUS} placeholder={t('请选择状态')} style={{ width: 120 }} />
            </Form.Item>
          </>
        }
      />
      <DictItemFormModal dictId={dict.id} record={editing} onClose={() => setEditing(undefined)} onSaved={() => void list.reload()} />
    </>
  );
}
