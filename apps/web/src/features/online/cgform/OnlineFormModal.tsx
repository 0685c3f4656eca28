// The add / edit / detail dialog of a generated page, built from getFormItem: one control per field by
// its widget type, required and pattern rules, read-only fields, linkage (show a field only while another
// holds a value), default values on 新增, and the sub tables: one-to-many as editable grids, one-to-one
// as a group of fields. Saved with POST / PUT form/{id} as the original (sub rows under their table name).
import { useEffect, useMemo, useRef, useState } from 'react';
import { Col, Divider, Form, Modal, Row, Spin, Tabs } from 'antd';
import { loadDictOptions } from '../../../components/dict';
import { EditableGrid, type ColumnType, type EditableGridHandle, type GridColumn, type GridOption, type GridRow } from '../../../components/editable-grid';
import { message } from '../../../lib/antd/static';
import { t } from '../../../lib/i18n';
import { http } from '../../../lib/http';
import { useSession } from '../../../lib/session/store';
import { usePermission } from '../../../lib/permission/usePermission';
import { RecordComments } from '../comment/RecordComments';
import { onlineApi, type OnlineFormItem, type OnlineProperty, type OnlineSubColumn } from './api';
import { fieldControl, fieldConversions, fieldExtend, fieldRules, isShown, resolveDefault, showWhenOf } from './fieldWidgets';

export type FormMode = 'add' | 'edit' | 'detail';

export interface OnlineFormModalProps {
  headId: string;
  formItem: OnlineFormItem;
  mode: FormMode;
  /** The row to edit or show. */
  dataId?: string;
  /** Values a new row starts with (a tree child's parent). */
  initial?: Record<string, unknown>;
  title: string;
  onClose: (saved: boolean) => void;
}

interface Entry {
  key: string;
  prop: OnlineProperty;
}

const byOrder = (a: Entry, b: Entry) => (a.prop.order ?? 999) - (b.prop.order ?? 999);

/** The main form's fields and the sub tables, in their order. */
export function splitProperties(properties: Record<string, OnlineProperty>): { fields: Entry[]; subs: Entry[] } {
  const all = Object.entries(properties).map(([key, prop]) => ({ key, prop }));
  return {
    fields: all.filter((e) => e.prop.view !== 'tab' && e.prop.view !== 'hidden').sort(byOrder),
    subs: all.filter((e) => e.prop.view === 'tab').sort(byOrder),
  };
}

const GRID_TYPES: Partial<Record<string, ColumnType>> = {
  input: 'input',
  text: 'input',
  password: 'input',
  inputNumber: 'inputNumber',
  'input-number': 'inputNumber',
  textarea: 'textarea',
  select: 'select',
  list: 'select',
  radio: 'select',
  checkbox: 'checkbox',
  list_multi: 'list_multi',
  'select-multiple': 'list_multi',
  sel_search: 'sel_search',
  'select-search': 'sel_search',
  date: 'date',
  datetime: 'datetime',
  time: 'time',
  sel_user: 'sel_user',
  'user-select': 'sel_user',
  sel_depart: 'sel_depart',
  'depart-select': 'sel_depart',
  file: 'file',
  image: 'image',
  popup: 'popup',
  hidden: 'hidden',
};

/** A one-to-many sub table's column for the editable grid (unknown widget types edit as text). */
export function subColumn(c: OnlineSubColumn, disabled: boolean): GridColumn {
  const type: ColumnType = GRID_TYPES[c.type] ?? 'input';
  const dict = c.dictTable ? `${c.dictTable},${c.dictText ?? ''},${c.dictCode ?? ''}` : c.dictCode;
  const rules = (c.validateRules ?? []).map((r) => ({ required: r.required, unique: r.unique, pattern: r.pattern, message: r.message }));
  return {
    key: c.key,
    title: c.title,
    type,
    width: typeof c.width === 'number' ? c.width : Number.parseInt(String(c.width ?? ''), 10) || 160,
    placeholder: c.placeholder,
    disabled: disabled || c.disabled,
    options: c.options?.map((o) => ({ value: o.value, title: o.title || o.text || String(o.value) })),
    dictCode: dict || undefined,
    defaultValue: c.fieldDefaultValue || undefined,
    validateRules: rules.length ? rules : undefined,
    fieldExtendJson: c.fieldExtendJson,
    ...(type === 'checkbox' ? { customValue: (c.customValue?.length === 2 ? c.customValue : ['1', '0']) as [unknown, unknown] } : {}),
    ...(type === 'popup' ? { popupCode: c.popupCode, orgFields: c.orgFields, destFields: c.destFields } : {}),
  };
}

const SPANS: Record<string, number> = { '1': 24, '2': 12, '3': 8, '4': 6 };

function FieldItem({ entry, required, readOnly, span }: { entry: Entry; required: boolean; readOnly: boolean; span: number }) {
  const { key, prop } = entry;
  const when = showWhenOf(prop);
  const ext = fieldExtend(prop);
  const disabled = readOnly || !!prop.ui?.widgetattrs?.disabled;
  const wide = ['umeditor', 'markdown'].includes(prop.view) || ext.isOneRow === true;
  const item = (
    <Col span={wide ? 24 : span}>
      <Form.Item
        label={prop.title}
        name={key}
        rules={readOnly ? [] : fieldRules(prop, required)}
        {...fieldConversions(prop)}
      >
        {fieldControl(key, prop, { disabled })}
      </Form.Item>
    </Col>
  );
  if (!when) return item;
  return (
    <Form.Item noStyle shouldUpdate>
      {({ getFieldsValue }) => (isShown(when, getFieldsValue(true) as Record<string, unknown>) ? item : null)}
    </Form.Item>
  );
}

function FieldRows({ entries, required, readOnly, span, prefix }: { entries: Entry[]; required: string[]; readOnly: boolean; span: number; prefix?: string }) {
  return (
    <Row gutter={16}>
      {entries.map((e) => (
        <FieldItem key={e.key} entry={prefix ? { key: e.key, prop: e.prop } : e} required={required.includes(e.key)} readOnly={readOnly} span={span} />
      ))}
    </Row>
  );
}

/** Values a new record starts with: each field's default (fixed, #{…} or ${fill rule}). */
async function defaultsOf(entries: Entry[], start: Record<string, unknown>): Promise<Record<string, unknown>> {
  const user = useSession.getState().info;
  const out: Record<string, unknown> = {};
  for (const { key, prop } of entries) {
    if (prop.defVal === undefined || prop.defVal === null || prop.defVal === '' || start[key] !== undefined) continue;
    const v = await resolveDefault(String(prop.defVal), user, { ...start, ...out });
    if (v === undefined) continue;
    out[key] = ['number', 'integer'].includes(prop.type ?? '') && v !== '' ? Number(v) : v;
  }
  return out;
}

export function OnlineFormModal({ headId, formItem, mode, dataId, initial, title, onClose }: OnlineFormModalProps) {
  const api = onlineApi(headId);
  const [form] = Form.useForm();
  const readOnly = mode === 'detail';
  const { has } = usePermission();
  const { fields, subs } = useMemo(() => splitProperties(formItem.schema.properties ?? {}), [formItem]);
  const required = formItem.schema.required ?? [];
  const span = SPANS[String(formItem.head?.formTemplate ?? '1')] ?? 24;
  const [record, setRecord] = useState<Record<string, unknown>>({});
  const [subRows, setSubRows] = useState<Record<string, GridRow[]>>({});
  const [dictOptions, setDictOptions] = useState<Record<string, GridOption[]>>({});
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const grids = useRef<Record<string, EditableGridHandle | null>>({});

  const subColumns = useMemo(
    () => Object.fromEntries(subs.filter((s) => Number(s.prop.relationType ?? 0) === 0).map((s) => [s.key, (s.prop.columns ?? []).map((c) => subColumn(c, readOnly))])),
    [subs, readOnly],
  );

  // dictionaries of the sub grids' choice columns
  useEffect(() => {
    const codes = new Set<string>();
    for (const cols of Object.values(subColumns)) for (const c of cols) if (c.dictCode && !c.options) codes.add(c.dictCode);
    let live = true;
    void Promise.all([...codes].map(async (code) => [code, (await loadDictOptions(code)).map((o) => ({ value: o.value, text: o.text ?? o.title ?? String(o.value) }))] as const)).then((pairs) => {
      if (live) setDictOptions(Object.fromEntries(pairs));
    });
    return () => {
      live = false;
    };
  }, [subColumns]);

  useEffect(() => {
    let live = true;
    const start = async () => {
      try {
        if (mode === 'add') {
          const base = { ...(initial ?? {}) };
          const defaults = await defaultsOf(fields, base);
          if (!live) return;
          form.setFieldsValue({ ...defaults, ...base });
          const one: Record<string, unknown> = {};
          for (const s of subs) {
            if (Number(s.prop.relationType ?? 0) === 1) one[s.key] = await defaultsOf(splitProperties(s.prop.properties ?? {}).fields, {});
          }
          if (live && Object.keys(one).length) form.setFieldsValue(one);
          return;
        }
        const data = await http.get<Record<string, unknown>>(`${api.form}/${encodeURIComponent(dataId ?? '')}`);
        if (!live) return;
        const values: Record<string, unknown> = { ...data };
        const rows: Record<string, GridRow[]> = {};
        for (const s of subs) {
          const list = (Array.isArray(data?.[s.key]) ? data[s.key] : []) as GridRow[];
          if (Number(s.prop.relationType ?? 0) === 1) values[s.key] = list[0] ?? {};
          else rows[s.key] = list;
        }
        setRecord(data ?? {});
        setSubRows(rows);
        form.setFieldsValue(values);
      } catch {
        if (live) onClose(false);
      } finally {
        if (live) setLoading(false);
      }
    };
    void start();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const save = async () => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body: Record<string, unknown> = { ...(mode === 'edit' ? record : {}), ...values };
    for (const s of subs) {
      if (Number(s.prop.relationType ?? 0) === 1) {
        const one = (values[s.key] ?? {}) as Record<string, unknown>;
        const stored = (Array.isArray(record[s.key]) ? (record[s.key] as Record<string, unknown>[])[0] : undefined) ?? {};
        body[s.key] = [{ ...stored, ...one }];
        continue;
      }
      const grid = grids.current[s.key];
      if (!grid) {
        body[s.key] = subRows[s.key] ?? [];
        continue;
      }
      try {
        // rows left entirely blank are not saved
        const keys = (subColumns[s.key] ?? []).map((c) => c.key);
        body[s.key] = (await grid.getValues({ validate: true })).values.filter((r) => keys.some((k) => r[k] !== undefined && r[k] !== null && r[k] !== ''));
      } catch {
        void message.warning(t('{name}：请先修正标红的内容', { name: s.prop.describe ?? s.key }));
        return;
      }
    }
    for (const [k, v] of Object.entries(body)) if (Array.isArray(v) && v.length === 0 && !subs.some((s) => s.key === k)) body[k] = '';
    setSaving(true);
    try {
      const tableType = formItem.head?.tableType ?? 1;
      const url = `${api.form}?tabletype=${tableType}`;
      const res = mode === 'edit' ? await http.raw.put(url, body) : await http.raw.post(url, body);
      void message.success(res.message || t('操作成功'));
      onClose(true);
    } catch {
      /* the client showed the notice */
    } finally {
      setSaving(false);
    }
  };

  const subPanes = subs.map((s) => {
    const label = s.prop.describe ?? s.key;
    if (Number(s.prop.relationType ?? 0) === 1) {
      const inner = splitProperties(s.prop.properties ?? {}).fields.map((e) => ({ key: e.key, prop: e.prop }));
      return {
        key: s.key,
        label,
        forceRender: true,
        children: (
          <Row gutter={16}>
            {inner.map((e) => (
              <Col key={e.key} span={span}>
                <Form.Item label={e.prop.title} name={[s.key, e.key]} rules={readOnly ? [] : fieldRules(e.prop, (s.prop.required ?? []).includes(e.key))} {...fieldConversions(e.prop)}>
                  {fieldControl(e.key, e.prop, { disabled: readOnly || !!e.prop.ui?.widgetattrs?.disabled })}
                </Form.Item>
              </Col>
            ))}
          </Row>
        ),
      };
    }
    return {
      key: s.key,
      label,
      forceRender: true,
      children: loading ? null : (
        <EditableGrid
          ref={(h) => {
            grids.current[s.key] = h;
          }}
          columns={subColumns[s.key] ?? []}
          value={subRows[s.key] ?? []}
          dictOptions={dictOptions}
          disabled={readOnly}
          rowSelection={readOnly ? false : 'checkbox'}
          toolbar={readOnly ? false : { add: true, remove: true }}
          maxHeight={300}
          size="small"
        />
      ),
    };
  });

  return (
    <Modal
      open
      title={title}
      width={subs.length || span < 24 ? 1100 : 800}
      okText={t('确定')}
      cancelText={t('关闭')}
      footer={readOnly ? null : undefined}
      confirmLoading={saving}
      // saving before the record has loaded would write an empty form over it
      okButtonProps={{ disabled: loading }}
      onOk={() => void save()}
      onCancel={() => onClose(false)}
      maskClosable={false}
      destroyOnHidden
    >
      <Spin spinning={loading}>
        <Form form={form} labelCol={{ span: span === 24 ? 5 : 8 }} wrapperCol={{ span: span === 24 ? 17 : 16 }} disabled={readOnly}>
          <FieldRows entries={fields} required={required} readOnly={readOnly} span={span} />
          {subPanes.length > 0 && (
            <>
              <Divider style={{ margin: '8px 0' }} />
              <Tabs items={subPanes} />
            </>
          )}
        </Form>
      </Spin>
      {readOnly && dataId && formItem.head?.tableName && !loading ? (
        <RecordComments tableName={formItem.head.tableName} dataId={dataId} canModerate={has(`online:form:${formItem.head.tableName}:delete`)} />
      ) : null}
    </Modal>
  );
}
