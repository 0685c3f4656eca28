// A form described as data: each field names its widget, and the Form.Item that carries it converts
// between what the server stores and what the widget edits (0/1 ↔ switch, 'YYYY-MM-DD HH:mm:ss' ↔ dayjs),
// so pages need no conversion code of their own.
import type { ReactNode } from 'react';
import { DatePicker, Form, Input, InputNumber, Select, Switch, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { DATETIME_FORMAT } from '@anxue/shared/constants';
import { DictSelect } from '../dict/DictSelect';
import { LazyRichTextEditor } from '../editors/lazy';
import { FileUpload } from '../upload/FileUpload';
import { ImageUpload } from '../upload/ImageUpload';
import { t } from '../../lib/i18n';

export type ResourceWidget = 'hidden' | 'input' | 'textarea' | 'number' | 'switch' | 'dict' | 'select' | 'datetime' | 'image' | 'file' | 'richText' | 'custom';

export interface ResourceFormContext {
  form: FormInstance;
  isEdit: boolean;
}

export interface ResourceFormField {
  name: string;
  label: string;
  widget: ResourceWidget;
  rules?: Rule[];
  placeholder?: string;
  initialValue?: unknown;
  /** dict: the dictionary code. */
  dictCode?: string;
  /** select: the choices. */
  options?: { label: string; value: string | number }[];
  /** image / file: most files kept (0 unlimited), upload folder, accepted types. */
  maxCount?: number;
  biz?: string;
  accept?: string;
  /** number: bounds. */
  min?: number;
  max?: number;
  /** Help text under the control. */
  extra?: ReactNode;
  /** Shown only while this answers true for the form's values. */
  visible?: (values: Record<string, unknown>) => boolean;
  /** custom: the control; Form.Item hands it value and onChange. */
  render?: (ctx: ResourceFormContext) => ReactNode;
}

/** A free part of the form (an options editor, a region editor): rendered as is, in the field order. */
export interface ResourceFormSection {
  key: string;
  section: (ctx: ResourceFormContext) => ReactNode;
}

export type ResourceFormItem = ResourceFormField | ResourceFormSection;

const isSection = (item: ResourceFormItem): item is ResourceFormSection => 'section' in item;

/** 1 / '1' / true are on; the server stores 1 or 0. */
export const isOn = (v: unknown) => v === 1 || v === '1' || v === true;
export const toDay = (v: unknown): Dayjs | undefined => (typeof v === 'string' && v ? dayjs(v) : dayjs.isDayjs(v) ? v : undefined);
export const fromDay = (v: unknown): string | null => (dayjs.isDayjs(v) && v.isValid() ? v.format(DATETIME_FORMAT) : typeof v === 'string' && v ? v : null);

// Forms are mostly described where the module loads, in Chinese: labels, placeholders, hints, options and
// rule messages are shown in the interface language here.
const translated = (text: ReactNode) => (typeof text === 'string' ? t(text) : text);
const translatedRule = (rule: Rule): Rule => (typeof rule === 'object' && typeof rule.message === 'string' ? { ...rule, message: t(rule.message) } : rule);

function control(f: ResourceFormField, ctx: ResourceFormContext): ReactNode {
  const label = t(f.label);
  const placeholder = f.placeholder ? t(f.placeholder) : ['dict', 'select', 'datetime'].includes(f.widget) ? t('请选择{label}', { label }) : t('请输入{label}', { label });
  switch (f.widget) {
    case 'hidden':
    case 'input':
      return <Input placeholder={placeholder} />;
    case 'textarea':
      return <Input.TextArea rows={3} placeholder={placeholder} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} min={f.min} max={f.max} placeholder={placeholder} />;
    case 'switch':
      return <Switch />;
    case 'dict':
      return <DictSelect dictCode={f.dictCode ?? ''} placeholder={placeholder} />;
    case 'select':
      return <Select options={f.options?.map((o) => ({ ...o, label: t(o.label) }))} placeholder={placeholder} allowClear />;
    case 'datetime':
      return <DatePicker showTime format={DATETIME_FORMAT} style={{ width: '100%' }} placeholder={placeholder} />;
    case 'image':
      return <ImageUpload maxCount={f.maxCount ?? 1} biz={f.biz} />;
    case 'file':
      return <FileUpload maxCount={f.maxCount ?? 1} biz={f.biz} accept={f.accept} />;
    case 'richText':
      return <LazyRichTextEditor placeholder={placeholder} />;
    case 'custom':
      return f.render?.(ctx) ?? null;
  }
}

/** Form.Item props that translate stored values for the widget and back. */
function conversions(f: ResourceFormField) {
  if (f.widget === 'hidden') return { hidden: true };
  if (f.widget === 'switch') return { valuePropName: 'checked', getValueProps: (v: unknown) => ({ checked: isOn(v) }), normalize: (v: unknown) => (v ? 1 : 0) };
  if (f.widget === 'datetime') return { getValueProps: (v: unknown) => ({ value: toDay(v) }), normalize: (v: unknown) => fromDay(v) };
  return {};
}

export function DescribedField({ field, ctx }: { field: ResourceFormField; ctx: ResourceFormContext }) {
  const item = (
    <Form.Item label={t(field.label)} name={field.name} rules={field.rules?.map(translatedRule)} initialValue={field.initialValue} extra={translated(field.extra)} {...conversions(field)}>
      {control(field, ctx)}
    </Form.Item>
  );
  if (!field.visible) return item;
  const visible = field.visible;
  return (
    <Form.Item noStyle shouldUpdate>
      {({ getFieldsValue }) => (visible(getFieldsValue(true) as Record<string, unknown>) ? item : null)}
    </Form.Item>
  );
}

/** The fields and sections of a described form, in order. */
export function ResourceFormBody({ items, ctx }: { items: ResourceFormItem[]; ctx: ResourceFormContext }) {
  return (
    <>
      {items.map((item) => (isSection(item) ? <div key={`section:${item.key}`}>{item.section(ctx)}</div> : <DescribedField key={item.name} field={item} ctx={ctx} />))}
    </>
  );
}
