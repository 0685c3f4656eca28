// 订单管理(一对多): the order list; an order opens with its lines in an editable grid.
import { useState } from 'react';
import { editDeleteActions, ListPage, QueryInput, RowActions, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { ORDER_API, type Order } from './orderApi';
import { OrderFormModal } from './OrderFormModal';
import { t } from '../../../lib/i18n';

const PERM = 'demo:order';

export default function OrderListPage() {
  const list = useListPage<Order>({ api: ORDER_API, queryRules: { orderCode: 'like', customer: 'like' } });
  const [editing, setEditing] = useState<Partial<Order> | undefined>();

  const columns = useListColumns<Order>([
    { title: '订单号', dataIndex: 'orderCode', sorter: true },
    { title: '客户', dataIndex: 'customer', sorter: true },
    { title: '订单日期', dataIndex: 'orderDate', sorter: true },
    { title: '金额', dataIndex: 'amount', sorter: true, render: (v: unknown) => (v === null || v === undefined ? '' : Number(v).toFixed(2)) },
    { title: '备注', dataIndex: 'remark' },
    { title: '创建时间', dataIndex: 'createTime', sorter: true },
    {
      title: '操作',
      key: 'action',
      width: 150,
      render: (_v, row) => <RowActions actions={editDeleteActions(PERM, { onEdit: () => setEditing(row), onDelete: () => list.remove(row.id) })} />,
    },
  ] satisfies ListColumn<Order>[]);

  return (
    <>
      <ListPage<Order>
        list={list}
        columns={columns}
        permission={PERM}
        onAdd={() => setEditing({})}
        exportName={t('订单')}
        query={
          <>
            <QueryInput label={t('订单号')} name="orderCode" />
            <QueryInput label={t('客户')} name="customer" />
          </>
        }
      />
      <OrderFormModal record={editing} onClose={() => setEditing(undefined)} onSaved={() => void list.reload()} />
    </>
  );
}
