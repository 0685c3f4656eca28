import { findPattern, UNIQUE_PATTERN_CODE, type OnlineColumn, type OnlineColumnsResult, type OnlineFieldProperty, type OnlineFormHead, type OnlineFormItemResult, type OnlineQueryInfoResult, type OnlineSubColumn } from '@anxue/shared';
import type { Db } from '../../../../core/db';
import type { DictOption } from '../../../system/dict/service';
import { dictOf, fieldOptions } from './dicts';
import { isAuditField, type FormField, type FormModel } from './model';
import type { DataCaller } from './values';

// What the generated pages read of a form, in the original's shapes: the list's columns (getColumns),
// the query form (getQueryInfoVue3) and the add/edit form with its sub tables (getFormItem).

function typeOf(f: FormField): 'string' | 'number' | 'integer' {
  if (f.kind === 'int') return 'integer';
  if (f.kind === 'number') return 'number';
  return 'string';
}

const SLOT_OF: Record<string, string> = { image: 'imgSlot', file: 'fileSlot', umeditor: 'htmlSlot', markdown: 'htmlSlot', pca: 'pcaSlot' };

function extend(f: FormField): Record<string, unknown> {
  if (!f.extendJson) return {};
  try {
    const v = JSON.parse(f.extendJson);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

/** Dictionary options of the form's dictionary fields, by field name. */
async function optionsByField(db: Db, fields: FormField[], caller: DataCaller): Promise<Record<string, DictOption[]>> {
  const out: Record<string, DictOption[]> = {};
  for (const f of fields) if (dictOf(f)) out[f.name] = await fieldOptions(db, f, caller);
  return out;
}

/** getColumns: the list's columns, dictionaries, flags, and the buttons the caller may not use. */
export async function describeColumns(db: Db, form: FormModel, caller: DataCaller, hideColumns: string[]): Promise<OnlineColumnsResult> {
  const shown = form.fields.filter((f) => f.isShowList && f.name !== 'id' && f.name !== 'tenant_id');
  const dictOptions = await optionsByField(db, shown, caller);
  const fieldHrefSlots: OnlineColumnsResult['fieldHrefSlots'] = [];
  const columns: OnlineColumn[] = shown.map((f) => {
    const c: OnlineColumn = { title: f.title, dataIndex: f.name, align: 'center', sorter: f.sortable, fieldType: f.view, dbType: f.dbType };
    if (f.extendJson) c.fieldExtendJson = f.extendJson;
    const ext = extend(f);
    if (ext.showLength) c.showLength = Number(ext.showLength) || undefined;
    if (dictOptions[f.name]) c.customRender = f.name;
    if (f.view === 'switch') {
      const opts = Array.isArray(ext.switchOptions) ? ext.switchOptions : ['Y', 'N'];
      dictOptions[f.name] = [
        { value: String(opts[0]), text: '是', title: '是', label: '是' },
        { value: String(opts[1]), text: '否', title: '否', label: '否' },
      ];
      c.customRender = f.name;
    }
    if (SLOT_OF[f.view]) c.scopedSlots = { customRender: SLOT_OF[f.view] };
    if (f.view === 'date' && ext.picker && ext.picker !== 'default') c.scopedSlots = { customRender: 'dateSlot' };
    if (f.href) {
      const slotName = `fieldHref_${f.name}`;
      fieldHrefSlots.push({ slotName, href: f.href });
      c.hrefSlotName = slotName;
    }
    if (f.view === 'link_table' && f.dictTable) c.hrefSlotName = f.dictTable;
    return c;
  });
  const tree = form.tree;
  return {
    columns,
    dictOptions,
    hideColumns,
    checkboxFlag: form.head.isCheckbox === 'N' ? 'N' : 'Y',
    paginationFlag: form.head.isPage === 'N' ? 'N' : 'Y',
    scrollFlag: Number(form.head.scroll) === 1 ? 1 : 0,
    formTemplate: form.head.formTemplate ?? '1',
    themeTemplate: form.head.themeTemplate ?? 'normal',
    currentTableName: form.tableName,
    description: form.title,
    tableType: form.tableType,
    isTree: tree ? 'Y' : 'N',
    textField: tree?.textField ?? '',
    pidField: tree?.pidField ?? '',
    hasChildrenField: tree?.hasChildField ?? '',
    fieldHrefSlots,
    foreignKeys: form.subs.map((s) => ({ table: s.tableName, field: s.link!.field, mainField: s.link!.mainField })),
    cgButtonList: [],
    enhanceJs: '',
    isDesForm: false,
    desFormCode: '',
  };
}

function patternOf(f: FormField): Pick<OnlineFieldProperty, 'pattern' | 'errorInfo'> {
  const code = f.validType;
  if (!code) return {};
  if (code === UNIQUE_PATTERN_CODE || code === 'z') return { pattern: code };
  const known = findPattern(code);
  if (known) return { pattern: known.pattern.source, errorInfo: known.message };
  return { pattern: code, errorInfo: `${f.title}格式不正确` };
}

/** One field as the original's form schema describes it (view, type, order, dictionary, pattern, …). */
async function property(db: Db, form: FormModel, f: FormField, caller: DataCaller, options?: DictOption[]): Promise<OnlineFieldProperty> {
  const p: OnlineFieldProperty = { title: f.title, view: f.view, type: typeOf(f), order: f.order, dbPointLength: f.point };
  if (f.defaultValue) p.defVal = f.defaultValue;
  if (f.extendJson) p.fieldExtendJson = f.extendJson;
  if (f.dictCode) p.dictCode = f.dictCode;
  if (f.dictTable) p.dictTable = f.dictTable;
  if (f.dictText) p.dictText = f.dictText;
  Object.assign(p, patternOf(f));
  if (f.readOnly) p.ui = { widgetattrs: { disabled: true } };
  const ext = extend(f);
  if (dictOf(f)) {
    const opts = options ?? (await fieldOptions(db, f, caller));
    p.enum = opts.map((o) => ({ value: o.value, title: o.text, ...(o.color ? { color: o.color } : {}) }));
  }
  switch (f.view) {
    case 'popup':
    case 'popup_dict':
      // the original keeps the report code in dict_table, the target fields in dict_text, the source fields in dict_field
      p.code = f.dictTable ?? '';
      p.destFields = f.dictText ?? '';
      p.orgFields = f.dictCode ?? '';
      p.popupMulti = ext.popupMulti === true;
      break;
    case 'sel_tree': {
      const [id, pid, name, hasChild] = (f.dictText ?? '').split(',');
      p.dict = `${f.dictTable ?? ''},${name ?? ''},${id ?? ''}`;
      p.pidField = pid ?? '';
      p.pidValue = f.dictCode || '0';
      p.hasChildField = hasChild ?? '';
      break;
    }
    case 'cat_tree':
      p.pcode = f.dictCode ?? '';
      if (f.dictText) p.textField = f.dictText;
      break;
    case 'link_down':
      try {
        p.config = JSON.parse(f.dictTable ?? '{}');
      } catch {
        p.config = {};
      }
      p.others = [];
      break;
  }
  if (form.tree && f.name === form.tree.pidField) {
    p.view = 'sel_tree';
    p.dict = `${form.tableName},${form.tree.textField ?? 'id'},id`;
    p.pidField = form.tree.pidField;
    p.pidValue = '0';
    p.hasChildField = form.tree.hasChildField ?? '';
    p.pidComponent = 1;
  }
  return p;
}

function formFields(form: FormModel, withVirtual = true): FormField[] {
  const list = [...form.fields, ...(withVirtual ? form.virtualFields : [])];
  return list.filter((f) => f.isShowForm && f.name !== 'id' && f.name !== 'tenant_id' && f.name !== form.link?.field && !(form.tree && f.name === form.tree.hasChildField)).sort((a, b) => a.order - b.order);
}

const VXE_TYPE: Record<string, string> = {
  text: 'input',
  password: 'input',
  list: 'select',
  radio: 'radio',
  checkbox: 'checkbox',
  list_multi: 'list_multi',
  sel_search: 'sel_search',
  date: 'date',
  datetime: 'datetime',
  time: 'time',
  file: 'file',
  image: 'image',
  textarea: 'textarea',
  umeditor: 'textarea',
  markdown: 'textarea',
  popup: 'popup',
  popup_dict: 'popup',
  sel_user: 'sel_user',
  sel_depart: 'sel_depart',
  pca: 'pca',
  switch: 'checkbox',
  cat_tree: 'cat_tree',
  sel_tree: 'sel_tree',
  link_table: 'link_table',
  link_table_field: 'link_table_field',
};

/** A one-to-many sub form's fields as editable-grid columns. */
async function subColumns(db: Db, sub: FormModel, caller: DataCaller): Promise<OnlineSubColumn[]> {
  const out: OnlineSubColumn[] = [];
  for (const f of formFields(sub)) {
    if (isAuditField(f.name)) continue;
    let type = VXE_TYPE[f.view] ?? 'input';
    if (type === 'input' && (f.kind === 'int' || f.kind === 'number')) type = 'inputNumber';
    const c: OnlineSubColumn = { title: f.title, key: f.name, type, width: f.row.fieldLength ? `${f.row.fieldLength}px` : '200px', placeholder: `请输入${f.title}`, defaultValue: '' };
    if (f.defaultValue) c.fieldDefaultValue = f.defaultValue;
    if (f.extendJson) c.fieldExtendJson = f.extendJson;
    if (f.readOnly) c.disabled = true;
    const d = dictOf(f);
    if (d) {
      c.dictCode = d.kind === 'plain' ? d.code : `${d.table},${d.text},${d.code}`;
      c.options = (await fieldOptions(db, f, caller)).map((o) => ({ title: o.text, text: o.text, value: o.value }));
    } else if (f.dictCode || f.dictTable) {
      c.dictCode = f.dictCode ?? '';
      c.dictTable = f.dictTable ?? '';
      c.dictText = f.dictText ?? '';
    }
    if (f.view === 'switch') {
      const ext = extend(f);
      c.customValue = Array.isArray(ext.switchOptions) ? ext.switchOptions.map(String) : ['Y', 'N'];
    }
    if (f.view === 'popup' || f.view === 'popup_dict') {
      c.popupCode = f.dictTable ?? '';
      c.destFields = f.dictText ?? '';
      c.orgFields = f.dictCode ?? '';
    }
    const rules: OnlineSubColumn['validateRules'] = [];
    if (f.required) rules.push({ required: true, message: `${f.title}不能为空` });
    const pat = patternOf(f);
    if (f.validType === UNIQUE_PATTERN_CODE) rules.push({ unique: true, message: `${f.title}不能重复` });
    else if (pat.pattern) rules.push({ pattern: f.validType ?? pat.pattern, message: pat.errorInfo ?? `${f.title}格式不正确` });
    if (rules.length) c.validateRules = rules;
    out.push(c);
  }
  return out;
}

async function properties(db: Db, form: FormModel, caller: DataCaller): Promise<{ properties: Record<string, OnlineFieldProperty>; required: string[] }> {
  const props: Record<string, OnlineFieldProperty> = {};
  const required: string[] = [];
  for (const f of formFields(form)) {
    if (isAuditField(f.name)) continue;
    props[f.name] = await property(db, form, f, caller);
    if (f.required) required.push(f.name);
  }
  return { properties: props, required };
}

function headOf(form: FormModel): OnlineFormHead {
  const h = form.head;
  return {
    id: h.id,
    tableName: h.tableName,
    tableType: form.tableType,
    tableTxt: h.tableTxt,
    formTemplate: h.formTemplate ?? '1',
    themeTemplate: h.themeTemplate ?? 'normal',
    isTree: (form.tree ? 'Y' : 'N') as 'Y' | 'N',
    treeParentIdField: form.tree?.pidField ?? '',
    treeFieldname: h.treeFieldname ?? '',
    isCheckbox: h.isCheckbox,
    isPage: h.isPage,
    relationType: h.relationType,
    extConfigJson: h.extConfigJson ?? '',
    scroll: h.scroll,
  };
}

/** getFormItem: the add/edit form of a form, its sub forms as tabs (one-to-many as grid columns). */
export async function describeForm(db: Db, form: FormModel, caller: DataCaller, canEdit: boolean): Promise<OnlineFormItemResult> {
  const main = await properties(db, form, caller);
  for (const [i, sub] of form.subs.entries()) {
    const relationType = Number(sub.head.relationType) === 1 ? 1 : 0;
    const s = await properties(db, sub, caller);
    main.properties[sub.tableName] = {
      title: sub.title,
      view: 'tab',
      type: 'string',
      order: Number(sub.head.tabOrderNum) || i + 1,
      describe: sub.title,
      id: sub.id,
      relationType,
      foreignKey: sub.link!.mainField,
      foreignField: sub.link!.field,
      required: s.required,
      ...(relationType === 1 ? { properties: s.properties } : { columns: await subColumns(db, sub, caller) }),
      hideButtons: [],
    };
  }
  return {
    head: headOf(form),
    schema: { type: 'object', required: main.required, properties: main.properties },
    cgButtonList: [],
    enhanceJs: '',
    form_disable_update: !canEdit,
  };
}

/** getQueryInfoVue3: every field the query form and the advanced query may use, and which ones are query fields. */
export async function describeQuery(db: Db, form: FormModel, caller: DataCaller): Promise<OnlineQueryInfoResult> {
  const props: Record<string, OnlineFieldProperty> = {};
  const searchFieldList: string[] = [];
  for (const f of form.fields) {
    if (f.name === 'id' || f.name === 'tenant_id') continue;
    const p = await property(db, form, f, caller);
    const row = f.row;
    if (row.queryConfigFlag === '1') {
      if (row.queryShowType) p.view = row.queryShowType;
      if (row.queryDefVal) p.defVal = row.queryDefVal;
      if (row.queryDictField) p.dictCode = row.queryDictField;
      if (row.queryDictTable) p.dictTable = row.queryDictTable;
      if (row.queryDictText) p.dictText = row.queryDictText;
    } else {
      delete p.defVal;
      if (row.queryDefVal) p.defVal = row.queryDefVal;
    }
    p.mode = f.queryMode === 'group' ? 'group' : f.kind === 'string' && f.view === 'text' ? 'like' : 'single';
    delete p.pattern;
    delete p.errorInfo;
    props[f.name] = p;
    if (f.isQuery) searchFieldList.push(f.name);
  }
  return { table: form.tableName, title: form.title, properties: props, searchFieldList, joinQuery: false };
}
