import type { Kysely, Migration } from 'kysely';
import { auditColumns, idColumn } from './columns';

// The demo one-to-many order (issue 5): an order and its lines, deleted with it.
export const demoOrder: Migration = {
  async up(db: Kysely<any>) {
    await auditColumns(
      idColumn(db.schema.createTable('demo_order'))
        .addColumn('order_code', 'varchar(50)', (c) => c.notNull())
        .addColumn('customer', 'varchar(100)', (c) => c.notNull())
        .addColumn('order_date', 'varchar(10)')
        .addColumn('amount', 'numeric(12, 2)')
        .addColumn('remark', 'varchar(500)')
        .addColumn('sys_org_code', 'varchar(64)'),
    )
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('uniq_demo_order_code').on('demo_order').column('order_code').unique().execute();
    await db.schema.createIndex('idx_demo_order_tenant').on('demo_order').column('tenant_id').execute();

    await idColumn(db.schema.createTable('demo_order_line'))
      .addColumn('order_id', 'varchar(32)', (c) => c.notNull().references('demo_order.id').onDelete('cascade'))
      .addColumn('product', 'varchar(100)', (c) => c.notNull())
      .addColumn('price', 'numeric(12, 2)', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('line_date', 'varchar(10)')
      .addColumn('order_num', 'integer', (c) => c.notNull())
      .addColumn('remark', 'varchar(500)')
      .execute();
    await db.schema.createIndex('idx_demo_order_line_order').on('demo_order_line').columns(['order_id', 'order_num']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('demo_order_line').ifExists().execute();
    await db.schema.dropTable('demo_order').ifExists().execute();
  },
};
