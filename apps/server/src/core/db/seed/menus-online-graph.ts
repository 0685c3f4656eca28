import { resourcePage, type MenuSeed } from './menu-kit';
import { ONLINE_DEV_MENU } from './menus-online-dev';

// Online图表 under 在线开发 (issue 15): the designer page with its buttons online:graphreport:<action>, the
// hidden page of one chart by id (the original's /online/graphreport/chart/:code route, GraphreportAutoChart)
// and the hidden Online图表数据 menu holding each chart's own code online:graph:<code>
// (modules/online/graphreport/graph-permission.ts), made when a chart is added.

export const ONLINE_GRAPH_DATA_MENU = 'online.graph';

export const ONLINE_GRAPH_MENUS: MenuSeed[] = [
  ...resourcePage(`${ONLINE_DEV_MENU}.graphreport`, {
    name: 'Online图表',
    url: '/online/graphreport',
    component: 'super/online/graphreport/GraphreportList',
    sortNo: 3,
    prefix: 'online:graphreport',
    parent: ONLINE_DEV_MENU,
  }),
  { key: `${ONLINE_DEV_MENU}.graphreportChart`, parent: ONLINE_DEV_MENU, name: 'Online图表', url: '/online/graphreport/chart/:id', component: 'super/online/graphreport/auto/GraphreportAutoChart', menuType: 1, sortNo: 97, hidden: true },
  // not a page of its own: the parent of every chart's button, hidden from the side menu
  { key: ONLINE_GRAPH_DATA_MENU, name: 'Online图表数据', url: '/online/graphData', component: 'layouts/RouteView', menuType: 0, sortNo: 22, icon: 'ant-design:bar-chart-outlined', hidden: true },
];
