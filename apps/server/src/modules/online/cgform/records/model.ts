import type { Kysely } from 'kysely';
import type { Db } from '../../../../core/db';
import { BizError } from '../../../../core/errors';
import type { OnlCgformFieldTable, OnlCgformHeadTable } from '../../../../core/db/tables/online-form';
import type { Selectable, SelectQueryBuilder } from 'kysely';

// A synced form as the generated API sees it: the head, its persisted fields with their names checked,
// and (for a main form) its sub forms with their foreign keys. Every identifier that later reaches SQL
// (table and column names) comes from here, after the pattern check, and is quoted by Kysely.

export type Head = Selectable<OnlCgformHeadTable>;
export type FieldRow = Selectable<OnlCgformFieldTable>;

/** Table and column names a form may use (as the sync engine creates them). */
export const FORM_IDENTIFIER = /^[a-z][a-z0-9_]{0,63}$/;
/** Our own tables: never served by the generated API, whatever a definition says. */
const SYSTEM_PREFIX = /^(sys_|onl_|stu_|qrtz_|oss_|kysely_)/;

/** Columns the server fills from the caller; never written from a request. */
export const AUDIT_FIELDS = ['create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code'] as const;
const AUDIT = new Set<string>(AUDIT_FIELDS);
export const isAuditField = (name: string) => AUDIT.has(name);

export type ValueKind = 'string' | 'text' | 'int' | 'number' | 'date' | 'datetime' | 'time';

export interface FormField {
  name: string;
  title: string;
  dbType: string;
  kind: ValueKind;
  /** Maximum characters of a string column (0: unlimited text). */
  length: number;
  /** Decimals of a number column. */
  point: number;
  isKey: boolean;
  /** Widget of the form: text, list, radio, checkbox, date, … (field_show_type). */
  view: string;
  required: boolean;
  /** A pattern code of spec/02 §5, 'only' (unique) or a custom expression. */
  validType: string | null;
  dictCode: string | null;
  dictTable: string | null;
  dictText: string | null;
  extendJson: string | null;
  defaultValue: string | null;
  href: string | null;
  isQuery: boolean;
  isShowForm: boolean;
  isShowList: boolean;
  readOnly: boolean;
  queryMode: string;
  mainTable: string | null;
  mainField: string | null;
  order: number;
  sortable: boolean;
  row: FieldRow;
}

export interface FormModel {
  head: Head;
  id: string;
  tableName: string;
  /** 1 single, 2 main, 3 sub. */
  tableType: number;
  title: string;
  /** Persisted fields (columns of the table), in order. */
  fields: FormField[];
  /** Fields shown in forms but not stored (e.g. 他表字段). */
  virtualFields: FormField[];
  byName: Map<string, FormField>;
  tree?: { pidField: string; hasChildField: string | null; textField: string | null };
  /** A main form's sub forms, in tab order. */
  subs: FormModel[];
  /** A sub form (as loaded under its main): its field holding the main row's key, and that key's field. */
  link?: { field: string; mainField: string };
  /** The caller's row conditions (auth/enforce.ts): every read, edit and delete of the table goes through them. */
  rowScope?: <Q extends SelectQueryBuilder<any, any, any>>(qb: Q) => Q;
  /** Fields the caller may not write (auth/enforce.ts): a request's values for them are ignored. */
  locked?: ReadonlySet<string>;
}

const INT_TYPES = new Set(['int', 'integer', 'long', 'bigint', 'smallint', 'tinyint']);
const NUMBER_TYPES = new Set(['double', 'bigdecimal', 'decimal', 'float', 'number', 'numeric']);

function kindOf(dbType: string): ValueKind {
  const t = dbType.toLowerCase();
  if (INT_TYPES.has(t)) return 'int';
  if (NUMBER_TYPES.has(t)) return 'number';
  if (t === 'date') return 'date';
  if (t === 'datetime' || t === 'timestamp') return 'datetime';
  if (t === 'time') return 'time';
  if (t === 'text' || t === 'blob' || t === 'longtext') return 'text';
  return 'string';
}

const flag = (v: unknown) => v === 1 || v === '1' || v === true || v === 'Y';

function fieldOf(row: FieldRow): FormField {
  const kind = kindOf(row.dbType);
  return {
    name: row.dbFieldName,
    title: row.dbFieldTxt || row.dbFieldName,
    dbType: row.dbType,
    kind,
    length: kind === 'string' ? Number(row.dbLength) || 0 : 0,
    point: Number(row.dbPointLength) || 0,
    isKey: flag(row.dbIsKey),
    view: row.fieldShowType || 'text',
    required: row.fieldMustInput === '1' || row.fieldValidType === '*',
    validType: row.fieldValidType && row.fieldValidType !== '*' ? row.fieldValidType : null,
    dictCode: row.dictField || null,
    dictTable: row.dictTable || null,
    dictText: row.dictText || null,
    extendJson: row.fieldExtendJson || null,
    defaultValue: row.fieldDefaultValue ?? null,
    href: row.fieldHref || null,
    isQuery: flag(row.isQuery),
    isShowForm: flag(row.isShowForm),
    isShowList: flag(row.isShowList),
    readOnly: flag(row.isReadOnly),
    queryMode: row.queryMode === 'group' ? 'group' : 'single',
    mainTable: row.mainTable || null,
    mainField: row.mainField || null,
    order: Number(row.orderNum) || 0,
    sortable: row.sortFlag === '1',
    row,
  };
}

function checkTableName(name: string) {
  if (!FORM_IDENTIFIER.test(name) || SYSTEM_PREFIX.test(name)) throw new BizError(`表名不合法：${name.slice(0, 64)}`);
}

/** The head named by id, or (as the link-record widgets call) by its table name. */
export async function findHead(db: Db, code: string): Promise<Head | undefined> {
  const byId = await db.selectFrom('onlCgformHead').selectAll().where('id', '=', code).executeTakeFirst();
  if (byId) return byId;
  if (!FORM_IDENTIFIER.test(code)) return undefined;
  return db.selectFrom('onlCgformHead').selectAll().where('tableName', '=', code).orderBy('copyType', 'asc').executeTakeFirst();
}

export const NOT_SYNCED = '表单未同步数据库，请先同步数据库再使用此表单！';

async function build(db: Db, head: Head, withSubs: boolean): Promise<FormModel> {
  // a copy (view) of a form keeps its own fields and shows the rows of its original's table
  let table = head.tableName;
  if (Number(head.copyType) === 1 && head.physicId) {
    const physic = await db.selectFrom('onlCgformHead').select(['tableName', 'isDbSynch']).where('id', '=', head.physicId).executeTakeFirst();
    if (!physic) throw new BizError('表单不存在或已被删除');
    if (physic.isDbSynch !== 'Y') throw new BizError(NOT_SYNCED);
    table = physic.tableName;
  } else if (head.isDbSynch !== 'Y') {
    throw new BizError(NOT_SYNCED);
  }
  checkTableName(table);
  const rows = await db.selectFrom('onlCgformField').selectAll().where('cgformHeadId', '=', head.id).orderBy('orderNum').orderBy('dbFieldName').execute();
  const fields: FormField[] = [];
  const virtualFields: FormField[] = [];
  for (const r of rows) {
    if (!FORM_IDENTIFIER.test(r.dbFieldName)) throw new BizError(`表单字段名不合法：${r.dbFieldName.slice(0, 64)}`);
    const f = fieldOf(r);
    if (r.dbIsPersist === 0 || f.view === 'link_table_field') virtualFields.push(f);
    else fields.push(f);
  }
  if (!fields.some((f) => f.name === 'id')) throw new BizError('表单缺少主键字段 id');
  const model: FormModel = {
    head,
    id: head.id,
    tableName: table,
    tableType: Number(head.tableType) || 1,
    title: head.tableTxt,
    fields,
    virtualFields,
    byName: new Map(fields.map((f) => [f.name, f])),
    subs: [],
  };
  if (head.isTree === 'Y' && head.treeParentIdField && model.byName.has(head.treeParentIdField)) {
    // The original's head form names the tree's text column 树表单列 (tree_fieldname) and keeps the
    // has-child flag in has_child; definitions that put the flag's name in tree_fieldname or
    // tree_id_field are read alike: the flag is the field named like has_child.
    const exists = (n: string | null | undefined): n is string => !!n && model.byName.has(n);
    const hasChild = [head.treeFieldname, head.treeIdField, 'has_child', 'has_children'].filter(exists).find((n) => /has_?child/i.test(n)) ?? null;
    const text = exists(head.treeFieldname) && head.treeFieldname !== hasChild ? head.treeFieldname : null;
    model.tree = { pidField: head.treeParentIdField, hasChildField: hasChild, textField: text ?? firstTextField(model) };
  }
  if (withSubs && model.tableType === 2 && head.subTableStr) {
    const names = head.subTableStr.split(',').map((s) => s.trim()).filter((s) => FORM_IDENTIFIER.test(s));
    if (names.length) {
      const subHeads = await db.selectFrom('onlCgformHead').selectAll().where('tableName', 'in', names).where('copyType', '=', 0).execute();
      const ordered = subHeads.sort((a, b) => (Number(a.tabOrderNum) || 0) - (Number(b.tabOrderNum) || 0) || names.indexOf(a.tableName) - names.indexOf(b.tableName));
      for (const sh of ordered) {
        const sub = await build(db, sh, false);
        const fk = sub.fields.find((f) => f.mainTable === head.tableName && f.mainField && model.byName.has(f.mainField) && FORM_IDENTIFIER.test(f.mainField));
        if (!fk) throw new BizError(`子表 ${sub.tableName} 未设置指向主表 ${head.tableName} 的外键`);
        sub.link = { field: fk.name, mainField: fk.mainField! };
        model.subs.push(sub);
      }
    }
  }
  return model;
}

function firstTextField(model: FormModel): string | null {
  return model.fields.find((f) => f.name !== 'id' && f.isShowList && !isAuditField(f.name) && f.name !== model.head.treeParentIdField)?.name ?? null;
}

/** The synced form named by id or table name, with its sub forms; refuses unknown and unsynced forms. */
export async function loadForm(db: Db, code: string): Promise<FormModel> {
  const head = await findHead(db, code);
  if (!head) throw new BizError('表单不存在或已被删除');
  return build(db, head, true);
}

/** The synced form of a head already found, with its sub forms. */
export function loadHead(db: Db, head: Head): Promise<FormModel> {
  return build(db, head, true);
}

/** The main forms a sub form belongs to (their sub_table_str names it). */
export async function mainHeadsOf(db: Db, sub: Pick<FormModel, 'tableName' | 'tableType'>): Promise<Head[]> {
  if (sub.tableType !== 3) return [];
  const heads = await db.selectFrom('onlCgformHead').selectAll().where('tableType', '=', 2).where('subTableStr', 'is not', null).execute();
  return heads.filter((h) => (h.subTableStr ?? '').split(',').map((s) => s.trim()).includes(sub.tableName));
}

/** The form's table through a connection without the camelCase mapping: names stay as defined. */
export function plain(db: Kysely<any>): Kysely<any> {
  return db.withoutPlugins();
}
