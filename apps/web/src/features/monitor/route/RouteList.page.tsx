// 路由网关: the routes this server forwards (/api/gateway/<routerId>/… → the route's URI while enabled),
// with add/edit, enable/disable, copy (the copy starts disabled), delete to the recycle bin and the bin.
import { useState } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { ListPage, RowActions, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { message } from '../../../lib/antd/static';
import { http } from '../../../lib/http';
import { Authorized, usePermission } from '../../../lib/permission';
import { forwardingAddress, GATEWAY_API, GATEWAY_PERMISSION, routeBody, type GatewayRoute } from './api';
import { RecycleBinModal } from './RecycleBinModal';
import { RouteFormModal } from './RouteFormModal';
import { t } from '../../../lib/i18n';

const SAVE_PERMISSION = `${GATEWAY_PERMISSION}:updateAll`;

const COLUMNS: ListColumn<GatewayRoute>[] = [
  { title: '路由ID', dataIndex: 'routerId', width: 160 },
  { title: '路由名称', dataIndex: 'name', width: 160 },
  { title: '路由URI', dataIndex: 'uri', align: 'left', width: 240 },
  { title: '转发地址', key: 'address', align: 'left', width: 260, render: (_v: unknown, r: GatewayRoute) => <code>{forwardingAddress(r.routerId)}</code> },
  { title: '状态', dataIndex: 'status', width: 80, render: (v: number) => (v === 1 ? <Tag color="green">{t('启用')}</Tag> : <Tag>{t('停用')}</Tag>) },
  { title: '创建时间', dataIndex: 'createTime', width: 160 },
];

export default function RouteListPage() {
  const list = useListPage<GatewayRoute>({ api: { list: GATEWAY_API.list, delete: GATEWAY_API.delete } });
  const { has } = usePermission();
  const [editing, setEditing] = useState<Partial<GatewayRoute> | undefined>();
  const [binOpen, setBinOpen] = useState(false);

  const call = async (request: () => Promise<{ message: string }>) => {
    try {
      const res = await request();
      void message.success(res.message || t('操作成功'));
      await list.reload();
    } catch {
      // the client showed the server's message
    }
  };

  const columns = useListColumns<GatewayRoute>([
    ...COLUMNS,
    {
      title: t('操作'),
      key: 'action',
      fixed: 'right',
      width: 240,
      render: (_v: unknown, row: GatewayRoute) => (
        <RowActions
          actions={[
            { key: 'edit', label: t('编辑'), permission: SAVE_PERMISSION, onClick: () => setEditing(row) },
            {
              key: 'status',
              label: row.status === 1 ? t('停用') : t('启用'),
              permission: SAVE_PERMISSION,
              confirm: row.status === 1 ? t('停用后 {n} 不再转发，确定停用吗?', { n: forwardingAddress(row.routerId) }) : undefined,
              onClick: () => void call(() => http.raw.post(GATEWAY_API.save, routeBody({ ...row, status: row.status === 1 ? 0 : 1 }))),
            },
            { key: 'copy', label: t('复制'), permission: `${GATEWAY_PERMISSION}:copyRoute`, onClick: () => void call(() => http.raw.get(GATEWAY_API.copy, { id: row.id })) },
            { key: 'delete', label: t('删除'), permission: `${GATEWAY_PERMISSION}:delete`, confirm: t('删除后路由停用并移入回收站，确定删除吗?'), onClick: () => void list.remove(row.id) },
          ]}
        />
      ),
    },
  ]);

  const canOpenBin = has(`${GATEWAY_PERMISSION}:putRecycleBin`) || has(`${GATEWAY_PERMISSION}:deleteRecycleBin`);
  return (
    <>
      <ListPage<GatewayRoute>
        list={list}
        columns={columns}
        permission={GATEWAY_PERMISSION}
        selectable={false}
        toolbar={
          <>
            <Authorized code={SAVE_PERMISSION}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
                {t('新增')}
              </Button>
            </Authorized>
            {canOpenBin && (
              <Button icon={<DeleteOutlined />} onClick={() => setBinOpen(true)}>
                {t('回收站')}
              </Button>
            )}
          </>
        }
      />
      <RouteFormModal route={editing} onClose={() => setEditing(undefined)} onSaved={() => void list.reload()} />
      <RecycleBinModal open={binOpen} onClose={() => setBinOpen(false)} onRestored={() => void list.reload()} />
    </>
  );
}
