import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { PageResult } from '@anxue/shared';
import { whereTenant } from '../../../../core/access';
import type { Db } from '../../../../core/db';
import { newId } from '../../../../core/db/time';
import { BizError } from '../../../../core/errors';
import { applyFilters, applySort, fetchListPage, fetchPage, makeCondition, parseListQuery, QueryInputError, type Condition, type FieldDef, type ListQuery } from '../../../../core/query';
import { addDictTexts } from './dicts';
import { plain, type FormField, type FormModel } from './model';
import { checkUnique, inputRow, outRow, stamp, type DataCaller, type Row } from './values';

// Rows of a synced form's table: list (with the original's query conventions), tree children, one row
// with its sub rows, add / edit (sub rows replaced) / delete, each write in one transaction. Only the
// caller's tenant's rows are read or written (tenant_id, as whereTenant does for our own tables).

/** The original client's "no paging" page size. */
export const NO_PAGING = -521;
const MAX_ROWS = 10_000;
const ROOT_PIDS = ['', '0'];

type Qb = SelectQueryBuilder<any, any, Row>;

function typeOf(f: FormField): FieldDef['type'] {
  switch (f.kind) {
    case 'int':
      return 'int';
    case 'number':
      return 'number';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    default:
      return 'string';
  }
}

const MULTI_VIEWS = new Set(['checkbox', 'list_multi', 'sel_user', 'sel_depart']);

/** The form's fields as core/query declares them (names as in the table: the connection maps nothing). */
export function queryFields(form: FormModel): FieldDef[] {
  return form.fields.filter((f) => f.name !== 'tenant_id').map((f) => ({ name: f.name, type: typeOf(f), multi: MULTI_VIEWS.has(f.view) }));
}

function columns(form: FormModel, only?: string[]): string[] {
  const all = form.fields.filter((f) => f.name !== 'tenant_id').map((f) => f.name);
  if (!only?.length) return all;
  const wanted = new Set(only);
  return all.filter((n) => n === 'id' || wanted.has(n));
}

/** Rows of the form the caller may see. */
export function scoped(db: Kysely<any>, form: FormModel, caller: DataCaller, only?: string[]): Qb {
  const qb = whereTenant(plain(db).selectFrom(form.tableName).select(columns(form, only)) as Qb, caller, 'tenant_id');
  return form.rowScope ? form.rowScope(qb) : qb;
}

export async function decorate(db: Db, form: FormModel, records: Row[], caller: DataCaller): Promise<Row[]> {
  const out = records.map((r) => outRow(form, r));
  await addDictTexts(db, form.fields, out, caller);
  return out;
}

/** Reads the list conventions; the original's "no paging" size gives every row (up to a cap). */
export function parseQuery(form: FormModel, params: Record<string, unknown>): ListQuery {
  const p = { ...params };
  const size = Number(p.pageSize);
  const all = size === NO_PAGING || size <= 0;
  if (all) {
    delete p.pageSize;
    delete p.pageNo;
  }
  // the original client sorts by id ascending when no column is sorted
  const q = parseListQuery(p, queryFields(form), { defaultSort: [{ field: 'id', order: 'asc' }], maxPageSize: MAX_ROWS });
  if (all) {
    q.pageNo = 1;
    q.pageSize = MAX_ROWS;
  }
  return q;
}

function selectFields(params: Record<string, unknown>): string[] | undefined {
  const raw = params.linkTableSelectFields;
  if (typeof raw !== 'string' || !raw.trim()) return undefined;
  return raw.split(',').map((s) => s.trim()).filter(Boolean);
}

/** One page of the list (getData). */
export async function listRows(db: Db, form: FormModel, caller: DataCaller, params: Record<string, unknown>, extra: Condition[] = []): Promise<PageResult<Row>> {
  const q = parseQuery(form, params);
  const fields = queryFields(form);
  let qb = applyFilters(scoped(db, form, caller, selectFields(params)), fields, { filters: [...q.filters, ...extra], superQuery: q.superQuery });
  qb = applySort(qb, q);
  const page = await fetchListPage(db, qb, q.pageNo, q.pageSize);
  return { ...page, records: await decorate(db, form, page.records, caller) };
}

function rootCondition(form: FormModel) {
  const pid = form.tree!.pidField;
  return (eb: any) => eb.or([eb(sql.ref(pid), 'is', null), eb(sql.ref(pid), 'in', ROOT_PIDS)]);
}

/**
 * Rows of a tree form (getTreeData): children of a node when its id comes as the parent field; the
 * rows of expanded nodes (hasQuery=in); otherwise the roots, or every matching row when the request
 * filters.
 */
export async function treeRows(db: Db, form: FormModel, caller: DataCaller, params: Record<string, unknown>): Promise<PageResult<Row>> {
  if (!form.tree) return listRows(db, form, caller, params);
  const { pidField, hasChildField } = form.tree;
  const p = { ...params };
  delete p.hasQuery;
  delete p.batchFlag;
  const pid = p[pidField];
  if (typeof pid === 'string' && pid.trim() && !ROOT_PIDS.includes(pid.trim())) {
    delete p[pidField];
    if (hasChildField) delete p[hasChildField];
    const cond: Condition = { field: pidField, rule: 'eq', value: pid.trim() };
    return listRows(db, form, caller, { ...p, pageSize: NO_PAGING }, [cond]);
  }
  if (typeof pid === 'string' && ROOT_PIDS.includes(pid.trim())) delete p[pidField];
  if (params.hasQuery === 'in' || params.batchFlag === 'true') return listRows(db, form, caller, { ...p, pageSize: NO_PAGING });
  const q = parseQuery(form, p);
  if (q.filters.length || q.superQuery) return listRows(db, form, caller, p);
  let qb = scoped(db, form, caller).where(rootCondition(form));
  qb = applySort(qb, q);
  const page = await fetchPage(qb, q.pageNo, q.pageSize);
  return { ...page, records: await decorate(db, form, page.records, caller) };
}

async function subRows(db: Kysely<any>, sub: FormModel, caller: DataCaller, key: unknown): Promise<Row[]> {
  if (key === null || key === undefined || key === '') return [];
  const rows = await applySort(scoped(db, sub, caller).where(sql.ref(sub.link!.field), '=', key as any), {
    sort: [{ field: 'id', order: 'asc' }],
  }).execute();
  return rows;
}

/** One row with the rows of its sub forms (under each sub table's name); `texts` adds dictionary texts. */
export async function readRow(db: Db, form: FormModel, caller: DataCaller, id: string, texts = false): Promise<Row> {
  const raw = await scoped(db, form, caller).where(sql.ref('id'), '=', id).executeTakeFirst();
  if (!raw) throw new BizError('未找到对应数据');
  const [row] = texts ? await decorate(db, form, [raw], caller) : [outRow(form, raw)];
  for (const sub of form.subs) {
    const rows = await subRows(db, sub, caller, raw[sub.link!.mainField]);
    row[sub.tableName] = texts ? await decorate(db, sub, rows, caller) : rows.map((r) => outRow(sub, r));
  }
  return row;
}

/**
 * Sub rows of one main row (subform/{table}/{key}): `key` is the main row's value of the field the sub
 * rows refer to (its id as a rule), as the client passes it; the main row must be one the caller sees.
 */
export async function readSubRows(db: Db, main: FormModel, sub: FormModel, caller: DataCaller, key: string): Promise<Row[]> {
  const raw = await scoped(db, main, caller).where(sql.ref(sub.link!.mainField), '=', key).executeTakeFirst();
  if (!raw) return [];
  return (await subRows(db, sub, caller, raw[sub.link!.mainField])).map((r) => outRow(sub, r));
}

let idCounter = 0;
/**
 * Ids of form rows, 32 hex characters like every id, that sort in the order the rows were made: the time,
 * a counter, then randomness (the original's snowflake ids sort so too). Lists without a sort, and sub rows,
 * are read in id order, so they show rows as entered.
 */
export function orderedId(): string {
  idCounter = (idCounter + 1) % 0x10000;
  return Date.now().toString(16).padStart(12, '0') + idCounter.toString(16).padStart(4, '0') + newId().slice(16);
}

function inSub(sub: FormModel, index: number, err: unknown): never {
  if (err instanceof BizError) throw new BizError(`${sub.title}第${index + 1}行：${err.message}`);
  throw err;
}

type PreparedSubs = Array<{ sub: FormModel; key: unknown; rows: Row[] }>;

/** Values of the fields the caller may not write, by sub row id: a replaced sub row keeps them. */
async function lockedValues(db: Db, sub: FormModel, caller: DataCaller, key: unknown): Promise<Map<string, Row>> {
  const locked = [...(sub.locked ?? [])].filter((n) => sub.byName.has(n));
  const out = new Map<string, Row>();
  if (!locked.length || key === null || key === undefined || key === '') return out;
  for (const r of await subRows(db, sub, caller, key)) out.set(String(r.id), Object.fromEntries(locked.map((n) => [n, r[n]])));
  return out;
}

/**
 * Sub rows of the body checked and completed before any transaction opens (defaults from fill rules take
 * their numbers in transactions of their own; SQLite has one connection). Only sub tables the body names.
 */
async function prepareSubs(db: Db, form: FormModel, main: Row, body: Row, caller: DataCaller, now: Date): Promise<PreparedSubs> {
  const out: PreparedSubs = [];
  for (const sub of form.subs) {
    const given = body[sub.tableName];
    if (given === undefined) continue;
    if (given !== null && given !== '' && !Array.isArray(given)) throw new BizError(`${sub.title}的数据格式不正确`);
    const list = (Array.isArray(given) ? given : []) as unknown[];
    if (list.length > 1000) throw new BizError(`${sub.title}一次最多保存1000行`);
    const key = main[sub.link!.mainField];
    if ((key === null || key === undefined || key === '') && list.length) throw new BizError(`${sub.title}关联的主表字段没有值`);
    const kept = await lockedValues(db, sub, caller, key);
    const rows: Row[] = [];
    for (const [i, item] of list.entries()) {
      if (!item || typeof item !== 'object' || Array.isArray(item)) inSub(sub, i, new BizError('数据格式不正确'));
      try {
        const r = item as Row;
        const row = await inputRow(db, sub, r, 'add', caller, now, { ...kept.get(String(r.id ?? '')), [sub.link!.field]: key });
        row.id = orderedId();
        stamp(sub, row, 'add', caller, now);
        rows.push(row);
      } catch (err) {
        inSub(sub, i, err);
      }
    }
    out.push({ sub, key, rows });
  }
  return out;
}

async function writeSubs(trx: Kysely<any>, subs: PreparedSubs, caller: DataCaller, replace: boolean) {
  for (const { sub, key, rows } of subs) {
    if (replace) {
      await whereTenant(plain(trx).deleteFrom(sub.tableName).where(sql.ref(sub.link!.field), '=', key as any) as any, caller, 'tenant_id').execute();
    }
    for (const [i, row] of rows.entries()) {
      try {
        await checkUnique(trx, sub, row);
        await plain(trx).insertInto(sub.tableName).values(row).execute();
      } catch (err) {
        inSub(sub, i, err);
      }
    }
  }
}

async function setHasChild(trx: Kysely<any>, form: FormModel, caller: DataCaller, pid: unknown) {
  const has = form.tree?.hasChildField;
  if (!has || pid === null || pid === undefined || ROOT_PIDS.includes(String(pid))) return;
  const child = await whereTenant(plain(trx).selectFrom(form.tableName).select('id').where(sql.ref(form.tree!.pidField), '=', pid as any) as Qb, caller, 'tenant_id').executeTakeFirst();
  await plain(trx).updateTable(form.tableName).set({ [has]: child ? '1' : '0' }).where('id', '=', pid as any).execute();
}

function treeFixed(form: FormModel, body: Row, mode: 'add' | 'edit'): Row {
  const fixed: Row = {};
  if (!form.tree) return fixed;
  const { pidField, hasChildField } = form.tree;
  const pid = body[pidField];
  if (mode === 'add' || Object.prototype.hasOwnProperty.call(body, pidField)) {
    fixed[pidField] = pid === undefined || pid === null || String(pid).trim() === '' ? '0' : String(pid).trim();
  }
  if (hasChildField && mode === 'add') fixed[hasChildField] = '0';
  return fixed;
}

async function checkParent(trx: Kysely<any>, form: FormModel, caller: DataCaller, pid: unknown, selfId?: string) {
  if (!form.tree || pid === undefined || ROOT_PIDS.includes(String(pid))) return;
  let cursor: unknown = pid;
  for (let depth = 0; depth < 100 && cursor !== undefined && !ROOT_PIDS.includes(String(cursor ?? '')); depth++) {
    if (selfId && String(cursor) === selfId) throw new BizError('不能选择自己或下级作为上级节点');
    const parent = await scoped(trx, form, caller).where(sql.ref('id'), '=', cursor as any).executeTakeFirst();
    if (!parent) {
      if (depth === 0) throw new BizError('上级节点不存在');
      return;
    }
    cursor = parent[form.tree.pidField];
  }
}

/** Adds a row (and its sub rows) in one transaction; answers the new id. */
export async function addRow(db: Db, form: FormModel, caller: DataCaller, body: Row, now: Date): Promise<string> {
  const row = await inputRow(db, form, body, 'add', caller, now, treeFixed(form, body, 'add'));
  row.id = orderedId();
  stamp(form, row, 'add', caller, now);
  const subs = await prepareSubs(db, form, row, body, caller, now);
  return db.transaction().execute(async (trx) => {
    if (form.tree) await checkParent(trx, form, caller, row[form.tree.pidField]);
    await checkUnique(trx, form, row);
    await plain(trx).insertInto(form.tableName).values(row).execute();
    if (form.tree) await setHasChild(trx, form, caller, row[form.tree.pidField]);
    await writeSubs(trx, subs, caller, false);
    return row.id as string;
  });
}

/** Edits a row; sub tables named in the body have their rows replaced, all in one transaction. */
export async function editRow(db: Db, form: FormModel, caller: DataCaller, body: Row, now: Date): Promise<string> {
  const id = body.id;
  if (typeof id !== 'string' || !id.trim()) throw new BizError('缺少id');
  const found = await scoped(db, form, caller).where(sql.ref('id'), '=', id).executeTakeFirst();
  if (!found) throw new BizError('未找到对应数据');
  const row = await inputRow(db, form, body, 'edit', caller, now, treeFixed(form, body, 'edit'));
  stamp(form, row, 'edit', caller, now);
  const subs = await prepareSubs(db, form, { ...found, ...row }, body, caller, now);
  return db.transaction().execute(async (trx) => {
    const before = await scoped(trx, form, caller).where(sql.ref('id'), '=', id).executeTakeFirst();
    if (!before) throw new BizError('未找到对应数据');
    if (form.tree && form.tree.pidField in row) await checkParent(trx, form, caller, row[form.tree.pidField], id);
    await checkUnique(trx, form, row, id);
    await plain(trx).updateTable(form.tableName).set(row).where('id', '=', id).execute();
    if (form.tree && form.tree.pidField in row && String(row[form.tree.pidField]) !== String(before[form.tree.pidField])) {
      await setHasChild(trx, form, caller, before[form.tree.pidField]);
      await setHasChild(trx, form, caller, row[form.tree.pidField]);
    }
    await writeSubs(trx, subs, caller, true);
    return id;
  });
}

/** Deletes rows the caller sees (a tree node with its descendants, a main row with its sub rows); all or nothing. */
export async function deleteRows(db: Db, form: FormModel, caller: DataCaller, rawIds: string[]): Promise<number> {
  const ids = [...new Set(rawIds.map((s) => s.trim().replace(/_loadChild$/, '')).filter(Boolean))];
  if (!ids.length) throw new BizError('请选择一条记录！');
  if (ids.length > 1000) throw new BizError('一次最多删除1000条记录');
  return db.transaction().execute(async (trx) => {
    const found = await scoped(trx, form, caller).where(sql.ref('id'), 'in', ids).execute();
    if (found.length !== ids.length) throw new BizError('未找到对应数据');
    const all = new Map(found.map((r) => [String(r.id), r]));
    if (form.tree) {
      let frontier = ids;
      for (let depth = 0; frontier.length && depth < 100; depth++) {
        const children = await scoped(trx, form, caller).where(sql.ref(form.tree.pidField), 'in', frontier).execute();
        frontier = children.map((c) => String(c.id)).filter((cid) => !all.has(cid));
        for (const c of children) all.set(String(c.id), c);
      }
    }
    const rows = [...all.values()];
    for (const sub of form.subs) {
      const keys = [...new Set(rows.map((r) => r[sub.link!.mainField]).filter((k) => k !== null && k !== undefined && k !== ''))];
      if (keys.length) await whereTenant(plain(trx).deleteFrom(sub.tableName).where(sql.ref(sub.link!.field), 'in', keys as any[]) as any, caller, 'tenant_id').execute();
    }
    const allIds = [...all.keys()];
    for (let i = 0; i < allIds.length; i += 500) {
      await plain(trx).deleteFrom(form.tableName).where('id', 'in', allIds.slice(i, i + 500)).execute();
    }
    if (form.tree) {
      const parents = new Set(rows.map((r) => r[form.tree!.pidField]).filter((p) => !all.has(String(p))));
      for (const p of parents) await setHasChild(trx, form, caller, p);
    }
    return ids.length;
  });
}

export { makeCondition, QueryInputError };
