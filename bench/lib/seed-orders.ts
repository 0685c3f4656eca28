import Database from 'better-sqlite3';
import type pg from 'pg';
import { randomBytes } from 'node:crypto';

const CITIES = '杭州上海南京苏州广州深圳成都重庆武汉西安天津青岛宁波厦门长沙郑州济南合肥福州昆明';
const TRADES = ['化工', '电力', '建筑', '港务', '物流', '制药', '冶金', '燃气', '矿业', '纺织'];

/** Order i: number DD + i in ten digits, a customer of 200 (city and trade), a date among 1,000 days, one second apart. */
const customerOf = (i: number) => `${CITIES.slice((i % 20) * 2, (i % 20) * 2 + 2)}${TRADES[(i * 7) % 10]}有限公司`;

/** Seeds `count` orders of tenant 1000 straight through better-sqlite3 (one transaction, a prepared statement). */
export function seedOrders(sqliteFile: string, count: number): void {
  const db = new Database(sqliteFile);
  const order = db.prepare(
    `insert into demo_order (id, order_code, customer, order_date, amount, remark, sys_org_code, tenant_id, create_by, create_time)
     values (?, ?, ?, ?, ?, ?, 'A01', 1000, 'admin', ?)`,
  );
  const start = Date.UTC(2024, 0, 1);
  const day = (i: number) => new Date(Date.UTC(2023, 0, 1) + (i % 1000) * 86_400_000).toISOString().slice(0, 10);
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const time = new Date(start + i * 1000).toISOString().slice(0, 19).replace('T', ' ');
      order.run(randomBytes(16).toString('hex'), `DD${String(i).padStart(10, '0')}`, customerOf(i), day(i), (i % 10_000) / 10, `第${i % 97}批次`, time);
    }
  })();
  db.exec('analyze');
  db.close();
}

/** The same orders generated inside PostgreSQL in `schema`, then vacuumed, analyzed and checkpointed (see seedUsersPostgres). */
export async function seedOrdersPostgres(client: pg.Client, schema: string, count: number): Promise<void> {
  await client.query(`set search_path = ${schema}`);
  const customers = Array.from({ length: 200 }, (_, i) => customerOf(i));
  // customerOf(i) repeats every 20 × 10 orders: the same customer as the i-th of the first 200
  await client.query(
    `insert into demo_order (id, order_code, customer, order_date, amount, remark, sys_org_code, tenant_id, create_by, create_time)
     select md5('o' || i), 'DD' || lpad(i::text, 10, '0'), ($1::text[])[i % 200 + 1],
       to_char(date '2023-01-01' + (i % 1000), 'YYYY-MM-DD'), (i % 10000) / 10.0, '第' || (i % 97) || '批次', 'A01', 1000, 'admin',
       to_char(timestamp '2024-01-01' + i * interval '1 second', 'YYYY-MM-DD HH24:MI:SS')
     from generate_series(0, ${count - 1}) i`,
    [customers],
  );
  await client.query('vacuum (analyze) demo_order');
  await client.query('checkpoint');
}
