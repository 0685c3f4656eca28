// Shapes shared by the list-page hook, its layout and the pages that compose them.
export interface ListApi {
  list?: string;
  delete?: string;
  deleteBatch?: string;
  exportXls?: string;
  importExcel?: string;
}

export type SortOrder = 'asc' | 'desc';
export interface ListSort {
  column: string;
  order: SortOrder;
}

/** How a query-form value is sent (the original's JInput): like *v*, ne !v, ge >=v, le <=v. */
export type QueryRule = 'eq' | 'like' | 'ne' | 'ge' | 'le';

export type QueryParam = Record<string, unknown>;
export type MatchType = 'and' | 'or';

export interface ListPageOptions {
  api: ListApi;
  defaultSort?: Partial<ListSort>;
  /** Sent with every list and export call (fixed filters of a page). */
  defaultParams?: QueryParam;
  /** Column list sent as `field` (the original sends the table's dataIndexes). */
  fieldList?: string[];
  /** Per query field, how its value is wrapped (default eq: sent as typed). */
  queryRules?: Record<string, QueryRule>;
  rowKey?: string;
  /** Load on mount (default true). */
  immediate?: boolean;
}

export interface MissingUrlMessages {
  list: string;
  delete: string;
  deleteBatch: string;
}
