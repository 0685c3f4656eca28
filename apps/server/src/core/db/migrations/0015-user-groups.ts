import type { Kysely, Migration } from 'kysely';
import { auditColumns, idColumn } from './columns';

// User groups (用户组) and their members, as the original's sys_ugroup and sys_ugroup_user.
export const userGroups: Migration = {
  async up(db: Kysely<any>) {
    await auditColumns(
      idColumn(db.schema.createTable('sys_ugroup'))
        .addColumn('group_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('description', 'varchar(500)'),
    )
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('idx_sug_tenant').on('sys_ugroup').column('tenant_id').execute();
    await idColumn(db.schema.createTable('sys_ugroup_user'))
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
      .addColumn('group_id', 'varchar(32)', (c) => c.notNull().references('sys_ugroup.id').onDelete('cascade'))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('uniq_sugu_group_user').on('sys_ugroup_user').columns(['group_id', 'user_id']).unique().execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('sys_ugroup_user').execute();
    await db.schema.dropTable('sys_ugroup').execute();
  },
};
