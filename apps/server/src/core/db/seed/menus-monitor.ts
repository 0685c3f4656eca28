import type { MenuSeed } from './menu-kit';

// 在线用户 and 性能监控 under 系统监控 (issue 14). 在线用户 keeps the original's codes
// (system:online:list, system:online:forceLogout); the original leaves its monitoring pages to its
// actuator filter, so ours have their own codes (modules/monitor/permissions.ts).
export const MONITOR_TOP_MENU: MenuSeed = {
  key: 'monitor',
  name: '系统监控',
  url: '/monitor',
  component: 'layouts/RouteView',
  menuType: 0,
  sortNo: 11,
  icon: 'ant-design:fund-projection-screen-outlined',
};

const page = (key: string, parent: string, name: string, url: string, component: string, sortNo: number): MenuSeed => ({
  key,
  parent,
  name,
  url,
  component,
  menuType: 1,
  sortNo,
  keepAlive: true,
});

const button = (key: string, name: string, perms: string, sortNo: number): MenuSeed => ({
  key: `${key}`,
  parent: key.slice(0, key.lastIndexOf('.')),
  name,
  menuType: 2,
  perms,
  permsType: '1',
  sortNo,
});

export const MONITOR_MENUS: MenuSeed[] = [
  page('monitor.online', 'monitor', '在线用户', '/monitor/online', 'system/onlineuser/OnlineUserList', 5),
  button('monitor.online.list', '查询', 'system:online:list', 1),
  button('monitor.online.forceLogout', '强退', 'system:online:forceLogout', 2),
  { key: 'monitor.performance', parent: 'monitor', name: '性能监控', url: '/monitor/performance', component: 'layouts/RouteView', menuType: 1, sortNo: 6 },
  button('monitor.performance.view', '查看监控', 'monitor:server:view', 1),
  button('monitor.performance.metrics', '指标抓取（/metrics）', 'monitor:metrics:read', 2),
  page('monitor.performance.server', 'monitor.performance', '服务器信息', '/monitor/performance/server', 'monitor/server/index', 3),
  page('monitor.performance.runtime', 'monitor.performance', 'Node.js 运行时', '/monitor/performance/runtime', 'monitor/server/Runtime', 4),
  page('monitor.performance.disk', 'monitor.performance', '磁盘监控', '/monitor/performance/disk', 'monitor/disk/DiskInfo', 5),
  page('monitor.performance.redis', 'monitor.performance', 'Redis监控', '/monitor/performance/redis', 'monitor/redis/index', 6),
  page('monitor.performance.trace', 'monitor.performance', '请求追踪', '/monitor/performance/trace', 'monitor/trace/index', 7),
];
