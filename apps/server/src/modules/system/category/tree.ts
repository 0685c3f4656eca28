import { whereTenant, type TenantReader } from '../../../core/access';
import type { Kysely } from 'kysely';
import { BizError } from '../../../core/errors';
import type { Database } from '../../../core/db';
import { ROOT_PID } from './code';

type Db = Kysely<Database>;

/** What the category widgets read: one node of the tree select. */
export interface CategoryNode {
  key: string;
  value: string;
  title: string;
  label: string;
  code: string | null;
  leaf: 0 | 1;
  isLeaf: boolean;
  parentId: string;
  children?: CategoryNode[];
}

type NodeRow = { id: string; pid: string; name: string; code: string | null; hasChild: string };

/** Columns a loadTreeData condition may compare (equality only). */
const CONDITION_COLUMNS = new Set(['name', 'code']);
/** A whole subtree is at most this many nodes (the widget loads bigger ones level by level). */
const MAX_SUBTREE = 5000;
/** One level is at most this many nodes. */
const MAX_LEVEL = 2000;

export function toNode(r: NodeRow): CategoryNode {
  const leaf = r.hasChild === '1' ? 0 : 1;
  return { key: r.id, value: r.id, title: r.name, label: r.name, code: r.code, leaf, isLeaf: leaf === 1, parentId: r.pid };
}

function nodeRows(db: Db, caller: TenantReader) {
  return whereTenant(db.selectFrom('sysCategory').select(['id', 'pid', 'name', 'code', 'hasChild']), caller);
}

/** The id of the category coded `pcode`; '0' or nothing means the roots. */
export async function pidOfCode(db: Db, caller: TenantReader, pcode: string | undefined): Promise<string> {
  if (!pcode || pcode === ROOT_PID) return ROOT_PID;
  const row = await whereTenant(db.selectFrom('sysCategory').select('id'), caller).where('code', '=', pcode).executeTakeFirst();
  if (!row) throw new BizError(`该编码【${pcode}】不存在，请核实!`);
  return row.id;
}

/** Children of `pid` ordered by code, optionally narrowed by equality on declared columns. */
export async function childNodes(db: Db, caller: TenantReader, pid: string, where: Record<string, string> = {}): Promise<CategoryNode[]> {
  let qb = nodeRows(db, caller).where('pid', '=', pid);
  for (const [column, value] of Object.entries(where)) {
    if (column === 'name') qb = qb.where('name', '=', value);
    else if (column === 'code') qb = qb.where('code', '=', value);
  }
  const rows = await qb.orderBy('code').orderBy('name').orderBy('id').limit(MAX_LEVEL).execute();
  return rows.map(toNode);
}

/** Everything below `pid` as nested nodes, read one level at a time. */
export async function subtreeNodes(db: Db, caller: TenantReader, pid: string): Promise<CategoryNode[]> {
  const top = await childNodes(db, caller, pid);
  let level = top;
  let count = top.length;
  while (level.length && count < MAX_SUBTREE) {
    const byParent = new Map(level.map((n) => [n.key, n]));
    const rows = await nodeRows(db, caller)
      .where('pid', 'in', [...byParent.keys()].slice(0, MAX_LEVEL))
      .orderBy('code')
      .orderBy('name')
      .orderBy('id')
      .limit(MAX_SUBTREE - count)
      .execute();
    const next: CategoryNode[] = [];
    for (const r of rows) {
      const node = toNode(r);
      const parent = byParent.get(r.pid)!;
      (parent.children ??= []).push(node);
      next.push(node);
    }
    count += rows.length;
    level = next;
  }
  return top;
}

/**
 * The condition of loadTreeData: a JSON object whose keys are declared columns and whose values are
 * text or numbers, compared for equality. Anything else is refused.
 */
export function parseCondition(raw: string | undefined): Record<string, string> {
  if (!raw || !raw.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BizError('分类查询条件需要一个json字符串!');
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (!CONDITION_COLUMNS.has(key)) throw new BizError(`分类查询条件不支持字段: ${key.slice(0, 32)}`);
    if (typeof value !== 'string' && typeof value !== 'number') throw new BizError(`分类查询条件 ${key} 的值只能是文本或数字`);
    out[key] = String(value);
  }
  return out;
}

/** Names of the given ids in their order; unknown ids are kept as themselves, or left out. */
export async function namesOf(db: Db, caller: TenantReader, ids: string[], keepUnknown: boolean): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await whereTenant(db.selectFrom('sysCategory').select(['id', 'name']), caller).where('id', 'in', [...new Set(ids)]).execute();
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return ids.flatMap((id) => (names.has(id) ? [names.get(id)!] : keepUnknown ? [id] : []));
}

/** One category by id or code, in the shape the category select reads. */
export async function loadOne(db: Db, caller: TenantReader, field: 'id' | 'code', value: string) {
  let qb = nodeRows(db, caller);
  qb = field === 'id' ? qb.where('id', '=', value) : qb.where('code', '=', value);
  const row = await qb.executeTakeFirst();
  if (!row) throw new BizError('查询无果', { status: 404 });
  return row;
}

/** Every category whose code starts with `code` ('0': every one) as dictionary options, at most MAX_SUBTREE. */
export async function allOptions(db: Db, caller: TenantReader, code: string) {
  let qb = nodeRows(db, caller);
  // codes hold letters, digits, _ . - (schema): `_` may match more in LIKE, the filter below keeps the exact prefix
  if (code !== ROOT_PID) qb = qb.where('code', 'like', `${code}%`);
  const rows = await qb.orderBy('code').orderBy('id').limit(MAX_SUBTREE).execute();
  return rows.filter((r) => code === ROOT_PID || (r.code ?? '').startsWith(code)).map((r) => ({ value: r.id, text: r.name, title: r.name, label: r.name }));
}
