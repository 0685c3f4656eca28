import type { Kysely, Migration } from 'kysely';
import { auditColumns, idColumn } from './columns';

// Announcements (通知公告) as the original's sys_announcement (its column `titile` kept, sic, for its
// clients) and per-user delivery and read state as sys_announcement_send. A send row exists for every
// user an announcement targets once it is released; nobody else ever sees it.
export const announcements: Migration = {
  async up(db: Kysely<any>) {
    await auditColumns(
      idColumn(db.schema.createTable('sys_announcement'))
        .addColumn('titile', 'varchar(100)', (c) => c.notNull())
        .addColumn('msg_content', 'text')
        .addColumn('msg_abstract', 'varchar(500)')
        .addColumn('start_time', 'varchar(19)')
        .addColumn('end_time', 'varchar(19)')
        .addColumn('sender', 'varchar(100)')
        .addColumn('priority', 'varchar(1)', (c) => c.notNull().defaultTo('L'))
        .addColumn('msg_category', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
        .addColumn('msg_type', 'varchar(10)', (c) => c.notNull().defaultTo('ALL'))
        .addColumn('user_ids', 'text')
        .addColumn('depart_ids', 'text')
        .addColumn('send_status', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
        .addColumn('send_time', 'varchar(19)')
        .addColumn('cancel_time', 'varchar(19)')
        .addColumn('open_type', 'varchar(20)')
        .addColumn('open_page', 'varchar(255)')
        .addColumn('bus_type', 'varchar(20)')
        .addColumn('bus_id', 'varchar(50)')
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
        // 置顶 (pinned first on the list) and how often recipients opened it
        .addColumn('iz_top', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('visits_num', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('idx_sa_tenant_status').on('sys_announcement').columns(['tenant_id', 'send_status']).execute();
    await idColumn(db.schema.createTable('sys_announcement_send'))
      .addColumn('annt_id', 'varchar(32)', (c) => c.notNull().references('sys_announcement.id').onDelete('cascade'))
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
      .addColumn('read_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('read_time', 'varchar(19)')
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('create_time', 'varchar(19)')
      .execute();
    await db.schema.createIndex('uniq_sas_annt_user').on('sys_announcement_send').columns(['annt_id', 'user_id']).unique().execute();
    await db.schema.createIndex('idx_sas_user_read').on('sys_announcement_send').columns(['user_id', 'read_flag']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('sys_announcement_send').execute();
    await db.schema.dropTable('sys_announcement').execute();
  },
};
