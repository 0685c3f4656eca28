import { BizError } from '../../../core/errors';
import { bindable, type Bound, type TableSource } from './table-source';
import type { ColumnInfo } from './catalog';

// The filter a table dictionary may carry: equality on declared columns, as a JSON object or as the
// restricted text form `field='value' [and field2='value2']`. Parsed into (column, value) pairs; no
// part of the text ever becomes SQL.

export type Equality = { column: ColumnInfo; value: Bound };

export const BAD_CONDITION = '字典条件不合法';
export const BAD_TREE_CONDITION = '组件JTreeSelect-condition传值有误，需要一个json字符串!';
const MAX_TERMS = 10;

type Pairs = Array<[field: string, value: string | number | boolean]>;

function fromJson(raw: string, bad: string): Pairs {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new BizError(bad);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BizError(bad);
  const pairs = Object.entries(parsed as Record<string, unknown>);
  if (pairs.length > MAX_TERMS) throw new BizError(bad);
  return pairs.map(([k, v]) => {
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') throw new BizError(bad);
    return [k, v];
  });
}

// One term: a lowercase identifier, '=', then a quoted text without quotes or a plain number.
const TERM = /\s*([a-z][a-z0-9_]{0,63})\s*=\s*(?:'([^']*)'|(-?\d{1,18}(?:\.\d{1,18})?))\s*/y;
const AND = /and(?=\s)/iy;

function fromText(raw: string): Pairs {
  const pairs: Pairs = [];
  let at = 0;
  for (;;) {
    TERM.lastIndex = at;
    const m = TERM.exec(raw);
    if (!m) throw new BizError(BAD_CONDITION);
    pairs.push([m[1], m[2] ?? m[3]]);
    at = TERM.lastIndex;
    if (at === raw.length) return pairs;
    AND.lastIndex = at;
    if (!AND.exec(raw) || pairs.length >= MAX_TERMS) throw new BizError(BAD_CONDITION);
    at = AND.lastIndex;
  }
}

function toEqualities(source: TableSource, pairs: Pairs, bad: string): Equality[] {
  return pairs.map(([field, raw]) => {
    const column = source.column(field);
    const value = bindable(column, raw);
    if (value === undefined) throw new BizError(bad);
    return { column, value };
  });
}

/** The 4th part of a table dictionary code: JSON object or restricted text form. */
export function dictCondition(source: TableSource, raw: string | undefined): Equality[] {
  const text = raw?.trim();
  if (!text) return [];
  const pairs = text.startsWith('{') ? fromJson(text, BAD_CONDITION) : fromText(text);
  return toEqualities(source, pairs, BAD_CONDITION);
}

/** The tree select's condition: a JSON object string only. */
export function treeCondition(source: TableSource, raw: string | undefined): Equality[] {
  const text = raw?.trim();
  if (!text) return [];
  return toEqualities(source, fromJson(text, BAD_TREE_CONDITION), BAD_TREE_CONDITION);
}
