import { MAX_PAGE_SIZE } from '@anxue/shared';
import type { TenantReader } from '../../../core/access';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../../core/db';
import type { PageResult } from '@anxue/shared';
import { addDictTexts } from '../../../core/crud/dict-text';
import { dictItems } from '../../system/dict/service';
import { applyFilters, applySort, fetchPage, makeCondition, parseListQuery, type Condition } from '../../../core/query';
import { baseSelect } from './reportable-tables';
import type { ReportConfig } from './report-config';

type Row = Record<string, unknown>;
type Params = Record<string, unknown>;

const PARAM_PREFIX = 'self_';

/** getRpColumns: the shown columns, with the dictionary options of every coded field. */
export async function reportColumns(db: Db, report: ReportConfig) {
  const dictOptions: Record<string, Array<{ value: string; text: string }>> = {};
  for (const item of report.items) {
    if (item.dictCode) dictOptions[item.field] = (await dictItems(db, item.dictCode)).map((o) => ({ value: o.value, text: o.text }));
  }
  return {
    cgRpConfigId: report.id,
    cgRpConfigName: report.name,
    columns: report.items
      .filter((i) => i.show)
      .map((i) => ({ dataIndex: i.field, title: i.title, fieldType: i.fieldType, ...(i.dictCode ? { customRender: i.dictCode } : {}) })),
    dictOptions,
  };
}

/** How many query fields show before the query form is expanded; the rest are marked hidden '1'. */
const VISIBLE_QUERY_FIELDS = 2;

/** getQueryInfo: the query form's fields. */
export function reportQueryInfo(report: ReportConfig) {
  return report.items
    .filter((i) => i.search)
    .map((i, index) => ({
      field: i.field,
      label: i.title,
      mode: i.mode,
      type: i.def.type,
      ...(i.dictCode ? { dictCode: i.dictCode } : {}),
      ...(index >= VISIBLE_QUERY_FIELDS ? { hidden: '1' } : {}),
    }));
}

function blank(v: unknown): boolean {
  const x = Array.isArray(v) ? v[0] : v;
  return x === undefined || x === null || String(x).trim() === '';
}

/** Parameter filters: `self_<name>` from the request, else the parameter's default; always equality. */
function paramConditions(report: ReportConfig, params: Params): Condition[] {
  const out: Condition[] = [];
  for (const p of report.params) {
    const given = params[`${PARAM_PREFIX}${p.name}`];
    const value = blank(given) ? p.defaultValue : String(Array.isArray(given) ? given[0] : given);
    if (blank(value)) continue;
    out.push(makeCondition(p.def, 'eq', value));
  }
  return out;
}

/** getData: one page of the declared columns, filtered by the query fields, parameters and fixed filter. */
export async function reportData(db: Kysely<any>, report: ReportConfig, params: Params, tenant: TenantReader): Promise<PageResult<Row>> {
  const fields = report.items.map((i) => i.def);
  const listParams = Object.fromEntries(Object.entries(params).filter(([k]) => !k.startsWith(PARAM_PREFIX) && k !== 'superQueryParams'));
  const q = parseListQuery(listParams, fields, { defaultSort: [], maxPageSize: MAX_PAGE_SIZE });
  const paramFields = report.params.map((p) => p.def);
  const fixedFields = report.fixedFilter.map((c) => ({ name: c.field, type: report.source.columns[c.field] }));
  let qb = baseSelect(db, report.source, report.items.map((i) => i.field), tenant);
  qb = applyFilters(qb, fields, { filters: q.filters });
  qb = applyFilters(qb, paramFields, { filters: paramConditions(report, params) });
  qb = applyFilters(qb, fixedFields, { filters: report.fixedFilter });
  const sort = q.sort.length ? q.sort : [{ field: 'createTime', order: 'desc' as const }];
  qb = applySort(qb, { sort });
  // a stable order across pages whatever the chosen column holds
  qb = qb.orderBy(sql.ref('id'));
  const page = await fetchPage(qb, q.pageNo, q.pageSize);
  await addDictTexts(db, report.items.map((i) => ({ ...i.def, title: i.title })), page.records);
  return page;
}
