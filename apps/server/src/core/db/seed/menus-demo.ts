import type { MenuSeed } from './menu-kit';

// Menus of the 组件示例 demo pages (issues 5 and 6).
export const DEMO_MENUS: MenuSeed[] = [
  { key: 'demo', name: '组件示例', url: '/demo', component: 'layouts/RouteView', redirect: '/demo/widgets', menuType: 0, sortNo: 7, icon: 'appstore' },
  { key: 'demo.widgets', parent: 'demo', name: '表单组件', url: '/demo/widgets', component: 'demo/widgets/WidgetDemo', menuType: 1, sortNo: 1, keepAlive: true },
];
