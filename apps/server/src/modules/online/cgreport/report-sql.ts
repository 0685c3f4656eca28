import { MAX_PAGE_SIZE } from '@anxue/shared';
import type { Caller } from '../../../core/crud';
import type { AppContext } from '../../../core/context';
import { addDictTexts } from '../../../core/crud/dict-text';
import { formatDateTime } from '../../../core/db/time';
import { BizError } from '../../../core/errors';
import { dictItems } from '../../system/dict/service';
import { reportTarget, REPORT_LIMITS, type ReportTarget } from './report-runner';
import { Binder, checkReportSql, renderReportSql, type SystemVariable } from './sql-guard';

// SQL reports (issue 15): the stored SELECT runs as a sub-query; the query form's fields, the sort and the
// page are applied around it, with every value bound and every column name pattern-checked and quoted.

type Row = Record<string, unknown>;
type Query = Record<string, string | string[] | undefined>;
type Ctx = Pick<AppContext, 'db' | 'config' | 'dialect'>;

export interface SqlReportItem {
  field: string;
  title: string;
  fieldType: string;
  width: number | null;
  show: boolean;
  search: boolean;
  mode: 'single' | 'range';
  dictCode: string | null;
  total: boolean;
  href: string | null;
  groupTitle: string | null;
  orderNum: number;
}

export interface SqlReport {
  kind: 'sql';
  id: string;
  code: string;
  name: string;
  sql: string;
  dbSource: string | null;
  items: SqlReportItem[];
  params: Array<{ name: string; label: string; defaultValue: string | null }>;
  chart: { type: 'bar' | 'line' | 'pie'; xField: string; yFields: string[] } | null;
}

const PARAM_PREFIX = 'self_';
const FORCE_PREFIX = 'force_';
const NUMERIC_TYPES = new Set(['Integer', 'Long', 'Double', 'BigDecimal', 'int', 'number']);

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);
const blank = (v: string | undefined | null) => v === undefined || v === null || v.trim() === '';

export async function loadSqlReport(db: Ctx['db'], head: { id: string; code: string; name: string; cgrSql: string | null; dbSource: string | null; chartType: string | null; chartFieldX: string | null; chartFieldsY: string | null }): Promise<SqlReport> {
  const [items, params] = await Promise.all([
    db.selectFrom('onlCgreportItem').selectAll().where('cgrheadId', '=', head.id).orderBy('orderNum').orderBy('fieldName').execute(),
    db.selectFrom('onlCgreportParam').selectAll().where('cgrheadId', '=', head.id).orderBy('orderNum').orderBy('paramName').execute(),
  ]);
  const yFields = (head.chartFieldsY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const chartType = head.chartType === 'bar' || head.chartType === 'line' || head.chartType === 'pie' ? head.chartType : null;
  return {
    kind: 'sql',
    id: head.id,
    code: head.code,
    name: head.name,
    sql: head.cgrSql ?? '',
    dbSource: head.dbSource || null,
    items: items.map((i) => ({
      field: i.fieldName,
      title: i.fieldTxt || i.fieldName,
      fieldType: i.fieldType || 'String',
      width: i.fieldWidth,
      show: Number(i.isShow) === 1,
      search: Number(i.isSearch) === 1,
      mode: i.searchMode === 'range' || i.searchMode === 'group' ? 'range' : 'single',
      dictCode: i.dictCode || null,
      total: i.isTotal === '1',
      href: i.fieldHref || null,
      groupTitle: i.groupTitle || null,
      orderNum: i.orderNum,
    })),
    params: params.map((p) => ({ name: p.paramName, label: p.paramTxt || p.paramName, defaultValue: p.paramValue })),
    chart: chartType && head.chartFieldX && yFields.length ? { type: chartType, xField: head.chartFieldX, yFields } : null,
  };
}

function systemValues(caller: Caller, realname: string | null, now: Date): Record<SystemVariable, string | number | null> {
  const stamp = formatDateTime(now);
  return {
    sys_user_id: caller.id,
    sys_user_code: caller.username,
    sys_user_name: realname ?? caller.username,
    sys_org_code: caller.orgCode ?? null,
    sys_date: stamp.slice(0, 10),
    sys_time: stamp,
    tenant_id: caller.tenantId,
  };
}

/** What one report call needs: where it runs and the report's SELECT written for that database. */
interface Prepared {
  target: ReportTarget;
  binder: Binder;
  inner: string;
}

export interface RunOptions {
  caller: Caller;
  realname?: string | null;
  now?: Date;
  /** `self_<param>` values (the parameter's default when absent). */
  query: Query;
}

async function prepare(ctx: Ctx, sqlText: string, dbSource: string | null, params: Array<{ name: string; defaultValue: string | null }>, opts: RunOptions): Promise<Prepared> {
  const target = await reportTarget(ctx, dbSource, opts.caller);
  const checked = checkReportSql(sqlText, target.dialect);
  const values: Record<string, string | null> = {};
  for (const name of checked.params) {
    const given = first(opts.query[`${PARAM_PREFIX}${name}`]) ?? first(opts.query[name]);
    const def = params.find((p) => p.name === name)?.defaultValue ?? null;
    values[name] = !blank(given) ? given! : blank(def) ? null : def;
  }
  const binder = new Binder(target.dialect);
  const inner = renderReportSql(checked, binder, values, systemValues(opts.caller, opts.realname ?? null, opts.now ?? new Date()));
  return { target, binder, inner };
}

/** The query form's conditions on the declared columns (and force_<field> lists), as a WHERE clause. */
function whereClause(report: SqlReport, query: Query, b: Binder): string {
  const parts: string[] = [];
  const text = (col: string) => (b.dialect === 'postgres' ? `CAST(${col} AS text)` : col);
  for (const item of report.items) {
    const col = b.id(item.field);
    const forced = first(query[`${FORCE_PREFIX}${item.field}`]);
    if (!blank(forced)) {
      const list = forced!.split(',').map((s) => s.trim()).filter(Boolean).slice(0, 500);
      if (list.length) parts.push(`${text(col)} in (${list.map((v) => b.bind(v)).join(', ')})`);
    }
    if (!item.search) continue;
    if (item.mode === 'range') {
      const begin = first(query[`${item.field}_begin`]);
      const end = first(query[`${item.field}_end`]);
      if (!blank(begin)) parts.push(`${col} >= ${b.bind(NUMERIC_TYPES.has(item.fieldType) ? Number(begin) : begin)}`);
      if (!blank(end)) parts.push(`${col} <= ${b.bind(NUMERIC_TYPES.has(item.fieldType) ? Number(end) : end)}`);
      continue;
    }
    const v = first(query[item.field]);
    if (blank(v)) continue;
    if (NUMERIC_TYPES.has(item.fieldType) || item.dictCode) {
      parts.push(`${text(col)} = ${b.bind(v!.trim())}`);
    } else {
      // text: contains, as the original's single-value query of a text column
      parts.push(`${text(col)} like ${b.bind(`%${v!.trim().replace(/^\*|\*$/g, '')}%`)}`);
    }
  }
  return parts.length ? ` where ${parts.join(' and ')}` : '';
}

function orderClause(report: SqlReport, query: Query, b: Binder): string {
  const column = first(query.column);
  const order = first(query.order) === 'asc' ? 'asc' : 'desc';
  if (!column || !report.items.some((i) => i.field === column)) return '';
  return ` order by ${b.id(column)} ${order}`;
}

function pageOf(query: Query): { pageNo: number; pageSize: number } {
  const pageNo = Math.max(1, Math.floor(Number(first(query.pageNo)) || 1));
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(Number(first(query.pageSize)) || 10)));
  return { pageNo, pageSize };
}

async function run(ctx: Ctx, report: SqlReport, opts: RunOptions, build: (p: Prepared) => string, maxRows: number): Promise<Row[]> {
  const p = await prepare(ctx, report.sql, report.dbSource, report.params, opts);
  const text = build(p);
  return p.target.run(text, p.binder.values, maxRows);
}

function dictFields(report: SqlReport) {
  return report.items.filter((i) => i.dictCode).map((i) => ({ name: i.field, type: 'string' as const, title: i.title, dictCode: i.dictCode! }));
}

/** getData: one page, its total and the dictionary texts. */
export async function sqlReportData(ctx: Ctx, report: SqlReport, opts: RunOptions) {
  const { pageNo, pageSize } = pageOf(opts.query);
  const counted = await run(ctx, report, opts, (p) => `select count(*) as total from (${p.inner}) report_t${whereClause(report, opts.query, p.binder)} limit ${p.binder.bind(1)}`, 1);
  const total = Number(Object.values(counted[0] ?? { total: 0 })[0] ?? 0);
  const records = await run(
    ctx,
    report,
    opts,
    (p) => `select * from (${p.inner}) report_t${whereClause(report, opts.query, p.binder)}${orderClause(report, opts.query, p.binder)} limit ${p.binder.bind(pageSize)} offset ${p.binder.bind((pageNo - 1) * pageSize)}`,
    pageSize,
  );
  await addDictTexts(ctx.db, dictFields(report), records);
  return { records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) };
}

/** Sums of the total columns over the whole result (every page), under the same conditions. */
export async function sqlReportTotals(ctx: Ctx, report: SqlReport, opts: RunOptions): Promise<Record<string, number> | null> {
  const cols = report.items.filter((i) => i.total);
  if (!cols.length) return null;
  const rows = await run(
    ctx,
    report,
    opts,
    (p) => `select ${cols.map((c, i) => `sum(${p.binder.id(c.field)}) as s${i}`).join(', ')} from (${p.inner}) report_t${whereClause(report, opts.query, p.binder)} limit ${p.binder.bind(1)}`,
    1,
  );
  const row = rows[0] ?? {};
  return Object.fromEntries(cols.map((c, i) => [c.field, Number(row[`s${i}`] ?? 0)]));
}

/** Every row (up to the row limit) for export and charts, sorted as asked, with dictionary texts. */
export async function sqlReportRows(ctx: Ctx, report: SqlReport, opts: RunOptions, maxRows = REPORT_LIMITS.maxRows): Promise<Row[]> {
  const rows = await run(
    ctx,
    report,
    opts,
    (p) => `select * from (${p.inner}) report_t${whereClause(report, opts.query, p.binder)}${orderClause(report, opts.query, p.binder)} limit ${p.binder.bind(maxRows)}`,
    maxRows,
  );
  await addDictTexts(ctx.db, dictFields(report), rows);
  return rows;
}

/** The chart of a report: its setting and the rows' x and y values (dictionary text for a coded x). */
export async function sqlReportChart(ctx: Ctx, report: SqlReport, opts: RunOptions) {
  if (!report.chart) return { chartType: null, xField: null, yFields: [], series: [], categories: [] };
  const { type, xField, yFields } = report.chart;
  const rows = await sqlReportRows(ctx, report, opts, 1000);
  const label = (f: string) => report.items.find((i) => i.field === f)?.title ?? f;
  const categories = rows.map((r) => String(r[`${xField}_dictText`] ?? r[xField] ?? ''));
  return {
    chartType: type,
    xField,
    yFields,
    categories,
    series: yFields.map((f) => ({ field: f, name: label(f), data: rows.map((r) => Number(r[f] ?? 0)) })),
  };
}

const TYPE_OF = (v: unknown): string => {
  if (typeof v === 'number') return Number.isInteger(v) ? 'Integer' : 'Double';
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(v)) return 'Datetime';
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return 'Date';
  return 'String';
};

/**
 * parseSql: runs the SELECT once (its parameters empty) with at most one row, joined to a one-row table so
 * the column names come back even when it has no rows; answers the items and parameters to fill in.
 */
export async function parseReportSql(ctx: Ctx, sqlText: string, dbKey: string | null, opts: RunOptions) {
  const p = await prepare(ctx, sqlText, dbKey, [], opts);
  const checkedParams = checkReportSql(sqlText, p.target.dialect).params;
  const one = p.binder.bind(1);
  const text = `select report_t.* from (select 1 as report_one) report_d left join (select * from (${p.inner}) report_i limit ${one}) report_t on 1 = 1`;
  const rows = await p.target.run(text, p.binder.values, 1);
  const row = rows[0] ?? {};
  const names = Object.keys(row).filter((k) => k !== 'report_one');
  if (!names.length) throw new BizError('SQL 解析失败：查询没有返回任何列');
  for (const n of names) if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(n)) throw new BizError(`列名“${n}”不符合要求（字母开头，字母、数字、下划线），请在 SQL 中用 as 起别名`);
  return {
    fields: names.map((name, i) => ({
      fieldName: name,
      fieldTxt: name,
      fieldType: TYPE_OF(row[name]),
      isShow: 1,
      isSearch: '0',
      isTotal: '0',
      searchMode: 'single',
      orderNum: i + 1,
    })),
    params: checkedParams.map((name, i) => ({ paramName: name, paramTxt: name, paramValue: '', orderNum: i + 1 })),
  };
}

/** getRpColumns for an SQL report. */
export async function sqlReportColumns(db: Ctx['db'], report: SqlReport) {
  return {
    cgRpConfigId: report.id,
    cgRpConfigName: report.name,
    columns: shownColumns(report),
    dictOptions: await dictOptionsOf(db, report),
  };
}

export function shownColumns(report: SqlReport) {
  return report.items
    .filter((i) => i.show)
    .map((i) => ({
      dataIndex: i.field,
      title: i.title,
      fieldType: i.fieldType,
      isTotal: i.total ? '1' : '0',
      ...(i.width ? { fieldWidth: i.width } : {}),
      ...(i.groupTitle ? { groupTitle: i.groupTitle } : {}),
      ...(i.dictCode ? { customRender: i.dictCode } : {}),
      ...(i.href ? { hrefSlotName: `fieldHref_${i.field}`, scopedSlots: { customRender: `fieldHref_${i.field}` } } : {}),
    }));
}

export async function dictOptionsOf(db: Ctx['db'], report: { items: Array<{ field: string; dictCode: string | null }> }) {
  const out: Record<string, Array<{ value: string; text: string; label: string }>> = {};
  for (const item of report.items) {
    if (item.dictCode) out[item.field] = (await dictItems(db, item.dictCode)).map((o) => ({ value: o.value, text: o.text, label: o.text }));
  }
  return out;
}

/** getQueryInfo for an SQL report. */
export function sqlReportQueryInfo(report: SqlReport) {
  return report.items
    .filter((i) => i.search)
    .map((i, index) => ({
      field: i.field,
      label: i.title,
      mode: i.mode,
      type: i.fieldType,
      ...(i.dictCode ? { dictCode: i.dictCode } : {}),
      ...(index >= 2 ? { hidden: '1' } : {}),
    }));
}
