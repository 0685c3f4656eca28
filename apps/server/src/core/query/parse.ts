import { MAX_PAGE_SIZE } from '@anxue/shared';
import { convertValue, rangeBound, ruleFromValue } from './convert';
import { QueryInputError, RULES, type Condition, type ConditionGroup, type FieldDef, type ListQuery, type Rule, type SortSpec } from './types';

export interface ParseOptions {
  /** Default sort when the request names none (the original sorts by createTime desc). */
  defaultSort?: SortSpec[];
  maxPageSize?: number;
}

const RESERVED = new Set(['pageNo', 'pageSize', 'column', 'order', 'superQueryParams', 'superQueryMatchType', '_t', 'field', 'ids', 'selections']);
const MAX_CONDITIONS = 50;
const MAX_IN_VALUES = 1000;

const SYMBOL_RULES: Record<string, Rule> = { '=': 'eq', '!=': 'ne', '<>': 'ne', '>': 'gt', '>=': 'ge', '<': 'lt', '<=': 'le' };

type Params = Record<string, unknown>;

function first(v: unknown): unknown {
  return Array.isArray(v) ? v[0] : v;
}

function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

function intParam(raw: unknown, name: string, fallback: number, min: number, max: number): number {
  if (isBlank(raw)) return fallback;
  const n = Number(first(raw));
  if (!Number.isInteger(n) || n < min) throw new QueryInputError(`${name} 必须是不小于 ${min} 的整数`);
  return Math.min(n, max);
}

/** pageNo: 0 and below are the first page, as the original's pages read them (pageNoParam). */
function pageNoOf(raw: unknown): number {
  const n = Number(first(raw));
  return Number.isInteger(n) && n < 1 ? 1 : intParam(raw, 'pageNo', 1, 1, 1_000_000);
}

/** Builds the typed condition for one field and rule, converting values to the field's type. */
export function makeCondition(field: FieldDef, rule: Rule, raw: unknown): Condition {
  if (rule === 'empty' || rule === 'not_empty') return { field: field.name, rule };
  if (rule === 'in' || rule === 'not_in') {
    const list = Array.isArray(raw) ? raw : String(raw).split(',');
    const values = list.map((s) => String(s).trim()).filter((s) => s !== '');
    if (values.length === 0) throw new QueryInputError(`查询条件 ${field.name} 缺少取值`);
    if (values.length > MAX_IN_VALUES) throw new QueryInputError(`查询条件 ${field.name} 的取值过多`);
    return { field: field.name, rule, value: values.map((v) => convertValue(field, v)) };
  }
  if (rule === 'like' || rule === 'not_like' || rule === 'left_like' || rule === 'right_like') {
    return { field: field.name, rule, value: String(raw) };
  }
  return { field: field.name, rule, value: convertValue(field, raw) };
}

function parseSort(params: Params, fields: Map<string, FieldDef>, opts: ParseOptions): SortSpec[] {
  const column = first(params.column);
  const orderRaw = String(first(params.order) ?? 'desc').toLowerCase();
  if (orderRaw !== 'asc' && orderRaw !== 'desc') throw new QueryInputError('排序方式只能是 asc 或 desc');
  if (isBlank(column)) {
    return (opts.defaultSort ?? [{ field: 'createTime', order: 'desc' }]).filter((s) => fields.has(s.field)).concat(fields.has('id') ? [{ field: 'id', order: 'desc' as const }] : []).slice(0, 2);
  }
  const specs: SortSpec[] = [];
  for (const part of String(column).split(',')) {
    const name = part.trim().replace(/_dictText$/, '');
    if (!name) continue;
    const def = fields.get(name);
    if (!def || def.sort === false) throw new QueryInputError('请注意，将要排序的列字段不存在');
    specs.push({ field: name, order: orderRaw });
  }
  return specs;
}

function parseSuperQuery(params: Params, fields: Map<string, FieldDef>): ConditionGroup | undefined {
  const raw = first(params.superQueryParams);
  if (isBlank(raw)) return undefined;
  const matchRaw = String(first(params.superQueryMatchType) ?? 'and').toLowerCase();
  if (matchRaw !== 'and' && matchRaw !== 'or') throw new QueryInputError('superQueryMatchType 只能是 and 或 or');
  let items: unknown;
  const text = String(raw);
  try {
    items = JSON.parse(text);
  } catch {
    try {
      items = JSON.parse(decodeURIComponent(text));
    } catch {
      throw new QueryInputError('高级查询参数不是有效的 JSON');
    }
  }
  if (!Array.isArray(items)) throw new QueryInputError('高级查询参数应为条件数组');
  if (items.length > MAX_CONDITIONS) throw new QueryInputError('高级查询条件过多');
  const conditions: Condition[] = [];
  for (const item of items) {
    if (!item || typeof item !== 'object') throw new QueryInputError('高级查询条件格式不正确');
    const { field, rule, val } = item as { field?: unknown; rule?: unknown; val?: unknown };
    const def = typeof field === 'string' ? fields.get(field) : undefined;
    if (!def || def.query === false) throw new QueryInputError(`高级查询字段不存在: ${String(field).slice(0, 64)}`);
    const ruleName = typeof rule === 'string' ? (SYMBOL_RULES[rule] ?? rule) : '';
    if (!(RULES as readonly string[]).includes(ruleName)) throw new QueryInputError(`高级查询规则不支持: ${String(rule).slice(0, 32)}`);
    const r = ruleName as Rule;
    if (r !== 'empty' && r !== 'not_empty' && (isBlank(val) || (Array.isArray(val) && val.length === 0))) continue;
    conditions.push(makeCondition(def, r, val));
  }
  return conditions.length ? { matchType: matchRaw, conditions } : undefined;
}

/**
 * Reads the original platform's list conventions from a query string. Only declared fields are
 * considered; anything else in the query string is ignored for filters and refused for sorting.
 */
export function parseListQuery(params: Params, fieldList: FieldDef[], opts: ParseOptions = {}): ListQuery {
  const fields = new Map(fieldList.map((f) => [f.name, f]));
  const filters: Condition[] = [];
  for (const [key, rawValue] of Object.entries(params)) {
    if (RESERVED.has(key) || isBlank(first(rawValue))) continue;
    const value = String(first(rawValue));
    const range = /^(.+)_(begin|end)$/.exec(key);
    if (range && fields.has(range[1]) && !fields.has(key)) {
      const def = fields.get(range[1])!;
      if (def.query === false) continue;
      const end = range[2] === 'end';
      filters.push({ field: def.name, rule: end ? 'le' : 'ge', value: rangeBound(def, value, end) });
      continue;
    }
    const def = fields.get(key);
    if (!def || def.query === false) continue;
    const { rule, text } = ruleFromValue(value);
    filters.push(makeCondition(def, rule, text));
  }
  if (filters.length > MAX_CONDITIONS) throw new QueryInputError('查询条件过多');
  return {
    pageNo: pageNoOf(params.pageNo),
    pageSize: intParam(params.pageSize, 'pageSize', 10, 1, Math.min(opts.maxPageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE)),
    sort: parseSort(params, fields, opts),
    filters,
    superQuery: parseSuperQuery(params, fields),
  };
}
