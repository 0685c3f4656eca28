import type { Kysely, Migration } from 'kysely';
import { auditColumns, idColumn } from './columns';

// Comments on an online form's records (the original's sys_comment): text, an optional reply-to comment
// and addressee, and attached files (the original keeps those in its file library through sys_form_file;
// here they are stored beside the comment, under the record's own access rules).
export const formComments: Migration = {
  async up(db: Kysely<any>) {
    await auditColumns(
      idColumn(db.schema.createTable('sys_comment'))
        .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('table_data_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('from_user_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('to_user_id', 'varchar(32)')
        .addColumn('comment_id', 'varchar(32)')
        .addColumn('comment_content', 'text', (c) => c.notNull())
        .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('idx_scm_record').on('sys_comment').columns(['table_name', 'table_data_id', 'create_time']).execute();

    await auditColumns(
      idColumn(db.schema.createTable('sys_comment_file'))
        .addColumn('comment_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('url', 'varchar(1000)', (c) => c.notNull())
        .addColumn('file_size', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('file_type', 'varchar(100)')
        .addColumn('storage_driver', 'varchar(10)', (c) => c.notNull().defaultTo('local'))
        .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('idx_scf_comment').on('sys_comment_file').column('comment_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('sys_comment_file').execute();
    await db.schema.dropTable('sys_comment').execute();
  },
};
