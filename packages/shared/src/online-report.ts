import { z } from 'zod';

// Online reports (issue 15): what the report designer saves (the original client's CgreportModal sends
// `{ head, items, params }` to /online/cgreport/head/add and /head/editAll) and what the report page reads.
// Import as '@anxue/shared/online-report'.

const flag = z.union([z.number(), z.string(), z.boolean()]).nullish().transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0));
const text = (max: number) => z.string().max(max, `内容过长（最多 ${max} 个字符）`).nullish();

export const REPORT_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,99}$/;
export const REPORT_FIELD_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
export const REPORT_FIELD_TYPES = ['String', 'Integer', 'Long', 'Double', 'BigDecimal', 'Date', 'Datetime', 'Image'] as const;
export const REPORT_CHART_TYPES = ['bar', 'line', 'pie'] as const;
export type ReportChartType = (typeof REPORT_CHART_TYPES)[number];

export const reportItemInput = z.object({
  fieldName: z.string({ error: '请填写字段名字' }).regex(REPORT_FIELD_PATTERN, '字段名字须以字母或下划线开头，只含字母、数字、下划线'),
  fieldTxt: text(300),
  fieldWidth: z.union([z.number(), z.string()]).nullish().transform((v) => (v === null || v === undefined || v === '' ? null : Math.max(0, Math.floor(Number(v)) || 0) || null)),
  fieldType: z.string().max(10).nullish().transform((v) => (v && (REPORT_FIELD_TYPES as readonly string[]).includes(v) ? v : 'String')),
  isShow: flag,
  isSearch: flag,
  searchMode: z.string().nullish().transform((v) => (v === 'group' || v === 'range' ? 'group' : 'single')),
  dictCode: text(100),
  isTotal: flag,
  fieldHref: text(500),
  replaceVal: text(200),
  groupTitle: text(100),
  orderNum: z.union([z.number(), z.string()]).nullish().transform((v) => Math.floor(Number(v)) || 0),
});
export type ReportItemInput = z.input<typeof reportItemInput>;

export const reportParamInput = z.object({
  paramName: z.string({ error: '请填写参数字段' }).regex(REPORT_FIELD_PATTERN, '参数字段须以字母或下划线开头，只含字母、数字、下划线'),
  paramTxt: text(100),
  paramValue: text(200),
  orderNum: z.union([z.number(), z.string()]).nullish().transform((v) => Math.floor(Number(v)) || 0),
});
export type ReportParamInput = z.input<typeof reportParamInput>;

export const reportHeadInput = z.object({
  id: z.string().max(64).nullish(),
  code: z.string({ error: '请输入报表编码！' }).regex(REPORT_CODE_PATTERN, '编码必须以字母开头，可包含数字、下划线、横杠！'),
  name: z.string({ error: '请输入报表名字!' }).trim().min(1, '请输入报表名字!').max(100, '报表名字过长'),
  cgrSql: z.string({ error: '请填写报表SQL' }).trim().min(1, '请填写报表SQL').max(20000, '报表SQL过长'),
  dbSource: text(100),
  returnValField: text(100),
  returnTxtField: text(100),
  returnType: z.string().max(2).nullish(),
  content: text(1000),
  chartType: z.enum(REPORT_CHART_TYPES, { error: '图表类型只能是柱状图、折线图或饼图' }).nullish().or(z.literal('').transform(() => null)),
  chartFieldX: text(64),
  /** Comma list, or an array. */
  chartFieldsY: z.union([z.string().max(500), z.array(z.string().max(64)).max(10)]).nullish().transform((v) => (Array.isArray(v) ? v.join(',') : v ?? null)),
});

export const reportSaveBody = z.object({
  head: reportHeadInput,
  items: z.array(reportItemInput).max(200, '字段过多').default([]),
  params: z.array(reportParamInput).max(50, '参数过多').default([]),
});
export type ReportSaveBody = z.input<typeof reportSaveBody>;

/** A column of getRpColumns / getColumnsAndData. */
export interface ReportColumn {
  dataIndex: string;
  title: string;
  fieldType: string;
  isTotal?: '0' | '1';
  fieldWidth?: number;
  groupTitle?: string;
  /** Dictionary code: the value is shown through dictOptions[dataIndex]. */
  customRender?: string;
  hrefSlotName?: string;
}

export interface ReportQueryField {
  field: string;
  label: string;
  mode: 'single' | 'range';
  type: string;
  dictCode?: string;
  hidden?: '1';
}

export interface ReportPage {
  records: Array<Record<string, unknown>>;
  total: number;
  size: number;
  current: number;
  pages: number;
  /** Sums of the total columns over the whole result (not only this page); absent when none. */
  totals?: Record<string, number> | null;
}

export interface ReportColumnsAndData {
  cgreportHeadName: string;
  columns: ReportColumn[];
  dictOptions: Record<string, Array<{ value: string; text: string; label?: string }>>;
  fieldHrefSlots: Array<{ slotName: string; field: string; href: string }>;
  isGroupTitle: boolean;
  data: ReportPage;
}

export interface ReportChartData {
  chartType: ReportChartType | null;
  xField: string | null;
  yFields: string[];
  categories: string[];
  series: Array<{ field: string; name: string; data: number[] }>;
}

/** parseSql's answer: the columns of the SELECT and its ${…} parameters. */
export interface ParsedReportSql {
  fields: Array<{ fieldName: string; fieldTxt: string; fieldType: string; isShow: number; isSearch: string; isTotal: string; searchMode: string; orderNum: number }>;
  params: Array<{ paramName: string; paramTxt: string; paramValue: string; orderNum: number }>;
}
