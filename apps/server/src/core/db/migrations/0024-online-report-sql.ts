import { sql, type Kysely, type Migration } from 'kysely';
import { createHash } from 'node:crypto';

// Online reports (issue 15): a report may be one SELECT (cgr_sql) on the main database or a data source
// (db_source, a sys_data_source code), with the original's per-column settings (total, link, replace
// expression, group title) and a chart setting. Reports of the first kind (source_table, a whitelisted
// table) keep working: a row with cgr_sql set is an SQL report and stores '' in source_table.
const seedId = (name: string) => createHash('md5').update(`anxue-seed:${name}`).digest('hex');

export const onlineReportSql: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('onl_cgreport_head').addColumn('cgr_sql', 'text').execute();
    await db.schema.alterTable('onl_cgreport_head').addColumn('db_source', 'varchar(100)').execute();
    /** bar | line | pie; null: no chart. */
    await db.schema.alterTable('onl_cgreport_head').addColumn('chart_type', 'varchar(10)').execute();
    await db.schema.alterTable('onl_cgreport_head').addColumn('chart_field_x', 'varchar(64)').execute();
    /** Comma list of the value columns. */
    await db.schema.alterTable('onl_cgreport_head').addColumn('chart_fields_y', 'varchar(500)').execute();

    await db.schema.alterTable('onl_cgreport_item').addColumn('is_total', 'varchar(2)', (c) => c.notNull().defaultTo('0')).execute();
    await db.schema.alterTable('onl_cgreport_item').addColumn('field_href', 'varchar(500)').execute();
    await db.schema.alterTable('onl_cgreport_item').addColumn('replace_val', 'varchar(200)').execute();
    await db.schema.alterTable('onl_cgreport_item').addColumn('group_title', 'varchar(100)').execute();

    // The hidden parent of the report buttons used the designer's address; the designer page has it now.
    await sql`update sys_permission set url = ${'/online/reportPerms'} where id = ${seedId('menu.online.report')} and url = ${'/online/cgreport'}`.execute(db);
  },
};
