// Grid cell pattern codes and their default messages (spec/02 §5), shared by the editable grid and the
// server checks of grid rows (e.g. the order lines' money format). Free of React and the DOM.

export interface GridPattern {
  /** The code used in a column's validateRules[].pattern. */
  code: string;
  title: string;
  pattern: RegExp;
  message: string;
}

export const REQUIRED_MESSAGE = '该项为必填项';
export const UNIQUE_MESSAGE = '该值不能重复';

/** Built-in codes; the first entry ('*', non-empty) doubles as "required" (spec/02 §5). */
export const GRID_PATTERNS: readonly GridPattern[] = [
  { code: '*', title: '非空', pattern: /^[\s\S]*\S[\s\S]*$/, message: REQUIRED_MESSAGE },
  { code: 'n6-16', title: '6到16位数字', pattern: /^\d{6,16}$/, message: '请输入6到16位数字' },
  { code: '*6-16', title: '6到16位任意字符', pattern: /^[\s\S]{6,16}$/, message: '请输入6到16位任意字符' },
  { code: 's6-18', title: '6到18位字母', pattern: /^[A-Za-z]{6,18}$/, message: '请输入6到18位字母' },
  { code: 'url', title: '网址', pattern: /^https?:\/\/[^\s/$.?#][^\s]*$/i, message: '请输入正确的网址' },
  { code: 'e', title: '电子邮件', pattern: /^[\w.%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/, message: '请输入正确的电子邮件' },
  { code: 'm', title: '手机号码', pattern: /^1[3-9]\d{9}$/, message: '请输入正确的手机号码' },
  { code: 'p', title: '邮政编码', pattern: /^\d{6}$/, message: '请输入正确的邮政编码' },
  { code: 's', title: '字母', pattern: /^[A-Za-z]+$/, message: '请输入字母' },
  { code: 'n', title: '数字', pattern: /^-?\d+(\.\d+)?$/, message: '请输入数字' },
  { code: 'z', title: '整数', pattern: /^-?\d+$/, message: '请输入整数' },
  // Positive amount with at most two decimals (the first of the two readings in spec/02 §5).
  { code: 'money', title: '金额', pattern: /^(0|[1-9]\d*)(\.\d{1,2})?$/, message: '请输入正确的金额' },
];

/** Pattern 'only' is the unique rule, not a regular expression. */
export const UNIQUE_PATTERN_CODE = 'only';
export const REQUIRED_PATTERN_CODE = GRID_PATTERNS[0].code;

const byCode = new Map(GRID_PATTERNS.map((p) => [p.code, p]));

export function findPattern(code: string): GridPattern | undefined {
  return byCode.get(code);
}
