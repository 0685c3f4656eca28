import { resourcePage, type MenuSeed } from './menu-kit';

// 数据日志 and 文件管理 under 系统监控 (issue 14), with the original client's component paths
// (views/monitor/datalog, views/system/ossfile) and permission codes (system:ossFile:*; the original
// leaves its data log open, ours has system:dataLog:list).
export const FILES_MENUS: MenuSeed[] = [
  ...resourcePage('monitor.datalog', {
    parent: 'monitor',
    name: '数据日志',
    url: '/monitor/datalog',
    component: 'monitor/datalog/index',
    sortNo: 3,
    prefix: 'system:dataLog',
    actions: ['list'],
  }),
  ...resourcePage('monitor.ossfile', {
    parent: 'monitor',
    name: '文件管理',
    url: '/monitor/ossfile',
    component: 'system/ossfile/index',
    sortNo: 4,
    prefix: 'system:ossFile',
    actions: ['list', 'delete'],
    extra: [['upload', '上传']],
  }),
];
