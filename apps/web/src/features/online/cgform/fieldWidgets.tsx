// The control of one generated-form field by its widget type (`view` of getFormItem / getQueryInfoVue3,
// the original's FormSchemaFactory), built from the shared widgets only, plus the rules, value
// conversions, linkage and default values of the field.
import type { ReactNode } from 'react';
import { DatePicker, Input, InputNumber, Switch, TimePicker, type FormItemProps } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { findPattern, UNIQUE_PATTERN_CODE } from '@anxue/shared/grid-patterns';
import { AreaSelector, AsyncSearchSelect, CategoryTreeSelect, DictSelect, DictTreeSelect } from '../../../components/dict';
import { LazyMarkdownEditor, LazyRichTextEditor } from '../../../components/editors';
import { DepartPicker, parseFieldExtend, PopupPicker, UserPicker } from '../../../components/pickers';
import { FileUpload, ImageUpload } from '../../../components/upload';
import { http } from '../../../lib/http';
import type { UserInfo } from '../../../lib/types';
import type { OnlineProperty } from './api';
import { t } from '../../../lib/i18n';
import { LinkTableSelect, OnlineTreeSelect } from './formDataWidgets';

/** Widget types of the designer's 页面属性 (the original's commonPageOptions). */
export const FIELD_SHOW_TYPES: { value: string; title: string }[] = [
  { title: '文本框', value: 'text' },
  { title: '密码', value: 'password' },
  { title: '下拉框', value: 'list' },
  { title: '单选框', value: 'radio' },
  { title: '多选框', value: 'checkbox' },
  { title: '开关', value: 'switch' },
  { title: '日期(年月日)', value: 'date' },
  { title: '日期(年月日时分秒)', value: 'datetime' },
  { title: '时间(HH:mm:ss)', value: 'time' },
  { title: '文件', value: 'file' },
  { title: '图片', value: 'image' },
  { title: '多行文本', value: 'textarea' },
  { title: '富文本', value: 'umeditor' },
  { title: 'MarkDown', value: 'markdown' },
  { title: '用户选择', value: 'sel_user' },
  { title: '部门选择', value: 'sel_depart' },
  { title: '关联记录', value: 'link_table' },
  { title: '他表字段', value: 'link_table_field' },
  { title: '省市区组件', value: 'pca' },
  { title: 'Popup弹框', value: 'popup' },
  { title: '下拉多选框', value: 'list_multi' },
  { title: '下拉搜索框', value: 'sel_search' },
  { title: '分类字典树', value: 'cat_tree' },
  { title: '自定义树控件', value: 'sel_tree' },
];

const DATE_FORMATS: Record<string, string> = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm:ss', time: 'HH:mm:ss' };
const NUMBER_TYPES = new Set(['number', 'integer', 'int', 'double', 'long', 'BigDecimal']);

/** The parsed extension settings of a field (fieldExtendJson), {} when absent or not JSON. */
export function fieldExtend(p: Pick<OnlineProperty, 'fieldExtendJson'>): Record<string, unknown> {
  if (!p.fieldExtendJson) return {};
  try {
    const v = JSON.parse(p.fieldExtendJson) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : { options: v };
  } catch {
    return {};
  }
}

/** The dictionary a field reads: its code, or `table,text,code` for a table dictionary. */
export function dictOf(p: Pick<OnlineProperty, 'dictCode' | 'dictTable' | 'dictText'>): string {
  if (p.dictTable) return `${p.dictTable},${p.dictText ?? ''},${p.dictCode ?? ''}`;
  return p.dictCode ?? '';
}

const enumOptions = (p: OnlineProperty) => p.enum?.map((o) => ({ value: String(o.value), text: o.title || String(o.value) }));

/** Switch values: fieldExtendJson `["Y","N"]` (on, off) as the original; default Y/N. */
export function switchValues(p: OnlineProperty): [string, string] {
  const ext = fieldExtend(p);
  const opts = ext.options;
  if (Array.isArray(opts) && opts.length === 2) return [String(opts[0]), String(opts[1])];
  return ['Y', 'N'];
}

export interface ControlOptions {
  /** The query form: pickers read the same, text searches never show a password box. */
  query?: boolean;
  disabled?: boolean;
  placeholder?: string;
}

/** The control of a field; Form.Item hands it value and onChange. */
export function fieldControl(key: string, p: OnlineProperty, opts: ControlOptions = {}): ReactNode {
  const { disabled } = opts;
  const text = opts.placeholder ?? t('请输入{label}', { label: p.title });
  const choose = t('请选择{label}', { label: p.title });
  const ext = fieldExtend(p);
  switch (p.view) {
    case 'password':
      return opts.query ? <Input placeholder={text} disabled={disabled} /> : <Input.Password placeholder={text} disabled={disabled} autoComplete="new-password" />;
    case 'textarea':
      return opts.query ? <Input placeholder={text} /> : <Input.TextArea rows={4} placeholder={text} disabled={disabled} />;
    case 'list':
    case 'link_down':
      return <DictSelect dictCode={dictOf(p) || undefined} options={enumOptions(p)} placeholder={choose} disabled={disabled} style={{ width: '100%' }} />;
    case 'radio':
      return <DictSelect type={opts.query ? 'select' : 'radio'} dictCode={dictOf(p) || undefined} options={enumOptions(p)} placeholder={choose} disabled={disabled} style={opts.query ? { width: '100%' } : undefined} />;
    case 'checkbox':
      return <DictSelect type={opts.query ? 'multiple' : 'checkbox'} dictCode={dictOf(p) || undefined} options={enumOptions(p)} placeholder={choose} disabled={disabled} style={opts.query ? { width: '100%' } : undefined} />;
    case 'list_multi':
      return <DictSelect type="multiple" dictCode={dictOf(p) || undefined} options={enumOptions(p)} placeholder={choose} disabled={disabled} style={{ width: '100%' }} />;
    case 'sel_search':
      return p.dictTable ? (
        <AsyncSearchSelect dict={dictOf(p)} placeholder={choose} disabled={disabled} style={{ width: '100%' }} />
      ) : (
        <DictSelect dictCode={dictOf(p) || undefined} options={enumOptions(p)} showSearch optionFilterProp="label" placeholder={choose} disabled={disabled} style={{ width: '100%' }} />
      );
    case 'link_table':
      // records of another form (dictTable = its table, dictText = shown fields, dictCode = stored field), through its data API
      return <LinkTableSelect table={p.dictTable ?? ''} valueField={p.dictCode || 'id'} textField={p.dictText ?? ''} multi={!opts.query && ext.multiSelect === true} placeholder={choose} disabled={disabled} style={{ width: '100%' }} />;
    case 'link_table_field':
      return <Input disabled placeholder="" />;
    case 'switch': {
      if (opts.query) {
        const [on, off] = switchValues(p);
        return <DictSelect options={[{ value: on, text: t('是') }, { value: off, text: t('否') }]} placeholder={choose} style={{ width: '100%' }} />;
      }
      return <Switch disabled={disabled} />;
    }
    case 'date':
    case 'datetime':
      return <DatePicker showTime={p.view === 'datetime'} format={DATE_FORMATS[p.view]} placeholder={choose} disabled={disabled} style={{ width: '100%' }} />;
    case 'time':
      return <TimePicker format={DATE_FORMATS.time} placeholder={choose} disabled={disabled} style={{ width: '100%' }} />;
    case 'file':
      return <FileUpload maxCount={Number(ext.uploadnum ?? 0) || 0} disabled={disabled} />;
    case 'image':
      return <ImageUpload maxCount={Number(ext.uploadnum ?? 0) || 0} disabled={disabled} />;
    case 'umeditor':
      return <LazyRichTextEditor disabled={disabled} height={240} />;
    case 'markdown':
      return <LazyMarkdownEditor readOnly={disabled} height={240} />;
    case 'sel_user':
      return <UserPicker fieldExtendJson={p.fieldExtendJson || undefined} multiSelect={!opts.query && ext.multiSelect !== false} disabled={disabled} placeholder={choose} />;
    case 'sel_depart': {
      const depart = parseFieldExtend(p.fieldExtendJson || undefined);
      return <DepartPicker store={depart.store ?? (key === 'sys_org_code' ? 'orgCode' : 'id')} text={depart.text} multi={!!depart.multiSelect} disabled={disabled} placeholder={choose} />;
    }
    case 'pca':
      return <AreaSelector disabled={disabled} placeholder={choose} style={{ width: '100%' }} />;
    case 'popup':
    case 'popup_dict':
      return <PopupPicker code={p.code ?? ''} orgFields={p.orgFields ?? ''} destFields={p.destFields ?? key} field={key} multi={!!p.popupMulti} disabled={disabled} placeholder={choose} />;
    case 'cat_tree':
      return <CategoryTreeSelect pcode={p.pcode ?? p.pidValue} disabled={disabled} placeholder={choose} style={{ width: '100%' }} />;
    case 'sel_tree':
      if (p.pidComponent === 1) {
        // the parent of a tree form's row: that form's own tree (dict = `table,textField,id`)
        const [table, textField] = (p.dict ?? '').split(',');
        return <OnlineTreeSelect code={table ?? ''} textField={textField || 'id'} pidField={p.pidField || 'pid'} hasChildField={p.hasChildField || undefined} disabled={disabled} placeholder={choose} style={{ width: '100%' }} />;
      }
      return <DictTreeSelect dict={p.dict ?? dictOf(p)} pidField={p.pidField} pidValue={p.pidValue} hasChildField={p.hasChildField} disabled={disabled} placeholder={choose} style={{ width: '100%' }} />;
    default:
      if (NUMBER_TYPES.has(p.type ?? '')) return <InputNumber style={{ width: '100%' }} placeholder={text} disabled={disabled} precision={p.type === 'integer' ? 0 : undefined} />;
      return <Input placeholder={text} disabled={disabled} />;
  }
}

/** Form.Item props converting what the server stores for the widget and back. */
export function fieldConversions(p: OnlineProperty): Partial<FormItemProps> {
  const format = DATE_FORMATS[p.view];
  if (format) {
    return {
      getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v, format) : dayjs.isDayjs(v) ? v : undefined }),
      normalize: (v: unknown) => (dayjs.isDayjs(v) && (v as Dayjs).isValid() ? (v as Dayjs).format(format) : null),
    };
  }
  if (p.view === 'switch') {
    const [on, off] = switchValues(p);
    return { valuePropName: 'checked', getValueProps: (v: unknown) => ({ checked: String(v) === on }), normalize: (v: unknown) => (v ? on : off) };
  }
  return {};
}

/** Required, and a pattern (a spec/02 §5 code, or a custom regular expression) with its message. */
export function fieldRules(p: OnlineProperty, required: boolean): Rule[] {
  const rules: Rule[] = [];
  const choose = ['list', 'radio', 'checkbox', 'list_multi', 'sel_search', 'switch', 'date', 'datetime', 'time', 'sel_user', 'sel_depart', 'pca', 'cat_tree', 'sel_tree', 'popup', 'link_table', 'file', 'image'].includes(p.view);
  // the required message may be set in the field's extension (validateError); errorInfo belongs to the pattern
  const requiredMessage = (fieldExtend(p).validateError as string | undefined) || t(choose ? '请选择{label}!' : '请输入{label}!', { label: p.title });
  if (required) rules.push({ required: true, message: requiredMessage });
  const pattern = p.pattern;
  if (!pattern || pattern === UNIQUE_PATTERN_CODE || choose) return rules;
  const known = findPattern(pattern);
  if (known) {
    rules.push(known.code === '*' ? { required: true, message: requiredMessage } : { pattern: known.pattern, message: p.errorInfo || t(known.message) });
    return rules;
  }
  try {
    rules.push({ pattern: new RegExp(pattern), message: p.errorInfo || t('正则校验失败') });
  } catch {
    /* an invalid expression checks nothing rather than breaking the form */
  }
  return rules;
}

/**
 * Field linkage kept in fieldExtendJson: `{"showWhen":{"field":"kind","values":["a","b"]}}` shows the field
 * only while `kind` holds one of the values (any non-empty value when `values` is absent).
 */
export interface ShowWhen {
  field: string;
  values?: string[];
}

export function showWhenOf(p: OnlineProperty): ShowWhen | undefined {
  const raw = fieldExtend(p).showWhen as ShowWhen | undefined;
  return raw && typeof raw === 'object' && typeof raw.field === 'string' && raw.field ? raw : undefined;
}

export function isShown(rule: ShowWhen | undefined, values: Record<string, unknown>): boolean {
  if (!rule) return true;
  const v = values[rule.field];
  const empty = v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
  if (!rule.values?.length) return !empty;
  if (empty) return false;
  const held = Array.isArray(v) ? v.map(String) : String(v).split(',');
  return held.some((h) => rule.values!.includes(h));
}

/**
 * A field's default value on 新增 (the original's FieldDefVal, minus the script form {{…}}): a fixed
 * value; #{date} #{time} #{datetime} #{sysUserId} #{sysUserCode} #{sysUserName} #{sysOrgCode}; or
 * ${fill_rule_code}, which the server's fill rule computes from the form's values.
 */
export async function resolveDefault(defVal: string, user: UserInfo | null, form: Record<string, unknown>): Promise<string | undefined> {
  const fill = /^\$\{([^}]+)\}$/.exec(defVal.trim());
  if (fill) {
    try {
      const result = await http.put<unknown>(`/sys/fillRule/executeRuleByCode/${encodeURIComponent(fill[1])}`, form, { silent: true });
      return result === null || result === undefined ? undefined : String(result);
    } catch {
      return undefined;
    }
  }
  return defVal.replace(/#\{([^}]+)\}/g, (all, name: string) => {
    switch (name) {
      case 'date':
        return dayjs().format(DATE_FORMATS.date);
      case 'time':
        return dayjs().format(DATE_FORMATS.time);
      case 'datetime':
        return dayjs().format(DATE_FORMATS.datetime);
      case 'sysUserId':
        return user?.id ?? '';
      case 'sysUserCode':
      case 'sys_user_code':
        return user?.username ?? '';
      case 'sysUserName':
        return user?.realname ?? '';
      case 'sysOrgCode':
      case 'sys_org_code':
        return user?.orgCode ?? '';
      default:
        return all;
    }
  });
}
