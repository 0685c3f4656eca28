// The report editor of Online报表配置 (the original's CgreportModal): code, name, data source, the SQL
// with 解析SQL filling the columns, the columns and parameters in editable grids, and the chart setting.
// Saved as { head, items, params } in one call (add, or editAll for an existing report).
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Form, Input, Modal, Select, Space, Tabs, Typography } from 'antd';
import { EditableGrid, type EditableGridHandle, type GridColumn, type GridRow } from '../../../components/editable-grid';
import { message } from '../../../lib/antdStatic';
import { http } from '../../../lib/http';
import { t } from '../../../lib/i18n';
import { CGREPORT_API, type CgreportHead, type ParsedReportSql } from './api';

const CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,99}$/;

const ITEM_COLUMNS: GridColumn[] = [
  { key: 'fieldName', title: '字段名字', type: 'input', width: 150, validateRules: [{ required: true, message: '字段名字不能为空' }] },
  { key: 'fieldTxt', title: '字段文本', type: 'input', width: 150, validateRules: [{ required: true, message: '字段文本不能为空' }] },
  { key: 'fieldWidth', title: '宽度', type: 'input', width: 70 },
  {
    key: 'fieldType',
    title: '类型',
    type: 'select',
    width: 110,
    defaultValue: 'String',
    options: [
      { title: '数值类型', value: 'Integer' },
      { title: '字符类型', value: 'String' },
      { title: '日期类型', value: 'Date' },
      { title: '时间类型', value: 'Datetime' },
      { title: '长整型', value: 'Long' },
      { title: '小数', value: 'Double' },
      { title: '图片类型', value: 'Image' },
    ],
  },
  { key: 'isShow', title: '列显示', type: 'checkbox', width: 70, customValue: [1, 0], defaultChecked: true },
  { key: 'isSearch', title: '查询', type: 'checkbox', width: 60, customValue: ['1', '0'] },
  {
    key: 'searchMode',
    title: '查询模式',
    type: 'select',
    width: 110,
    defaultValue: 'single',
    options: [
      { title: '单值查询', value: 'single' },
      { title: '范围查询', value: 'group' },
    ],
  },
  { key: 'isTotal', title: '合计列', type: 'checkbox', width: 70, customValue: ['1', '0'] },
  { key: 'dictCode', title: '字典code', type: 'input', width: 120 },
  { key: 'fieldHref', title: '字段href', type: 'input', width: 140 },
];

const PARAM_COLUMNS: GridColumn[] = [
  { key: 'paramName', title: '参数字段', type: 'input', width: 160, validateRules: [{ required: true, message: '参数字段不能为空' }] },
  { key: 'paramTxt', title: '参数文本', type: 'input', width: 160, validateRules: [{ required: true, message: '参数文本不能为空' }] },
  { key: 'paramValue', title: '默认值', type: 'input', width: 160 },
];

const chartTypes = () => [
  { value: '', label: t('不显示图表') },
  { value: 'bar', label: t('柱状图') },
  { value: 'line', label: t('折线图') },
  { value: 'pie', label: t('饼图') },
];

let tmp = 0;
const withIds = <T extends object>(rows: T[]): GridRow[] => rows.map((r) => ({ ...r, id: `__tmp_${++tmp}` }) as GridRow);

/** Keeps the rows already edited for names the SQL still has, adds the new ones after them (the original's getTabData). */
function merge(old: Array<Record<string, unknown>>, fresh: Array<Record<string, unknown>>, key: string): GridRow[] {
  const kept = fresh.map((f) => old.find((o) => o[key] === f[key])).filter(Boolean) as Array<Record<string, unknown>>;
  const added = fresh.filter((f) => !old.some((o) => o[key] === f[key]));
  let order = Math.max(0, ...kept.map((k) => Number(k.orderNum) || 0));
  return withIds([...kept.map(({ id: _id, ...rest }) => rest), ...added.map((a) => ({ ...a, orderNum: ++order }))]);
}

const strip = (rows: GridRow[]) => rows.map(({ id: _id, ...rest }) => rest);

export interface CgreportEditorProps {
  /** undefined: closed; {}: a new report; a head: that report. */
  record: Partial<CgreportHead> | undefined;
  onClose(): void;
  onSaved(): void;
}

export function CgreportEditor({ record, onClose, onSaved }: CgreportEditorProps) {
  const [form] = Form.useForm();
  const open = !!record;
  const isEdit = !!record?.id;
  const [items, setItems] = useState<GridRow[]>([]);
  const [params, setParams] = useState<GridRow[]>([]);
  const [sources, setSources] = useState<Array<{ value: string; label: string }>>([]);
  const [busy, setBusy] = useState(false);
  const [tab, setTab] = useState('items');
  const itemGrid = useRef<EditableGridHandle>(null);
  const paramGrid = useRef<EditableGridHandle>(null);

  useEffect(() => {
    if (!record) return;
    form.resetFields();
    form.setFieldsValue({
      code: record.code ?? '',
      name: record.name ?? '',
      dbSource: record.dbSource || undefined,
      cgrSql: record.cgrSql ?? '',
      chartType: record.chartType ?? '',
      chartFieldX: record.chartFieldX || undefined,
      chartFieldsY: (record.chartFieldsY ?? '').split(',').filter(Boolean),
    });
    setTab('items');
    setItems([]);
    setParams([]);
    if (record.id) {
      void http.get<GridRow[]>(CGREPORT_API.items, { headId: record.id }).then((rows) => setItems(rows ?? []), () => undefined);
      void http.get<GridRow[]>(CGREPORT_API.params, { headId: record.id }).then((rows) => setParams(rows ?? []), () => undefined);
    }
    void http.get<Array<{ value: string; label: string }>>(CGREPORT_API.dataSources, undefined, { silent: true }).then(
      (rows) => setSources(rows ?? []),
      () => setSources([]),
    );
  }, [record, form]);

  const fieldOptions = useMemo(
    () => items.filter((i) => i.fieldName).map((i) => ({ value: String(i.fieldName), label: `${String(i.fieldTxt || i.fieldName)}（${String(i.fieldName)}）` })),
    [items],
  );

  const parse = async () => {
    let values: { cgrSql: string; dbSource?: string };
    try {
      values = await form.validateFields(['cgrSql', 'dbSource']);
    } catch {
      return;
    }
    setBusy(true);
    try {
      const parsed = await http.get<ParsedReportSql>(CGREPORT_API.parseSql, { sql: values.cgrSql, ...(values.dbSource ? { dbKey: values.dbSource } : {}) });
      const current = itemGrid.current?.getAll() ?? items;
      setItems(merge(current, parsed.fields.map((f) => ({ ...f, fieldTxt: f.fieldTxt })), 'fieldName'));
      setParams(merge(paramGrid.current?.getAll() ?? params, parsed.params, 'paramName'));
      void message.success(t('解析成功'));
    } catch {
      // the client showed the server's reason
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    let head: Record<string, unknown>;
    try {
      head = await form.validateFields();
    } catch {
      return;
    }
    const itemValues = itemGrid.current ? await itemGrid.current.getValues() : { errorCount: 0, values: items };
    if (itemValues.errorCount) {
      setTab('items');
      return;
    }
    const paramValues = paramGrid.current ? await paramGrid.current.getValues() : { errorCount: 0, values: params };
    if (paramValues.errorCount) {
      setTab('params');
      return;
    }
    const chartType = (head.chartType as string) || null;
    const body = {
      head: {
        ...(record?.id ? { id: record.id } : {}),
        code: head.code,
        name: head.name,
        cgrSql: head.cgrSql,
        dbSource: head.dbSource || null,
        chartType,
        chartFieldX: chartType ? head.chartFieldX : null,
        chartFieldsY: chartType ? ((head.chartFieldsY as string[] | undefined) ?? []).join(',') : null,
      },
      items: strip(itemValues.values).map((r, i) => ({ ...r, orderNum: i + 1 })),
      params: strip(paramValues.values).map((r, i) => ({ ...r, orderNum: i + 1 })),
    };
    setBusy(true);
    try {
      const res = isEdit ? await http.raw.put(CGREPORT_API.edit, body) : await http.raw.post(CGREPORT_API.add, body);
      void message.success(res.message || t('保存成功'));
      onSaved();
      onClose();
    } catch {
      // the client showed the server's reason
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={isEdit ? t('编辑报表') : t('新增报表')} open={open} width={1200} onCancel={onClose} onOk={() => void save()} confirmLoading={busy} destroyOnHidden maskClosable={false}>
      <Form form={form} name="cgreport_editor" layout="vertical" preserve={false}>
        <Space align="start" wrap style={{ width: '100%' }}>
          <Form.Item
            label={t('报表编码')}
            name="code"
            rules={[
              { required: true, message: t('请输入报表编码！') },
              { pattern: CODE_PATTERN, message: t('编码必须以字母开头，可包含数字、下划线、横杠！') },
            ]}
          >
            <Input style={{ width: 220 }} />
          </Form.Item>
          <Form.Item label={t('报表名字')} name="name" rules={[{ required: true, message: t('请输入报表名字!') }, { max: 100, message: t('报表名字过长') }]}>
            <Input style={{ width: 220 }} />
          </Form.Item>
          <Form.Item label={t('动态数据源')} name="dbSource">
            <Select aria-label={t('动态数据源')} allowClear placeholder={t('主数据库')} style={{ width: 220 }} options={sources} />
          </Form.Item>
        </Space>
        <Form.Item
          label={t('报表SQL')}
          name="cgrSql"
          rules={[{ required: true, message: t('请填写报表SQL') }]}
          extra={
            <Typography.Text type="secondary">
              {t("一条 SELECT。参数写作 ${参数名}（如 where region = ${region}、like '%${name}%'），系统变量 #{sys_user_code}、#{sys_org_code}、#{tenant_id}、#{sys_date}；取值均以参数绑定，只读执行。")}
            </Typography.Text>
          }
        >
          <Input.TextArea aria-label={t('报表SQL')} rows={6} spellCheck={false} style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }} />
        </Form.Item>
        <Button type="primary" onClick={() => void parse()} loading={busy} style={{ marginBottom: 12 }}>
          {t('SQL解析')}
        </Button>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'items',
              label: t('动态报表配置明细'),
              forceRender: true,
              children: <EditableGrid ref={itemGrid} columns={ITEM_COLUMNS} value={items} onChange={setItems} rowSelection="checkbox" dragSort maxHeight={360} />,
            },
            {
              key: 'params',
              label: t('报表参数'),
              forceRender: true,
              children: <EditableGrid ref={paramGrid} columns={PARAM_COLUMNS} value={params} onChange={setParams} rowSelection="checkbox" maxHeight={260} />,
            },
            {
              key: 'chart',
              label: t('图表'),
              forceRender: true,
              children: (
                <Space align="start" wrap>
                  <Form.Item label={t('图表类型')} name="chartType">
                    <Select aria-label={t('图表类型')} style={{ width: 160 }} options={chartTypes()} />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate={(a, b) => a.chartType !== b.chartType}>
                    {({ getFieldValue }) =>
                      getFieldValue('chartType') ? (
                        <Space align="start">
                          <Form.Item label={t('分类字段（X 轴）')} name="chartFieldX" rules={[{ required: true, message: t('请选择分类字段') }]}>
                            <Select aria-label={t('分类字段')} style={{ width: 220 }} options={fieldOptions} />
                          </Form.Item>
                          <Form.Item label={t('数值字段（Y 轴）')} name="chartFieldsY" rules={[{ required: true, message: t('请选择数值字段') }]}>
                            <Select aria-label={t('数值字段')} mode="multiple" style={{ width: 320 }} options={fieldOptions} />
                          </Form.Item>
                        </Space>
                      ) : null
                    }
                  </Form.Item>
                </Space>
              ),
            },
          ]}
        />
      </Form>
    </Modal>
  );
}
