import type { Db } from '../../../core/db';
import { BizError } from '../../../core/errors';
import { makeCondition, RULES, type Condition, type FieldDef, type Rule } from '../../../core/query';
import { reportableTable, type ReportableTable } from './reportable-tables';
import { loadSqlReport, type SqlReport } from './report-sql';

// A report's stored configuration. Whitelist reports are checked against the reportable-table whitelist
// before any use; SQL reports are loaded by report-sql.ts and checked by the SQL guard when they run.

export const REPORT_NOT_FOUND = '报表不存在或已被删除';
const BAD_CONFIG = '报表配置有误，请联系管理员';

export interface ReportItem {
  field: string;
  title: string;
  fieldType: string;
  show: boolean;
  search: boolean;
  mode: 'single' | 'range';
  dictCode: string | null;
  /** The whitelist's definition of the column: its type is what values are converted to. */
  def: FieldDef;
}

export interface ReportParam {
  name: string;
  label: string;
  defaultValue: string | null;
  def: FieldDef;
}

export interface ReportConfig {
  kind: 'table';
  id: string;
  code: string;
  name: string;
  source: ReportableTable;
  items: ReportItem[];
  params: ReportParam[];
  fixedFilter: Condition[];
}

function columnDef(source: ReportableTable, name: string, extra: Partial<FieldDef> = {}): FieldDef {
  const type = Object.hasOwn(source.columns, name) ? source.columns[name] : undefined;
  if (!type) throw new BizError(BAD_CONFIG);
  return { name, type, ...extra };
}

function parseFixedFilter(source: ReportableTable, raw: string | null): Condition[] {
  if (!raw) return [];
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    throw new BizError(BAD_CONFIG);
  }
  if (!Array.isArray(list)) throw new BizError(BAD_CONFIG);
  return list.map((c) => {
    const { field, rule, val } = (c ?? {}) as { field?: unknown; rule?: unknown; val?: unknown };
    if (typeof field !== 'string' || typeof rule !== 'string' || !(RULES as readonly string[]).includes(rule)) throw new BizError(BAD_CONFIG);
    return makeCondition(columnDef(source, field), rule as Rule, val);
  });
}

type Head = Awaited<ReturnType<typeof headBy>>;

async function headBy(db: Db, key: 'code' | 'id', value: string) {
  const head = await db.selectFrom('onlCgreportHead').selectAll().where(key, '=', value).executeTakeFirst();
  if (!head) throw new BizError(REPORT_NOT_FOUND);
  return head;
}

/** A report of either kind: an SQL report (cgr_sql set) or a whitelist report. */
export type AnyReport = ReportConfig | SqlReport;

async function loadAny(db: Db, key: 'code' | 'id', value: string): Promise<AnyReport> {
  const head = await headBy(db, key, value);
  return head.cgrSql ? loadSqlReport(db, head) : loadTable(db, head);
}

export const anyReportByCode = (db: Db, code: string) => loadAny(db, 'code', code);
export const anyReportById = (db: Db, id: string) => loadAny(db, 'id', id);

async function loadBy(db: Db, key: 'code' | 'id', value: string): Promise<ReportConfig> {
  return loadTable(db, await headBy(db, key, value));
}

async function loadTable(db: Db, head: Head): Promise<ReportConfig> {
  const source = reportableTable(head.sourceTable);
  if (!source) throw new BizError(BAD_CONFIG);
  const [items, params] = await Promise.all([
    db.selectFrom('onlCgreportItem').selectAll().where('cgrheadId', '=', head.id).orderBy('orderNum').orderBy('fieldName').execute(),
    db.selectFrom('onlCgreportParam').selectAll().where('cgrheadId', '=', head.id).orderBy('orderNum').orderBy('paramName').execute(),
  ]);
  return {
    kind: 'table',
    id: head.id,
    code: head.code,
    name: head.name,
    source,
    items: items.map((i) => ({
      field: i.fieldName,
      title: i.fieldTxt ?? i.fieldName,
      fieldType: i.fieldType,
      show: i.isShow === 1,
      search: i.isSearch === 1,
      mode: i.searchMode === 'range' ? 'range' : 'single',
      dictCode: i.dictCode || null,
      def: columnDef(source, i.fieldName, { query: i.isSearch === 1, dictCode: i.dictCode || undefined }),
    })),
    params: params.map((p) => ({ name: p.paramName, label: p.paramTxt ?? p.paramName, defaultValue: p.paramValue, def: columnDef(source, p.paramName) })),
    fixedFilter: parseFixedFilter(source, head.sourceFilter),
  };
}

export const reportByCode = (db: Db, code: string) => loadBy(db, 'code', code);
export const reportById = (db: Db, id: string) => loadBy(db, 'id', id);
