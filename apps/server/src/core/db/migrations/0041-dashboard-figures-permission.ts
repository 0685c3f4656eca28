import type { Kysely, Migration } from 'kysely';
import { DASHBOARD_FIGURES_PERMISSION } from '@anxue/shared/dashboard';
import { formatDateTime, seedId } from '../time';

// The tenant's figures of the home and chart pages now need the 首页 menu's button 查看统计数据. Installs
// seeded before it get the button here, granted to every role that opens those pages today, so nobody who
// read the figures loses them. A fresh install has no menus yet: the seed adds the button (and the
// administrators' role takes every permission).
const HOME = seedId('menu.home');
const CHART = seedId('menu.dashboard.chart');
const BUTTON = seedId('menu.home.figures');
const MARKER = 'seeded:menu.home.figures';

export const dashboardFiguresPermission: Migration = {
  async up(db: Kysely<any>) {
    if (!(await db.selectFrom('sys_permission').select('id').where('id', '=', HOME).executeTakeFirst())) return;
    const now = formatDateTime(new Date());
    await db.insertInto('sys_install').values({ key: MARKER, value: '1', create_time: now }).onConflict((oc) => oc.column('key').doNothing()).execute();
    await db
      .insertInto('sys_permission')
      .values({
        id: BUTTON, parent_id: HOME, name: '查看统计数据', name_en: 'View tenant statistics', menu_type: 2, perms: DASHBOARD_FIGURES_PERMISSION,
        perms_type: '1', sort_no: 1, status: '1', create_by: 'system', create_time: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await db.updateTable('sys_permission').set({ is_leaf: 0 }).where('id', '=', HOME).execute();
    const roles = await db.selectFrom('sys_role_permission').select('role_id').distinct().where('permission_id', 'in', [HOME, CHART]).execute();
    for (const { role_id: roleId } of roles) {
      await db
        .insertInto('sys_role_permission')
        .values({ id: seedId(`role-perm.${roleId}.${BUTTON}`), role_id: roleId, permission_id: BUTTON, operate_date: now })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  },
  async down(db: Kysely<any>) {
    await db.deleteFrom('sys_role_permission').where('permission_id', '=', BUTTON).execute();
    await db.deleteFrom('sys_permission').where('id', '=', BUTTON).execute();
    await db.deleteFrom('sys_install').where('key', '=', MARKER).execute();
  },
};
