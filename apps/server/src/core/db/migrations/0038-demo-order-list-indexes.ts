import { sql, type Kysely, type Migration } from 'kysely';
import { createTextIndex, dropTextIndex, type TextIndex } from '../textIndex';
import { dialectOf, dropIndex } from './dialect';

// The order list (组件示例 › 订单管理) over a million orders (issue 18), as the user list: its default order
// within a tenant from an index (in the lists' own `desc nulls last` order on PostgreSQL, see 0035), an
// exact filter on the order date, and contains-filters on number, customer and remark from a trigram index.
export const DEMO_ORDER_TEXT_INDEX: TextIndex = { table: 'demo_order', name: 'demo_order_text', columns: ['order_code', 'customer', 'remark'] };

export const demoOrderListIndexes: Migration = {
  async up(db: Kysely<any>) {
    if (dialectOf(db) === 'postgres') await sql`create index idx_demo_order_tenant_create on demo_order (tenant_id, create_time desc nulls last, id desc)`.execute(db);
    else await db.schema.createIndex('idx_demo_order_tenant_create').on('demo_order').columns(['tenant_id', 'create_time', 'id']).execute();
    // the tenant's orders are found through the new index's first column
    await dropIndex(db, 'idx_demo_order_tenant', 'demo_order');
    await db.schema.createIndex('idx_demo_order_tenant_date').on('demo_order').columns(['tenant_id', 'order_date']).execute();
    await createTextIndex(db, DEMO_ORDER_TEXT_INDEX);
  },
  async down(db: Kysely<any>) {
    await dropTextIndex(db, DEMO_ORDER_TEXT_INDEX);
    await dropIndex(db, 'idx_demo_order_tenant_date', 'demo_order');
    await db.schema.createIndex('idx_demo_order_tenant').on('demo_order').column('tenant_id').execute();
    await dropIndex(db, 'idx_demo_order_tenant_create', 'demo_order');
  },
};
