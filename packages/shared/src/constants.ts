// Business constants of spec/01 §9 and spec/02 §9, shared by server and browser.

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Token, user info and dictionary cache lifetime: 7 days. */
export const SESSION_TTL_MS = 7 * DAY_MS; // 604800000
export const DICT_CACHE_TTL_MS = SESSION_TTL_MS;
export const REQUEST_TIMEOUT_MS = 50_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const STORAGE_KEYS = {
  token: 'Access-Token',
  tenantId: 'TENANT_ID',
  username: 'Login_Username',
  userInfo: 'Login_Userinfo',
  dictCache: 'UI_CACHE_DB_DICT_DATA',
  keepAliveNames: 'KEEP_ALIVE_COMPONENT_NAMES',
  displaySettings: 'DISPLAY_SETTINGS',
  loginUserButtons: 'LOGIN_USER_BUTTON_AUTH',
  sysButtons: 'SYS_BUTTON_AUTH',
  superQueryPrefix: 'JSuperQuerySaved_',
  locale: 'LOCALE',
} as const;

export const BREAKPOINTS = { mobile: 1088, small: 768 } as const;
export const SIDER_WIDTH = 208;
export const FIXED_SIDER_WIDTH = { open: 200, collapsed: 80 } as const;
export const HEADER_AUTO_HIDE_SCROLL = 100;

export const NOTICE_POLL_MS = 6_000;
export const NOTICE_SOCKET = { reconnectMs: 20_000, heartbeatMs: 20_000, maxErrors: 5 } as const;
export const TABLE_SOCKET = { heartbeatMs: 10_000, replyTimeoutMs: 6_000, reconnectMs: 5_000 } as const;

export const MODAL_WIDTHS = {
  departSwitch: 450,
  details: 1200,
  cron: 608,
  superQuery: 1000,
  popup: 1200,
  entityPicker: 900,
  departPicker: 500,
  importExcel: 600,
  noticePopover: 300,
} as const;

export const HOME_PATH = '/dashboard/analysis';
/** Id of the home entry the server puts first in a menu that lacks it (not a granted page). */
export const IMPLICIT_HOME_ID = 'home';
export const HOME_TITLE = '首页';
/** The page a user whose roles give no page lands on: the server puts it in such a user's menu only. */
export const NO_ROLE_PATH = '/no-role';
export const NO_ROLE_ID = 'no-role';
export const NO_ROLE_TITLE = '尚未分配角色';
export const LOGIN_PATH = '/user/login';

export const DEFAULT_DISPLAY_SETTINGS = {
  sidebarOpened: true,
  navTheme: 'light' as 'dark' | 'light',
  primaryColor: '#1890FF',
  layout: 'sidemenu' as 'sidemenu' | 'topmenu',
  contentWidth: 'Fixed' as 'Fixed' | 'Fluid',
  fixedHeader: false,
  fixSiderbar: false,
  autoHideHeader: false,
  colorWeak: false,
  multipage: true,
};
export type DisplaySettings = typeof DEFAULT_DISPLAY_SETTINGS;

export const PAGINATION = {
  current: 1,
  pageSize: 10,
  pageSizeOptions: ['10', '20', '30'],
  showQuickJumper: true,
  showSizeChanger: true,
} as const;
export const totalText = (total: number, range: [number, number]) => `${range[0]}-${range[1]} 共 ${total} 条`;

export const DEFAULT_SORT = { column: 'createTime', order: 'desc' } as const;

export const PRIORITY = { L: '一般', M: '重要', H: '紧急' } as const;
export const SEX = { '1': '男', '2': '女' } as const;

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const TIME_FORMAT = 'HH:mm:ss';

/** Tab context-menu keys of spec/01 §9. */
export const TAB_MENU_KEYS = { closeLeft: '1', closeRight: '2', closeOthers: '3', refresh: '4' } as const;

export const RELOAD_EFFECT_MS = 1400;
export const INSERT_DEBOUNCE_MS = 1500;

/** Greeting by hour (spec/01 §9). */
export function greeting(date: Date = new Date()): string {
  const h = date.getHours();
  if (h < 9) return '早上好';
  if (h <= 11) return '上午好';
  if (h <= 13) return '中午好';
  if (h < 20) return '下午好';
  return '晚上好';
}

/** Document title rule of spec/01 §1. */
export function documentTitle(appTitle: string, pageTitle?: string, isHome = false): string {
  return !pageTitle || isHome ? appTitle : `${pageTitle} · ${appTitle}`;
}
