// Wire shapes of the shell's calls (api-contract); only the fields the browser reads.
import type { LandingArea } from '@anxue/shared/landing';
export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  avatar?: string | null;
  sex?: number | string | null;
  email?: string | null;
  phone?: string | null;
  orgCode?: string | null;
  orgCodeTxt?: string | null;
  status?: number | string;
  loginTenantId?: number | string | null;
  homePath?: string | null;
  /** 1: signed in with a first password, which must be changed before anything else. */
  pwdMustChange?: number;
}

export interface Tenant {
  id: number | string;
  name: string;
}

export interface DictOption {
  value: string;
  text: string;
  title?: string;
  label?: string;
  color?: string;
  disabled?: boolean;
}
export type DictCache = Record<string, DictOption[]>;

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  departs?: { id: string; orgCode: string; departName: string }[];
  multi_depart?: 0 | 1 | 2;
  tenantList?: Tenant[];
  sysAllDictItems?: DictCache;
  /** Where the user may land, first the default (our server's hint; the original's answer has none). */
  landingAreas?: LandingArea[];
}

export interface MenuMeta {
  title: string;
  /** The menu's English name, when it has one. */
  titleEn?: string;
  icon?: string;
  keepAlive?: boolean;
  internalOrExternal?: boolean;
  componentName?: string;
  url?: string;
  /** Route-level permission codes: the route is kept when the user holds one of them. */
  permission?: string[];
  permissionList?: unknown[];
  /** Open the link in a new browser tab/window (e.g. '_blank'). */
  target?: string;
}

export interface MenuItem {
  id?: string;
  path: string;
  name?: string;
  component?: string;
  redirect?: string | null;
  route?: '0' | '1' | string;
  hidden?: boolean;
  alwaysShow?: boolean;
  children?: MenuItem[];
  meta: MenuMeta;
}

export interface AuthEntry {
  action: string;
  type: '1' | '2' | string;
  describe?: string;
}
export interface AllAuthEntry extends AuthEntry {
  status: '0' | '1' | string;
}

export interface PermissionResult {
  menu: MenuItem[];
  auth: AuthEntry[];
  allAuth: AllAuthEntry[];
  codeList?: string[];
  sysSafeMode?: boolean;
}

export interface Depart {
  id: string;
  orgCode: string;
  departName: string;
  parentId?: string | null;
}

export interface Announcement {
  id: string;
  busId?: string;
  titile: string;
  sender?: string;
  sendTime?: string;
  createTime?: string;
  priority?: 'L' | 'M' | 'H' | string;
  msgContent?: string;
  msgTxt?: string;
  msgId?: string;
  cmd?: string;
  openType?: 'component' | 'url' | string | null;
  openPage?: string | null;
}

export interface NoticeList {
  anntMsgList: Announcement[];
  anntMsgTotal: number;
  sysMsgList: Announcement[];
  sysMsgTotal: number;
}
