import type { GraphChartsData, GraphHead, GraphItem } from '@anxue/shared/online-extras';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { BizError } from '../../../core/errors';
import { dictOptionsOf, sqlReportRows, type RunOptions, type SqlReport } from '../cgreport/report-sql';

// The data of a graph report (getChartsData): its SELECT runs as an SQL report does (report-sql.ts: the
// SQL guard, the read-only runner with its time and row limits, bound ${params}, the query fields'
// conditions), with at most MAX_POINTS rows.

type Ctx = Pick<AppContext, 'db' | 'config' | 'dialect'>;
type Query = Record<string, string | string[] | undefined>;

export const GRAPH_NOT_FOUND = '图表不存在或已被删除';
const MAX_POINTS = 1000;

export interface LoadedGraph {
  head: GraphHead;
  items: GraphItem[];
  params: Array<{ paramName: string; paramTxt: string | null; paramValue: string | null; orderNum: number }>;
}

export async function loadGraph(db: Db, id: string): Promise<LoadedGraph> {
  const head = await db.selectFrom('onlGraphreportHead').selectAll().where('id', '=', id).executeTakeFirst();
  if (!head) throw new BizError(GRAPH_NOT_FOUND);
  const [items, params] = await Promise.all([
    db.selectFrom('onlGraphreportItem').selectAll().where('graphreportHeadId', '=', id).orderBy('orderNum').orderBy('fieldName').execute(),
    db.selectFrom('onlGraphreportParams').selectAll().where('graphreportHeadId', '=', id).orderBy('orderNum').orderBy('paramName').execute(),
  ]);
  return {
    head: {
      id: head.id,
      name: head.name,
      code: head.code,
      cgrSql: head.cgrSql,
      xaxisField: head.xaxisField,
      yaxisField: head.yaxisField,
      yaxisText: head.yaxisText,
      content: head.content,
      graphType: head.graphType,
      displayTemplate: head.displayTemplate,
      dataType: head.dataType,
      dbSource: head.dbSource,
    },
    items: items.map((i) => ({
      fieldName: i.fieldName,
      fieldTxt: i.fieldTxt,
      fieldType: i.fieldType,
      isShow: i.isShow === 'N' ? 'N' : 'Y',
      isTotal: i.isTotal === 'Y' ? 'Y' : 'N',
      searchFlag: i.searchFlag === 'Y' ? 'Y' : 'N',
      searchMode: i.searchMode,
      dictCode: i.dictCode,
      orderNum: i.orderNum,
    })),
    params: params.map((p) => ({ paramName: p.paramName, paramTxt: p.paramTxt, paramValue: p.paramValue, orderNum: p.orderNum })),
  };
}

/** The graph as the report runner reads an SQL report: its fields are the report's columns. */
export function asSqlReport(g: LoadedGraph): SqlReport {
  return {
    kind: 'sql',
    id: g.head.id,
    code: g.head.code,
    name: g.head.name,
    sql: g.head.cgrSql,
    dbSource: g.head.dbSource || null,
    items: g.items.map((i) => ({
      field: i.fieldName,
      title: i.fieldTxt || i.fieldName,
      fieldType: i.fieldType || 'String',
      width: null,
      show: i.isShow === 'Y',
      search: i.searchFlag === 'Y',
      mode: i.searchMode === 'group' ? 'range' : 'single',
      dictCode: i.dictCode || null,
      total: i.isTotal === 'Y',
      href: null,
      groupTitle: null,
      orderNum: i.orderNum,
    })),
    params: g.params.map((p) => ({ name: p.paramName, label: p.paramTxt || p.paramName, defaultValue: p.paramValue })),
    chart: null,
  };
}

/**
 * The query the chart page sends: `params`, the original's URL-encoded JSON list of
 * `{ fieldName, value, searchMode }` (value a pair for a range), becomes `<field>` or `<field>_begin` /
 * `<field>_end`; `self_<param>` values and plain field values pass as they are.
 */
export function chartQuery(raw: Query): Query {
  const out: Query = { ...raw };
  delete out.params;
  delete out.id;
  const text = Array.isArray(raw.params) ? raw.params[0] : raw.params;
  if (!text) return out;
  let list: unknown;
  try {
    list = JSON.parse(decodeURIComponent(text));
  } catch {
    throw new BizError('查询条件格式不正确');
  }
  if (!Array.isArray(list)) throw new BizError('查询条件格式不正确');
  for (const c of list.slice(0, 50)) {
    const { fieldName, value, searchMode } = (c ?? {}) as { fieldName?: unknown; value?: unknown; searchMode?: unknown };
    if (typeof fieldName !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(fieldName)) continue;
    const str = (v: unknown) => (v === null || v === undefined || v === '' ? undefined : String(v).slice(0, 500));
    if (searchMode === 'group' && Array.isArray(value)) {
      out[`${fieldName}_begin`] = str(value[0]);
      out[`${fieldName}_end`] = str(value[1]);
    } else {
      out[fieldName] = str(Array.isArray(value) ? value[0] : value);
    }
  }
  return out;
}

/** getChartsData: the chart's settings, its rows (read-only, at most MAX_POINTS), fields and dictionary options. */
export async function chartsData(ctx: Ctx, graph: LoadedGraph, opts: RunOptions): Promise<GraphChartsData> {
  const report = asSqlReport(graph);
  const data = await sqlReportRows(ctx, report, opts, MAX_POINTS);
  const dictOptions = await dictOptionsOf(ctx.db, report);
  return { head: graph.head, data, items: graph.items, dictOptions };
}
