import { z } from 'zod';
import { REPORT_CODE_PATTERN, REPORT_FIELD_PATTERN } from './online-report';

// Custom buttons of online forms and graph reports (issue 15). Import as '@anxue/shared/online-extras'.
// Field names are the original client's (button.data.ts, GraphreportModal.vue).

const text = (max: number) => z.string().max(max, `内容过长（最多 ${max} 个字符）`).nullish();
const order = z.union([z.number(), z.string()]).nullish().transform((v) => Math.floor(Number(v)) || 0);

// ---------------------------------------------------------------- custom buttons

export const BUTTON_CODE_PATTERN = /^[a-zA-Z_$][a-zA-Z0-9_$]{0,49}$/;
/** The original's built-in codes: a custom button cannot take them. */
export const BUILT_IN_BUTTON_CODES = ['add', 'edit', 'detail', 'delete', 'batch_delete', 'import', 'export', 'query', 'reset', 'bpm', 'super_query', 'form_confirm'] as const;
/** link: a row action; button: the list's top bar, acting on the selected rows. */
export const BUTTON_STYLES = ['link', 'button'] as const;
/**
 * What a button does. No script runs (issue 15): `link` opens an address built from the row, `update` sets
 * fixed values on the chosen rows through the form's own API (its edit right and validation).
 */
export const BUTTON_ACTIONS = ['link', 'update'] as const;
export type ButtonAction = (typeof BUTTON_ACTIONS)[number];

/**
 * Why a link template cannot be used, or null. Only http(s) addresses and in-app paths: a template must
 * start with http://, https:// or a single '/', so no row value can change where it leads (values are
 * inserted URL-encoded).
 */
export function linkTemplateProblem(template: string): string | null {
  const t = template.trim();
  if (!t) return '请填写链接地址';
  if (/[\u0000-\u001f\s\\]/.test(t)) return '链接地址不能包含空白、控制字符或反斜杠';
  if (/^https?:\/\/[^/?#]+/i.test(t)) return null;
  if (/^\/(?![/\\])/.test(t)) return null;
  return '链接地址只能是 http(s) 地址或以 / 开头的系统内路径（不允许 javascript: 等其他协议）';
}

/** The address of a link button for one row: `${field}` replaced by the row's value, URL-encoded. */
export function buildLinkUrl(template: string, row: Record<string, unknown>): string | null {
  if (linkTemplateProblem(template)) return null;
  const url = template.trim().replace(/\$\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/g, (_m, name: string) => encodeURIComponent(String(row[name] ?? '')));
  return linkTemplateProblem(url) ? null : url;
}

/**
 * The original's display expression of a link button (`status#eq#1`, `a#ne#x&&b#empty#false`,
 * `type#in#a,b`, joined by && or ||): whether a row shows the button. An empty expression shows it.
 */
export function buttonShownFor(exp: string | null | undefined, row: Record<string, unknown>): boolean {
  const e = (exp ?? '').trim();
  if (!e) return true;
  const one = (part: string): boolean => {
    const [field, rule, value = ''] = part.trim().split('#');
    const v = row[field];
    const s = v === null || v === undefined ? '' : String(v);
    switch (rule) {
      case 'eq':
        return s === value;
      case 'ne':
        return s !== value;
      case 'empty':
        return (s === '') === (value !== 'false');
      case 'in':
        return value.split(',').includes(s);
      default:
        return false;
    }
  };
  if (e.includes('||')) return e.split('||').some((p) => (p.includes('&&') ? p.split('&&').every(one) : one(p)));
  return e.split('&&').every(one);
}

export const buttonSaveBody = z
  .object({
    id: z.string().max(64).nullish(),
    cgformHeadId: z.string({ error: '缺少表单ID' }).regex(/^[A-Za-z0-9_-]{1,64}$/, '表单ID格式不正确'),
    buttonCode: z
      .string({ error: '请输入按钮编码' })
      .regex(BUTTON_CODE_PATTERN, '编码只能包含字母、数字、下划线 (_) 和美元符号 ($)且不能以数字开头')
      .refine((c) => !(BUILT_IN_BUTTON_CODES as readonly string[]).includes(c), '不可使用内置按钮编码'),
    buttonName: z.string({ error: '请输入按钮名称' }).trim().min(1, '请输入按钮名称').max(50, '按钮名称最长50个字'),
    buttonIcon: text(100),
    buttonStyle: z.enum(BUTTON_STYLES, { error: '按钮样式只能是 link 或 button' }).default('link'),
    optType: z.enum(BUTTON_ACTIONS, { error: '按钮类型只能是 link（打开链接）或 update（更新字段）；不支持 JS 或 SQL 增强' }).default('link'),
    optPosition: text(3),
    exp: text(255),
    buttonStatus: z.enum(['0', '1']).default('1'),
    orderNum: order,
    /** link: the address template. */
    linkUrl: text(500),
    /** update: field → value. */
    updateValues: z.record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])).nullish(),
  })
  .superRefine((b, ctx) => {
    if (b.optType === 'link') {
      const problem = linkTemplateProblem(b.linkUrl ?? '');
      if (problem) ctx.addIssue({ code: 'custom', path: ['linkUrl'], message: problem });
    } else if (!b.updateValues || !Object.keys(b.updateValues).length) {
      ctx.addIssue({ code: 'custom', path: ['updateValues'], message: '请设置要更新的字段和值' });
    }
  });
export type ButtonSaveBody = z.output<typeof buttonSaveBody>;

/** A button as the list and the generated page read it. */
export interface CgformButton {
  id: string;
  cgformHeadId: string;
  buttonCode: string;
  buttonName: string;
  buttonIcon: string | null;
  buttonStyle: (typeof BUTTON_STYLES)[number];
  optType: ButtonAction;
  optPosition: string | null;
  exp: string | null;
  buttonStatus: '0' | '1';
  orderNum: number;
  linkUrl: string | null;
  updateValues: Record<string, unknown> | null;
}

/**
 * A button as a generated page reads it (getColumns' cgButtonList): an update button is named `action`, as
 * the original client calls the buttons it runs through doButton, so either client runs it.
 */
export interface PageButton extends Omit<CgformButton, 'optType' | 'updateValues'> {
  optType: 'link' | 'action';
}

// ---------------------------------------------------------------- graph reports

export const GRAPH_TYPES = ['bar', 'line', 'pie', 'table'] as const;
export const GRAPH_TEMPLATES = ['tab', 'single', 'double'] as const;
const yn = z.union([z.string(), z.number(), z.boolean()]).nullish().transform((v) => (v === true || v === 1 || v === '1' || v === 'Y' ? 'Y' : 'N'));
const fieldName = z.string({ error: '请填写字段名' }).regex(REPORT_FIELD_PATTERN, '字段名须以字母或下划线开头，只含字母、数字、下划线');
const commaList = (max: number) => z.union([z.string().max(max), z.array(z.string().max(64)).max(20)]).transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean));

export const graphItemInput = z.object({
  fieldName,
  fieldTxt: text(200),
  fieldType: text(20).transform((v) => (v && ['Integer', 'Long', 'Double', 'BigDecimal', 'Date', 'Datetime', 'String'].includes(v) ? v : 'String')),
  isShow: yn,
  isTotal: yn,
  searchFlag: yn,
  searchMode: z.string().nullish().transform((v) => (v === 'group' || v === 'range' ? 'group' : 'single')),
  dictCode: text(500),
  orderNum: order,
});

export const graphParamInput = z.object({
  paramName: fieldName,
  paramTxt: text(100),
  paramValue: text(500),
  orderNum: order,
});

/** What GraphreportModal sends to head/add and head/edit: the head's fields with its fields and parameters. */
export const graphSaveBody = z.object({
  id: z.string().max(64).nullish(),
  name: z.string({ error: '请输入图表名称' }).trim().min(1, '请输入图表名称').max(100, '图表名称过长'),
  code: z.string({ error: '请输入编码!' }).regex(REPORT_CODE_PATTERN, '编码必须以字母开头，可包含数字、下划线、横杠！'),
  cgrSql: z.string({ error: '请输入查询SQL' }).trim().min(1, '请输入查询SQL').max(20000, '查询SQL过长'),
  xaxisField: fieldName,
  yaxisField: commaList(500).refine((l) => l.length > 0, '请填写Y轴字段').refine((l) => l.every((f) => REPORT_FIELD_PATTERN.test(f)), 'Y轴字段名不正确'),
  yaxisText: text(100),
  content: text(1000),
  graphType: commaList(100)
    .refine((l) => l.length > 0, '请选择图表类型')
    .refine((l) => l.every((t) => (GRAPH_TYPES as readonly string[]).includes(t)), '图表类型只能是柱状图、折线图、饼图或数据表格'),
  isCombination: text(20),
  displayTemplate: z.enum(GRAPH_TEMPLATES).nullish().transform((v) => v ?? 'tab'),
  dataType: z
    .string()
    .nullish()
    .refine((v) => !v || v === 'sql', '只支持 SQL 数据（不支持 JSON 或 API 数据）')
    .transform(() => 'sql' as const),
  dbSource: text(100),
  onlGraphreportItemList: z.array(graphItemInput).max(200, '字段过多').default([]),
  paramsList: z.array(graphParamInput).max(50, '参数过多').default([]),
});
export type GraphSaveBody = z.output<typeof graphSaveBody>;
export type GraphSaveInput = z.input<typeof graphSaveBody>;

export interface GraphHead {
  id: string;
  name: string;
  code: string;
  cgrSql: string;
  xaxisField: string;
  yaxisField: string;
  yaxisText: string | null;
  content: string | null;
  graphType: string;
  displayTemplate: string;
  dataType: string;
  dbSource: string | null;
}

export interface GraphItem {
  fieldName: string;
  fieldTxt: string | null;
  fieldType: string | null;
  isShow: 'Y' | 'N';
  isTotal: 'Y' | 'N';
  searchFlag: 'Y' | 'N';
  searchMode: string | null;
  dictCode: string | null;
  orderNum: number;
}

/** getChartsData: the chart's settings, its rows, fields and the dictionary options of coded fields (by field name). */
export interface GraphChartsData {
  head: GraphHead;
  data: Array<Record<string, unknown>>;
  items: GraphItem[];
  dictOptions: Record<string, Array<{ value: string; text: string; label: string }>>;
}
