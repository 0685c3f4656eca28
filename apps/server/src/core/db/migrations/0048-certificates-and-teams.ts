import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import { idColumn } from './columns';

// Recognition: certificates for a finished course or activity (with a public code and the misses of the
// code check, counted per address), and real competition teams: a team may compete in an activity, an
// activity may be a competition and carry hazard pictures, and students ask to join a team (the captain
// decides).

const tenant = <C extends string>(t: CreateTableBuilder<string, C>) => t.addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0));

export const certificatesAndTeams: Migration = {
  async up(db: Kysely<any>) {
    await tenant(
      idColumn(db.schema.createTable('stu_certificate'))
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(16)', (c) => c.notNull()) // course | activity
        .addColumn('ref_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('realname', 'varchar(100)', (c) => c.notNull())
        .addColumn('school', 'varchar(100)', (c) => c.notNull())
        .addColumn('issued_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('code', 'varchar(16)', (c) => c.notNull())
        .addColumn('create_time', 'varchar(19)'),
    ).execute();
    await db.schema.createIndex('uniq_stu_certificate_work').on('stu_certificate').columns(['user_id', 'kind', 'ref_id']).unique().execute();
    await db.schema.createIndex('uniq_stu_certificate_code').on('stu_certificate').columns(['code']).unique().execute();
    await idColumn(db.schema.createTable('stu_certificate_miss'))
      .addColumn('client_ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('idx_stu_certificate_miss').on('stu_certificate_miss').columns(['client_ip', 'create_time']).execute();

    await db.schema.alterTable('stu_activity').addColumn('competition', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await tenant(
      idColumn(db.schema.createTable('stu_activity_hazard'))
        .addColumn('activity_id', 'varchar(32)', (c) => c.notNull().references('stu_activity.id').onDelete('cascade'))
        .addColumn('scene_id', 'varchar(32)', (c) => c.notNull().references('stu_hazard_scene.id').onDelete('cascade'))
        .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('uniq_stu_activity_hazard').on('stu_activity_hazard').columns(['activity_id', 'scene_id']).unique().execute();
    await db.schema.alterTable('stu_team').addColumn('activity_id', 'varchar(32)').execute();
    await tenant(
      idColumn(db.schema.createTable('stu_team_request'))
        .addColumn('team_id', 'varchar(32)', (c) => c.notNull().references('stu_team.id').onDelete('cascade'))
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
        .addColumn('status', 'varchar(16)', (c) => c.notNull()) // pending | accepted | declined | withdrawn
        .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
        .addColumn('decided_by', 'varchar(32)')
        .addColumn('decided_time', 'varchar(19)'),
    ).execute();
    await db.schema.createIndex('idx_stu_team_request_team').on('stu_team_request').columns(['team_id', 'status']).execute();
    await db.schema.createIndex('idx_stu_team_request_user').on('stu_team_request').columns(['user_id', 'status']).execute();
  },
  async down(db: Kysely<any>) {
    for (const t of ['stu_team_request', 'stu_activity_hazard', 'stu_certificate_miss', 'stu_certificate']) await db.schema.dropTable(t).ifExists().execute();
    await db.schema.alterTable('stu_team').dropColumn('activity_id').execute();
    await db.schema.alterTable('stu_activity').dropColumn('competition').execute();
  },
};
