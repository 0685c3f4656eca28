import { resourcePage, type MenuSeed } from './menu-kit';

// 定时任务 and 日志管理 under 系统监控 (issue 14; the top menu is seeded with the monitoring pages,
// menus-monitor.ts), with the original client's component paths and the original's permission codes.
export const OPS_MENUS: MenuSeed[] = [
  ...resourcePage('monitor.quartz', {
    parent: 'monitor',
    name: '定时任务',
    url: '/monitor/quartz',
    component: 'monitor/quartz/index',
    sortNo: 1,
    prefix: 'system:quartzJob',
    extra: [
      ['pause', '停止'],
      ['resume', '启动'],
      ['execute', '立即执行'],
    ],
  }),
  ...resourcePage('monitor.log', {
    parent: 'monitor',
    name: '日志管理',
    url: '/monitor/log',
    component: 'monitor/log/index',
    sortNo: 2,
    prefix: 'system:log',
    actions: ['list', 'exportXls'],
  }),
];
