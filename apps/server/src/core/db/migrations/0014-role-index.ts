import type { Kysely, Migration } from 'kysely';
import { auditColumns, idColumn } from './columns';

// Home-page configuration (首页配置) as the original's sys_role_index, kept per tenant like the roles it names.
export const roleIndex: Migration = {
  async up(db: Kysely<any>) {
    await auditColumns(
      idColumn(db.schema.createTable('sys_role_index'))
        .addColumn('role_code', 'varchar(100)', (c) => c.notNull())
        .addColumn('url', 'varchar(255)')
        .addColumn('component', 'varchar(255)')
        .addColumn('is_route', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'varchar(2)', (c) => c.notNull().defaultTo('0'))
        .addColumn('relation_type', 'varchar(20)', (c) => c.notNull().defaultTo('ROLE'))
        .addColumn('sys_org_code', 'varchar(64)'),
    )
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('idx_sri_role_code').on('sys_role_index').columns(['tenant_id', 'role_code']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('sys_role_index').execute();
  },
};
