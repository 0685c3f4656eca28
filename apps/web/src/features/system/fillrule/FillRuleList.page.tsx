// 填值规则: rules of a built-in kind with parameters, and 测试 that generates a value on the server
// (PUT /sys/fillRule/executeRuleByCode/{code}; each test consumes one number of the sequence).
import { useState } from 'react';
import { Typography } from 'antd';
import { editDeleteActions, ListPage, QueryInput, RowActions, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { Modal } from '../../../lib/antd/static';
import { http } from '../../../lib/http';
import { t } from '../../../lib/i18n';
import { usePermission } from '../../../lib/permission';
import { FILL_RULE_API, kindText, type FillRule } from './fillRuleApi';
import { FillRuleFormModal } from './FillRuleFormModal';

const PERM = 'system:fillRule';
/** 测试 generates a value on the server: the 执行规则 button (issue 10). */
export const EXECUTE_PERMISSION = `${PERM}:execute`;

async function runRule(rule: FillRule) {
  try {
    const value = await http.put<string>(`/sys/fillRule/executeRuleByCode/${encodeURIComponent(rule.ruleCode)}`, {});
    Modal.success({
      title: t('测试规则 - {name}', { name: rule.ruleName }),
      content: (
        <span>
          {t('生成的值：')}<Typography.Text copyable>{String(value ?? '')}</Typography.Text>
        </span>
      ),
      okText: t('确定'),
    });
  } catch {
    /* the client showed the notice */
  }
}

export default function FillRuleListPage() {
  const list = useListPage<FillRule>({ api: FILL_RULE_API, queryRules: { ruleName: 'like', ruleCode: 'like' } });
  const [editing, setEditing] = useState<Partial<FillRule> | undefined>();
  const { has } = usePermission();
  const mayRun = has(EXECUTE_PERMISSION);

  const columns = useListColumns<FillRule>([
    { title: '规则名称', dataIndex: 'ruleName', sorter: true },
    { title: '规则编码', dataIndex: 'ruleCode', sorter: true },
    { title: '规则类型', dataIndex: 'ruleClass', render: (k: string) => t(kindText(k)) },
    { title: '规则参数', dataIndex: 'ruleParams', ellipsis: true },
    {
      title: '操作',
      key: 'action',
      width: 180,
      render: (_v, row) => (
        <RowActions
          actions={[
            ...(mayRun ? [{ key: 'test', label: t('测试'), onClick: () => void runRule(row) }] : []),
            ...editDeleteActions(PERM, { onEdit: () => setEditing(row), onDelete: () => list.remove(row.id) }),
          ]}
        />
      ),
    },
  ] satisfies ListColumn<FillRule>[]);

  return (
    <>
      <ListPage<FillRule>
        list={list}
        columns={columns}
        permission={PERM}
        onAdd={() => setEditing({})}
        exportName={t('填值规则')}
        query={
          <>
            <QueryInput label={t('规则名称')} name="ruleName" />
            <QueryInput label={t('规则编码')} name="ruleCode" />
          </>
        }
      />
      <FillRuleFormModal record={editing} onClose={() => setEditing(undefined)} onSaved={() => void list.reload()} />
    </>
  );
}
