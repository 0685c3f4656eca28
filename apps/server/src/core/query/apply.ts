import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { escapeLike } from './convert';
import { likePattern } from './textIndex';
import type { Condition, ConditionGroup, FieldDef, ListQuery } from './types';

type EB = ExpressionBuilder<any, any>;

export interface ApplyOptions {
  /** Table alias to qualify column references with, when the query joins. */
  alias?: string;
  /** Filters answered from their field's text index, with the ids they match (textIndexedFilters). */
  textIndexed?: ReadonlyMap<Condition, readonly string[]>;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function ref(eb: EB, field: string, opts: ApplyOptions) {
  return eb.ref(opts.alias ? `${opts.alias}.${field}` : field);
}

function likeExpr(eb: EB, def: FieldDef, c: Condition, opts: ApplyOptions, negate = false): Expression<SqlBool> {
  const pattern = likePattern(c);
  const indexed = negate ? undefined : opts.textIndexed?.get(c);
  if (indexed) return indexed.length ? eb(ref(eb, 'id', opts), 'in', indexed as string[]) : sql<SqlBool>`1 = 0`;
  const column = def.type === 'string' ? ref(eb, c.field, opts) : sql`cast(${ref(eb, c.field, opts)} as varchar(255))`;
  // lower() on both sides: SQLite's LIKE ignores ASCII case and PostgreSQL's does not; users expect the former.
  return negate
    ? sql<SqlBool>`lower(${column}) not like lower(${pattern}) escape '\\'`
    : sql<SqlBool>`lower(${column}) like lower(${pattern}) escape '\\'`;
}

/** A multi-value column holds "a,b,c"; match one element exactly. */
function elementMatch(eb: EB, c: Condition, value: unknown, opts: ApplyOptions): Expression<SqlBool> {
  const col = ref(eb, c.field, opts);
  const v = escapeLike(String(value));
  return eb.or([
    eb(col, '=', value as any),
    sql<SqlBool>`${col} like ${`${v},%`} escape '\\'`,
    sql<SqlBool>`${col} like ${`%,${v}`} escape '\\'`,
    sql<SqlBool>`${col} like ${`%,${v},%`} escape '\\'`,
  ]);
}

export function conditionExpr(eb: EB, def: FieldDef, c: Condition, opts: ApplyOptions = {}): Expression<SqlBool> {
  const col = ref(eb, c.field, opts);
  const v = c.value as any;
  if (def.multi && (c.rule === 'eq' || c.rule === 'in')) {
    const values = Array.isArray(v) ? v : [v];
    return eb.or(values.map((x) => elementMatch(eb, c, x, opts)));
  }
  // A bare date against a datetime column means the whole day.
  if (def.type === 'datetime' && typeof v === 'string' && DATE_ONLY.test(v)) {
    const from = `${v} 00:00:00`;
    const to = `${v} 23:59:59`;
    switch (c.rule) {
      case 'eq':
        return eb.and([eb(col, '>=', from), eb(col, '<=', to)]);
      case 'ne':
        return eb.or([eb(col, '<', from), eb(col, '>', to)]);
      case 'gt':
        return eb(col, '>', to);
      case 'ge':
        return eb(col, '>=', from);
      case 'lt':
        return eb(col, '<', from);
      case 'le':
        return eb(col, '<=', to);
      default:
        break;
    }
  }
  switch (c.rule) {
    case 'eq':
      return eb(col, '=', v);
    case 'ne':
      return eb.or([eb(col, '<>', v), eb(col, 'is', null)]);
    case 'gt':
      return eb(col, '>', v);
    case 'ge':
      return eb(col, '>=', v);
    case 'lt':
      return eb(col, '<', v);
    case 'le':
      return eb(col, '<=', v);
    case 'in':
      return eb(col, 'in', v);
    case 'not_in':
      return eb.or([eb(col, 'not in', v), eb(col, 'is', null)]);
    case 'like':
    case 'left_like':
    case 'right_like':
      return likeExpr(eb, def, c, opts);
    case 'not_like':
      return likeExpr(eb, def, c, opts, true);
    case 'empty':
      return def.type === 'string' ? eb.or([eb(col, 'is', null), eb(col, '=', '')]) : eb(col, 'is', null);
    case 'not_empty':
      return def.type === 'string' ? eb.and([eb(col, 'is not', null), eb(col, '<>', '')]) : eb(col, 'is not', null);
  }
}

export function groupExpr(eb: EB, fields: Map<string, FieldDef>, group: ConditionGroup, opts: ApplyOptions = {}): Expression<SqlBool> {
  const parts = group.conditions.map((c) => conditionExpr(eb, fields.get(c.field)!, c, opts));
  return group.matchType === 'or' ? eb.or(parts) : eb.and(parts);
}

/** Adds the filters and advanced query of a parsed list query to a select. */
export function applyFilters<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  fieldList: FieldDef[],
  q: Pick<ListQuery, 'filters' | 'superQuery'>,
  opts: ApplyOptions = {},
): SelectQueryBuilder<DB, TB, O> {
  const fields = new Map(fieldList.map((f) => [f.name, f]));
  let out = qb;
  if (q.filters.length) {
    out = out.where((eb) => eb.and(q.filters.map((c) => conditionExpr(eb as EB, fields.get(c.field)!, c, opts))));
  }
  if (q.superQuery) {
    const group = q.superQuery;
    out = out.where((eb) => groupExpr(eb as EB, fields, group, opts));
  }
  return out;
}

/**
 * A column in the lists' order, nulls placed explicitly: SQLite and PostgreSQL disagree by default; the
 * original (MySQL) puts NULLs first ascending. Every read in a list's order says it so, or PostgreSQL
 * uses no index built in that order.
 */
export function listOrder(column: string, order: 'asc' | 'desc') {
  return sql`${sql.ref(column)} ${sql.raw(order === 'asc' ? 'asc nulls first' : 'desc nulls last')}`;
}

export function applySort<DB, TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>, q: Pick<ListQuery, 'sort'>, opts: ApplyOptions = {}) {
  let out = qb;
  for (const s of q.sort) out = out.orderBy(listOrder(opts.alias ? `${opts.alias}.${s.field}` : s.field, s.order));
  return out;
}
