import { z } from 'zod';

export const checkKeyParams = z.object({
  checkKey: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, '验证码key只能是1到64位字母、数字、下划线、点或短横线'),
});

export const loginBody = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(100, '用户名过长'),
  password: z.string().min(1, '请输入密码').max(200, '密码过长'),
  captcha: z.string().trim().max(16).optional(),
  checkKey: z.string().max(64).optional(),
  loginOrgCode: z.string().max(64).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** The original client's first step: credentials and captcha (as `inputCode`), answered with departments. */
export const departsBeforeLoginBody = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(100, '用户名过长'),
  password: z.string().min(1, '请输入密码').max(200, '密码过长'),
  inputCode: z.string().trim().max(16).optional(),
  captcha: z.string().trim().max(16).optional(),
  checkKey: z.string().max(64).optional(),
  loginType: z.string().max(20).optional(),
});
export type DepartsBeforeLoginBody = z.infer<typeof departsBeforeLoginBody>;

export const MESSAGES = {
  captchaInvalid: '验证码无效',
  captchaWrong: '验证码错误',
  badCredentials: '用户名或密码错误',
  frozen: '该用户已冻结',
  locked: '该用户登录失败次数过多，请于10分钟后再次登录！',
  loginOk: '登录成功',
  logoutOk: '退出登录成功！',
  logoutFailed: '退出登录失败！',
  phoneLoginUnavailable: '手机号登录暂未开放，请使用账号密码登录',
} as const;

/** Wrong passwords in a row (per account name and client address) that lock it, and for how long. */
export { LOCK_AFTER_FAILURES, LOCK_MS } from '../../../core/auth/login-attempts';
export const CAPTCHA_WRONG_CODE = 412;
