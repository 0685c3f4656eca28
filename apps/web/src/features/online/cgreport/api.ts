// Online报表配置 and the report page (issue 15), on the original client's calls (cgreport.api.ts, usePopBiz.ts).
import type { ParsedReportSql, ReportChartData, ReportColumnsAndData, ReportQueryField } from '@anxue/shared/online-report';

export const CGREPORT_PERMISSION = 'online:cgreport';

export const CGREPORT_API = {
  list: '/online/cgreport/head/list',
  add: '/online/cgreport/head/add',
  edit: '/online/cgreport/head/editAll',
  delete: '/online/cgreport/head/delete',
  deleteBatch: '/online/cgreport/head/deleteBatch',
  items: '/online/cgreport/item/listByHeadId',
  params: '/online/cgreport/param/listByHeadId',
  parseSql: '/online/cgreport/head/parseSql',
  dataSources: '/sys/dataSource/options',
  columnsAndData: (id: string) => `/online/cgreport/api/getColumnsAndData/${encodeURIComponent(id)}`,
  queryInfo: (id: string) => `/online/cgreport/api/getQueryInfo/${encodeURIComponent(id)}`,
  data: (id: string) => `/online/cgreport/api/getData/${encodeURIComponent(id)}`,
  chart: (id: string) => `/online/cgreport/api/getChartData/${encodeURIComponent(id)}`,
  export: (id: string) => `/online/cgreport/api/exportXls/${encodeURIComponent(id)}`,
} as const;

export interface CgreportHead {
  id: string;
  code: string;
  name: string;
  cgrSql: string | null;
  dbSource: string | null;
  sourceTable?: string | null;
  chartType: string | null;
  chartFieldX: string | null;
  chartFieldsY: string | null;
  createTime?: string;
}

export type { ParsedReportSql, ReportChartData, ReportColumnsAndData, ReportQueryField };

/** The report page of a report id (the original's route /online/cgreport/:id). */
export const reportPageUrl = (id: string) => `/online/cgreport/${id}`;

/** The id at the end of /online/cgreport/<id>. */
export function reportIdFromPath(pathname: string): string {
  const parts = pathname.split('?')[0].split('/').filter(Boolean);
  return decodeURIComponent(parts[parts.length - 1] ?? '');
}
