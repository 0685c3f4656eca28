// Seeded menus and buttons (contract: "Seeded menu tree"). Keys are stable names from which the row ids
// are derived; later work adds entries here or in its own seed file, never renames a key.

import { DASHBOARD_FIGURES_PERMISSION } from '@anxue/shared/dashboard';
import { resourcePage, type MenuSeed } from './menu-kit';
import { DICT_MENUS } from './menus-dict';
import { RULE_MENUS } from './menus-rules';
import { DEMO_MENUS } from './menus-demo';
import { EXAMPLE_MENUS } from './menus-examples';
import { ONLINE_MENUS } from './menus-online';
import { EDUCATION_MENUS, PARENT_MENUS, STUDENT_MENUS } from './menus-students';
import { NOTICE_MENUS } from './menus-notice';
import { CLIENT_ROUTE_MENUS } from './menus-client';
import { MESSAGE_MENUS } from './menus-message';
import { OPS_MENUS } from './menus-ops';
import { FILES_MENUS } from './menus-files';
import { MONITOR_MENUS, MONITOR_TOP_MENU } from './menus-monitor';
import { INTEGRATION_MENUS } from './menus-integration';
import { ONLINE_DEV_ROUTES, ONLINE_DEV_TOP_MENU } from './menus-online-dev';
import { ONLINE_FORM_MENUS } from './menus-online-form';
import { ONLINE_GRAPH_MENUS } from './menus-online-graph';
import { THIRD_LOGIN_MENUS } from './menus-thirdlogin';
import { SETTING_MENUS } from './menus-setting';
import { APP_VERSION_MENUS } from './menus-appversion';

export type { MenuSeed };

export const MENU_SEEDS: MenuSeed[] = [
  { key: 'home', name: '首页', url: '/dashboard/analysis', component: 'dashboard/Analysis', menuType: 0, sortNo: 0, icon: 'ant-design:home-outlined' },
  // the tenant's visits, sign-ins and users on the home and chart pages (installs before it: migration 0041)
  { key: 'home.figures', parent: 'home', name: '查看统计数据', menuType: 2, perms: DASHBOARD_FIGURES_PERMISSION, permsType: '1', sortNo: 1 },
  { key: 'dashboard', name: '仪表盘', url: '/dashboard', component: 'layouts/RouteView', redirect: '/dashboard/workplace', menuType: 0, sortNo: 1, icon: 'ant-design:dashboard-outlined' },
  { key: 'dashboard.workplace', parent: 'dashboard', name: '工作台', url: '/dashboard/workplace', component: 'dashboard/workbench/index', menuType: 1, sortNo: 1, keepAlive: true },
  { key: 'dashboard.monitor', parent: 'dashboard', name: '监控页', url: '/dashboard/monitor', component: 'dashboard/Monitor', menuType: 1, sortNo: 2 },
  { key: 'account', name: '个人页', url: '/account', component: 'layouts/RouteView', redirect: '/account/center', menuType: 0, sortNo: 8, icon: 'ant-design:user-outlined' },
  { key: 'account.center', parent: 'account', name: '个人中心', url: '/account/center', component: 'account/Center', menuType: 1, sortNo: 1 },
  { key: 'account.settings', parent: 'account', name: '个人设置', url: '/account/settings/base', component: 'account/settings/Base', menuType: 1, sortNo: 2 },
  { key: 'account.security', parent: 'account', name: '安全设置', url: '/account/settings/security', component: 'account/settings/Security', menuType: 1, sortNo: 4 },
  { key: 'account.notification', parent: 'account', name: '新消息通知', url: '/account/settings/notification', component: 'account/settings/Notification', menuType: 1, sortNo: 5 },
  { key: 'system', name: '系统管理', url: '/system', component: 'layouts/RouteView', redirect: '/system/info', menuType: 0, sortNo: 9, icon: 'ant-design:setting-outlined' },
  { key: 'system.info', parent: 'system', name: '系统信息', url: '/system/info', component: 'system/info/SystemInfo', menuType: 1, sortNo: 99, keepAlive: true },
  { key: 'system.info.view', parent: 'system.info', name: '查看系统信息', menuType: 2, perms: 'system:info:view', permsType: '1', sortNo: 1 },
];

// System management pages (issue 3).
MENU_SEEDS.push(
  ...resourcePage('system.user', {
    name: '用户管理', url: '/system/user', component: 'system/user/index', sortNo: 1, prefix: 'system:user',
    extra: [['frozen', '冻结/解冻'], ['changePassword', '修改密码'], ['resetPassword', '重置密码'], ['recycleBin', '回收站'], ['grantRole', '分配角色']],
  }),
  ...resourcePage('system.role', {
    name: '角色管理', url: '/system/role', component: 'system/role/index', sortNo: 2, prefix: 'system:role',
    extra: [['authorize', '授权']],
  }),
  ...resourcePage('system.permission', {
    name: '菜单管理', url: '/system/menu', component: 'system/menu/index', sortNo: 3, prefix: 'system:permission',
    actions: ['list', 'add', 'edit', 'delete', 'deleteBatch'], extra: [['rule', '数据规则']],
  }),
  ...resourcePage('system.depart', {
    name: '部门管理', url: '/system/depart', component: 'system/depart/index', sortNo: 4, prefix: 'system:depart',
    extra: [['role', '部门角色'], ['authorize', '部门授权']],
  }),
  ...resourcePage('system.position', { name: '职务管理', url: '/system/position', component: 'system/position/index', sortNo: 5, prefix: 'system:position' }),
  ...resourcePage('system.tenant', {
    name: '租户管理', url: '/system/tenant', component: 'system/tenant/index', sortNo: 6, prefix: 'system:tenant',
    // never granted by the seed: reading every tenant's rows is given explicitly
    extra: [
      ['crossTenant', '跨租户查看数据'], ['recycleBin', '回收站'], ['packList', '套餐查看'], ['pack', '套餐管理'], ['packUser', '分配套餐'],
    ],
  }),
  ...resourcePage('system.ugroup', { name: '用户组', url: '/system/ugroup', component: 'system/ugroup/SysUgroupList', sortNo: 10, prefix: 'system:sys_ugroup' }),
  ...resourcePage('system.addressbook', {
    name: '通讯录', url: '/system/addressbook', component: 'system/address/index', sortNo: 7, prefix: 'system:addressbook', actions: ['list'],
  }),
);

// Each area seeds its menus in its own file (issues 4, 5, 6); parents come before children.
MENU_SEEDS.push(...DICT_MENUS, ...RULE_MENUS, ...ONLINE_MENUS, ...DEMO_MENUS);
// Issue 17: the task and chart dashboards, the 示例页面 group and more demo pages.
MENU_SEEDS.push(...EXAMPLE_MENUS);

// The safety-education area (issue 12): the student area 学习园地 and the back-office 安全教育.
MENU_SEEDS.push(...STUDENT_MENUS, ...PARENT_MENUS, ...EDUCATION_MENUS);

// Announcements (issue 13).
MENU_SEEDS.push(...NOTICE_MENUS, ...CLIENT_ROUTE_MENUS);
// Message templates and messages (issue 13).
MENU_SEEDS.push(...MESSAGE_MENUS);
// 系统监控: 在线用户 and 性能监控 (issue 14).
MENU_SEEDS.push(MONITOR_TOP_MENU, ...MONITOR_MENUS);
// 定时任务 and 日志管理 under 系统监控 (issue 14).
MENU_SEEDS.push(...OPS_MENUS);
// 数据日志 and 文件管理 under 系统监控 (issue 14).
MENU_SEEDS.push(...FILES_MENUS);
// 多数据源管理 (系统管理) and 路由网关 (系统监控), issue 14.
MENU_SEEDS.push(...INTEGRATION_MENUS);
// 在线开发: Online表单开发 and Online报表配置 (issue 15); the report designer's menu is in menus-online.ts.
MENU_SEEDS.push(ONLINE_DEV_TOP_MENU, ...ONLINE_FORM_MENUS, ...ONLINE_DEV_ROUTES);
// Online图表 (issue 15): the graph report designer, a chart's page and the charts' own codes.
MENU_SEEDS.push(...ONLINE_GRAPH_MENUS);
// 第三方登录配置 (系统管理) and 账号绑定 (个人页), issue 16.
MENU_SEEDS.push(...THIRD_LOGIN_MENUS);
// 系统设置 (系统管理): self-registration on or off, issue 16.
MENU_SEEDS.push(...SETTING_MENUS);
// 应用版本编辑 (系统设置): the mobile app's release, issue 11.
MENU_SEEDS.push(...APP_VERSION_MENUS);
