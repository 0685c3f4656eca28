import { resourcePage, type MenuSeed } from './menu-kit';
import { ONLINE_DEV_MENU } from './menus-online-dev';
import { ONLINE_REPORT_SEEDS } from './online-reports';

// Menus of online reports (issue 6 popup picker, issue 10 report permissions).
//
// Reading a report's columns, query info or data needs the report's own permission code,
// `online:report:<report code>` (modules/online/cgreport/report-permission.ts). Each seeded report gets
// its button under the hidden Online报表 menu, so an administrator grants reports one by one in 角色授权;
// the admin role receives them with everything else. A report added in Online报表配置 (issue 15) gets its
// button there at once, granted to the creator's roles holding online:cgreport:add
// (modules/online/cgreport/report-permission.ts).

export const ONLINE_REPORT_MENU = 'online.report';
export const ONLINE_REPORT_DESIGNER_MENU = `${ONLINE_DEV_MENU}.cgreport`;

export const ONLINE_MENUS: MenuSeed[] = [
  // not a page of its own: the parent of the report buttons, hidden from the side menu
  { key: ONLINE_REPORT_MENU, name: 'Online报表', url: '/online/reportPerms', component: 'layouts/RouteView', menuType: 0, sortNo: 20, icon: 'ant-design:table-outlined', hidden: true },
  ...ONLINE_REPORT_SEEDS.map(
    (r, i): MenuSeed => ({
      key: `${ONLINE_REPORT_MENU}.${r.code}`,
      parent: ONLINE_REPORT_MENU,
      name: `报表数据：${r.name}`,
      menuType: 2,
      perms: `online:report:${r.code}`,
      permsType: '1',
      sortNo: i + 1,
    }),
  ),
  // the report designer under 在线开发 (its parent is seeded later in MENU_SEEDS; parents are found by key)
  ...resourcePage(ONLINE_REPORT_DESIGNER_MENU, {
    name: 'Online报表配置',
    url: '/online/cgreport',
    component: 'super/online/cgreport/index',
    sortNo: 2,
    prefix: 'online:cgreport',
    parent: ONLINE_DEV_MENU,
    actions: ['list', 'add', 'edit', 'delete', 'deleteBatch'],
  }),
];
