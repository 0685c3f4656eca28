import { FORM_PATTERNS, PASSWORD_TOO_SHORT, PASSWORD_MIN_LENGTH, REQUIRED_MESSAGES } from '@anxue/shared';
import { z } from 'zod';

const mobile = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(FORM_PATTERNS.mobile.pattern, FORM_PATTERNS.mobile.message);
const code = z.coerce.string({ error: '请输入验证码' }).trim().min(1, '请输入验证码').max(64, '验证码无效');
const password = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .max(200, '密码过长')
    .refine((v) => [...v].length >= PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT);
const username = z
  .string({ error: REQUIRED_MESSAGES.username })
  .trim()
  .min(1, REQUIRED_MESSAGES.username)
  .regex(FORM_PATTERNS.usernameChars.pattern, FORM_PATTERNS.usernameChars.message)
  .regex(FORM_PATTERNS.username.pattern, FORM_PATTERNS.username.message);

/** The original's smsmode: 0 sign-in, 1 registration, 2 forgotten password. */
export const smsBody = z.object({
  mobile: mobile('手机号不允许为空！'),
  smsmode: z.coerce.string({ error: '短信类型不正确' }).refine((v) => ['0', '1', '2'].includes(v), '短信类型不正确'),
});

export const phoneLoginBody = z.object({
  mobile: mobile(REQUIRED_MESSAGES.mobile),
  captcha: code,
  loginOrgCode: z.string().max(64).optional(),
});

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
export const registerBody = z.object({
  username,
  password: password('请输入密码'),
  phone: mobile(REQUIRED_MESSAGES.mobile),
  smscode: code,
  email: z.preprocess(blank, z.string().trim().max(45, '邮箱过长').regex(FORM_PATTERNS.email.pattern, FORM_PATTERNS.email.message).optional()),
  realname: z.preprocess(blank, z.string().trim().max(100, '姓名过长').optional()),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const phoneVerificationBody = z.object({
  phone: mobile(REQUIRED_MESSAGES.mobile),
  smscode: code,
});

/** The original client sends these as query parameters of a GET; our client posts them. */
export const passwordChangeBody = z.object({
  username: z.string({ error: '重置密码失败！' }).trim().min(1, '重置密码失败！').max(100),
  password: password(REQUIRED_MESSAGES.newPassword),
  smscode: code,
  phone: z.preprocess(blank, mobile(REQUIRED_MESSAGES.mobile).optional()),
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;

export const ACCOUNT_MESSAGES = {
  registrationOff: '系统未开放注册，请联系管理员',
  phoneRegistered: '手机号已经注册，请直接登录！',
  usernameTaken: '用户名已注册',
  phoneTaken: '该手机号已注册',
  emailTaken: '邮箱已被注册',
  registered: '注册成功',
  smsSent: '验证码已发送',
  noAccount: '用户信息不存在',
  resetMismatch: '当前用户和绑定的手机号不匹配，无法修改密码！',
  resetDone: '密码重置成功!',
  notYourCode: '此验证码不是当前用户的！',
  phoneLoginGone: '该用户不存在或已注销',
} as const;
