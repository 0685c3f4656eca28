import { resourcePage, type MenuSeed } from './menu-kit';

// Menus of the 组件示例 demo pages (issues 5 and 6).
export const DEMO_MENUS: MenuSeed[] = [
  { key: 'demo', name: '组件示例', url: '/demo', component: 'layouts/RouteView', redirect: '/demo/widgets', menuType: 0, sortNo: 7, icon: 'ant-design:appstore-outlined' },
  { key: 'demo.widgets', parent: 'demo', name: '表单组件', url: '/demo/widgets', component: 'demo/widgets/WidgetDemo', menuType: 1, sortNo: 1, keepAlive: true },
  // Issue 5: the editable grid's demo and the one-to-many order saved through it.
  { key: 'demo.grid', parent: 'demo', name: '可编辑表格', url: '/demo/grid', component: 'demo/grid/GridDemo', menuType: 1, sortNo: 2, keepAlive: true },
  ...resourcePage('demo.order', { parent: 'demo', name: '订单管理(一对多)', url: '/demo/order', component: 'demo/order/OrderList', sortNo: 3, prefix: 'demo:order' }),
];
