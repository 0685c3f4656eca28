import type { Kysely, Migration } from 'kysely';
import { auditColumns, idColumn } from './columns';

// Online reports read by the popup picker (issue 6): the original's three cgreport tables, with the
// free SQL replaced by a whitelisted source table and a structured fixed filter.
export const onlineReport: Migration = {
  async up(db: Kysely<any>) {
    await auditColumns(
      idColumn(db.schema.createTable('onl_cgreport_head'))
        .addColumn('code', 'varchar(100)', (c) => c.notNull())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('source_table', 'varchar(64)', (c) => c.notNull())
        .addColumn('source_filter', 'varchar(2000)')
        .addColumn('return_val_field', 'varchar(100)')
        .addColumn('return_txt_field', 'varchar(100)')
        .addColumn('return_type', 'varchar(2)', (c) => c.notNull().defaultTo('1'))
        .addColumn('content', 'varchar(1000)'),
    ).execute();
    await db.schema.createIndex('uniq_onl_cgreport_code').on('onl_cgreport_head').column('code').unique().execute();

    await auditColumns(
      idColumn(db.schema.createTable('onl_cgreport_item'))
        .addColumn('cgrhead_id', 'varchar(32)', (c) => c.notNull().references('onl_cgreport_head.id').onDelete('cascade'))
        .addColumn('field_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('field_txt', 'varchar(300)')
        .addColumn('field_width', 'integer')
        .addColumn('field_type', 'varchar(10)', (c) => c.notNull().defaultTo('String'))
        .addColumn('is_show', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_search', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('search_mode', 'varchar(10)', (c) => c.notNull().defaultTo('single'))
        .addColumn('dict_code', 'varchar(100)')
        .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('idx_oci_cgrhead_id').on('onl_cgreport_item').column('cgrhead_id').execute();
    await db.schema.createIndex('uniq_oci_head_field').on('onl_cgreport_item').columns(['cgrhead_id', 'field_name']).unique().execute();

    await auditColumns(
      idColumn(db.schema.createTable('onl_cgreport_param'))
        .addColumn('cgrhead_id', 'varchar(32)', (c) => c.notNull().references('onl_cgreport_head.id').onDelete('cascade'))
        .addColumn('param_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('param_txt', 'varchar(100)')
        .addColumn('param_value', 'varchar(200)')
        .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('idx_ocp_cgrhead_id').on('onl_cgreport_param').column('cgrhead_id').execute();
    await db.schema.createIndex('uniq_ocp_head_param').on('onl_cgreport_param').columns(['cgrhead_id', 'param_name']).unique().execute();
  },
};
