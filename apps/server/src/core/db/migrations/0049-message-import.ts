import type { Kysely, Migration } from 'kysely';
import { formatDateTime, seedId } from '../time';

// 消息管理 gains 导入 (the original client's import button). Installs seeded before it get the button
// here, granted to every role that may add messages; a fresh install gets it from the seed.
const PAGE = seedId('menu.message.manage');
const ADD = seedId('menu.message.manage.add');
const BUTTON = seedId('menu.message.manage.importExcel');

export const messageImport: Migration = {
  async up(db: Kysely<any>) {
    if (!(await db.selectFrom('sys_permission').select('id').where('id', '=', PAGE).executeTakeFirst())) return;
    const now = formatDateTime(new Date());
    await db
      .insertInto('sys_permission')
      .values({ id: BUTTON, parent_id: PAGE, name: '导入', name_en: 'Import', menu_type: 2, perms: 'system:message:importExcel', perms_type: '1', sort_no: 7, status: '1', create_by: 'system', create_time: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const roles = await db.selectFrom('sys_role_permission').select('role_id').distinct().where('permission_id', '=', ADD).execute();
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
  },
};
