// 校验规则's urls, row shape and the ruleJson parts the editor works on.
import type { ListApi } from '../../../components/list-page';

export interface CheckRule {
  id: string;
  ruleName: string;
  ruleCode: string;
  ruleJson: string;
  ruleDescription?: string;
}

/** One slice of the value: `digits` characters (or '*' for the rest) must match `pattern`. */
export interface RulePart {
  digits: string;
  pattern: string;
  message: string;
}

export const CHECK_RULE_API = {
  list: '/sys/checkRule/list',
  delete: '/sys/checkRule/delete',
  deleteBatch: '/sys/checkRule/deleteBatch',
  exportXls: '/sys/checkRule/exportXls',
  importExcel: '/sys/checkRule/importExcel',
  add: '/sys/checkRule/add',
  edit: '/sys/checkRule/edit',
} satisfies ListApi & { add: string; edit: string };

export const MAX_PATTERN_LENGTH = 200;

export function parseRuleParts(json: string | undefined): RulePart[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed.map((p: Partial<RulePart>) => ({ digits: String(p.digits ?? '*'), pattern: String(p.pattern ?? ''), message: String(p.message ?? '') }));
  } catch {
    return [];
  }
}

export function isValidRegex(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
