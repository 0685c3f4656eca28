// Session state (spec/01 §3): token and user info persisted 7 days; menus and button permissions
// live for the page's life (buttons also in sessionStorage, where the permission rule reads them).
import { create } from 'zustand';
import { SESSION_TTL_MS, STORAGE_KEYS, greeting } from '@anxue/shared/constants';
import { localStore, sessionStore } from '../storage';
import type { AllAuthEntry, AuthEntry, MenuItem, UserInfo } from '../types';
import { currentLocale, t } from '../i18n';

export interface SessionState {
  token: string;
  username: string;
  realname: string;
  tenantid: number | string;
  welcome: string;
  avatar: string;
  info: UserInfo | null;
  /** The menu tree of the signed-in user; null until fetched. */
  permissionList: MenuItem[] | null;
  auth: AuthEntry[];
  allAuth: AllAuthEntry[];
  codeList: string[];
  sysSafeMode: boolean;
}

function fromUser(info: UserInfo | null | undefined) {
  return {
    info: info ?? null,
    username: info?.username ?? '',
    realname: info?.realname ?? '',
    avatar: info?.avatar ?? '',
    welcome: greeting(),
  };
}

function initialState(): SessionState {
  return {
    token: localStore.get<string>(STORAGE_KEYS.token) ?? '',
    tenantid: localStore.get<number | string>(STORAGE_KEYS.tenantId) ?? 0,
    ...fromUser(localStore.get<UserInfo>(STORAGE_KEYS.userInfo)),
    permissionList: null,
    auth: sessionStore.get<AuthEntry[]>(STORAGE_KEYS.loginUserButtons) ?? [],
    allAuth: sessionStore.get<AllAuthEntry[]>(STORAGE_KEYS.sysButtons) ?? [],
    codeList: [],
    sysSafeMode: false,
  };
}

export const useSession = create<SessionState>(() => initialState());

/** Re-reads persisted state (used after storage changes outside the store, e.g. in tests). */
export function reloadSessionFromStorage(): void {
  useSession.setState(initialState(), true);
}

export function setToken(token: string): void {
  localStore.set(STORAGE_KEYS.token, token, SESSION_TTL_MS);
  useSession.setState({ token });
}

/** The token if it has not expired; an expired one is dropped from the store too. */
export function currentToken(): string {
  const stored = localStore.get<string>(STORAGE_KEYS.token);
  if (!stored && useSession.getState().token) useSession.setState({ token: '' });
  return stored ?? '';
}

/** Whether an unexpired token is stored; reads only, so it is safe during render. */
export function hasValidToken(): boolean {
  return !!localStore.get<string>(STORAGE_KEYS.token);
}

export function setUserInfo(info: UserInfo): void {
  localStore.set(STORAGE_KEYS.userInfo, info, SESSION_TTL_MS);
  useSession.setState(fromUser(info));
}

export function setTenant(tenantId: number | string): void {
  localStore.set(STORAGE_KEYS.tenantId, tenantId, SESSION_TTL_MS);
  useSession.setState({ tenantid: tenantId });
}

export function currentTenant(): number | string {
  return localStore.get<number | string>(STORAGE_KEYS.tenantId) ?? 0;
}

/** A menu's title in the interface language: in English its own English name, else the catalogue's, else the Chinese. */
function titleInLocale(meta: MenuItem['meta']): string {
  return (currentLocale() === 'en-US' && meta.titleEn?.trim()) || t(meta.title);
}

/** Menu titles in the interface language (the side menu, tabs, breadcrumbs and page titles read them). */
function inLocale(menu: MenuItem[]): MenuItem[] {
  return menu.map((m) => ({ ...m, meta: m.meta ? { ...m.meta, title: titleInLocale(m.meta) } : m.meta, children: m.children ? inLocale(m.children) : m.children }));
}

export function setPermissions(p: {
  menu: MenuItem[];
  auth: AuthEntry[];
  allAuth: AllAuthEntry[];
  codeList?: string[];
  sysSafeMode?: boolean;
}): void {
  sessionStore.set(STORAGE_KEYS.loginUserButtons, p.auth);
  sessionStore.set(STORAGE_KEYS.sysButtons, p.allAuth);
  useSession.setState({
    permissionList: inLocale(p.menu),
    auth: p.auth,
    allAuth: p.allAuth,
    codeList: p.codeList ?? [],
    sysSafeMode: !!p.sysSafeMode,
  });
}

/** Logout's local half: token, menus, user info, dictionary cache and tenant. */
export function clearLocalSession(): void {
  for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.userInfo, STORAGE_KEYS.dictCache, STORAGE_KEYS.tenantId]) {
    localStore.remove(key);
  }
  sessionStore.remove(STORAGE_KEYS.loginUserButtons);
  sessionStore.remove(STORAGE_KEYS.sysButtons);
  useSession.setState({
    token: '',
    tenantid: 0,
    ...fromUser(null),
    permissionList: null,
    auth: [],
    allAuth: [],
    codeList: [],
    sysSafeMode: false,
  });
}
