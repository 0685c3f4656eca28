import type { MenuSeed } from './menu-kit';

// Pages the original 3.9 client opens by itself, not from its menu: 账户设置 from the header's user menu
// and 我的消息 from the bell's 系统 notices. Hidden routes, open to every user (PERSONAL_PAGE_URLS).
export const CLIENT_ROUTE_MENUS: MenuSeed[] = [
  { key: 'system.usersetting', parent: 'system', name: '账户设置', url: '/system/usersetting', component: 'system/usersetting/UserSetting', menuType: 1, sortNo: 100, hidden: true },
  { key: 'monitor.mynews', parent: 'system', name: '我的消息', url: '/monitor/mynews', component: 'monitor/mynews/index', menuType: 1, sortNo: 101, hidden: true },
];
