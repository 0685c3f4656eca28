import type { Kysely, Migration } from 'kysely';
import { auditColumns, idColumn } from './columns';

// Message templates (the original's sys_sms_template) and messages to send (its sys_sms, es_* columns
// kept for its clients). A message waits (0) until delivered (1) or given up (2); next_try_time says
// when the module's timer tries it again after a failure.
export const messages: Migration = {
  async up(db: Kysely<any>) {
    await auditColumns(
      idColumn(db.schema.createTable('sys_sms_template'))
        .addColumn('template_code', 'varchar(100)', (c) => c.notNull())
        .addColumn('template_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('template_content', 'text', (c) => c.notNull())
        .addColumn('template_test_json', 'text')
        .addColumn('template_type', 'varchar(10)', (c) => c.notNull().defaultTo('4'))
        .addColumn('template_category', 'varchar(20)')
        .addColumn('use_status', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
        .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('uniq_sst_tenant_code').on('sys_sms_template').columns(['tenant_id', 'template_code']).unique().execute();
    await auditColumns(
      idColumn(db.schema.createTable('sys_sms'))
        .addColumn('es_title', 'varchar(255)')
        .addColumn('es_content', 'text')
        .addColumn('es_param', 'text')
        .addColumn('es_receiver', 'varchar(500)', (c) => c.notNull())
        .addColumn('es_result', 'text')
        .addColumn('es_send_num', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('es_send_status', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
        .addColumn('es_send_time', 'varchar(19)')
        .addColumn('es_type', 'varchar(20)', (c) => c.notNull())
        .addColumn('template_code', 'varchar(100)')
        .addColumn('next_try_time', 'varchar(19)')
        .addColumn('remark', 'varchar(500)')
        .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('idx_sms_due').on('sys_sms').columns(['es_send_status', 'next_try_time']).execute();
    await db.schema.createIndex('idx_sms_tenant').on('sys_sms').columns(['tenant_id', 'create_time']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('sys_sms').execute();
    await db.schema.dropTable('sys_sms_template').execute();
  },
};
