// 填值规则's urls, row shape, the built-in kinds and their parameters.
import type { ListApi } from '../../../components/list-page';

export interface FillRule {
  id: string;
  ruleName: string;
  ruleCode: string;
  ruleClass: string;
  ruleParams?: string;
}

export interface FillRuleParams {
  prefix?: string;
  dateFormat?: '' | 'YYYYMMDD' | 'YYYYMMDDHHmmss';
  seqLength?: number;
  resetDaily?: boolean;
}

export const FILL_RULE_API = {
  list: '/sys/fillRule/list',
  delete: '/sys/fillRule/delete',
  deleteBatch: '/sys/fillRule/deleteBatch',
  exportXls: '/sys/fillRule/exportXls',
  importExcel: '/sys/fillRule/importExcel',
  add: '/sys/fillRule/add',
  edit: '/sys/fillRule/edit',
} satisfies ListApi & { add: string; edit: string };

/** The kinds the server implements; no class names travel from the browser. */
export const RULE_KINDS = [
  { value: 'order_num', text: '单号（前缀 + 日期 + 流水号）' },
  { value: 'sequence', text: '流水号（前缀 + 流水号）' },
  { value: 'category_code', text: '分类编码' },
];

export const DATE_FORMATS = [
  { value: 'YYYYMMDD', text: '年月日 (YYYYMMDD)' },
  { value: 'YYYYMMDDHHmmss', text: '年月日时分秒 (YYYYMMDDHHmmss)' },
  { value: '', text: '不含日期' },
];

export const kindText = (kind: string) => RULE_KINDS.find((k) => k.value === kind)?.text ?? kind;

export function parseParams(json: string | undefined): FillRuleParams {
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as FillRuleParams) : {};
  } catch {
    return {};
  }
}
