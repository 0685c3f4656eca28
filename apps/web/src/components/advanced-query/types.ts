// Field definitions and conditions of the advanced query builder (spec/02 §3 "Advanced-query condition").
import type { DictOption } from '../../lib/types';

export type SuperQueryRule = 'eq' | 'like' | 'right_like' | 'left_like' | 'in' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';
export type MatchType = 'and' | 'or';

/** Value widget kinds; anything else is plain text. */
export type SuperQueryFieldType = 'string' | 'text' | 'int' | 'integer' | 'number' | 'double' | 'BigDecimal' | 'date' | 'datetime' | 'time' | 'list' | 'select' | string;

export interface SuperQueryField {
  value: string;
  text?: string;
  label?: string;
  type?: SuperQueryFieldType;
  dbType?: string;
  options?: DictOption[];
  dictCode?: string;
  dictTable?: string;
  dictText?: string;
  /** Grouped fields (a sub-table): children labels become 'parent-child'. */
  children?: SuperQueryField[];
  /** For a group: child values stay the bare field name instead of 'parent,child'. */
  onlyFieldName?: boolean;
}

export interface SuperQueryCondition {
  /** Local key of the editor line. */
  key: string;
  field?: string;
  rule?: SuperQueryRule;
  val?: string | string[];
  type?: string;
  dbType?: string;
}

/** What is emitted and saved: no editor keys, no option lists, arrays joined. */
export interface EmittedCondition {
  field: string;
  rule: SuperQueryRule;
  val: string;
  type?: string;
  dbType?: string;
}

export interface SavedQuery {
  title: string;
  matchType: MatchType;
  records: EmittedCondition[];
}
