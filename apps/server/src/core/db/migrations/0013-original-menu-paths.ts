import type { Kysely, Migration } from 'kysely';
import { seedId } from '../time';

// Seeded menus now carry the original platform's component paths, icon names and the menu page's URL,
// so one menu table opens pages in our app and in the original's Vue 3 client. Installs seeded before
// get the same values, only where a menu still holds what the seed wrote (an administrator's edit stays).
const CHANGES: Array<[key: string, column: 'component' | 'url' | 'icon', before: string, after: string]> = [
  ['dashboard.workplace', 'component', 'dashboard/Workplace', 'dashboard/workbench/index'],
  ['system.user', 'component', 'system/user/UserList', 'system/user/index'],
  ['system.role', 'component', 'system/role/RoleList', 'system/role/index'],
  ['system.permission', 'component', 'system/permission/PermissionList', 'system/menu/index'],
  ['system.permission', 'url', '/system/permission', '/system/menu'],
  ['system.depart', 'component', 'system/depart/DepartList', 'system/depart/index'],
  ['system.position', 'component', 'system/position/PositionList', 'system/position/index'],
  ['system.tenant', 'component', 'system/tenant/TenantList', 'system/tenant/index'],
  ['system.addressbook', 'component', 'system/addressbook/AddressBook', 'system/address/index'],
  ['system.dict', 'component', 'system/dict/DictList', 'system/dict/index'],
  ['system.dictSource', 'component', 'system/dict/DictSourceList', 'system/tableWhiteList/SysTableWhiteListList'],
  ['system.category', 'component', 'system/category/CategoryList', 'system/category/index'],
  ['system.checkRule', 'component', 'system/checkrule/CheckRuleList', 'system/checkRule/index'],
  ['system.fillRule', 'component', 'system/fillrule/FillRuleList', 'system/fillRule/index'],
  ['home', 'icon', 'home', 'ant-design:home-outlined'],
  ['dashboard', 'icon', 'dashboard', 'ant-design:dashboard-outlined'],
  ['account', 'icon', 'user', 'ant-design:user-outlined'],
  ['system', 'icon', 'setting', 'ant-design:setting-outlined'],
  ['demo', 'icon', 'appstore', 'ant-design:appstore-outlined'],
];

export const originalMenuPaths: Migration = {
  async up(db: Kysely<any>) {
    for (const [key, column, before, after] of CHANGES) {
      await db.updateTable('sys_permission').set({ [column]: after }).where('id', '=', seedId(`menu.${key}`)).where(column, '=', before).execute();
    }
  },
  async down(db: Kysely<any>) {
    for (const [key, column, before, after] of CHANGES) {
      await db.updateTable('sys_permission').set({ [column]: before }).where('id', '=', seedId(`menu.${key}`)).where(column, '=', after).execute();
    }
  },
};
