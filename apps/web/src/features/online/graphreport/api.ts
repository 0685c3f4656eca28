// Online图表 (issue 15), on the original client's calls (graphreport.api.ts, GraphreportModal.vue,
// GraphreportAutoChart.vue). Shapes from '@anxue/shared/online-extras'.
import type { GraphChartsData, GraphHead, GraphItem } from '@anxue/shared/online-extras';
import type { ParsedReportSql, ReportChartData, ReportChartType } from '@anxue/shared/online-report';

export const GRAPH_PERMISSION = 'online:graphreport';

export const GRAPH_API = {
  list: '/online/graphreport/head/list',
  add: '/online/graphreport/head/add',
  edit: '/online/graphreport/head/edit',
  delete: '/online/graphreport/head/delete',
  deleteBatch: '/online/graphreport/head/deleteBatch',
  exportXls: '/online/graphreport/head/exportXls',
  importExcel: '/online/graphreport/head/importExcel',
  items: '/online/graphreport/head/queryOnlGraphreportItemByMainId',
  params: '/online/graphreport/params/listByHeadId',
  parseField: '/online/graphreport/head/parseField',
  chartsData: '/online/graphreport/api/getChartsData',
  exportData: '/online/graphreport/api/exportXlsById',
  dataSources: '/sys/dataSource/options',
} as const;

export type { GraphChartsData, GraphHead, GraphItem, ParsedReportSql };

export const GRAPH_TYPE_OPTIONS = [
  { value: 'bar', label: '柱状图' },
  { value: 'line', label: '折线图' },
  { value: 'pie', label: '饼图' },
  { value: 'table', label: '数据表格' },
];

/** The page of one chart (the original's /online/graphreport/chart/:code, by id). */
export const chartPageUrl = (id: string) => `/online/graphreport/chart/${encodeURIComponent(id)}`;

/** The id at the end of /online/graphreport/chart/<id>. */
export function chartIdFromPath(pathname: string): string {
  const parts = pathname.split('?')[0].split('/').filter(Boolean);
  return decodeURIComponent(parts[parts.length - 1] ?? '');
}

/**
 * One chart of a graph report as the report chart draws it: categories from the x field (dictionary text
 * when coded), one series per y field (a pie takes the first), as the original's useChartRender builds them.
 */
export function chartOf(data: GraphChartsData, type: ReportChartType): ReportChartData {
  const { head, items, dictOptions } = data;
  const x = head.xaxisField;
  const ys = head.yaxisField.split(',').map((s) => s.trim()).filter(Boolean);
  const title = (f: string) => items.find((i) => i.fieldName === f)?.fieldTxt || f;
  const dict = dictOptions[x];
  const label = (v: unknown) => {
    const s = v === null || v === undefined ? '' : String(v);
    return dict?.find((o) => o.value === s)?.text ?? s;
  };
  const fields = type === 'pie' ? ys.slice(0, 1) : ys;
  return {
    chartType: type,
    xField: x,
    yFields: fields,
    categories: data.data.map((r) => label(r[x])),
    series: fields.map((f) => ({ field: f, name: title(f), data: data.data.map((r) => Number(r[f] ?? 0)) })),
  };
}
