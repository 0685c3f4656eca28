// 自定义按钮 of one online form (the original's CustomButtonList): the form's buttons with add, edit and
// delete. A button either opens a link built from the row (http(s) or an in-app path, `${field}` replaced
// by the row's value) or sets fixed values on the chosen rows (更新字段). No JS or SQL enhancement runs.
// Each button has its own right online:form:<table>:btn:<code>, granted in 角色授权.
import { useEffect, useMemo, useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Radio, Select, Space, Tag, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { BUILT_IN_BUTTON_CODES, BUTTON_CODE_PATTERN, linkTemplateProblem, type CgformButton } from '@anxue/shared/online-extras';
import { ListFormModal, ListPage, RowActions, useListColumns, useListPage, type ListColumn } from '../../../../components/list-page';
import { http } from '../../../../lib/http';
import { t } from '../../../../lib/i18n';
import { CGFORM_API, type CgformField, type CgformHead } from '../api';

const API = {
  list: (headId: string) => `/online/cgform/button/list/${encodeURIComponent(headId)}`,
  add: '/online/cgform/button/add',
  edit: '/online/cgform/button/edit',
  delete: '/online/cgform/button/delete',
  deleteBatch: '/online/cgform/button/deleteBatch',
};

const ACTION_TEXT: Record<string, string> = { link: '打开链接', update: '更新字段' };
const STYLE_TEXT: Record<string, string> = { link: '行操作（link）', button: '列表上方（button）' };
/** Fields a button may set: not the key, audit columns or the tenant. */
const FIXED = new Set(['id', 'tenant_id', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code']);

const COLUMNS: ListColumn<CgformButton>[] = [
  { title: '按钮编码', dataIndex: 'buttonCode', width: 120 },
  { title: '按钮名称', dataIndex: 'buttonName', width: 120 },
  { title: '按钮样式', dataIndex: 'buttonStyle', width: 140, render: (v: string) => (STYLE_TEXT[v] ? t(STYLE_TEXT[v]) : v) },
  { title: '动作', dataIndex: 'optType', width: 100, render: (v: string) => (ACTION_TEXT[v] ? t(ACTION_TEXT[v]) : v) },
  {
    title: '内容',
    key: 'action_detail',
    width: 260,
    align: 'left',
    render: (_v, row) =>
      row.optType === 'link' ? (
        <code>{row.linkUrl}</code>
      ) : (
        Object.entries(row.updateValues ?? {}).map(([k, v]) => <Tag key={k}>{`${k} = ${String(v)}`}</Tag>)
      ),
  },
  { title: '排序', dataIndex: 'orderNum', width: 70 },
  { title: '显示条件', dataIndex: 'exp', width: 120 },
  { title: '按钮状态', dataIndex: 'buttonStatus', width: 90, render: (v: string) => (v === '1' ? t('激活') : t('未激活')) },
];

type FormValues = Omit<CgformButton, 'updateValues'> & { updates?: Array<{ field?: string; value?: string }> };

function toForm(b: Partial<CgformButton>): Partial<FormValues> {
  return {
    buttonStyle: 'link',
    optType: 'link',
    buttonStatus: '1',
    orderNum: 1,
    ...b,
    updates: Object.entries(b.updateValues ?? {}).map(([field, value]) => ({ field, value: value === null ? '' : String(value) })),
  };
}

function toBody(headId: string) {
  return (v: Record<string, unknown>) => {
    const { updates, ...rest } = v as FormValues;
    const updateValues = Object.fromEntries((updates ?? []).filter((u) => u.field).map((u) => [u.field!, u.value ?? '']));
    return { ...rest, cgformHeadId: headId, updateValues: rest.optType === 'update' ? updateValues : null, linkUrl: rest.optType === 'link' ? rest.linkUrl : null };
  };
}

function ButtonForm({ fields }: { fields: Array<{ value: string; label: string }> }) {
  return (
    <>
      <Space align="start" wrap>
        <Form.Item
          label={t('按钮编码')}
          name="buttonCode"
          rules={[
            { required: true, message: t('请输入按钮编码') },
            { pattern: BUTTON_CODE_PATTERN, message: t('编码只能包含字母、数字、下划线 (_) 和美元符号 ($)且不能以数字开头') },
            { validator: async (_r, v) => ((BUILT_IN_BUTTON_CODES as readonly string[]).includes(v) ? Promise.reject(new Error(t('不可使用内置按钮编码'))) : undefined) },
          ]}
        >
          <Input aria-label={t('按钮编码')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label={t('按钮名称')} name="buttonName" rules={[{ required: true, message: t('请输入按钮名称') }]}>
          <Input aria-label={t('按钮名称')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label={t('排序')} name="orderNum">
          <InputNumber aria-label={t('排序')} style={{ width: 100 }} />
        </Form.Item>
      </Space>
      <Space align="start" wrap>
        <Form.Item label={t('按钮样式')} name="buttonStyle">
          <Select aria-label={t('按钮样式')} style={{ width: 200 }} options={Object.entries(STYLE_TEXT).map(([value, label]) => ({ value, label: t(label) }))} />
        </Form.Item>
        <Form.Item label={t('动作')} name="optType">
          <Radio.Group options={Object.entries(ACTION_TEXT).map(([value, label]) => ({ value, label: t(label) }))} />
        </Form.Item>
        <Form.Item label={t('按钮状态')} name="buttonStatus">
          <Radio.Group
            options={[
              { value: '1', label: t('激活') },
              { value: '0', label: t('未激活') },
            ]}
          />
        </Form.Item>
      </Space>
      <Form.Item noStyle shouldUpdate={(a, b) => a.optType !== b.optType}>
        {({ getFieldValue }) =>
          getFieldValue('optType') === 'update' ? (
            <Form.Item label={t('更新字段（把选中行的字段设为这些值）')} required>
              <Form.List name="updates" rules={[{ validator: async (_r, list) => (list?.length ? undefined : Promise.reject(new Error(t('请设置要更新的字段和值')))) }]}>
                {(items, { add, remove }, { errors }) => (
                  <>
                    {items.map((item) => (
                      <Space key={item.key} align="baseline">
                        <Form.Item name={[item.name, 'field']} rules={[{ required: true, message: t('请选择字段') }]}>
                          <Select aria-label={t('更新的字段')} style={{ width: 220 }} options={fields} placeholder={t('字段')} />
                        </Form.Item>
                        <Form.Item name={[item.name, 'value']}>
                          <Input aria-label={t('更新的值')} style={{ width: 220 }} placeholder={t('值')} />
                        </Form.Item>
                        <MinusCircleOutlined aria-label={t('移除')} onClick={() => remove(item.name)} />
                      </Space>
                    ))}
                    <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
                      {t('添加字段')}
                    </Button>
                    <Form.ErrorList errors={errors} />
                  </>
                )}
              </Form.List>
            </Form.Item>
          ) : (
            <Form.Item
              label={t('链接地址')}
              name="linkUrl"
              extra={<Typography.Text type="secondary">{t('http(s) 地址或以 / 开头的系统内路径，${字段名} 换成该行的值，如 /online/cgformList/xxx?id=${id}')}</Typography.Text>}
              rules={[{ validator: async (_r, v) => { const p = linkTemplateProblem(v ?? ''); if (p) throw new Error(t(p)); } }]}
            >
              <Input aria-label={t('链接地址')} />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item label={t('显示条件（行按钮）')} name="exp" extra={t('如 status#eq#1、type#in#a,b，多个用 && 或 || 连接；为空时总是显示')}>
        <Input aria-label={t('显示条件')} style={{ width: 300 }} />
      </Form.Item>
    </>
  );
}

export function ButtonListDialog({ head, onClose }: { head: CgformHead; onClose: () => void }) {
  const list = useListPage<CgformButton>({ api: { list: API.list(head.id), delete: API.delete, deleteBatch: API.deleteBatch } });
  const [editing, setEditing] = useState<Partial<CgformButton> | undefined>();
  const [fieldRows, setFieldRows] = useState<CgformField[]>([]);
  useEffect(() => {
    void http.get<CgformField[]>(CGFORM_API.fields, { headId: head.id }).then((rows) => setFieldRows(rows ?? []), () => setFieldRows([]));
  }, [head.id]);
  const fields = useMemo(() => fieldRows.filter((f) => !FIXED.has(f.dbFieldName)).map((f) => ({ value: f.dbFieldName, label: `${f.dbFieldTxt || f.dbFieldName}（${f.dbFieldName}）` })), [fieldRows]);
  const columns = useListColumns<CgformButton>([
    ...COLUMNS,
    {
      title: '操作',
      key: 'action',
      fixed: 'right',
      width: 120,
      render: (_v, row) => (
        <RowActions
          actions={[
            { key: 'edit', label: t('编辑'), onClick: () => setEditing(row) },
            { key: 'delete', label: t('删除'), confirm: t('确定删除吗？'), onClick: () => void list.remove(row.id) },
          ]}
        />
      ),
    },
  ]);

  return (
    <Modal open title={t('自定义按钮：{text}（{name}）', { text: head.tableTxt ?? '', name: head.tableName })} width={1200} onCancel={onClose} footer={<Button onClick={onClose}>{t('关闭')}</Button>}>
      <ListPage<CgformButton>
        list={list}
        columns={columns}
        onAdd={() => setEditing({})}
        toolbar={<Typography.Text type="secondary">{t('按钮的权限为 online:form:{table}:btn:按钮编码，在角色授权中分配', { table: head.tableName })}</Typography.Text>}
      />
      <ListFormModal<CgformButton>
        record={editing}
        title={t('按钮')}
        api={{ add: API.add, edit: API.edit }}
        toForm={toForm}
        toBody={toBody(head.id)}
        onClose={() => setEditing(undefined)}
        onSaved={() => void list.reload()}
      >
        <ButtonForm fields={fields} />
      </ListFormModal>
    </Modal>
  );
}
