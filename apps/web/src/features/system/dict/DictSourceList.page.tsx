// 字典数据源: the tables (and their columns) that table dictionaries, tree selects and duplicate
// checks may read. The server checks each table and column against the schema on save.
import { useState } from 'react';
import { Form, Input, Tag } from 'antd';
import { editDeleteActions, ListFormModal, ListPage, QueryInput, RowActions, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { DICT_SOURCE_API, type DictSource } from './dictApi';
import { formRules } from '../../../lib/formRules';

const PERM = 'system:dictSource';
const SNAKE_NAME = /^[a-z][a-z0-9_]*$/;
const COLUMN_LIST = /^[a-z][a-z0-9_]*(\s*,\s*[a-z][a-z0-9_]*)*$/;

export default function DictSourceListPage() {
  const list = useListPage<DictSource>({ api: DICT_SOURCE_API, queryRules: { tableName: 'like' } });
  const [editing, setEditing] = useState<Partial<DictSource> | undefined>();

  const columns = useListColumns<DictSource>([
    { title: '表名', dataIndex: 'tableName', sorter: true },
    {
      title: '允许读取的列',
      dataIndex: 'fields',
      render: (fields: string) => (fields ?? '').split(',').filter(Boolean).map((f) => <Tag key={f}>{f.trim()}</Tag>),
    },
    { title: '描述', dataIndex: 'description' },
    {
      title: '操作',
      key: 'action',
      width: 150,
      render: (_v, row) => <RowActions actions={editDeleteActions(PERM, { onEdit: () => setEditing(row), onDelete: () => list.remove(row.id) })} />,
    },
  ] satisfies ListColumn<DictSource>[]);

  return (
    <>
      <ListPage<DictSource>
        list={list}
        columns={columns}
        permission={PERM}
        onAdd={() => setEditing({})}
        query={
          <QueryInput label="表名" name="tableName" />
        }
      />
      <ListFormModal<DictSource>
        title="字典数据源"
        record={editing}
        api={DICT_SOURCE_API}
        onClose={() => setEditing(undefined)}
        onSaved={() => void list.reload()}
        width={640}
        toBody={(v) => ({ ...v, fields: String(v.fields ?? '').split(',').map((f) => f.trim()).filter(Boolean).join(',') })}
      >
        <Form.Item label="表名" name="tableName" rules={[{ required: true, message: '请输入表名!' }, { pattern: SNAKE_NAME, message: '表名只能是小写字母、数字和下划线' }]}>
          <Input placeholder="如 sys_user" />
        </Form.Item>
        <Form.Item
          label="允许读取的列"
          name="fields"
          extra="逗号分隔的列名；密码、盐值及含 secret、token 的列不可开放"
          rules={[{ required: true, message: '请输入允许读取的列!' }, { pattern: COLUMN_LIST, message: '列名只能是小写字母、数字和下划线，用逗号分隔' }]}
        >
          <Input placeholder="如 id,username,realname" />
        </Form.Item>
        <Form.Item label="描述" name="description" rules={formRules.length({ max: 255 })}>
          <Input placeholder="请输入描述" />
        </Form.Item>
      </ListFormModal>
    </>
  );
}
