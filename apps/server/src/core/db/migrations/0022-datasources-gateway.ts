import type { Kysely, Migration } from 'kysely';
import { auditColumns, idColumn } from './columns';

// 多数据源管理 (the original's sys_data_source) and 路由网关 (sys_gateway_route), issue 14.
// db_password holds AES-256-GCM ciphertext keyed from the install secret, never the password itself
// (modules/datasource/password-box.ts). Data sources belong to a tenant, codes unique within it.
// Gateway routes are install-wide (as in the original); router_id is the path prefix the server proxies.
export const datasourcesGateway: Migration = {
  async up(db: Kysely<any>) {
    await auditColumns(
      idColumn(db.schema.createTable('sys_data_source'))
        .addColumn('code', 'varchar(100)', (c) => c.notNull())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('remark', 'varchar(500)')
        .addColumn('db_type', 'varchar(20)', (c) => c.notNull())
        .addColumn('db_driver', 'varchar(100)')
        .addColumn('db_url', 'varchar(500)')
        .addColumn('db_name', 'varchar(100)')
        .addColumn('db_username', 'varchar(100)')
        .addColumn('db_password', 'varchar(1000)')
        .addColumn('sys_org_code', 'varchar(64)')
        .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('uq_sds_tenant_code').on('sys_data_source').columns(['tenant_id', 'code']).unique().execute();

    await auditColumns(
      idColumn(db.schema.createTable('sys_gateway_route'))
        .addColumn('router_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('uri', 'varchar(500)', (c) => c.notNull())
        .addColumn('predicates', 'text')
        .addColumn('filters', 'text')
        .addColumn('strip_prefix', 'integer')
        .addColumn('retryable', 'integer')
        .addColumn('persistable', 'integer')
        .addColumn('show_api', 'integer')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('idx_sgr_router').on('sys_gateway_route').columns(['router_id', 'del_flag']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('sys_gateway_route').execute();
    await db.schema.dropTable('sys_data_source').execute();
  },
};
