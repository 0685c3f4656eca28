import type { MenuSeed } from './menu-kit';

// 在线开发 (issue 15): the top menu of the two builders. Online表单开发 and its forms' buttons are seeded by
// menus-online-form.ts, Online报表配置 by menus-online.ts; both hang under this key.
export const ONLINE_DEV_MENU = 'online.dev';

export const ONLINE_DEV_TOP_MENU: MenuSeed = {
  key: ONLINE_DEV_MENU,
  name: '在线开发',
  url: '/online',
  component: 'layouts/RouteView',
  menuType: 0,
  sortNo: 12,
  icon: 'ant-design:cloud-outlined',
};

// The pages of any form or report by id, as the original client registers them (cgformRouter.ts,
// cgreportRouter.ts): hidden routes, so 功能测试 and a report link open without a menu of their own. The
// data behind them still needs the form's or report's own permission codes.
export const ONLINE_DEV_ROUTES: MenuSeed[] = [
  { key: `${ONLINE_DEV_MENU}.cgformList`, parent: ONLINE_DEV_MENU, name: 'Online表单', url: '/online/cgformList/:id', component: 'super/online/cgform/auto/default/OnlineAutoList', menuType: 1, sortNo: 90, hidden: true },
  { key: `${ONLINE_DEV_MENU}.cgformTreeList`, parent: ONLINE_DEV_MENU, name: 'Online树表单', url: '/online/cgformTreeList/:id', component: 'super/online/cgform/auto/tree/OnlineAutoTreeList', menuType: 1, sortNo: 91, hidden: true },
  ...(['Erp', 'InnerTable', 'Tab'] as const).map(
    (theme, i): MenuSeed => ({ key: `${ONLINE_DEV_MENU}.cgform${theme}List`, parent: ONLINE_DEV_MENU, name: 'Online表单', url: `/online/cgform${theme}List/:id`, component: `super/online/cgform/auto/${theme === 'Erp' ? 'erp/OnlCgformErpList' : theme === 'Tab' ? 'tab/OnlCgformTabList' : 'innerTable/OnlCgformInnerTableList'}`, menuType: 1, sortNo: 93 + i, hidden: true }),
  ),
  { key: `${ONLINE_DEV_MENU}.cgreportView`, parent: ONLINE_DEV_MENU, name: 'Online报表', url: '/online/cgreport/:id', component: 'super/online/cgreport/auto/OnlCgReportList', menuType: 1, sortNo: 92, hidden: true },
];
