// 校验规则: rules made of (digits, pattern, message) parts, with an editor for the parts and a 测试 dialog.
import { useState } from 'react';
import { Divider, Form, Input, Popconfirm } from 'antd';
import { ListPage, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { usePermission } from '../../../lib/permission';
import { CHECK_RULE_API, type CheckRule } from './checkRuleApi';
import { CheckRuleFormModal } from './CheckRuleFormModal';
import { CheckRuleTestModal } from './CheckRuleTestModal';

const PERM = 'system:checkRule';

export default function CheckRuleListPage() {
  const list = useListPage<CheckRule>({ api: CHECK_RULE_API, queryRules: { ruleName: 'like', ruleCode: 'like' } });
  const { has } = usePermission();
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
        <>
          <a onClick={() => setTesting(row)}>测试</a>
          {has(`${PERM}:edit`) && (
            <>
              <Divider type="vertical" />
              <a onClick={() => setEditing(row)}>编辑</a>
            </>
          )}
          {has(`${PERM}:delete`) && (
            <>
              <Divider type="vertical" />
              <Popconfirm title="确定删除吗?" onConfirm={() => list.remove(row.id)}>
                <a>删除</a>
              </Popconfirm>
            </>
          )}
        </>
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
        exportName="校验规则"
        query={
          <>
            <Form.Item label="规则名称" name="ruleName">
              <Input placeholder="请输入规则名称" allowClear />
            </Form.Item>
            <Form.Item label="规则编码" name="ruleCode">
              <Input placeholder="请输入规则编码" allowClear />
            </Form.Item>
          </>
        }
      />
      <CheckRuleFormModal record={editing} onClose={() => setEditing(undefined)} onSaved={() => void list.reload()} />
      <CheckRuleTestModal rule={testing} onClose={() => setTesting(undefined)} />
    </>
  );
}
