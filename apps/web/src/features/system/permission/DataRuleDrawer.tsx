// 数据规则 of one menu: the rules that narrow the rows its list shows (granted per role later).
import { useState } from 'react';
import { Button, Drawer, Form, Input, Modal, Popconfirm, Radio, Select, Space, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { message } from '../../../lib/antd/static';
import { useCloseGuard } from '../../../components/dialogs';
import { conditionText, RULE_COLUMN_MESSAGE, RULE_COLUMN_PATTERN, RULE_CONDITIONS, RULE_VARIABLES_HINT, VALUELESS_CONDITIONS } from './ruleConditions';
import type { DataRule, PermissionItem } from './types';
import { t } from '../../../lib/i18n';

type RuleForm = Pick<DataRule, 'ruleName' | 'ruleColumn' | 'ruleConditions' | 'ruleValue' | 'status'>;

export function DataRuleDrawer({ menu, onClose }: { menu?: PermissionItem; onClose: () => void }) {
  const client = useQueryClient();
  const queryKey = ['perm-rules', menu?.id];
  const { data, isFetching } = useQuery({
    queryKey,
    enabled: !!menu,
    queryFn: async () => (await http.get<DataRule[]>('/sys/permission/getPermRuleListByPermId', { permissionId: menu!.id })) ?? [],
  });
  const [editing, setEditing] = useState<Partial<DataRule> | undefined>(undefined);
  const reload = () => client.invalidateQueries({ queryKey });
  // holds the rule form: an Esc meant for it never closes the drawer under it
  const guard = useCloseGuard(onClose, { open: !!menu, readOnly: true });

  const remove = async (rule: DataRule) => {
    try {
      await http.delete('/sys/permission/deletePermissionRule', { id: rule.id });
      message.success(t('删除成功'));
      await reload();
    } catch {
      /* notice shown */
    }
  };

  return (
    <Drawer title={t('数据规则：{name}', { name: menu?.name ?? '' })} open={!!menu} onClose={guard.requestClose} rootClassName={guard.className} width={720} destroyOnHidden>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setEditing({ ruleConditions: '=', status: '1' })}>
          {t('新增规则')}
        </Button>
      </Space>
      <Table<DataRule>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          { title: t('规则名称'), dataIndex: 'ruleName' },
          { title: t('规则字段'), dataIndex: 'ruleColumn' },
          { title: t('条件'), dataIndex: 'ruleConditions', render: (c: string) => conditionText(c) },
          { title: t('规则值'), dataIndex: 'ruleValue' },
          { title: t('状态'), dataIndex: 'status', render: (s: string) => (s === '1' ? <Tag color="green">{t('有效')}</Tag> : <Tag>{t('无效')}</Tag>) },
          {
            title: t('操作'),
            key: 'actions',
            render: (_: unknown, rule) => (
              <Space>
                <a onClick={() => setEditing(rule)}>{t('编辑')}</a>
                <Popconfirm title={t('确定删除吗?')} onConfirm={() => remove(rule)}>
                  <a>{t('删除')}</a>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && menu && (
        <RuleFormModal
          menuId={menu.id}
          rule={editing}
          onClose={() => setEditing(undefined)}
          onSaved={async () => {
            setEditing(undefined);
            await reload();
          }}
        />
      )}
    </Drawer>
  );
}

function RuleFormModal({ menuId, rule, onClose, onSaved }: { menuId: string; rule: Partial<DataRule>; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<RuleForm>();
  const [saving, setSaving] = useState(false);
  const guard = useCloseGuard(onClose);
  const condition = Form.useWatch('ruleConditions', form) ?? rule.ruleConditions;
  const valueless = VALUELESS_CONDITIONS.has(condition ?? '');

  const save = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      const body = { ...values, ruleValue: valueless ? '' : values.ruleValue, permissionId: menuId };
      if (rule.id) await http.put('/sys/permission/editPermissionRule', { ...body, id: rule.id });
      else await http.post('/sys/permission/addPermissionRule', body);
      message.success(rule.id ? t('编辑成功') : t('添加成功'));
      onSaved();
    } catch {
      /* notice shown */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={rule.id ? t('编辑规则') : t('新增规则')} onCancel={guard.requestClose} wrapClassName={guard.className} onOk={save} confirmLoading={saving} destroyOnHidden>
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 18 }} initialValues={rule} onValuesChange={guard.markDirty}>
        <Form.Item name="ruleName" label={t('规则名称')} rules={[{ required: true, whitespace: true, message: t('请输入规则名称') }]}>
          <Input placeholder={t('请输入规则名称')} maxLength={50} />
        </Form.Item>
        <Form.Item
          name="ruleColumn"
          label={t('规则字段')}
          rules={[
            { required: true, message: t('请输入规则字段') },
            { pattern: RULE_COLUMN_PATTERN, message: RULE_COLUMN_MESSAGE },
          ]}
        >
          <Input placeholder={t('如 create_by、sys_org_code')} maxLength={50} />
        </Form.Item>
        <Form.Item name="ruleConditions" label={t('条件规则')} rules={[{ required: true, message: t('请选择条件规则') }]}>
          <Select options={RULE_CONDITIONS.map((c) => ({ value: c.value, label: `${c.value}（${c.label}）` }))} placeholder={t('请选择条件规则')} />
        </Form.Item>
        {!valueless && (
          <Form.Item name="ruleValue" label={t('规则值')} rules={[{ required: true, whitespace: true, message: t('请输入规则值') }]} extra={RULE_VARIABLES_HINT}>
            <Input placeholder={t('如 #{sys_user_code}')} maxLength={300} />
          </Form.Item>
        )}
        <Form.Item name="status" label={t('状态')}>
          <Radio.Group options={[{ value: '1', label: t('有效') }, { value: '0', label: t('无效') }]} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
