import type { Kysely, Migration } from 'kysely';
import { auditColumns, idColumn } from './columns';

// Custom buttons of online forms and graph reports (issue 15), with the original's table and column names.
// A button runs no script: it either opens an address built from the row (opt_type link, link_url) or sets
// fixed values on the chosen rows through the generated API (opt_type update, update_json). A graph report
// is one SELECT (same guard and runner as online reports) with its fields and parameters.
export const onlineButtonsGraphreport: Migration = {
  async up(db: Kysely<any>) {
    await auditColumns(
      idColumn(db.schema.createTable('onl_cgform_button'))
        .addColumn('cgform_head_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('button_code', 'varchar(50)', (c) => c.notNull())
        .addColumn('button_name', 'varchar(50)', (c) => c.notNull())
        .addColumn('button_icon', 'varchar(100)')
        /** link (row action) | button (top bar) */
        .addColumn('button_style', 'varchar(20)', (c) => c.notNull().defaultTo('link'))
        /** link | update */
        .addColumn('opt_type', 'varchar(20)', (c) => c.notNull().defaultTo('link'))
        .addColumn('opt_position', 'varchar(3)')
        /** When a row shows the button, e.g. status#eq#1 (the original's expression). */
        .addColumn('exp', 'varchar(255)')
        .addColumn('button_status', 'varchar(2)', (c) => c.notNull().defaultTo('1'))
        .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('link_url', 'varchar(500)')
        /** JSON object: field name → value set by an update button. */
        .addColumn('update_json', 'varchar(2000)'),
    ).execute();
    await db.schema.createIndex('uk_ocb_head_code').on('onl_cgform_button').columns(['cgform_head_id', 'button_code']).unique().execute();

    await auditColumns(
      idColumn(db.schema.createTable('onl_graphreport_head'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('code', 'varchar(100)', (c) => c.notNull())
        .addColumn('cgr_sql', 'text', (c) => c.notNull())
        .addColumn('xaxis_field', 'varchar(100)', (c) => c.notNull())
        /** Comma list of value fields. */
        .addColumn('yaxis_field', 'varchar(500)', (c) => c.notNull())
        .addColumn('yaxis_text', 'varchar(100)')
        .addColumn('content', 'varchar(1000)')
        /** Comma list of bar, line, pie, table. */
        .addColumn('graph_type', 'varchar(100)', (c) => c.notNull().defaultTo('bar'))
        .addColumn('is_combination', 'varchar(20)')
        /** tab | single | double */
        .addColumn('display_template', 'varchar(20)', (c) => c.notNull().defaultTo('tab'))
        /** Only sql is offered. */
        .addColumn('data_type', 'varchar(20)', (c) => c.notNull().defaultTo('sql'))
        .addColumn('db_source', 'varchar(100)'),
    ).execute();
    await db.schema.createIndex('uk_ogh_code').on('onl_graphreport_head').column('code').unique().execute();

    await auditColumns(
      idColumn(db.schema.createTable('onl_graphreport_item'))
        .addColumn('graphreport_head_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('field_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('field_txt', 'varchar(200)')
        .addColumn('field_type', 'varchar(20)')
        .addColumn('is_show', 'varchar(2)', (c) => c.notNull().defaultTo('Y'))
        .addColumn('is_total', 'varchar(2)', (c) => c.notNull().defaultTo('N'))
        .addColumn('search_flag', 'varchar(2)', (c) => c.notNull().defaultTo('N'))
        /** single | group (range) */
        .addColumn('search_mode', 'varchar(10)')
        .addColumn('dict_code', 'varchar(500)')
        .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('idx_ogi_head').on('onl_graphreport_item').column('graphreport_head_id').execute();

    await auditColumns(
      idColumn(db.schema.createTable('onl_graphreport_params'))
        .addColumn('graphreport_head_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('param_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('param_txt', 'varchar(100)')
        .addColumn('param_value', 'varchar(500)')
        .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('idx_ogp_head').on('onl_graphreport_params').column('graphreport_head_id').execute();
  },
  async down(db: Kysely<any>) {
    for (const t of ['onl_graphreport_params', 'onl_graphreport_item', 'onl_graphreport_head', 'onl_cgform_button']) await db.schema.dropTable(t).execute();
  },
};
