import type { MenuSeed } from './menu-kit';
import { ONLINE_REPORT_SEEDS } from './online-reports';

// Menus of online reports (issue 6 popup picker, issue 10 report permissions).
//
// Reading a report's columns, query info or data needs the report's own permission code,
// `online:report:<report code>` (modules/online/cgreport/report-permission.ts). Each seeded report gets
// its button under the hidden Online报表 menu, so an administrator grants reports one by one in 角色授权;
// the admin role receives them with everything else. A report added later needs its button added the
// same way (perms `online:report:<code>`, any parent) before anyone may read it.

export const ONLINE_REPORT_MENU = 'online.report';

export const ONLINE_MENUS: MenuSeed[] = [
  // not a page of its own: the parent of the report buttons, hidden from the side menu
  { key: ONLINE_REPORT_MENU, name: 'Online报表', url: '/online/cgreport', component: 'layouts/RouteView', menuType: 0, sortNo: 20, icon: 'ant-design:table-outlined', hidden: true },
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
];
