// The order list (组件示例 › 订单管理, a demo table of generated rows) over 1,000,000 orders (issue 18), on
// SQLite or on PostgreSQL with BENCH_DATABASE_URL: the first page in the default order, a one-character
// Chinese contains-filter, a rare contains-filter, an exact filter and a deep page, each under 10
// concurrent clients from a second process, against the list's statements before counts were capped, one
// at a time (lib/list-bench.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { ResourceService } from '../apps/server/src/core/crud';
import { compactTextIndex, seedId } from '../apps/server/src/core/db';
import { orderResource } from '../apps/server/src/modules/demo/order/resource';
import { BENCH_PG_URL, openBenchDatabase } from './lib/database';
import { measureListCases, rawRunner } from './lib/list-bench';
import { report } from './lib/report';
import { seedOrders, seedOrdersPostgres } from './lib/seed-orders';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PG_URL = BENCH_PG_URL;
const CASES: Array<[string, Record<string, string>]> = [
  ['first page, createTime desc', {}],
  ['customer contains 化 (one Chinese character)', { customer: '*化*' }],
  ['orderCode contains 12345 (part of a number)', { orderCode: '*12345*' }],
  ['exact filter orderDate=2024-06-01', { orderDate: '2024-06-01' }],
  ['deep page 40,000 (offset 400,000)', { pageNo: '40000' }],
];

const dataDir = mkdtempSync(join(tmpdir(), 'bench-orders-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Bench#2026-pass', LOGIN_CAPTCHA: 'off', WEB_DIST: join(dataDir, 'none'), DEMO_DATA: 'off' });
const database = await openBenchDatabase('bench_orders', config.sqliteFile, config.adminPassword);
const { handle, admin, schema } = database;
const t0 = performance.now();
if (PG_URL) await seedOrdersPostgres(admin!, schema, ORDERS);
else {
  seedOrders(config.sqliteFile, ORDERS);
  // the text index as a load of that many rows leaves it (merged after the load)
  await compactTextIndex(handle.db, 'demo_order_text');
}
console.log(`seeded ${ORDERS} orders on ${PG_URL ? 'PostgreSQL' : 'SQLite'} in ${Math.round(performance.now() - t0)} ms`);

const app = await buildApp(config, { database: handle, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
try {
  const login = await (await fetch(`${base}/api/sys/userLogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: config.adminPassword }) })).json();
  const headers = { 'x-access-token': login.result.token as string };
  const caller = { id: seedId('user.admin'), username: 'admin', orgCode: 'A01', tenantId: 1000 };
  const { run, close } = await rawRunner(config.sqliteFile, PG_URL, schema);
  const svc = new ResourceService(orderResource);
  const figures = await measureListCases({ url: `${base}/api/demo/order/list`, headers, svc, db: handle.db, caller, shows: 'orderCode', seconds: SECONDS }, run, CASES);
  await close();
  report(`orders-million-${PG_URL ? 'postgres' : 'sqlite'}`, figures);
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
