import { sql, type Kysely } from 'kysely';
import { holdsAny, type PermissionHolder } from '../../../core/access';
import { BizError, PermissionError } from '../../../core/errors';
import type { DictStore } from '../dict/cache';
import { IDENTIFIER, isPersonalColumn, isSecretColumn } from '../dict/declarations';
import { bindable } from '../dict/table-source';
import { formPermission } from '../../online/cgform/form-permission';

// Duplicate check over declared columns only: the built-in unique codes below plus every column of a
// dictionary source. Names are matched against those lists and the catalog; the value is bound.
//
// A sensitive column (personal data by name, or marked sensitive on its source) answers only callers
// who may write that table: those holding one of the codes its source declares (`sensitivePerms`) or,
// for the built-in tables below, the table's add/edit codes. Anyone else learns nothing about which
// phone numbers or e-mail addresses exist (issue 10).

export const UNSUPPORTED = '不支持对该表或字段做重复校验';

interface BuiltIn {
  /** Checkable columns: null open to any signed-in user, else only to holders of one of the codes. */
  fields: ReadonlyMap<string, readonly string[] | null>;
  /** Codes allowing the check of its sensitive fields: the table's add and edit buttons. */
  sensitivePerms?: readonly string[];
}

/** sys_user: whoever may add or edit users may ask whether a phone or e-mail is taken. */
export const USER_SENSITIVE_PERMS: readonly string[] = ['system:user:add', 'system:user:edit'];

const editors = (p: string) => [`${p}:add`, `${p}:edit`];
const open = (...names: string[]) => names.map((n) => [n, null] as const);

// Every unique column the original client checks before saving (its duplicateCheckRule calls); those its
// forms of other people's records check answer only that page's add/edit holders.
const BUILT_IN: ReadonlyMap<string, BuiltIn> = new Map<string, BuiltIn>([
  ['sys_dict', { fields: new Map(open('dict_code')) }],
  ['sys_category', { fields: new Map(open('code')) }],
  ['sys_check_rule', { fields: new Map(open('rule_code')) }],
  ['sys_fill_rule', { fields: new Map(open('rule_code')) }],
  ['sys_position', { fields: new Map(open('code')) }],
  ['sys_role', { fields: new Map(open('role_code')) }],
  ['sys_user', { fields: new Map(open('username', 'work_no', 'phone', 'email')), sensitivePerms: USER_SENSITIVE_PERMS }],
  ['sys_depart_role', { fields: new Map([['role_code', ['system:depart:role']]]) }],
  ['sys_sms_template', { fields: new Map([['template_code', editors('system:messageTemplate')]]) }],
  ['onl_cgform_head', { fields: new Map([['table_name', editors('online:cgform')]]) }],
  ['onl_cgreport_head', { fields: new Map([['code', editors('online:cgreport')]]) }],
  ['onl_graphreport_head', { fields: new Map([['code', editors('online:graphreport')]]) }],
]);

/** The client may send the camelCase name of a column (workNo for work_no). */
export function snake(name: string): string {
  return /^[a-z][a-zA-Z0-9]*$/.test(name) ? name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : name;
}

export interface DuplicateQuery {
  tableName: string;
  fieldName: string;
  fieldVal: string;
  dataId?: string;
}

type Judgement = { kind: 'refused' } | { kind: 'open' } | { kind: 'sensitive'; perms: string[] };

/** May this table's column be checked at all, and is it sensitive (with the codes that open it)? */
async function judge(db: Kysely<any>, store: DictStore, table: string, field: string): Promise<Judgement> {
  if (!IDENTIFIER.test(table) || !IDENTIFIER.test(field) || isSecretColumn(field)) return { kind: 'refused' };
  const builtIn = BUILT_IN.get(table);
  const source = (await store.declarations()).get(table);
  const inBuiltIn = builtIn?.fields.has(field) ?? false;
  const gate = builtIn?.fields.get(field) ?? null;
  const readable = source?.readable.has(field) ?? false;
  const markedSensitive = source?.sensitive.has(field) ?? false;
  if (!inBuiltIn && !readable && !markedSensitive) return onlineFormField(db, table, field);
  if (!markedSensitive && !isPersonalColumn(field) && !gate) return { kind: 'open' };
  return { kind: 'sensitive', perms: [...new Set([...(gate ?? []), ...(builtIn?.sensitivePerms ?? []), ...(source?.sensitivePerms ?? [])])] };
}

/** A column of an online form's table (the generated form's 唯一 check): for the form's add/edit holders. */
async function onlineFormField(db: Kysely<any>, table: string, field: string): Promise<Judgement> {
  if (isPersonalColumn(field)) return { kind: 'refused' };
  const form = await db
    .selectFrom('onlCgformHead as h')
    .innerJoin('onlCgformField as f', 'f.cgformHeadId', 'h.id')
    .select('h.id')
    .where('h.tableName', '=', table)
    .where('f.dbFieldName', '=', field)
    .executeTakeFirst();
  return form ? { kind: 'sensitive', perms: [formPermission(table, 'add'), formPermission(table, 'edit')] } : { kind: 'refused' };
}

async function demandOneOf(holder: PermissionHolder, perms: string[]): Promise<void> {
  const codes = holder.permissions ? await holder.permissions() : new Set<string>();
  if (!perms.length || !holdsAny(codes, perms)) throw new PermissionError();
}

/**
 * For endpoints with their own duplicate check (/sys/user/checkOnlyUser): refuses (403, code 510) the
 * check of a sensitive column by someone holding none of the codes that open it; other columns pass.
 * `fieldName` may be camelCase (phone, email, workNo).
 */
export async function demandSensitiveCheck(store: DictStore, holder: PermissionHolder, tableName: string, fieldName: string): Promise<void> {
  const table = snake(tableName.trim());
  const field = snake(fieldName.trim());
  const j = await judge(store.db, store, table, field);
  if (j.kind === 'sensitive') await demandOneOf(holder, j.perms);
  else if (j.kind === 'refused' && (isSecretColumn(field) || isPersonalColumn(field))) throw new PermissionError();
}

/** True when a row other than `dataId` already holds the value. */
export async function isTaken(db: Kysely<any>, store: DictStore, q: DuplicateQuery, caller: PermissionHolder): Promise<boolean> {
  const table = snake(q.tableName.trim());
  const field = snake(q.fieldName.trim());
  const j = await judge(db, store, table, field);
  if (j.kind === 'refused') throw new BizError(UNSUPPORTED);
  let info = (await store.tables()).get(table);
  if (!info?.columns.has(field)) {
    // a form synced since the catalog was read
    store.clear();
    info = (await store.tables()).get(table);
  }
  const column = info?.columns.get(field);
  if (!info || !column) throw new BizError(UNSUPPORTED);
  if (j.kind === 'sensitive') await demandOneOf(caller, j.perms);

  const value = bindable(column, q.fieldVal);
  if (value === undefined) return false; // text can never equal a number column's value
  let qb = db.selectFrom(table).select(sql.ref(field).as('taken')).where(sql.ref(field), '=', value);
  const idColumn = info.columns.get('id');
  const dataId = q.dataId?.trim();
  if (dataId && idColumn) {
    const id = bindable(idColumn, dataId);
    if (id !== undefined) qb = qb.where(sql.ref('id'), '<>', id);
  }
  return (await qb.limit(1).executeTakeFirst()) !== undefined;
}
