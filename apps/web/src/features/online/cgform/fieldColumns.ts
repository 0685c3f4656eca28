// The field list of a form as the designer edits it: the columns of each tab (the original's
// DBAttributeTable, PageAttributeTable, CheckDictTable, ForeignKeyTable, IndexTable), the standard fields a
// new form starts with, the tree fields, and the merge of the tabs' rows into one list.
import { TEMP_ID_PREFIX, isTempId, type GridColumn, type GridRow } from '../../../components/editable-grid';
import { FORM_DB_TYPES, FORM_NAME_PATTERN, FORM_NAME_RULE, formNameProblem } from '@anxue/shared/online-form';
import type { CgformField, CgformIndex } from './api';
import { FIELD_SHOW_TYPES } from './fieldWidgets';
import { t } from '../../../lib/i18n';

const DB_TYPE_TITLES: Record<string, string> = { string: 'String', int: 'Integer', long: 'Long', double: 'Double' };
/** The database types of the shared contract, titled as the original's select. */
export const DB_TYPES = FORM_DB_TYPES.map((value) => ({ value, title: DB_TYPE_TITLES[value] ?? value }));

/** 验证规则: the pattern codes of spec/02 §5 (a custom regular expression may be typed instead). */
export const VALID_TYPES = [
  { label: '空', value: '' },
  { label: '唯一校验', value: 'only' },
  { label: '6到16位数字', value: 'n6-16' },
  { label: '6到18位字母', value: 's6-18' },
  { label: '6到16位任意字符', value: '*6-16' },
  { label: '网址', value: 'url' },
  { label: '电子邮件', value: 'e' },
  { label: '手机号码', value: 'm' },
  { label: '邮政编码', value: 'p' },
  { label: '字母', value: 's' },
  { label: '数字', value: 'n' },
  { label: '整数', value: 'z' },
  { label: '非空', value: '*' },
  { label: '金额', value: 'money' },
];

const FLAG: [string, string] = ['1', '0'];
const NAME_PATTERN = FORM_NAME_PATTERN.source;
const nameCols: GridColumn[] = [
  { key: 'dbFieldName', title: '字段名称', type: 'normal', width: 130, fixed: 'left' },
  { key: 'dbFieldTxt', title: '字段备注', type: 'normal', width: 130, fixed: 'left' },
];

export const DB_COLUMNS: GridColumn[] = [
  {
    key: 'dbFieldName',
    title: '字段名称',
    type: 'input',
    width: 160,
    validateRules: [{ required: true, message: '请输入字段名称' }, { pattern: NAME_PATTERN, message: `字段名称${FORM_NAME_RULE}` }, { unique: true, message: '字段名称不能重复' }],
  },
  { key: 'dbFieldTxt', title: '字段备注', type: 'input', width: 160, validateRules: [{ required: true, message: '请输入字段备注' }] },
  { key: 'dbLength', title: '字段长度', type: 'inputNumber', width: 100, defaultValue: 32, validateRules: [{ required: true, message: '请输入字段长度' }] },
  { key: 'dbPointLength', title: '小数点', type: 'inputNumber', width: 90, defaultValue: 0 },
  { key: 'dbDefaultVal', title: '默认值', type: 'input', width: 120, defaultValue: '' },
  { key: 'dbType', title: '字段类型', type: 'select', width: 130, options: DB_TYPES, defaultValue: 'string', validateRules: [{ required: true, message: '请选择字段类型' }] },
  { key: 'dbIsKey', title: '主键', type: 'checkbox', width: 70, customValue: FLAG, defaultChecked: false },
  { key: 'dbIsNull', title: '允许空值', type: 'checkbox', width: 90, customValue: FLAG, defaultChecked: true },
  { key: 'dbIsPersist', title: '同步数据库', type: 'checkbox', width: 100, customValue: FLAG, defaultChecked: true },
];

export const QUERY_MODES = [
  { title: '普通查询', value: 'single' },
  { title: '模糊查询', value: 'like' },
  { title: '范围查询', value: 'group' },
];

/** 页面属性 without the extension column (the editor adds it as a slot). */
export const PAGE_COLUMNS: GridColumn[] = [
  ...nameCols,
  { key: 'isShowForm', title: '表单显示', type: 'checkbox', width: 80, customValue: FLAG, defaultChecked: true },
  { key: 'isShowList', title: '列显示', type: 'checkbox', width: 70, customValue: FLAG, defaultChecked: true },
  { key: 'sortFlag', title: '排序', type: 'checkbox', width: 60, customValue: FLAG, defaultChecked: false },
  { key: 'isReadOnly', title: '只读', type: 'checkbox', width: 60, customValue: FLAG, defaultChecked: false },
  { key: 'fieldShowType', title: '控件类型', type: 'select', width: 160, options: FIELD_SHOW_TYPES, defaultValue: 'text', validateRules: [{ required: true, message: '请选择控件类型' }] },
  { key: 'fieldDefaultValue', title: '控件默认值', type: 'input', width: 150, placeholder: '如 #{sysUserCode} 或 ${规则编码}' },
  { key: 'fieldLength', title: '长度', type: 'inputNumber', width: 80, defaultValue: 120 },
  { key: 'isQuery', title: '查询', type: 'checkbox', width: 60, customValue: FLAG, defaultChecked: false },
  { key: 'queryMode', title: '查询类型', type: 'select', width: 120, options: QUERY_MODES, defaultValue: 'single' },
];

/** 校验字段 without the 验证规则 column (the editor adds it: a code or a typed expression). */
export const CHECK_COLUMNS: GridColumn[] = [
  ...nameCols,
  { key: 'fieldMustInput', title: '校验必填', type: 'checkbox', width: 90, customValue: FLAG, defaultChecked: false },
  { key: 'dictTable', title: '字典Table', type: 'input', width: 150, placeholder: '表字典的表名' },
  { key: 'dictField', title: '字典Code', type: 'input', width: 150, placeholder: '字典编码或表的值字段' },
  { key: 'dictText', title: '字典Text', type: 'input', width: 150, placeholder: '表的显示字段' },
  { key: 'fieldHref', title: '字段Href', type: 'input', width: 160 },
];

export const FK_COLUMNS: GridColumn[] = [
  ...nameCols,
  { key: 'mainTable', title: '主表名', type: 'input', width: 200 },
  { key: 'mainField', title: '主表字段', type: 'input', width: 200 },
];

export const indexColumns = (fieldOptions: { value: string; title: string }[]): GridColumn[] => [
  { key: 'indexName', title: '索引名称', type: 'input', width: 200, validateRules: [{ required: true, message: '请输入索引名称' }, { pattern: NAME_PATTERN, message: `索引名称${FORM_NAME_RULE}` }] },
  { key: 'indexField', title: '索引栏位', type: 'select-multiple', width: 300, options: fieldOptions, validateRules: [{ required: true, message: '请选择索引栏位' }] },
  { key: 'indexType', title: '索引类型', type: 'select', width: 140, options: [{ title: 'normal', value: 'normal' }, { title: 'unique', value: 'unique' }], defaultValue: 'normal' },
];

/** Values of every tab for a field that one tab added (its own columns' defaults are set by the grid). */
export const FIELD_DEFAULTS: Partial<CgformField> = {
  dbLength: 32,
  dbPointLength: 0,
  dbDefaultVal: '',
  dbType: 'string',
  dbIsKey: '0',
  dbIsNull: '1',
  dbIsPersist: '1',
  isShowForm: '1',
  isShowList: '1',
  sortFlag: '0',
  isReadOnly: '0',
  fieldShowType: 'text',
  fieldLength: 120,
  isQuery: '0',
  queryMode: 'single',
  fieldMustInput: '0',
  fieldValidType: '',
  dictTable: '',
  dictField: '',
  dictText: '',
  mainTable: '',
  mainField: '',
};

const FLAG_KEYS = ['dbIsKey', 'dbIsNull', 'dbIsPersist', 'isQuery', 'isShowForm', 'isShowList', 'isReadOnly', 'fieldMustInput', 'sortFlag'] as const;

/** A stored field as the grids edit it: flags as '1'/'0' (the server may answer numbers), blanks filled. */
export function fromStoredField(f: Partial<CgformField> & Record<string, unknown>): GridRow {
  const row: Record<string, unknown> = { ...FIELD_DEFAULTS, ...f };
  for (const k of FLAG_KEYS) {
    const v: unknown = f[k];
    if (v === undefined || v === null || v === '') row[k] = FIELD_DEFAULTS[k];
    else row[k] = v === true || v === 1 || v === '1' || v === 'Y' ? '1' : '0';
  }
  for (const [k, v] of Object.entries(row)) if (v === null) row[k] = '';
  return row as GridRow;
}

let seq = 0;
const tempId = () => `${TEMP_ID_PREFIX}f${Date.now().toString(36)}_${++seq}`;

const hiddenStandard = (f: Partial<CgformField>): GridRow => ({ ...FIELD_DEFAULTS, isShowForm: '0', isShowList: '0', fieldLength: 200, ...f, dbFieldTxt: t(f.dbFieldTxt ?? ''), id: tempId() }) as GridRow;

/** The fields a new form starts with, as the original (id, creator, times, department). */
export function standardFields(): GridRow[] {
  return [
    hiddenStandard({ dbFieldName: 'id', dbFieldTxt: '主键', dbLength: 36, dbIsKey: '1', dbIsNull: '0', isReadOnly: '1' }),
    hiddenStandard({ dbFieldName: 'create_by', dbFieldTxt: '创建人', dbLength: 50 }),
    hiddenStandard({ dbFieldName: 'create_time', dbFieldTxt: '创建日期', dbLength: 0, dbType: 'Datetime', fieldShowType: 'datetime' }),
    hiddenStandard({ dbFieldName: 'update_by', dbFieldTxt: '更新人', dbLength: 50 }),
    hiddenStandard({ dbFieldName: 'update_time', dbFieldTxt: '更新日期', dbLength: 0, dbType: 'Datetime', fieldShowType: 'datetime' }),
    hiddenStandard({ dbFieldName: 'sys_org_code', dbFieldTxt: '所属部门', dbLength: 64 }),
  ];
}

/** The parent and has-child fields a tree form needs. */
export function treeFields(): GridRow[] {
  return [
    { ...FIELD_DEFAULTS, id: tempId(), dbFieldName: 'pid', dbFieldTxt: t('父级节点'), dbLength: 36, isShowForm: '1', isShowList: '0', fieldLength: 200 } as GridRow,
    { ...FIELD_DEFAULTS, id: tempId(), dbFieldName: 'has_child', dbFieldTxt: t('是否有子节点'), dbLength: 3, isShowForm: '0', isShowList: '0', fieldShowType: 'list', dictField: 'yn', fieldLength: 200 } as GridRow,
  ];
}

/** Where new fields go: before the standard audit fields, as the original inserts them. */
export const AUDIT_FIELDS = ['create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code'];

/**
 * The field list after one tab's grid: the 数据库属性 tab decides which rows exist and their order
 * (added rows get every tab's defaults); the other tabs only change their own values.
 */
export function mergeTab(previous: GridRow[], fromGrid: GridRow[], structural: boolean): GridRow[] {
  const byId = new Map(previous.map((r) => [r.id, r]));
  if (structural) return fromGrid.map((r) => ({ ...FIELD_DEFAULTS, ...(byId.get(r.id) ?? {}), ...r }) as GridRow);
  const edited = new Map(fromGrid.map((r) => [r.id, r]));
  return previous.map((r) => ({ ...r, ...(edited.get(r.id) ?? {}) }));
}

/** Ids of stored rows that are no longer in the list. */
export function removedIds(before: GridRow[], after: GridRow[]): string[] {
  const kept = new Set(after.map((r) => r.id));
  return before.filter((r) => !isTempId(r.id) && !kept.has(r.id)).map((r) => r.id);
}

/** The problems that stop a save, first one first (the grid shows each cell's own message too). */
export function fieldProblems(fields: GridRow[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const pattern = new RegExp(NAME_PATTERN);
  fields.forEach((f, i) => {
    const name = String(f.dbFieldName ?? '').trim().toLowerCase();
    if (!name) problems.push(t('第 {n} 行：请输入字段名称', { n: i + 1 }));
    else if (!pattern.test(name) || formNameProblem(name, '字段名')) problems.push(t(formNameProblem(name, '字段名') ?? `字段名“${name}”不合法`));
    else if (seen.has(name)) problems.push(t('字段 {name} 重复', { name }));
    seen.add(name);
    if (!String(f.dbFieldTxt ?? '').trim()) problems.push(t('字段 {name}：请输入字段备注', { name: name || i + 1 }));
  });
  if (fields.filter((f) => f.mainTable || f.mainField).length > 1) problems.push(t('外键只允许配置一个!'));
  return problems;
}

/** A stored field of the body (temporary ids dropped, the order as shown). */
export function toFieldBody(f: GridRow, index: number): Partial<CgformField> {
  const { id, ...rest } = f as GridRow & Record<string, unknown>;
  const out: Record<string, unknown> = { ...rest, dbFieldName: String(f.dbFieldName ?? '').trim().toLowerCase(), orderNum: index };
  if (!isTempId(id)) out.id = id;
  return out as Partial<CgformField>;
}

export function toIndexBody(r: GridRow): Partial<CgformIndex> {
  const { id, ...rest } = r as GridRow & Record<string, unknown>;
  const indexField = Array.isArray(rest.indexField) ? rest.indexField.join(',') : String(rest.indexField ?? '');
  return { ...(rest as Partial<CgformIndex>), indexField, ...(isTempId(id) ? {} : { id }) };
}
