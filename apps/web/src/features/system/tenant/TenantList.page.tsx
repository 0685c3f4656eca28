// 租户管理: tenants with their validity period and status.
import { useState } from 'react';
import { Form, Tag } from 'antd';
import { DictSelect, editDeleteActions, ListPage, QueryInput, RowActions, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { TENANT_API, TENANT_FIELDS, TENANT_PERM, type Tenant } from './tenantApi';
import { TenantFormModal } from './TenantFormModal';
import { t } from '../../../lib/i18n';

export default function TenantListPage() {
  const list = useListPage<Tenant>({ api: TENANT_API, queryRules: { name: 'like' } });
  const [editing, setEditing] = useState<Partial<Tenant> | undefined>();

  const columns = useListColumns<Tenant>([
    { title: '租户编号', dataIndex: 'id', sorter: true, width: 100 },
    { title: '租户名称', dataIndex: 'name', sorter: true },
    { title: '开始时间', dataIndex: 'beginDate', sorter: true },
    { title: '结束时间', dataIndex: 'endDate', sorter: true },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (_v, r) => <Tag color={Number(r.status) === 1 ? 'green' : 'red'}>{t(r.status_dictText ?? (Number(r.status) === 1 ? '正常' : '冻结'))}</Tag>,
    },
    { title: '创建人', dataIndex: 'createBy' },
    { title: '创建时间', dataIndex: 'createTime', sorter: true },
    {
      title: '操作',
      key: 'action',
      width: 130,
      render: (_v, row) => <RowActions actions={editDeleteActions(TENANT_PERM, { onEdit: () => setEditing(row), onDelete: () => list.remove(row.id) })} />,
    },
  ] satisfies ListColumn<Tenant>[]);

  return (
    <>
      <ListPage<Tenant>
        list={list}
        columns={columns}
        permission={TENANT_PERM}
        onAdd={() => setEditing({})}
        exportName={t('租户信息')}
        superQuery={{ fields: TENANT_FIELDS }}
        query={
          <>
            <QueryInput label={t('租户名称')} name="name" />
            <Form.Item label={t('状态')} name="status">
              <DictSelect dictCode="tenant_status" placeholder={t('请选择状态')} style={{ width: 120 }} />
            </Form.Item>
          </>
        }
      />
      <TenantFormModal record={editing} onClose={() => setEditing(undefined)} onSaved={() => void list.reload()} />
    </>
  );
}
