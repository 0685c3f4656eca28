// 职务管理: the model list page — query, add/edit, delete, batch delete, import, export, advanced query.
import { useState } from 'react';
import { Divider, Form, Input, Popconfirm } from 'antd';
import { ListPage, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { usePermission } from '../../../lib/permission';
import { POSITION_API, POSITION_FIELDS, type Position } from './positionApi';
import { PositionFormModal } from './PositionFormModal';

const PERM = 'system:position';

export default function PositionListPage() {
  const list = useListPage<Position>({ api: POSITION_API, queryRules: { name: 'like', code: 'like' } });
  const { has } = usePermission();
  const [editing, setEditing] = useState<Partial<Position> | undefined>();

  const columns = useListColumns<Position>([
    { title: '职务编码', dataIndex: 'code', sorter: true },
    { title: '职务名称', dataIndex: 'name', sorter: true },
    { title: '职级', dataIndex: 'postRank', dict: true, sorter: true },
    {
      title: '操作',
      key: 'action',
      width: 150,
      render: (_v, row) => (
        <>
          {has(`${PERM}:edit`) && <a onClick={() => setEditing(row)}>编辑</a>}
          {has(`${PERM}:edit`) && has(`${PERM}:delete`) && <Divider type="vertical" />}
          {has(`${PERM}:delete`) && (
            <Popconfirm title="确定删除吗?" onConfirm={() => list.remove(row.id)}>
              <a>删除</a>
            </Popconfirm>
          )}
        </>
      ),
    },
  ] satisfies ListColumn<Position>[]);

  return (
    <>
      <ListPage<Position>
        list={list}
        columns={columns}
        permission={PERM}
        onAdd={() => setEditing({})}
        exportName="职务表"
        superQuery={{ fields: POSITION_FIELDS }}
        query={
          <>
            <Form.Item label="职务编码" name="code">
              <Input placeholder="请输入职务编码" allowClear />
            </Form.Item>
            <Form.Item label="职务名称" name="name">
              <Input placeholder="请输入职务名称" allowClear />
            </Form.Item>
          </>
        }
      />
      <PositionFormModal record={editing} onClose={() => setEditing(undefined)} onSaved={() => void list.reload()} />
    </>
  );
}
