// Cell validation as pure functions over row data (spec/02 §5): rules in order, first failure wins.
// No DOM, so validating every cell of a large grid stays fast.
import { REQUIRED_MESSAGE, REQUIRED_PATTERN_CODE, UNIQUE_PATTERN_CODE, findPattern } from '@anxue/shared/grid-patterns';
import type { GridColumn, GridRow, ValidateRule } from './types';
import { t } from '../../lib/i18n';

export type CellResult = string | undefined;
/** How many rows of a column hold a value (for the unique rule). */
export type UniqueCounter = (key: string, value: unknown) => number;

export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') {
    // Fast path without allocating: a visible first character means non-empty.
    if (value === '') return true;
    return value.charCodeAt(0) > 32 ? false : value.trim() === '';
  }
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const regexCache = new Map<string, RegExp>();
function customRegExp(source: string): RegExp {
  let re = regexCache.get(source);
  if (!re) {
    re = new RegExp(source);
    regexCache.set(source, re);
  }
  return re;
}

function isUniqueRule(rule: ValidateRule): boolean {
  return rule.unique === true || rule.pattern === UNIQUE_PATTERN_CODE;
}

/** One synchronous rule; `undefined` when it passes. Handlers are not looked at here. */
function checkSyncRule(rule: ValidateRule, value: unknown, column: GridColumn, countOf: UniqueCounter): CellResult {
  const empty = isEmptyValue(value);
  if (rule.required && empty) return rule.message ?? t(REQUIRED_MESSAGE);
  if (isUniqueRule(rule)) {
    if (!empty && countOf(column.key, value) > 1) return rule.message ?? t('{title}不能重复', { title: t(column.title) });
    return undefined;
  }
  const { pattern } = rule;
  if (pattern === undefined || pattern === '') return undefined;
  if (pattern === REQUIRED_PATTERN_CODE) return empty ? (rule.message ?? t(REQUIRED_MESSAGE)) : undefined;
  if (empty) return undefined; // patterns apply only to non-empty values
  const text = typeof value === 'string' ? value : String(value);
  const { re, message, builtIn } = resolvePattern(rule, pattern, column);
  // The built-in messages (packages/shared grid-patterns.ts) are Chinese; they are translated as they are returned.
  return re.test(text) ? undefined : builtIn ? t(message) : message;
}

const resolved = new WeakMap<ValidateRule, { re: RegExp; message: string; builtIn: boolean }>();
/** The regular expression and message of a rule's pattern, worked out once per rule object. */
function resolvePattern(rule: ValidateRule, pattern: string | RegExp, column: GridColumn): { re: RegExp; message: string; builtIn: boolean } {
  let r = resolved.get(rule);
  if (!r) {
    const known = typeof pattern === 'string' ? findPattern(pattern) : undefined;
    r = known
      ? { re: known.pattern, message: rule.message ?? known.message, builtIn: rule.message === undefined }
      : { re: pattern instanceof RegExp ? pattern : customRegExp(pattern), message: rule.message ?? t('{title}格式不正确', { title: t(column.title) }, 'grid'), builtIn: false };
    resolved.set(rule, r);
  }
  return r;
}

/**
 * Validates one cell. Synchronous unless a rule with a handler is reached before any failure; then
 * the remaining rules run after the handler's promise, keeping the order.
 */
export function validateCell(
  value: unknown,
  row: GridRow,
  column: GridColumn,
  countOf: UniqueCounter,
  from = 0,
): CellResult | Promise<CellResult> {
  const rules = column.validateRules;
  if (!rules) return undefined;
  for (let i = from; i < rules.length; i++) {
    const rule = rules[i];
    const failed = checkSyncRule(rule, value, column, countOf);
    // a page's own messages are written in Chinese like its titles: shown in the interface language
    if (failed) return t(failed);
    if (rule.handler) {
      const handler = rule.handler;
      return Promise.resolve()
        .then(() => handler(value, row, column))
        .then(
          (msg) => msg || validateCell(value, row, column, countOf, i + 1),
          (err: unknown) => (err instanceof Error ? err.message : String(err ?? rule.message ?? t('校验失败'))),
        );
    }
  }
  return undefined;
}

/** Counts values per unique-ruled column in one pass over the rows. */
export function buildUniqueCounter(rows: readonly GridRow[], columns: readonly GridColumn[]): UniqueCounter {
  const maps = new Map<string, Map<string, number>>();
  for (const col of columns) {
    if (col.validateRules?.some(isUniqueRule)) maps.set(col.key, new Map());
  }
  if (maps.size) {
    for (const row of rows) {
      for (const [key, counts] of maps) {
        const v = row[key];
        if (isEmptyValue(v)) continue;
        const k = String(v);
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
    }
  }
  return (key, value) => maps.get(key)?.get(String(value)) ?? 0;
}

export function hasUniqueRule(column: GridColumn): boolean {
  return !!column.validateRules?.some(isUniqueRule);
}

export interface TableErrors {
  /** rowId -> column key -> message */
  byRow: Map<string, Record<string, string>>;
  count: number;
}

/** Validates every cell of the table; async handlers are awaited together. */
export async function validateRows(rows: readonly GridRow[], columns: readonly GridColumn[]): Promise<TableErrors> {
  const ruled = columns.filter((c) => c.validateRules?.length);
  const countOf = buildUniqueCounter(rows, ruled);
  const byRow = new Map<string, Record<string, string>>();
  const pending: Promise<void>[] = [];
  let count = 0;
  const record = (rowId: string, key: string, msg: CellResult) => {
    if (!msg) return;
    const errs = byRow.get(rowId) ?? {};
    errs[key] = msg;
    byRow.set(rowId, errs);
    count++;
  };
  for (const row of rows) {
    for (const col of ruled) {
      const r = validateCell(row[col.key], row, col, countOf);
      if (typeof r === 'string') record(row.id, col.key, r);
      else if (r) pending.push(r.then((msg) => record(row.id, col.key, msg)));
    }
  }
  if (pending.length) await Promise.all(pending);
  return { byRow, count };
}
