// The chart editor of Online图表 (the original's GraphreportModal): name, code, display template, x and y
// fields, chart types, data source and the SQL, with SQL解析 filling the fields and parameters in editable
// grids. Only SQL data is offered. Saved as the head's fields with onlGraphreportItemList and paramsList.
import { Form, Input, Modal, Select, Space } from 'antd';
import type { GridColumn, GridRow } from '../../../components/editable-grid';
import { http } from '../../../lib/http';
import { t } from '../../../lib/i18n';
import { DESIGNER_CODE_PATTERN, DesignerTabs, SqlInput, useSqlDesigner } from '../cgreport/sqlDesigner';
import { GRAPH_API, GRAPH_TYPE_OPTIONS, type GraphHead, type ParsedReportSql } from './api';

const ITEM_COLUMNS: GridColumn[] = [
  { key: 'fieldName', title: '字段名', type: 'input', width: 150, validateRules: [{ required: true, message: '字段名不能为空' }] },
  { key: 'fieldTxt', title: '字段文本', type: 'input', width: 150 },
  {
    key: 'fieldType',
    title: '字段类型',
    type: 'select',
    width: 120,
    defaultValue: 'String',
    options: [
      { title: '数值类型', value: 'Integer' },
      { title: '日期类型', value: 'Date' },
      { title: '字符类型', value: 'String' },
      { title: '长整型', value: 'Long' },
    ],
  },
  { key: 'isTotal', title: '计算总计', type: 'checkbox', width: 80, customValue: ['Y', 'N'] },
  { key: 'searchFlag', title: '是否查询', type: 'checkbox', width: 80, customValue: ['Y', 'N'] },
  {
    key: 'searchMode',
    title: '查询模式',
    type: 'select',
    width: 120,
    defaultValue: 'single',
    options: [
      { title: '单条件查询', value: 'single' },
      { title: '范围查询', value: 'group' },
    ],
  },
  { key: 'dictCode', title: '字典Code', type: 'input', width: 140 },
  { key: 'isShow', title: '是否显示', type: 'checkbox', width: 80, customValue: ['Y', 'N'], defaultChecked: true },
];

const PARAM_COLUMNS: GridColumn[] = [
  { key: 'paramName', title: '参数', type: 'input', width: 200, validateRules: [{ required: true, message: '参数不能为空' }] },
  { key: 'paramTxt', title: '参数文本', type: 'input', width: 200, validateRules: [{ required: true, message: '参数文本不能为空' }] },
  { key: 'paramValue', title: '默认值', type: 'input', width: 200 },
];

const TEMPLATES = [
  { value: 'tab', label: 'Tab风格' },
  { value: 'single', label: '单排布局' },
  { value: 'double', label: '双排布局' },
];

export interface GraphreportEditorProps {
  /** undefined: closed; {}: a new chart; a head: that chart. */
  record: Partial<GraphHead> | undefined;
  onClose(): void;
  onSaved(): void;
}

export function GraphreportEditor({ record, onClose, onSaved }: GraphreportEditorProps) {
  const [form] = Form.useForm();
  const isEdit = !!record?.id;
  const designer = useSqlDesigner({
    form,
    record,
    fillForm: () =>
      form.setFieldsValue({
        name: record?.name ?? '',
        code: record?.code ?? '',
        displayTemplate: record?.displayTemplate ?? 'tab',
        xaxisField: record?.xaxisField || undefined,
        yaxisField: (record?.yaxisField ?? '').split(',').filter(Boolean),
        graphType: (record?.graphType ?? 'bar').split(',').filter(Boolean),
        dbSource: record?.dbSource || undefined,
        content: record?.content ?? '',
        cgrSql: record?.cgrSql ?? '',
      }),
    loadItems: (id) => http.get<GridRow[]>(GRAPH_API.items, { id }),
    loadParams: (headId) => http.get<GridRow[]>(GRAPH_API.params, { headId }),
    dataSourcesUrl: GRAPH_API.dataSources,
    parseSql: (data, dbSource) => http.post<ParsedReportSql>(GRAPH_API.parseField, { type: 'SQL', data, ...(dbSource ? { dbSource } : {}) }),
    // a chart knows no decimals or pictures: numbers are Integer, the rest as parsed
    toItem: (f) => ({ fieldName: f.fieldName, fieldTxt: f.fieldTxt, fieldType: f.fieldType === 'Double' ? 'Integer' : f.fieldType, isShow: 'Y', isTotal: 'N', searchFlag: 'N', searchMode: 'single', orderNum: f.orderNum }),
    mergeOrder: 'sql-order',
    body: (head, items, params) => ({
      ...(record?.id ? { id: record.id } : {}),
      name: head.name,
      code: head.code,
      displayTemplate: head.displayTemplate,
      xaxisField: head.xaxisField,
      yaxisField: ((head.yaxisField as string[] | undefined) ?? []).join(','),
      graphType: ((head.graphType as string[] | undefined) ?? []).join(','),
      dataType: 'sql',
      dbSource: head.dbSource || null,
      content: head.content || null,
      cgrSql: head.cgrSql,
      onlGraphreportItemList: items,
      paramsList: params,
    }),
    save: { add: GRAPH_API.add, edit: GRAPH_API.edit },
    onSaved,
    onClose,
  });

  return (
    <Modal title={isEdit ? t('编辑图表') : t('新增图表')} open={!!record} width={1200} onCancel={onClose} onOk={() => void designer.save()} confirmLoading={designer.busy} destroyOnHidden maskClosable={false}>
      <Form form={form} name="graphreport_editor" layout="vertical" preserve={false}>
        <Space align="start" wrap style={{ width: '100%' }}>
          <Form.Item label={t('图表名称')} name="name" rules={[{ required: true, message: t('请输入图表名称') }, { max: 100, message: t('图表名称过长') }]}>
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            label={t('编码')}
            name="code"
            rules={[
              { required: true, message: t('请输入编码!') },
              { pattern: DESIGNER_CODE_PATTERN, message: t('编码必须以字母开头，可包含数字、下划线、横杠！') },
            ]}
          >
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label={t('展示模板')} name="displayTemplate">
            <Select aria-label={t('展示模板')} style={{ width: 140 }} options={TEMPLATES.map((o) => ({ ...o, label: t(o.label) }))} />
          </Form.Item>
          <Form.Item label={t('图表类型')} name="graphType" rules={[{ required: true, message: t('请选择图表类型') }]}>
            <Select aria-label={t('图表类型')} mode="multiple" style={{ width: 280 }} options={GRAPH_TYPE_OPTIONS.map((o) => ({ ...o, label: t(o.label) }))} />
          </Form.Item>
          <Form.Item label={t('数据源')} name="dbSource">
            <Select aria-label={t('数据源')} allowClear placeholder={t('主数据库')} style={{ width: 180 }} options={designer.sources} />
          </Form.Item>
        </Space>
        <Space align="start" wrap style={{ width: '100%' }}>
          <Form.Item label={t('X轴字段')} name="xaxisField" rules={[{ required: true, message: t('请选择X轴字段') }]}>
            <Select aria-label={t('X轴字段')} style={{ width: 220 }} options={designer.fieldOptions} notFoundContent={t('请先解析SQL')} />
          </Form.Item>
          <Form.Item label={t('Y轴字段')} name="yaxisField" rules={[{ required: true, message: t('请选择Y轴字段') }]}>
            <Select aria-label={t('Y轴字段')} mode="multiple" style={{ width: 360 }} options={designer.fieldOptions} notFoundContent={t('请先解析SQL')} />
          </Form.Item>
          <Form.Item label={t('描述')} name="content">
            <Input style={{ width: 300 }} />
          </Form.Item>
        </Space>
        <SqlInput designer={designer} label={t('查询SQL')} required={t('请输入查询SQL')} rows={5} hint={t('一条 SELECT，参数写作 ${参数名}，取值以参数绑定，只读执行（同 Online报表）。')} />
        <DesignerTabs designer={designer} labels={{ items: t('列表字段'), params: t('图表参数') }} itemColumns={ITEM_COLUMNS} paramColumns={PARAM_COLUMNS} />
      </Form>
    </Modal>
  );
}
