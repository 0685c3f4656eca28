// The builder's rules (spec/02 §4-§5 "Advanced query"), as pure functions.
import { STORAGE_KEYS } from '@anxue/shared/constants';
import type { EmittedCondition, SavedQuery, SuperQueryCondition, SuperQueryField, SuperQueryRule } from './types';
import { t } from '../../lib/i18n';

export const MESSAGES = {
  emptyQuery: '不能查询空条件',
  emptySave: '空条件不能保存',
  emptyName: '保存名称不能为空',
  overwrite: (name: string) => t('{name} 已存在，是否覆盖？', { name }),
  deleteSaved: '是否删除当前查询？',
  saved: '保存成功',
} as const;

export const RULE_OPTIONS: { value: SuperQueryRule; label: string }[] = [
  { value: 'eq', label: '等于' },
  { value: 'like', label: '包含' },
  { value: 'right_like', label: '以..开始' },
  { value: 'left_like', label: '以..结尾' },
  { value: 'in', label: '在...中' },
  { value: 'ne', label: '不等于' },
  { value: 'gt', label: '大于' },
  { value: 'ge', label: '大于等于' },
  { value: 'lt', label: '小于' },
  { value: 'le', label: '小于等于' },
];

export const MATCH_OPTIONS = [
  { value: 'and', label: 'AND（所有条件都要求匹配）' },
  { value: 'or', label: 'OR（条件中的任意一个匹配）' },
] as const;

// field names are often written once per page, in Chinese, where the module loads: shown in the interface language
const labelOf = (f: SuperQueryField) => t(f.text ?? f.label ?? f.value);

/** Flattens groups: a child is labelled 'parent-child' and valued 'parent,child' (or its bare name). */
export function flattenFields(fields: SuperQueryField[]): SuperQueryField[] {
  const out: SuperQueryField[] = [];
  for (const f of fields) {
    if (f.children?.length) {
      for (const c of f.children) {
        out.push({
          ...c,
          text: `${labelOf(f)}-${labelOf(c)}`,
          value: f.onlyFieldName ? c.value : `${f.value},${c.value}`,
        });
      }
    } else out.push({ ...f, text: labelOf(f) });
  }
  return out;
}

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** Incomplete when no line, or the only line lacks field, value or rule. */
export function isEmptyQuery(lines: SuperQueryCondition[]): boolean {
  if (lines.length === 0) return true;
  if (lines.length === 1) {
    const l = lines[0];
    return !l.field || blank(l.val) || !l.rule;
  }
  return false;
}

/** Strips incomplete lines and editor-only keys; arrays are joined by commas. */
export function toEmitted(lines: SuperQueryCondition[]): EmittedCondition[] {
  return lines
    .filter((l) => l.field && l.rule && !blank(l.val))
    .map((l) => {
      const out: EmittedCondition = { field: l.field!, rule: l.rule!, val: Array.isArray(l.val) ? l.val.join(',') : String(l.val) };
      if (l.type) out.type = l.type;
      if (l.dbType) out.dbType = l.dbType;
      return out;
    });
}

/** Changing the rule away from 'in' keeps only the first of several values. */
export function withRule(line: SuperQueryCondition, rule: SuperQueryRule): SuperQueryCondition {
  let val = line.val;
  if (rule !== 'in' && Array.isArray(val)) val = val[0];
  if (rule === 'in' && typeof val === 'string' && val !== '') val = val.split(',');
  return { ...line, rule, val };
}

/** Picking a field records its type and dbType and clears a value of another kind. */
export function withField(line: SuperQueryCondition, field: SuperQueryField | undefined): SuperQueryCondition {
  return { ...line, field: field?.value, type: field?.type, dbType: field?.dbType, val: undefined };
}

let seq = 0;
export const newLine = (): SuperQueryCondition => ({ key: `l${++seq}`, rule: 'eq' });

export function fromSaved(records: EmittedCondition[]): SuperQueryCondition[] {
  return records.map((r) => ({ ...r, key: `l${++seq}`, val: r.rule === 'in' ? r.val.split(',') : r.val }));
}

// --- saved queries in localStorage under JSuperQuerySaved_<saveCode or route path> ---

export const savedKey = (code: string) => `${STORAGE_KEYS.superQueryPrefix}${code}`;

export function readSaved(code: string): SavedQuery[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(savedKey(code)) ?? '[]');
    return Array.isArray(parsed) ? (parsed as SavedQuery[]) : [];
  } catch {
    return [];
  }
}

export function writeSaved(code: string, list: SavedQuery[]): void {
  localStorage.setItem(savedKey(code), JSON.stringify(list));
}

/** Adds or replaces (by title) a saved query; returns the new list. */
export function upsertSaved(list: SavedQuery[], query: SavedQuery): SavedQuery[] {
  const i = list.findIndex((q) => q.title === query.title);
  if (i < 0) return [...list, query];
  const next = [...list];
  next[i] = query;
  return next;
}
