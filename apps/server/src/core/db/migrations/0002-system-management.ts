import type { Kysely, Migration } from 'kysely';
import { auditColumns, idColumn } from './columns';

// System management beyond the foundation (issue 3): positions and the department-level roles and
// permissions of the original platform (original-tables.md).
export const systemManagement: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('sys_user').addColumn('post', 'varchar(500)').execute();

    await auditColumns(
      idColumn(db.schema.createTable('sys_position'))
        .addColumn('code', 'varchar(100)', (c) => c.notNull())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('post_rank', 'varchar(2)')
        .addColumn('company_id', 'varchar(255)')
        .addColumn('sys_org_code', 'varchar(50)'),
    )
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('uniq_sys_position_code').on('sys_position').column('code').unique().execute();
    await db.schema.createIndex('idx_sp_tenant').on('sys_position').column('tenant_id').execute();

    await auditColumns(
      idColumn(db.schema.createTable('sys_depart_role'))
        .addColumn('depart_id', 'varchar(32)', (c) => c.notNull().references('sys_depart.id').onDelete('cascade'))
        .addColumn('role_name', 'varchar(200)')
        .addColumn('role_code', 'varchar(100)', (c) => c.notNull())
        .addColumn('description', 'varchar(255)'),
    ).execute();
    await db.schema.createIndex('idx_sdr_depart').on('sys_depart_role').column('depart_id').execute();
    await db.schema.createIndex('uniq_sdr_depart_code').on('sys_depart_role').columns(['depart_id', 'role_code']).unique().execute();

    await idColumn(db.schema.createTable('sys_depart_role_user'))
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
      .addColumn('drole_id', 'varchar(32)', (c) => c.notNull().references('sys_depart_role.id').onDelete('cascade'))
      .execute();
    await db.schema.createIndex('uniq_sdru_user_role').on('sys_depart_role_user').columns(['user_id', 'drole_id']).unique().execute();

    await idColumn(db.schema.createTable('sys_depart_permission'))
      .addColumn('depart_id', 'varchar(32)', (c) => c.notNull().references('sys_depart.id').onDelete('cascade'))
      .addColumn('permission_id', 'varchar(32)', (c) => c.notNull().references('sys_permission.id').onDelete('cascade'))
      .addColumn('data_rule_ids', 'varchar(1000)')
      .execute();
    await db.schema.createIndex('uniq_sdp_depart_perm').on('sys_depart_permission').columns(['depart_id', 'permission_id']).unique().execute();

    await idColumn(db.schema.createTable('sys_depart_role_permission'))
      .addColumn('depart_id', 'varchar(32)', (c) => c.references('sys_depart.id').onDelete('cascade'))
      .addColumn('role_id', 'varchar(32)', (c) => c.notNull().references('sys_depart_role.id').onDelete('cascade'))
      .addColumn('permission_id', 'varchar(32)', (c) => c.notNull().references('sys_permission.id').onDelete('cascade'))
      .addColumn('data_rule_ids', 'varchar(1000)')
      .addColumn('operate_date', 'varchar(19)')
      .addColumn('operate_ip', 'varchar(100)')
      .execute();
    await db.schema.createIndex('uniq_sdrp_role_perm').on('sys_depart_role_permission').columns(['role_id', 'permission_id']).unique().execute();
  },

  async down(db: Kysely<any>) {
    for (const t of ['sys_depart_role_permission', 'sys_depart_permission', 'sys_depart_role_user', 'sys_depart_role', 'sys_position']) {
      await db.schema.dropTable(t).ifExists().execute();
    }
    await db.schema.alterTable('sys_user').dropColumn('post').execute();
  },
};
