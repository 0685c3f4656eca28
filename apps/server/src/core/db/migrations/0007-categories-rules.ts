import type { Kysely, Migration } from 'kysely';
import { auditColumns, idColumn } from './columns';

// Categories, check rules and fill rules (issue 4), as in the original's sys_category, sys_check_rule
// and sys_fill_rule, plus the counter table that makes fill-rule sequences atomic.
export const categoriesRules: Migration = {
  async up(db: Kysely<any>) {
    await auditColumns(
      idColumn(db.schema.createTable('sys_category'))
        .addColumn('pid', 'varchar(36)', (c) => c.notNull().defaultTo('0'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('code', 'varchar(100)')
        .addColumn('has_child', 'varchar(3)', (c) => c.notNull().defaultTo('0'))
        .addColumn('sys_org_code', 'varchar(64)'),
    )
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('uniq_sys_category_code').on('sys_category').column('code').unique().execute();
    await db.schema.createIndex('idx_scg_pid').on('sys_category').column('pid').execute();

    await auditColumns(
      idColumn(db.schema.createTable('sys_check_rule'))
        .addColumn('rule_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('rule_code', 'varchar(100)', (c) => c.notNull())
        .addColumn('rule_json', 'varchar(4000)', (c) => c.notNull())
        .addColumn('rule_description', 'varchar(200)'),
    ).execute();
    await db.schema.createIndex('uniq_sys_check_rule_code').on('sys_check_rule').column('rule_code').unique().execute();

    await auditColumns(
      idColumn(db.schema.createTable('sys_fill_rule'))
        .addColumn('rule_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('rule_code', 'varchar(100)', (c) => c.notNull())
        .addColumn('rule_class', 'varchar(100)', (c) => c.notNull())
        .addColumn('rule_params', 'varchar(500)'),
    ).execute();
    await db.schema.createIndex('uniq_sys_fill_rule_code').on('sys_fill_rule').column('rule_code').unique().execute();

    // No foreign key to sys_fill_rule: a rule deleted and created again under the same code goes on
    // counting from where it stopped instead of handing out old numbers a second time.
    await db.schema
      .createTable('sys_fill_rule_seq')
      .addColumn('rule_code', 'varchar(100)', (c) => c.notNull())
      .addColumn('period', 'varchar(8)', (c) => c.notNull())
      .addColumn('value', 'bigint', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('pk_sys_fill_rule_seq', ['rule_code', 'period'])
      .execute();
  },

  async down(db: Kysely<any>) {
    for (const t of ['sys_fill_rule_seq', 'sys_fill_rule', 'sys_check_rule', 'sys_category']) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
};
