// 字典数据源: the tables (and their columns) that table dictionaries, tree selects and duplicate
// checks may read. The server checks each table and column against the schema on save.
// 敏感字段: columns never read by any dictionary (phone, e-mail and ID numbers always are); a duplicate
// check on them answers only holders of one of the 敏感校验权限 codes (issue 10).
import { useState } from 'react';
import { Alert, Form, Input, Tag } from 'antd';
import { editDeleteActions, ListFormModal, ListPage, QueryInput, RowActions, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { DICT_SOURCE_API, type DictSource } from './dictApi';
import { formRules } from '../../../lib/formRules';
import { t } from '../../../lib/i18n';

const PERM = 'system:dictSource';
/** This list is also the 表白名单 that bounds report SQL on the install's own database. */
const ALLOW_LIST_NOTE = '表白名单：表字典、树形选择、重复校验，以及 Online 报表和图表的 SQL，只能读取这里登记的表和允许读取的列，每个租户只读到自己的数据；密码、令牌等机密不能登记。';
const SNAKE_NAME = /^[a-z][a-z0-9_]*$/;
const COLUMN_LIST = /^[a-z][a-z0-9_]*(\s*,\s*[a-z][a-z0-9_]*)*$/;
const CODE_LIST = /^[A-Za-z][A-Za-z0-9:_.*-]*(\s*,\s*[A-Za-z][A-Za-z0-9:_.*-]*)*$/;
const tags = (list: string | null | undefined) => (list ?? '').split(',').filter(Boolean).map((f) => <Tag key={f}>{f.trim()}</Tag>);
/** A comma list as the server stores it: trimmed names, no blanks. */
const normalised = (list: unknown) => String(list ?? '').split(',').map((f) => f.trim()).filter(Boolean).join(',');

export default function DictSourceListPage() {
  const list = useListPage<DictSource>({ api: DICT_SOURCE_API, queryRules: { tableName: 'like' } });
  const [editing, setEditing] = useState<Partial<DictSource> | undefined>();

  const columns = useListColumns<DictSource>([
    { title: t('表名'), dataIndex: 'tableName', sorter: true },
    {
      title: t('允许读取的列'),
      dataIndex: 'fields',
      render: (fields: string) => tags(fields),
    },
    { title: t('敏感字段'), dataIndex: 'sensitiveFields', render: (fields: string | null) => tags(fields) },
    { title: t('敏感校验权限'), dataIndex: 'sensitivePerms', render: (codes: string | null) => tags(codes) },
    { title: t('描述'), dataIndex: 'description' },
    {
      title: t('操作'),
      key: 'action',
      width: 150,
      render: (_v, row) => <RowActions actions={editDeleteActions(PERM, { onEdit: () => setEditing(row), onDelete: () => list.remove(row.id) })} />,
    },
  ] satisfies ListColumn<DictSource>[]);

  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t(ALLOW_LIST_NOTE)} />
      <ListPage<DictSource>
        list={list}
        columns={columns}
        permission={PERM}
        onAdd={() => setEditing({})}
        query={
          <QueryInput label={t('表名')} name="tableName" />
        }
      />
      <ListFormModal<DictSource>
        title={t('字典数据源')}
        record={editing}
        api={DICT_SOURCE_API}
        onClose={() => setEditing(undefined)}
        onSaved={() => void list.reload()}
        width={640}
        toBody={(v) => ({
          ...v,
          fields: normalised(v.fields),
          ...(v.sensitiveFields !== undefined ? { sensitiveFields: normalised(v.sensitiveFields) } : {}),
          ...(v.sensitivePerms !== undefined ? { sensitivePerms: normalised(v.sensitivePerms) } : {}),
        })}
      >
        <Form.Item label={t('表名')} name="tableName" rules={[{ required: true, message: t('请输入表名!') }, { pattern: SNAKE_NAME, message: t('表名只能是小写字母、数字和下划线') }]}>
          <Input placeholder={t('如 sys_user')} />
        </Form.Item>
        <Form.Item
          label={t('允许读取的列')}
          name="fields"
          extra={t('逗号分隔的列名；密码、盐值及含 secret、token 的列不可开放，手机号、邮箱、证件号等个人信息请填入敏感字段')}
          rules={[{ required: true, message: t('请输入允许读取的列!') }, { pattern: COLUMN_LIST, message: t('列名只能是小写字母、数字和下划线，用逗号分隔') }]}
        >
          <Input placeholder={t('如 id,username,realname')} />
        </Form.Item>
        <Form.Item
          label={t('敏感字段')}
          name="sensitiveFields"
          extra={t('逗号分隔的列名；任何字典都不会读取这些列，只有持有下方权限的用户可对其做重复校验')}
          rules={[{ pattern: COLUMN_LIST, message: t('列名只能是小写字母、数字和下划线，用逗号分隔') }]}
        >
          <Input placeholder={t('如 phone,email')} />
        </Form.Item>
        <Form.Item
          label={t('敏感校验权限')}
          name="sensitivePerms"
          extra={t('逗号分隔的权限编码，通常是该表的添加、编辑按钮；为空时任何人都不能校验敏感字段')}
          rules={[{ pattern: CODE_LIST, message: t('权限编码只能包含字母、数字和 : _ . * -，用逗号分隔') }]}
        >
          <Input placeholder={t('如 system:user:add,system:user:edit')} />
        </Form.Item>
        <Form.Item label={t('描述')} name="description" rules={formRules.length({ max: 255 })}>
          <Input placeholder={t('请输入描述')} />
        </Form.Item>
      </ListFormModal>
    </>
  );
}
