// 数据权限 of an online form: row conditions (field, condition, value or a variable of the signed-in user).
// A role granted one in 角色授权 sees only the rows that match; custom SQL is not offered.
import { useCallback, useEffect, useState } from 'react';
import { AutoComplete, Button, Form, Input, Popconfirm, Radio, Select, Space, Switch, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { AUTH_DATA_OPERATORS, AUTH_DATA_VARIABLES, ONLINE_AUTH_API, type AuthDataRule, type AuthFieldRow } from '@anxue/shared/online-auth';
import { ListFormModal } from '../../../../components/list-page';
import { http } from '../../../../lib/http';
import { t } from '../../../../lib/i18n';

const operatorName = (op: string) => {
  const known = AUTH_DATA_OPERATORS.find((o) => o.value === op);
  return known ? t(known.label) : op;
};

export function DataRules({ cgformId, fields }: { cgformId: string; fields: AuthFieldRow[] }) {
  const [rows, setRows] = useState<AuthDataRule[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<Partial<AuthDataRule> | undefined>();
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setRows(await http.get<AuthDataRule[]>(`${ONLINE_AUTH_API.authData}/${cgformId}`));
    } catch {
      /* shown by the client */
    } finally {
      setLoading(false);
    }
  }, [cgformId]);
  useEffect(() => {
    void reload();
  }, [reload]);
  const run = async (call: () => Promise<unknown>) => {
    try {
      await call();
    } catch {
      /* shown by the client */
    }
    await reload();
  };
  const fieldName = (code: string | null) => fields.find((f) => f.code === code)?.title ?? code ?? '';
  const columns = fields.filter((f) => f.dbIsPersist !== 0).map((f) => ({ value: f.code, label: `${f.title}（${f.code}）` }));

  return (
    <>
      <Button type="primary" size="small" icon={<PlusOutlined />} style={{ marginBottom: 8 }} onClick={() => setEditing({ status: 1 })}>
        {t('新增规则')}
      </Button>
      <Table<AuthDataRule>
        size="small"
        rowKey="id"
        loading={loading}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 320 }}
        columns={[
          {
            title: t('启用'),
            width: 70,
            render: (_v, row) => (
              <Switch size="small" aria-label={t('启用{name}', { name: row.ruleName })} checked={row.status === 1} onChange={(on) => run(() => http.put(ONLINE_AUTH_API.authData, { ...row, status: on ? 1 : 0 }))} />
            ),
          },
          { title: t('规则名称'), dataIndex: 'ruleName', width: 140 },
          { title: t('规则描述'), render: (_v, row) => `${fieldName(row.ruleColumn)} ${operatorName(row.ruleOperator)} ${row.ruleValue ?? ''}` },
          {
            title: t('操作'),
            width: 110,
            render: (_v, row) => (
              <Space size="small">
                <a onClick={() => setEditing(row)}>{t('编辑')}</a>
                <Popconfirm title={t('确定删除吗？')} okText={t('确定')} cancelText={t('取消')} onConfirm={() => run(() => http.delete(`${ONLINE_AUTH_API.authData}/${row.id}`))}>
                  <a>{t('删除')}</a>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <ListFormModal<Partial<AuthDataRule>>
        title={t('数据规则', undefined, 'item')}
        width={620}
        record={editing}
        api={{ add: ONLINE_AUTH_API.authData, edit: ONLINE_AUTH_API.authData }}
        toBody={(values) => ({ ...values, cgformId })}
        onClose={() => setEditing(undefined)}
        onSaved={() => void reload()}
      >
        <Form.Item label={t('规则名称')} name="ruleName" rules={[{ required: true, message: t('请输入规则名称') }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item label={t('规则字段')} name="ruleColumn" rules={[{ required: true, message: t('请选择规则字段') }]}>
          <Select options={columns} showSearch optionFilterProp="label" placeholder={t('请选择字段')} />
        </Form.Item>
        <Form.Item label={t('条件规则')} name="ruleOperator" rules={[{ required: true, message: t('请选择条件规则') }]}>
          <Select options={AUTH_DATA_OPERATORS.map((o) => ({ value: o.value, label: t(o.label) }))} placeholder={t('请选择条件')} />
        </Form.Item>
        <Form.Item label={t('规则值')} name="ruleValue" rules={[{ required: true, message: t('请输入规则值') }]} extra={t('可选择系统变量，如登录用户账号')}>
          <AutoComplete options={AUTH_DATA_VARIABLES.map((v) => ({ value: v.value, label: `${t(v.label)} ${v.value}` }))} placeholder={t('请输入或选择系统变量')} />
        </Form.Item>
        <Form.Item label={t('状态')} name="status" initialValue={1}>
          <Radio.Group
            optionType="button"
            options={[
              { label: t('有效'), value: 1 },
              { label: t('无效'), value: 0 },
            ]}
          />
        </Form.Item>
      </ListFormModal>
    </>
  );
}
