// Sign-in and the session data it stores (spec/01 §4).
import { DICT_CACHE_TTL_MS, STORAGE_KEYS } from '@anxue/shared/constants';
import { http } from '../http/client';
import { localStore } from '../storage';
import type { LoginResult, PermissionResult, UserInfo } from '../types';
import { setPermissions, setTenant, setToken, setUserInfo } from './store';

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

export function applyLogin(res: LoginResult): void {
  setToken(res.token);
  setUserInfo(res.userInfo);
  setTenant(res.userInfo.loginTenantId ?? 0);
  if (res.sysAllDictItems) localStore.set(STORAGE_KEYS.dictCache, res.sysAllDictItems, DICT_CACHE_TTL_MS);
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
