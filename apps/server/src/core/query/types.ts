export type FieldType = 'string' | 'number' | 'int' | 'date' | 'datetime' | 'boolean';

/** One queryable column of a resource; only declared fields ever reach SQL, by their declared name. */
export interface FieldDef {
  /** camelCase name on the wire and in code; the CamelCasePlugin maps it to the snake_case column. */
  name: string;
  type: FieldType;
  /** Field may be filtered by the list conventions (default true). */
  query?: boolean;
  /** Field may be sorted on (default true). */
  sort?: boolean;
  /** Dictionary code whose text is added as `<field>_dictText`. */
  dictCode?: string;
  /** Field holds comma-joined values (multi-select); `,a,` style queries match one element. */
  multi?: boolean;
  /** SQLite: the FTS5 trigram table (createTextIndex) holding this column, for selective contains-filters. */
  textIndex?: string;
}

export const RULES = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in', 'not_in', 'like', 'not_like', 'left_like', 'right_like', 'empty', 'not_empty'] as const;
export type Rule = (typeof RULES)[number];

export interface Condition {
  field: string;
  rule: Rule;
  /** Already converted to the field's type; an array for in / not_in. */
  value?: unknown;
}

export interface ConditionGroup {
  matchType: 'and' | 'or';
  conditions: Condition[];
}

export interface SortSpec {
  field: string;
  order: 'asc' | 'desc';
}

export interface ListQuery {
  pageNo: number;
  pageSize: number;
  sort: SortSpec[];
  /** Simple filters from the query string, always AND-ed. */
  filters: Condition[];
  /** The advanced query (superQueryParams), AND-ed with the filters as one parenthesised group. */
  superQuery?: ConditionGroup;
}

export class QueryInputError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'QueryInputError';
  }
}
