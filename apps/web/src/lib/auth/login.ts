// Sign-in and the session data it stores (spec/01 §4).
import { DICT_CACHE_TTL_MS, STORAGE_KEYS } from '@anxue/shared/constants';
import type { LandingArea } from '@anxue/shared/landing';
import { http } from '../http/client';
import { localStore } from '../storage';
import type { LoginResult, PermissionResult, UserInfo } from '../types';
import { setPermissions, setTenant, setToken, setUserInfo } from '../session/store';

export interface LoginForm {
  username: string;
  password: string;
  captcha?: string;
  checkKey?: string;
}

/** POST /sys/userLogin; errors come back to the form (silent), nothing is stored on failure. */
export async function login(form: LoginForm): Promise<LoginResult> {
  const res = await http.post<LoginResult>('/sys/userLogin', form, { silent: true });
  applyLogin(res);
  return res;
}

/** POST /sys/phoneLogin with the number's SMS code; stored like a password sign-in. */
export async function phoneLogin(form: { mobile: string; captcha: string }): Promise<LoginResult> {
  const res = await http.post<LoginResult>('/sys/phoneLogin', form, { silent: true });
  applyLogin(res);
  return res;
}

/** The original's smsmode of POST /sys/sms. */
export const SMS_MODE = { login: '0', register: '1', forgot: '2' } as const;

/** Sends an SMS code to a number (POST /sys/sms, signed as the original signs it); failures come back to the caller. */
export async function sendSmsCode(mobile: string, smsmode: (typeof SMS_MODE)[keyof typeof SMS_MODE]): Promise<void> {
  await http.post('/sys/sms', { mobile, smsmode }, { silent: true, signed: true });
}

let landingHint: LandingArea[] | undefined;

/**
 * The areas the last sign-in's answer said the user may land in (first the one for a user who has opened
 * none), once: the guard fetches that area's code beside the permissions.
 */
export function takeLandingHint(): LandingArea[] | undefined {
  const hint = landingHint;
  landingHint = undefined;
  return hint;
}

export function applyLogin(res: LoginResult): void {
  landingHint = Array.isArray(res.landingAreas) ? res.landingAreas : undefined;
  setToken(res.token);
  setUserInfo(res.userInfo);
  setTenant(res.userInfo.loginTenantId ?? 0);
  if (res.sysAllDictItems) localStore.setWhenIdle(STORAGE_KEYS.dictCache, res.sysAllDictItems, DICT_CACHE_TTL_MS);
}

export function storeUserInfo(info: UserInfo): void {
  setUserInfo(info);
}

/** The menu and button permissions; an empty menu is refused (spec/01 §4). */
export async function fetchPermissions(): Promise<PermissionResult> {
  const res = await http.get<PermissionResult>('/sys/permission/getUserPermissionByToken', undefined, { silent: true });
  if (!Array.isArray(res?.menu) || res.menu.length === 0) {
    throw new Error('菜单权限为空：请联系管理员为当前用户分配菜单');
  }
  setPermissions(res);
  return res;
}

/** What GET /sys/getQrcodeToken answers: "-1" waiting, "-2" expired, else the login answer (stored). */
export type QrcodePoll = { token: string; success?: boolean } & Partial<LoginResult>;

/** GET /sys/getLoginQrcode: a code of 2 minutes, which a signed-in user confirms from another device. */
export async function newLoginQrcode(): Promise<{ qrcodeId: string; pollToken: string }> {
  return http.get<{ qrcodeId: string; pollToken: string }>('/sys/getLoginQrcode', undefined, { silent: true });
}

/** GET /sys/getQrcodeToken with the code's poll token; once confirmed, the session is stored as after any sign-in. */
export async function pollLoginQrcode(code: { qrcodeId: string; pollToken: string }): Promise<QrcodePoll> {
  const res = await http.get<QrcodePoll>('/sys/getQrcodeToken', { qrcodeId: code.qrcodeId, pollToken: code.pollToken }, { silent: true });
  if (res.success && res.userInfo) applyLogin(res as LoginResult);
  return res;
}

/** POST /sys/scanLoginQrcode: the signed-in user lets the page showing the code sign in as them. */
export async function confirmLoginQrcode(qrcodeId: string): Promise<void> {
  await http.post('/sys/scanLoginQrcode', { qrcodeId }, { silent: true });
}

/** The address a QR code shows: the confirming page of this site, holding the code. */
export const QRCODE_CONFIRM_PATH = '/oauth2-app/qrcode';
export const qrcodeConfirmUrl = (qrcodeId: string) => `${window.location.origin}${QRCODE_CONFIRM_PATH}?qrcodeId=${encodeURIComponent(qrcodeId)}`;
