import type { Kysely, Migration } from 'kysely';
import { auditColumns } from './columns';

// 应用版本 (the original's SysAppVersion, which it keeps in Redis): the mobile app's current release,
// one row per app key (the id the original client sends), install-wide like the original's.
export const appVersion: Migration = {
  async up(db: Kysely<any>) {
    await auditColumns(
      db.schema
        .createTable('sys_app_version')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('app_title', 'varchar(100)')
        .addColumn('app_logo', 'varchar(1000)')
        .addColumn('carousel_img_json', 'text')
        .addColumn('route_img_json', 'text')
        .addColumn('app_version', 'varchar(50)', (c) => c.notNull())
        .addColumn('version_num', 'integer')
        .addColumn('download_url', 'varchar(1000)', (c) => c.notNull())
        .addColumn('wgt_url', 'varchar(1000)')
        .addColumn('web_download_url', 'varchar(1000)')
        .addColumn('update_note', 'text')
        .addColumn('sys_org_code', 'varchar(64)'),
    ).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('sys_app_version').execute();
  },
};
