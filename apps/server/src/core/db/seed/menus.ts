// Seeded menus and buttons (contract: "Seeded menu tree"). Keys are stable names from which the row ids
// are derived; later work adds entries here or in its own seed file, never renames a key.

export interface MenuSeed {
  key: string;
  parent?: string;
  name: string;
  url?: string;
  component?: string;
  componentName?: string;
  redirect?: string;
  /** 0 top menu, 1 sub menu, 2 button. */
  menuType: 0 | 1 | 2;
  perms?: string;
  permsType?: '1' | '2';
  sortNo: number;
  icon?: string;
  keepAlive?: boolean;
  hidden?: boolean;
  alwaysShow?: boolean;
  isRoute?: boolean;
}

export const MENU_SEEDS: MenuSeed[] = [
  { key: 'home', name: '首页', url: '/dashboard/analysis', component: 'dashboard/Analysis', menuType: 0, sortNo: 0, icon: 'home' },
  { key: 'dashboard', name: '仪表盘', url: '/dashboard', component: 'layouts/RouteView', redirect: '/dashboard/workplace', menuType: 0, sortNo: 1, icon: 'dashboard' },
  { key: 'dashboard.workplace', parent: 'dashboard', name: '工作台', url: '/dashboard/workplace', component: 'dashboard/Workplace', menuType: 1, sortNo: 1, keepAlive: true },
  { key: 'dashboard.monitor', parent: 'dashboard', name: '监控页', url: '/dashboard/monitor', component: 'dashboard/Monitor', menuType: 1, sortNo: 2 },
  { key: 'account', name: '个人页', url: '/account', component: 'layouts/RouteView', redirect: '/account/center', menuType: 0, sortNo: 8, icon: 'user' },
  { key: 'account.center', parent: 'account', name: '个人中心', url: '/account/center', component: 'account/Center', menuType: 1, sortNo: 1 },
  { key: 'account.settings', parent: 'account', name: '个人设置', url: '/account/settings/base', component: 'account/settings/Base', menuType: 1, sortNo: 2 },
  { key: 'system', name: '系统管理', url: '/system', component: 'layouts/RouteView', redirect: '/system/info', menuType: 0, sortNo: 9, icon: 'setting' },
  { key: 'system.info', parent: 'system', name: '系统信息', url: '/system/info', component: 'system/info/SystemInfo', menuType: 1, sortNo: 1, keepAlive: true },
  { key: 'system.info.view', parent: 'system.info', name: '查看系统信息', menuType: 2, perms: 'system:info:view', permsType: '1', sortNo: 1 },
];
