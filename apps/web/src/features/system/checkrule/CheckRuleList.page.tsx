// 校验规则: rules made of (digits, pattern, message) parts, with an editor for the parts and a 测试 dialog.
import { useState } from 'react';
import { editDeleteActions, ListPage, QueryInput, RowActions, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { CHECK_RULE_API, type CheckRule } from './checkRuleApi';
import { CheckRuleFormModal } from './CheckRuleFormModal';
import { CheckRuleTestModal } from './CheckRuleTestModal';
import { t } from '../../../lib/i18n';

const PERM = 'system:checkRule';

export default function CheckRuleListPage() {
  const list = useListPage<CheckRule>({ api: CHECK_RULE_API, queryRules: { ruleName: 'like', ruleCode: 'like' } });
  const [editing, setEditing] = useState<Partial<CheckRule> | undefined>();
  const [testing, setTesting] = useState<CheckRule | undefined>();

  const columns = useListColumns<CheckRule>([
    { title: '规则名称', dataIndex: 'ruleName', sorter: true },
    { title: '规则编码', dataIndex: 'ruleCode', sorter: true },
    { title: '规则描述', dataIndex: 'ruleDescription' },
    {
      title: '操作',
      key: 'action',
      width: 180,
      render: (_v, row) => (
        <RowActions
          actions={[{ key: 'test', label: t('测试'), onClick: () => setTesting(row) }, ...editDeleteActions(PERM, { onEdit: () => setEditing(row), onDelete: () => list.remove(row.id) })]}
        />
      ),
    },
  ] satisfies ListColumn<CheckRule>[]);

  return (
    <>
      <ListPage<CheckRule>
        list={list}
        columns={columns}
        permission={PERM}
        onAdd={() => setEditing({})}
        exportName={t('校验规则')}
        query={
          <>
            <QueryInput label={t('规则名称')} name="ruleName" />
            <QueryInput label={t('规则编码')} name="ruleCode" />
          </>
        }
      />
      <CheckRuleFormModal record={editing} onClose={() => setEditing(undefined)} onSaved={() => void list.reload()} />
      <CheckRuleTestModal rule={testing} onClose={() => setTesting(undefined)} />
    </>
  );
}
