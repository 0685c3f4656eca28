// The form designer dialog: the head (table name, description, type, tree, list and form settings) and
// one field list edited through tabs (数据库属性, 页面属性, 校验字段, 外键) plus the indexes, saved in one
// addAll / editAll call as the original. Each tab is an editable grid over the same rows; only the
// 数据库属性 tab adds, removes and reorders fields.
import { useEffect, useMemo, useRef, useState } from 'react';
import { formNameProblem } from '@anxue/shared/online-form';
import { AutoComplete, Col, Form, Input, InputNumber, Modal, Row, Select, Spin, Tabs } from 'antd';
import { EditableGrid, isTempId, type EditableGridHandle, type GridColumn, type GridRow } from '../../../components/editable-grid';
import { message } from '../../../lib/antd/static';
import { t } from '../../../lib/i18n';
import { http } from '../../../lib/http';
import { CGFORM_API, type CgformField, type CgformHead, type CgformIndex, type CgformSaveBody } from './api';
import {
  AUDIT_FIELDS,
  CHECK_COLUMNS,
  DB_COLUMNS,
  FK_COLUMNS,
  PAGE_COLUMNS,
  VALID_TYPES,
  fieldProblems,
  fromStoredField,
  indexColumns,
  mergeTab,
  removedIds,
  standardFields,
  toFieldBody,
  toIndexBody,
  treeFields,
} from './fieldColumns';
import { FieldExtendDialog, extendSummary } from './FieldExtendDialog';

type TabKey = 'db' | 'page' | 'check' | 'fk' | 'index';

const tableNameRules = () => [
  { required: true, message: t('请输入表名') },
  {
    validator: async (_r: unknown, v: unknown) => {
      const problem = typeof v === 'string' && v.trim() ? formNameProblem(v.trim().toLowerCase(), '表名') : null;
      if (problem) throw new Error(t(problem));
    },
  },
];

const yesNo = () => [
  { label: t('是'), value: 'Y' },
  { label: t('否'), value: 'N' },
];

/** The options of a select, in the interface language. */
const choices = <V,>(options: { label: string; value: V }[]) => options.map((o) => ({ ...o, label: t(o.label) }));

export interface CgformEditorProps {
  /** The form to edit; none for a new one. */
  record?: CgformHead;
  onClose: (saved: boolean) => void;
}

export function CgformEditor({ record, onClose }: CgformEditorProps) {
  const isEdit = !!record?.id;
  const [form] = Form.useForm();
  const [tab, setTab] = useState<TabKey>('db');
  const [loading, setLoading] = useState(isEdit);
  const [saving, setSaving] = useState(false);
  // the one field list; a grid's edits are merged in when its tab is left and before saving
  const [fields, setFields] = useState<GridRow[]>(() => (isEdit ? [] : standardFields()));
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;
  const loadedFields = useRef<GridRow[]>([]);
  const [indexes, setIndexes] = useState<GridRow[]>([]);
  const loadedIndexes = useRef<GridRow[]>([]);
  const grid = useRef<EditableGridHandle>(null);
  const [extending, setExtending] = useState<{ row: GridRow; set: (v: unknown) => void } | undefined>();

  useEffect(() => {
    if (!record?.id) return;
    let live = true;
    void Promise.all([http.get<CgformField[]>(CGFORM_API.fields, { headId: record.id }), http.get<CgformIndex[]>(CGFORM_API.indexes, { headId: record.id })])
      .then(([f, i]) => {
        if (!live) return;
        const rows = (f ?? []).map((x) => fromStoredField(x as CgformField & Record<string, unknown>));
        loadedFields.current = rows;
        setFields(rows);
        const idx = (i ?? []) as unknown as GridRow[];
        loadedIndexes.current = idx;
        setIndexes(idx);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [record?.id]);

  /** Takes the open grid's rows into the field list (or the index list) and answers the result. */
  const collect = (): { fields: GridRow[]; indexes: GridRow[] } => {
    const rows = grid.current?.getAll();
    let f = fieldsRef.current;
    let i = indexes;
    if (rows) {
      if (tab === 'index') i = rows;
      else f = mergeTab(f, rows, tab === 'db');
    }
    fieldsRef.current = f;
    setFields(f);
    setIndexes(i);
    return { fields: f, indexes: i };
  };

  const switchTab = (next: string) => {
    collect();
    setTab(next as TabKey);
  };

  const onTreeChange = (value: string) => {
    const current = collect().fields;
    if (value === 'Y') {
      const have = new Set(current.map((r) => String(r.dbFieldName)));
      const extra = treeFields().filter((r) => !have.has(String(r.dbFieldName)));
      setFields(insertBeforeAudit(current, extra));
      form.setFieldsValue({ treeParentIdField: 'pid', treeIdField: 'has_child' });
    } else {
      // fields added for the tree in this dialog go again; stored ones stay
      setFields(current.filter((r) => !(isTempId(r.id) && ['pid', 'has_child'].includes(String(r.dbFieldName)))));
    }
  };

  const save = async () => {
    let head: Record<string, unknown>;
    try {
      head = await form.validateFields();
    } catch {
      return;
    }
    const open = grid.current;
    if (open) {
      const errors = await open.validateTable();
      if (errors > 0) {
        void message.warning(t('请先修正表格中标红的内容'));
        return;
      }
    }
    const { fields: f, indexes: i } = collect();
    const problems = fieldProblems(f);
    if (problems.length) {
      void message.warning(problems[0]);
      return;
    }
    const body: CgformSaveBody = {
      head: { ...(record ?? {}), ...head, tableName: String(head.tableName).trim().toLowerCase(), formCategory: record?.formCategory ?? 'temp', themeTemplate: record?.themeTemplate ?? 'normal' } as Partial<CgformHead>,
      fields: f.map(toFieldBody),
      indexs: i.map(toIndexBody),
      deleteFieldIds: removedIds(loadedFields.current, f),
      deleteIndexIds: removedIds(loadedIndexes.current, i),
    };
    setSaving(true);
    try {
      const res = isEdit ? await http.raw.put(CGFORM_API.editAll, body) : await http.raw.post(CGFORM_API.addAll, body);
      void message.success(res.message || t('保存成功'));
      onClose(true);
    } catch {
      /* the client showed the notice */
    } finally {
      setSaving(false);
    }
  };

  const pageColumns = useMemo<GridColumn[]>(
    () => [
      ...PAGE_COLUMNS,
      {
        key: 'fieldExtendJson',
        title: t('扩展设置'),
        type: 'slot',
        width: 160,
        render: ({ value, row, setValue }) => (
          <a onClick={() => setExtending({ row, set: setValue })} title={t('联动显示与其它扩展参数')}>
            {extendSummary(value) || t('设置')}
          </a>
        ),
      },
    ],
    [],
  );
  const validTypes = useMemo(() => VALID_TYPES.map((v) => ({ ...v, label: t(v.label) })), []);
  const checkColumns = useMemo<GridColumn[]>(
    () => [
      ...CHECK_COLUMNS.slice(0, 2),
      {
        key: 'fieldValidType',
        title: t('验证规则'),
        type: 'slot',
        width: 190,
        render: ({ value, setValue }) => (
          <AutoComplete
            aria-label={t('验证规则')}
            size="small"
            style={{ width: '100%' }}
            value={validTypes.find((v) => v.value === value)?.label ?? (value as string) ?? ''}
            options={validTypes.map((v) => ({ value: v.value, label: v.label }))}
            placeholder={t('空，或输入正则表达式')}
            onSelect={(v: string) => setValue(v)}
            onChange={(v: string) => {
              const known = validTypes.find((type) => type.label === v || type.value === v);
              setValue(known ? known.value : v);
            }}
            filterOption={false}
          />
        ),
      },
      ...CHECK_COLUMNS.slice(2),
    ],
    [validTypes],
  );
  const idxColumns = useMemo(() => indexColumns(fields.filter((f) => f.dbFieldName).map((f) => ({ value: String(f.dbFieldName), title: String(f.dbFieldTxt || f.dbFieldName) }))), [fields]);

  const fieldGrid = (columns: GridColumn[], structural: boolean) => (
    <EditableGrid
      key={tab}
      ref={grid}
      columns={columns}
      value={fields}
      stripTempIds={false}
      dragSort={structural}
      rowSelection={structural ? 'checkbox' : false}
      toolbar={structural ? { add: true, remove: true, move: true } : false}
      maxHeight={420}
      size="small"
    />
  );

  const treeOn = Form.useWatch('isTree', form) === 'Y';
  const tableType = Form.useWatch('tableType', form);

  return (
    <Modal
      open
      width={1200}
      title={isEdit ? t('编辑') : t('新增')}
      okText={t('确定')}
      cancelText={t('关闭')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={() => onClose(false)}
      maskClosable={false}
      destroyOnHidden
    >
      <Spin spinning={loading}>
        <Form
          form={form}
          labelCol={{ span: 8 }}
          wrapperCol={{ span: 16 }}
          initialValues={{ tableType: 1, relationType: 0, isCheckbox: 'Y', isPage: 'Y', isTree: 'N', queryMode: 'single', formTemplate: '1', scroll: 1, ...(record ?? {}), ...(record ? { tableType: Number(record.tableType) } : {}) }}
        >
          <Row gutter={8}>
            <Col span={8}>
              <Form.Item label={t('表名')} name="tableName" rules={tableNameRules()}>
                <Input placeholder={t('请输入表名')} disabled={isEdit && Number(record?.tableVersion ?? 1) > 1 && record?.isDbSynch === 'Y'} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label={t('表描述')} name="tableTxt" rules={[{ required: true, message: t('请输入表描述') }, { max: 200, message: t('表描述最长200个字') }]}>
                <Input placeholder={t('请输入表描述')} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label={t('表类型')} name="tableType">
                <Select
                  options={choices([
                    { label: '单表', value: 1 },
                    { label: '主表', value: 2 },
                    { label: '附表', value: 3 },
                  ])}
                />
              </Form.Item>
            </Col>
            {tableType === 3 && (
              <>
                <Col span={8}>
                  <Form.Item label={t('映射关系')} name="relationType">
                    <Select
                      options={choices([
                        { label: '一对多', value: 0 },
                        { label: '一对一', value: 1 },
                      ])}
                    />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item label={t('序号')} name="tabOrderNum">
                    <InputNumber min={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </>
            )}
            {tableType === 2 && (
              <Col span={8}>
                <Form.Item label={t('附表')} name="subTableStr">
                  <Input disabled placeholder={t('附表的外键指向本表后自动填写')} />
                </Form.Item>
              </Col>
            )}
            <Col span={8}>
              <Form.Item label={t('表单风格')} name="formTemplate">
                <Select
                  options={choices([
                    { label: '一列', value: '1' },
                    { label: '两列', value: '2' },
                    { label: '三列', value: '3' },
                    { label: '四列', value: '4' },
                  ])}
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label={t('显示复选框')} name="isCheckbox">
                <Select options={yesNo()} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label={t('是否分页')} name="isPage">
                <Select options={yesNo()} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label={t('查询模式')} name="queryMode">
                <Select
                  options={choices([
                    { label: '单条件查询', value: 'single' },
                    { label: '组合查询', value: 'group' },
                  ])}
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label={t('是否树')} name="isTree">
                <Select options={yesNo()} onChange={onTreeChange} />
              </Form.Item>
            </Col>
            {treeOn && (
              <>
                <Col span={8}>
                  <Form.Item label={t('树表单父ID')} name="treeParentIdField" rules={[{ required: true, message: t('请输入父ID字段') }]}>
                    <Input />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item label={t('是否有子节点字段')} name="treeIdField" rules={[{ required: true, message: t('请输入是否有子节点字段') }]}>
                    <Input />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item label={t('树开表单列')} name="treeFieldname" rules={[{ required: true, message: t('请输入显示树的列') }]}>
                    <Input placeholder={t('显示树的字段，如 name')} />
                  </Form.Item>
                </Col>
              </>
            )}
          </Row>
        </Form>
        <Tabs
          activeKey={tab}
          onChange={switchTab}
          items={[
            { key: 'db', label: t('数据库属性'), children: tab === 'db' ? fieldGrid(DB_COLUMNS, true) : null },
            { key: 'page', label: t('页面属性'), children: tab === 'page' ? fieldGrid(pageColumns, false) : null },
            { key: 'check', label: t('校验字段'), children: tab === 'check' ? fieldGrid(checkColumns, false) : null },
            { key: 'fk', label: t('外键'), children: tab === 'fk' ? fieldGrid(FK_COLUMNS, false) : null },
            {
              key: 'index',
              label: t('索引'),
              children:
                tab === 'index' ? (
                  <EditableGrid key="index" ref={grid} columns={idxColumns} value={indexes} stripTempIds={false} rowSelection="checkbox" toolbar={{ add: true, remove: true }} maxHeight={420} size="small" />
                ) : null,
            },
          ]}
        />
      </Spin>
      {extending && (
        <FieldExtendDialog
          row={extending.row}
          fields={fieldsRef.current}
          onClose={(json) => {
            if (json !== undefined) extending.set(json);
            setExtending(undefined);
          }}
        />
      )}
    </Modal>
  );
}

/** New rows go before the audit fields (create_by …), as the original inserts them. */
function insertBeforeAudit(rows: GridRow[], extra: GridRow[]): GridRow[] {
  const at = rows.findIndex((r) => AUDIT_FIELDS.includes(String(r.dbFieldName)));
  if (at < 0) return [...rows, ...extra];
  return [...rows.slice(0, at), ...extra, ...rows.slice(at)];
}
