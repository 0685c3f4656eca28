import { QueryInputError, type FieldDef, type Rule } from './types';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME_RE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;

/** Converts a raw string to the field's type, refusing values that cannot be one. */
export function convertValue(field: FieldDef, raw: unknown): unknown {
  const text = String(raw).trim();
  switch (field.type) {
    case 'int':
    case 'number': {
      const n = Number(text);
      if (text === '' || !Number.isFinite(n) || (field.type === 'int' && !Number.isInteger(n))) {
        throw new QueryInputError(`查询条件 ${field.name} 的值不是有效的数字`);
      }
      return n;
    }
    case 'boolean':
      if (['1', 'true', 'Y', 'y'].includes(text)) return 1;
      if (['0', 'false', 'N', 'n'].includes(text)) return 0;
      throw new QueryInputError(`查询条件 ${field.name} 的值不是有效的布尔值`);
    case 'date':
      if (!DATE_RE.test(text) && !DATETIME_RE.test(text)) throw new QueryInputError(`查询条件 ${field.name} 的日期格式应为 YYYY-MM-DD`);
      return text.slice(0, 10);
    case 'datetime':
      if (DATE_RE.test(text)) return text;
      if (!DATETIME_RE.test(text)) throw new QueryInputError(`查询条件 ${field.name} 的时间格式应为 YYYY-MM-DD HH:mm:ss`);
      return normaliseDatetime(text);
    default:
      return text;
  }
}

function normaliseDatetime(text: string): string {
  const t = text.replace('T', ' ');
  return t.length === 16 ? `${t}:00` : t;
}

/** Range bounds: a bare date widens to the whole day on datetime fields. */
export function rangeBound(field: FieldDef, raw: unknown, end: boolean): unknown {
  const v = convertValue(field, raw);
  if (field.type === 'datetime' && typeof v === 'string' && DATE_RE.test(v)) return `${v} ${end ? '23:59:59' : '00:00:00'}`;
  return v;
}

const OPERATORS: Array<[string, Rule]> = [
  ['>=', 'ge'],
  ['<=', 'le'],
  ['!=', 'ne'],
  ['>', 'gt'],
  ['<', 'lt'],
];

/** The original's value conventions: `*x*` like, `*x` ends with, `x*` starts with, `a,b` in, `!x` not equal, `>= x` etc. */
export function ruleFromValue(raw: string): { rule: Rule; text: string | string[] } {
  const value = raw.trim();
  for (const [op, rule] of OPERATORS) {
    if (value.startsWith(op) && value.length > op.length) return { rule, text: value.slice(op.length).trim() };
  }
  if (value.length > 1 && value.startsWith('*') && value.endsWith('*') && value.length > 2) return { rule: 'like', text: value.slice(1, -1) };
  if (value.length > 1 && value.startsWith('*')) return { rule: 'left_like', text: value.slice(1) };
  if (value.length > 1 && value.endsWith('*')) return { rule: 'right_like', text: value.slice(0, -1) };
  if (value.startsWith('!') && value.length > 1) return { rule: 'ne', text: value.slice(1) };
  if (value.includes(',')) {
    const parts = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
    return { rule: 'in', text: parts };
  }
  return { rule: 'eq', text: value };
}

/** Escapes LIKE wildcards so a user's `%` or `_` matches itself. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
