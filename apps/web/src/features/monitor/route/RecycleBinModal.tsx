// 回收站 of 路由网关: deleted routes (they were disabled on deletion), restored disabled or deleted for good.
import { useEffect } from 'react';
import { Modal, Table } from 'antd';
import { RowActions, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { message } from '../../../lib/antd/static';
import { http } from '../../../lib/http';
import { GATEWAY_API, GATEWAY_PERMISSION, type GatewayRoute } from './api';
import { t } from '../../../lib/i18n';

const COLUMNS: ListColumn<GatewayRoute>[] = [
  { title: '路由ID', dataIndex: 'routerId', width: 160 },
  { title: '路由名称', dataIndex: 'name', width: 160 },
  { title: '路由URI', dataIndex: 'uri', align: 'left', width: 240 },
];

export function RecycleBinModal({ open, onClose, onRestored }: { open: boolean; onClose: () => void; onRestored: () => void }) {
  const bin = useListPage<GatewayRoute>({ api: { list: GATEWAY_API.recycleBin }, immediate: false });
  const { reload } = bin;
  // loads each time the bin opens (reload is a new function every render)
  useEffect(() => {
    if (open) void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const act = async (call: () => Promise<{ message: string }>, after?: () => void) => {
    try {
      const res = await call();
      void message.success(res.message);
      after?.();
      await reload();
    } catch {
      // the client showed the server's message
    }
  };

  const columns = useListColumns<GatewayRoute>([
    ...COLUMNS,
    {
      title: t('操作'),
      key: 'action',
      width: 160,
      render: (_v: unknown, row: GatewayRoute) => (
        <RowActions
          actions={[
            {
              key: 'restore',
              label: t('还原'),
              permission: `${GATEWAY_PERMISSION}:putRecycleBin`,
              confirm: t('还原后路由处于停用状态，确定还原吗?'),
              onClick: () => void act(() => http.raw.put(GATEWAY_API.restore, { ids: row.id }), onRestored),
            },
            {
              key: 'purge',
              label: t('彻底删除'),
              permission: `${GATEWAY_PERMISSION}:deleteRecycleBin`,
              confirm: t('彻底删除后无法恢复，确定删除吗?'),
              onClick: () => void act(() => http.raw.delete(GATEWAY_API.purge, { ids: row.id })),
            },
          ]}
        />
      ),
    },
  ]);

  return (
    <Modal title={t('路由回收站')} open={open} width={820} onCancel={onClose} footer={null}>
      <Table<GatewayRoute> size="middle" bordered rowKey="id" columns={columns} dataSource={bin.dataSource} loading={bin.loading} pagination={false} />
    </Modal>
  );
}
