import type { Kysely, Migration } from 'kysely';
import { auditColumns, idColumn } from './columns';

// The data log (the original's sys_data_log: one JSON copy of a tracked row per save, numbered per
// table and row; a unique index keeps two saves from taking the same number) and the file list of
// 文件管理 (the original's oss_file, with size, type, the driver that holds it and the tenant).
export const datalogFiles: Migration = {
  async up(db: Kysely<any>) {
    await auditColumns(
      idColumn(db.schema.createTable('sys_data_log'))
        .addColumn('create_name', 'varchar(100)')
        .addColumn('data_table', 'varchar(64)', (c) => c.notNull())
        .addColumn('data_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('data_content', 'text', (c) => c.notNull())
        .addColumn('data_version', 'integer', (c) => c.notNull())
        .addColumn('type', 'varchar(20)', (c) => c.notNull().defaultTo('json'))
        .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('uq_sdl_version').on('sys_data_log').columns(['data_table', 'data_id', 'data_version']).unique().execute();
    await db.schema.createIndex('idx_sdl_time').on('sys_data_log').column('create_time').execute();

    await auditColumns(
      idColumn(db.schema.createTable('oss_file'))
        .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('url', 'varchar(1000)', (c) => c.notNull())
        .addColumn('file_size', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('file_type', 'varchar(100)')
        .addColumn('storage_driver', 'varchar(10)', (c) => c.notNull().defaultTo('local'))
        .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('idx_oss_tenant_time').on('oss_file').columns(['tenant_id', 'create_time']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('oss_file').execute();
    await db.schema.dropTable('sys_data_log').execute();
  },
};
