// Named form patterns and their messages (spec/01 §5, spec/02 §5). Framework-free: the browser wraps
// them as antd rules, the server as zod refinements, so both sides say the same thing.

export interface PatternRule {
  pattern: RegExp;
  message: string;
}

export const FORM_PATTERNS = {
  mobile: { pattern: /^1[34578]\d{9}$/, message: '请输入正确手机号' },
  // The original checks 4-18 characters while its message says 6-18; we keep both as specified.
  username: { pattern: /^[a-zA-Z0-9_]{4,18}$/, message: '长度6到18个字符' },
  usernameChars: { pattern: /^[a-zA-Z0-9_]*$/, message: '只允许字母、数字、下划线' },
  email: { pattern: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/, message: '邮箱格式不正确' },
  naturalNumber: { pattern: /^(0|[1-9]\d*)$/, message: '请输入自然数' },
  english: { pattern: /^[A-Za-z]+$/, message: '请输入英文字符' },
  landline: { pattern: /^(\d{3,4}-)?\d{7,8}(-\d{1,6})?$/, message: '请输入正确的座机号' },
  bankCard: { pattern: /^[1-9]\d{9,19}$/, message: '请输入正确的银行卡号码' },
  idNumber: { pattern: /^[A-Za-z0-9]{1,50}$/, message: '请输入正确的证件号码' },
  nationalId: { pattern: /^(\d{15}|\d{17}[\dXx])$/, message: '请输入正确的身份证号码' },
  qq: { pattern: /^[1-9]\d{4,11}$/, message: '请输入正确的QQ号码' },
  url: { pattern: /^https?:\/\/\S+$/, message: '请输入以http和https开头的网址' },
  alnum20: { pattern: /^[A-Za-z0-9]{1,20}$/, message: '请输入20位以内的英文字符和数字' },
  zhEnSpace: { pattern: /^[\u4e00-\u9fa5A-Za-z ]{2,100}$/, message: '请输入2到100位的中英文字符和空格' },
  digitsNewlines: { pattern: /^[\d\n\r]+$/, message: '请输入数字和换行符' },
  max255: { pattern: /^[\s\S]{0,255}$/, message: '请输入255位以内的字符' },
} satisfies Record<string, PatternRule>;

export type FormPatternName = keyof typeof FORM_PATTERNS;

export const REQUIRED_MESSAGES = {
  mobile: '请输入手机号',
  username: '请输入用户名',
  oldPassword: '请输入旧密码!',
  newPassword: '请输入新密码!',
  confirmPassword: '请确认新密码!',
} as const;

export const PASSWORD_MISMATCH = '两次输入的密码不一样！';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_TOO_SHORT = `密码至少${PASSWORD_MIN_LENGTH}位`;

export const minLengthMessage = (n: number) => `最小长度${n}位字符`;
export const maxLengthMessage = (n: number) => `最大长度${n}位字符`;
export const minSelectMessage = (n: number) => `最少选择${n}项`;
export const maxSelectMessage = (n: number) => `最多选择${n}项`;

/** Checks a value against a named pattern; empty values pass (required is a separate rule). */
export function checkPattern(name: FormPatternName, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const rule = FORM_PATTERNS[name];
  return rule.pattern.test(String(value)) ? undefined : rule.message;
}

/** Username: characters first, then the length rule, as the original reports them. */
export function checkUsername(value: string | undefined): string | undefined {
  if (!value) return REQUIRED_MESSAGES.username;
  return checkPattern('usernameChars', value) ?? checkPattern('username', value);
}

export interface PasswordChange {
  oldpassword?: string;
  password?: string;
  confirmpassword?: string;
}

/** The change-password dialog's rules, field by field, first failure per field. */
export function checkPasswordChange(v: PasswordChange): Partial<Record<keyof PasswordChange, string>> {
  const errors: Partial<Record<keyof PasswordChange, string>> = {};
  if (!v.oldpassword) errors.oldpassword = REQUIRED_MESSAGES.oldPassword;
  if (!v.password) errors.password = REQUIRED_MESSAGES.newPassword;
  else if (v.password.length < PASSWORD_MIN_LENGTH) errors.password = PASSWORD_TOO_SHORT;
  if (!v.confirmpassword) errors.confirmpassword = REQUIRED_MESSAGES.confirmPassword;
  else if (v.password && v.confirmpassword !== v.password) errors.confirmpassword = PASSWORD_MISMATCH;
  return errors;
}
