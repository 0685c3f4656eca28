import { resourcePage, type MenuSeed } from './menu-kit';

// 多数据源管理 under 系统管理 and 路由网关 under 系统监控 (issue 14), with the original client's component
// paths. Not the dictionary's 字典数据源 (system.dictSource): these are connections to other databases.
// 路由网关's 使用网关 button (system:gateway:use) is what a caller needs to be forwarded through /api/gateway/.
export const INTEGRATION_MENUS: MenuSeed[] = [
  ...resourcePage('system.datasource', {
    name: '多数据源管理',
    url: '/monitor/datasource',
    component: 'monitor/datasource/index',
    sortNo: 11,
    prefix: 'system:datasource',
    actions: ['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls'],
  }),
  ...resourcePage('monitor.route', {
    parent: 'monitor',
    name: '路由网关',
    url: '/monitor/route',
    component: 'monitor/route/index',
    sortNo: 8,
    prefix: 'system:gateway',
    actions: ['list', 'delete'],
    extra: [
      ['updateAll', '新增/编辑'],
      ['copyRoute', '复制'],
      ['putRecycleBin', '回收站还原'],
      ['deleteRecycleBin', '回收站彻底删除'],
      ['use', '使用网关（经 /api/gateway/ 转发）'],
    ],
  }),
];
