// The report editor of Online报表配置 (the original's CgreportModal): code, name, data source, the SQL
// with 解析SQL filling the columns, the columns and parameters in editable grids, and the chart setting.
// Saved as { head, items, params } in one call (add, or editAll for an existing report).
import { Form, Input, Modal, Select, Space } from 'antd';
import type { GridColumn, GridRow } from '../../../components/editable-grid';
import { http } from '../../../lib/http';
import { t } from '../../../lib/i18n';
import { CGREPORT_API, type CgreportHead, type ParsedReportSql } from './api';
import { DESIGNER_CODE_PATTERN, DesignerTabs, SqlInput, useSqlDesigner } from './sqlDesigner';

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

export interface CgreportEditorProps {
  /** undefined: closed; {}: a new report; a head: that report. */
  record: Partial<CgreportHead> | undefined;
  onClose(): void;
  onSaved(): void;
}

export function CgreportEditor({ record, onClose, onSaved }: CgreportEditorProps) {
  const [form] = Form.useForm();
  const isEdit = !!record?.id;
  const designer = useSqlDesigner({
    form,
    record,
    fillForm: () =>
      form.setFieldsValue({
        code: record?.code ?? '',
        name: record?.name ?? '',
        dbSource: record?.dbSource || undefined,
        cgrSql: record?.cgrSql ?? '',
        chartType: record?.chartType ?? '',
        chartFieldX: record?.chartFieldX || undefined,
        chartFieldsY: (record?.chartFieldsY ?? '').split(',').filter(Boolean),
      }),
    loadItems: (headId) => http.get<GridRow[]>(CGREPORT_API.items, { headId }),
    loadParams: (headId) => http.get<GridRow[]>(CGREPORT_API.params, { headId }),
    dataSourcesUrl: CGREPORT_API.dataSources,
    parseSql: (sql, dbKey) => http.get<ParsedReportSql>(CGREPORT_API.parseSql, { sql, ...(dbKey ? { dbKey } : {}) }),
    mergeOrder: 'kept-first',
    body: (head, items, params) => {
      const chartType = (head.chartType as string) || null;
      return {
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
        items,
        params,
      };
    },
    save: { add: CGREPORT_API.add, edit: CGREPORT_API.edit },
    onSaved,
    onClose,
  });

  return (
    <Modal title={isEdit ? t('编辑报表') : t('新增报表')} open={!!record} width={1200} onCancel={onClose} onOk={() => void designer.save()} confirmLoading={designer.busy} destroyOnHidden maskClosable={false}>
      <Form form={form} name="cgreport_editor" layout="vertical" preserve={false}>
        <Space align="start" wrap style={{ width: '100%' }}>
          <Form.Item
            label={t('报表编码')}
            name="code"
            rules={[
              { required: true, message: t('请输入报表编码！') },
              { pattern: DESIGNER_CODE_PATTERN, message: t('编码必须以字母开头，可包含数字、下划线、横杠！') },
            ]}
          >
            <Input style={{ width: 220 }} />
          </Form.Item>
          <Form.Item label={t('报表名字')} name="name" rules={[{ required: true, message: t('请输入报表名字!') }, { max: 100, message: t('报表名字过长') }]}>
            <Input style={{ width: 220 }} />
          </Form.Item>
          <Form.Item label={t('动态数据源')} name="dbSource">
            <Select aria-label={t('动态数据源')} allowClear placeholder={t('主数据库')} style={{ width: 220 }} options={designer.sources} />
          </Form.Item>
        </Space>
        <SqlInput
          designer={designer}
          label={t('报表SQL')}
          required={t('请填写报表SQL')}
          rows={6}
          hint={t("一条 SELECT。参数写作 ${参数名}（如 where region = ${region}、like '%${name}%'），系统变量 #{sys_user_code}、#{sys_org_code}、#{tenant_id}、#{sys_date}；取值均以参数绑定，只读执行。")}
        />
        <DesignerTabs
          designer={designer}
          labels={{ items: t('动态报表配置明细'), params: t('报表参数') }}
          itemColumns={ITEM_COLUMNS}
          paramColumns={PARAM_COLUMNS}
          more={[
            {
              key: 'chart',
              label: t('图表'),
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
                            <Select aria-label={t('分类字段')} style={{ width: 220 }} options={designer.fieldOptions} />
                          </Form.Item>
                          <Form.Item label={t('数值字段（Y 轴）')} name="chartFieldsY" rules={[{ required: true, message: t('请选择数值字段') }]}>
                            <Select aria-label={t('数值字段')} mode="multiple" style={{ width: 320 }} options={designer.fieldOptions} />
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
