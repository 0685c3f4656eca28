// Pure helpers building the list call's parameters (spec/02 §7 "List pages").
import type { ListSort, QueryParam, QueryRule } from './types';

export const MISSING_URL = {
  list: '请设置url.list属性!',
  delete: '请设置url.delete属性!',
  deleteBatch: '请设置url.deleteBatch属性!',
} as const;

export const SELECT_ONE = '请选择一条记录！';
export const DOWNLOAD_FAILED = '文件下载失败';

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

export function wrapQueryValue(rule: QueryRule | undefined, value: string): string {
  switch (rule) {
    case 'like':
      return `*${value}*`;
    case 'ne':
      return `!${value}`;
    case 'ge':
      return `>=${value}`;
    case 'le':
      return `<=${value}`;
    default:
      return value;
  }
}

/** Drops empty values, joins arrays by commas and wraps values by their query rule. */
export function cleanQuery(query: QueryParam, rules: Record<string, QueryRule> = {}): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, raw] of Object.entries(query)) {
    if (isEmpty(raw)) continue;
    if (Array.isArray(raw)) out[key] = raw.join(',');
    else if (typeof raw === 'string') out[key] = wrapQueryValue(rules[key], raw.trim());
    else if (typeof raw === 'number' || typeof raw === 'boolean') out[key] = raw;
    else if (typeof raw === 'object' && raw !== null && 'format' in raw && typeof (raw as { format: unknown }).format === 'function') {
      out[key] = (raw as { format: (f: string) => string }).format('YYYY-MM-DD'); // a dayjs value
    } else out[key] = String(raw);
  }
  return out;
}

export interface ListParamsInput {
  defaultParams?: QueryParam;
  query: QueryParam;
  queryRules?: Record<string, QueryRule>;
  filters: Record<string, string>;
  sort: ListSort;
  fieldList?: string[];
  pageNo: number;
  pageSize: number;
  superQueryParams: string;
  superQueryMatchType: string;
}

export function buildListParams(i: ListParamsInput): Record<string, string | number | boolean> {
  const params: Record<string, string | number | boolean> = {
    ...cleanQuery(i.defaultParams ?? {}),
    ...cleanQuery(i.query, i.queryRules),
    ...cleanQuery(i.filters),
    column: i.sort.column,
    order: i.sort.order,
    pageNo: i.pageNo,
    pageSize: i.pageSize,
  };
  if (i.fieldList?.length) params.field = ['id', ...i.fieldList.filter((f) => f !== 'id')].join(',');
  if (i.superQueryParams) {
    params.superQueryParams = i.superQueryParams;
    params.superQueryMatchType = i.superQueryMatchType;
  }
  return params;
}

/** The page to show after removing `removed` rows: the last page may have emptied. */
export function pageAfterRemoval(total: number, removed: number, current: number, pageSize: number): number {
  const remaining = Math.max(total - removed, 0);
  const lastPage = Math.max(Math.ceil(remaining / pageSize), 1);
  return Math.min(current, lastPage);
}
