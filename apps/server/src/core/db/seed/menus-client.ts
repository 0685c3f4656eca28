import type { MenuSeed } from './menu-kit';

// Pages the original 3.9 client opens by itself, not from its menu: 账户设置 from the header's user menu
// and 我的消息 from the bell's 系统 notices. Hidden routes, open to every user (PERSONAL_PAGE_URLS).
// 我的部门 is the original's page for a department's 负责人 (users and roles of their departments): a
// hidden route of the administrator role that other roles are granted in 角色授权; our web client has
// no such page (its 部门管理 holds the same), so it stays out of the menus.
export const CLIENT_ROUTE_MENUS: MenuSeed[] = [
  { key: 'system.usersetting', parent: 'system', name: '账户设置', url: '/system/usersetting', component: 'system/usersetting/UserSetting', menuType: 1, sortNo: 100, hidden: true },
  { key: 'system.departUser', parent: 'system', name: '我的部门', url: '/system/departUser', component: 'system/departUser/index', menuType: 1, sortNo: 5, hidden: true },
  { key: 'monitor.mynews', parent: 'system', name: '我的消息', url: '/monitor/mynews', component: 'monitor/mynews/index', menuType: 1, sortNo: 101, hidden: true },
];
