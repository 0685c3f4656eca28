import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { BizError } from '../../../core/errors';
import type { DictStore } from './cache';
import { dictCondition, treeCondition, type Equality } from './condition';
import { toOption, type DictOption } from './plain';
import { bindable, openSource, type DictReader, type TableSource } from './table-source';

// Table dictionaries (`table,textField,codeField[,condition]`) and tree dictionaries, read from
// declared sources only.

export const MAX_ROWS = 500;
const PLAIN_CODE = /^[A-Za-z0-9_.-]{1,100}$/;

export interface TableDictSpec {
  table: string;
  text: string;
  code: string;
  condition?: string;
}

export type DictRef = { kind: 'plain'; code: string } | ({ kind: 'table' } & TableDictSpec);

/** Reads a dictionary reference: a plain code, or the table form. */
export function parseDictRef(raw: string): DictRef {
  if (!raw.includes(',')) {
    if (!PLAIN_CODE.test(raw)) throw new BizError('字典Code格式不正确！');
    return { kind: 'plain', code: raw };
  }
  const parts = raw.split(',');
  if (parts.length < 3) throw new BizError('字典Code格式不正确！');
  const [table, text, code] = parts.map((p) => p.trim());
  const condition = parts.slice(3).join(',').trim();
  return { kind: 'table', table, text, code, condition: condition || undefined };
}

function where<T extends SelectQueryBuilder<any, any, any>>(qb: T, terms: Equality[]): T {
  for (const t of terms) qb = qb.where(sql.ref(t.column.name), '=', t.value) as T;
  return qb;
}

interface Opened {
  source: TableSource;
  text: string;
  code: string;
  terms: Equality[];
}

async function open(store: DictStore, spec: TableDictSpec): Promise<Opened> {
  const source = await openSource(store, spec.table);
  const text = source.column(spec.text).name;
  const code = source.column(spec.code).name;
  return { source, text, code, terms: dictCondition(source, spec.condition) };
}

async function selectOptions(db: Kysely<any>, o: Opened, tenant: DictReader) {
  return where(
    (await o.source.rows(db, tenant))
      .select([sql.ref(o.text).as('dictText'), sql.ref(o.code).as('dictValue')])
      .where(sql.ref(o.code), 'is not', null),
    o.terms,
  );
}

type OptionRow = { dictText: unknown; dictValue: unknown };
const asOptions = (rows: OptionRow[]) => rows.map((r) => toOption(r.dictValue, r.dictText));

/** Options of a table dictionary (at most MAX_ROWS, by code). */
export async function tableDictItems(db: Kysely<any>, store: DictStore, spec: TableDictSpec, tenant: DictReader): Promise<DictOption[]> {
  const o = await open(store, spec);
  const rows = await (await selectOptions(db, o, tenant)).orderBy(sql.ref(o.code)).limit(MAX_ROWS).execute();
  return asOptions(rows as OptionRow[]);
}

/** Texts of the given codes, in their order; an unknown code stands for itself. */
export async function tableDictTexts(db: Kysely<any>, store: DictStore, spec: TableDictSpec, keys: string[], tenant: DictReader): Promise<string[]> {
  const o = await open(store, spec);
  const codeCol = o.source.column(o.code);
  const values = [...new Set(keys.map((k) => bindable(codeCol, k)).filter((v) => v !== undefined))];
  const texts = new Map<string, string>();
  if (values.length) {
    const rows = (await (await selectOptions(db, o, tenant)).where(sql.ref(o.code), 'in', values).execute()) as OptionRow[];
    for (const r of rows) texts.set(String(r.dictValue), r.dictText === null || r.dictText === undefined ? '' : String(r.dictText));
  }
  return keys.map((k) => texts.get(codeCol.numeric ? String(bindable(codeCol, k)) : k) ?? k);
}

/** `%`, `_` and the escape itself taken literally in a LIKE pattern. */
export function likeContains(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Options whose text contains the keyword (case-insensitive), at most `limit`. */
export async function tableDictSearch(db: Kysely<any>, store: DictStore, spec: TableDictSpec, keyword: string, limit: number, tenant: DictReader): Promise<DictOption[]> {
  const o = await open(store, spec);
  let qb = await selectOptions(db, o, tenant);
  if (keyword) qb = qb.where(sql<boolean>`lower(cast(${sql.ref(o.text)} as varchar(1000))) like ${likeContains(keyword)} escape '\\'`);
  const rows = await qb.orderBy(sql.ref(o.code)).limit(limit).execute();
  return asOptions(rows as OptionRow[]);
}

export interface TreeQuery {
  tableName: string;
  text: string;
  code: string;
  pidField: string;
  hasChildField?: string;
  pid?: string;
  condition?: string;
}

export interface TreeNode {
  key: string;
  value: string;
  title: string;
  label: string;
  leaf: 0 | 1;
  isLeaf: boolean;
  parentId: string | null;
}

const HAS_CHILD = new Set(['1', 'true', 'Y', 'y']);
type TreeRow = { nodeText: unknown; nodeValue: unknown; nodeParent: unknown; nodeHasChild?: unknown };

/** Children of `pid` (roots when empty or '0': parent null, '' or '0') with their leaf flags. */
export async function treeNodes(db: Kysely<any>, store: DictStore, q: TreeQuery, tenant: DictReader): Promise<TreeNode[]> {
  const source = await openSource(store, q.tableName);
  const text = source.column(q.text).name;
  const code = source.column(q.code).name;
  const pidCol = source.column(q.pidField);
  const hasChild = q.hasChildField ? source.column(q.hasChildField).name : undefined;
  const terms = treeCondition(source, q.condition);
  const pidRef = sql.ref(pidCol.name);

  let qb = where(await source.rows(db, tenant), terms).select([sql.ref(text).as('nodeText'), sql.ref(code).as('nodeValue'), pidRef.as('nodeParent')]);
  if (hasChild) qb = qb.select(sql.ref(hasChild).as('nodeHasChild'));
  const pid = q.pid?.trim() ?? '';
  if (pid === '' || pid === '0') {
    qb = pidCol.numeric
      ? qb.where(sql<boolean>`(${pidRef} is null or ${pidRef} = ${0})`)
      : qb.where(sql<boolean>`(${pidRef} is null or ${pidRef} = ${''} or ${pidRef} = ${'0'})`);
  } else {
    const value = bindable(pidCol, pid);
    if (value === undefined) return [];
    qb = qb.where(pidRef, '=', value);
  }
  const rows = (await qb.where(sql.ref(code), 'is not', null).orderBy(sql.ref(code)).limit(MAX_ROWS).execute()) as TreeRow[];

  let parents: Set<string> | undefined;
  if (!hasChild && rows.length) {
    const values = [...new Set(rows.map((r) => bindable(pidCol, String(r.nodeValue))).filter((v) => v !== undefined))];
    const found = values.length
      ? ((await (await source.rows(db, tenant)).select(pidRef.as('p')).where(pidRef, 'in', values).groupBy(pidRef).execute()) as Array<{ p: unknown }>)
      : [];
    parents = new Set(found.map((r) => String(r.p)));
  }
  return rows.map((r) => {
    const value = String(r.nodeValue);
    const title = r.nodeText === null || r.nodeText === undefined ? '' : String(r.nodeText);
    const isLeaf = hasChild ? !HAS_CHILD.has(String(r.nodeHasChild ?? '')) : !parents!.has(value);
    return { key: value, value, title, label: title, leaf: isLeaf ? 1 : 0, isLeaf, parentId: r.nodeParent === null || r.nodeParent === undefined ? null : String(r.nodeParent) };
  });
}
