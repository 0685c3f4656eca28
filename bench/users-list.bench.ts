// GET /sys/user/list over 100,000 users (a contains-filter on realname, sorted by createTime, page 5),
// loaded from a second process; baseline: the same count and page SQL run straight through better-sqlite3.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { ResourceService } from '../apps/server/src/core/crud';
import { connectDatabase, migrateToLatest, seedDatabase, seedId } from '../apps/server/src/core/db';
import { applyFilters, applySort } from '../apps/server/src/core/query';
import { userResource } from '../apps/server/src/modules/system/user/resource';
import { scopeUsersToTenant } from '../apps/server/src/modules/system/user/user-list';
import { loadFromSecondProcess } from './lib/load';
import { percentile, report } from './lib/report';
import { seedUsers } from './lib/seed-users';

const USERS = 100_000;
const SECONDS = 10;
const QUERY = { realname: '*张*', column: 'createTime', order: 'desc', pageNo: '5', pageSize: '20' };

const dataDir = mkdtempSync(join(tmpdir(), 'bench-users-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Bench#2026-pass', LOGIN_CAPTCHA: 'off', WEB_DIST: join(dataDir, 'none') });
const handle = connectDatabase({ sqliteFile: config.sqliteFile });
await migrateToLatest(handle.db);
await seedDatabase(handle.db, { adminPassword: config.adminPassword });

let t0 = performance.now();
seedUsers(config.sqliteFile, USERS, [seedId('depart.A01'), seedId('depart.A01A01')]);
console.log(`seeded ${USERS} users in ${Math.round(performance.now() - t0)} ms`);

const app = await buildApp(config, { database: handle, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
try {
  const login = await (await fetch(`${base}/api/sys/userLogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: config.adminPassword }) })).json();
  const headers = { 'x-access-token': login.result.token as string };
  const url = `${base}/api/sys/user/list?${new URLSearchParams(QUERY)}`;
  const sample = await (await fetch(url, { headers })).json();
  console.log(`answer: total ${sample.result.total}, ${sample.result.records.length} records, first ${sample.result.records[0]?.realname}`);

  // The exact statements the route runs, compiled by the same code, for the baseline.
  const svc = new ResourceService(userResource);
  scopeUsersToTenant(svc);
  const caller = { id: seedId('user.admin'), username: 'admin', orgCode: 'A01', tenantId: 1000 };
  const q = svc.parse(QUERY);
  const filtered = applyFilters(await svc.scoped(handle.db, caller), userResource.fields, { filters: q.filters });
  const pageSql = applySort(filtered, q).limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).compile();
  const countSql = filtered.clearSelect().select((eb) => eb.fn.countAll().as('total')).compile();
  const raw = new Database(config.sqliteFile, { readonly: true });
  const count = raw.prepare(countSql.sql);
  const page = raw.prepare(pageSql.sql);
  console.log(`query plan of the page:\n  ${raw.prepare(`explain query plan ${pageSql.sql}`).all(...(pageSql.parameters as unknown[])).map((r: any) => r.detail).join('\n  ')}`);

  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  while (performance.now() < end) {
    t0 = performance.now();
    count.get(...(countSql.parameters as unknown[]));
    page.all(...(pageSql.parameters as unknown[]));
    latencies.push(performance.now() - t0);
  }
  raw.close();
  latencies.sort((a, b) => a - b);

  await loadFromSecondProcess(url, { headers, seconds: 2 }); // warm-up
  const real = await loadFromSecondProcess(url, { headers, seconds: SECONDS });
  if (real.non2xx || real.errors) console.log(`warning: ${real.non2xx} non-2xx, ${real.errors} errors`);
  report('users-list', [
    { name: `GET /sys/user/list over ${USERS} users (realname *张*, createTime desc, page 5 of 20): requests/s`, value: real.rps, unit: 'req/s', baseline: latencies.length / SECONDS },
    { name: 'GET /sys/user/list p99', value: real.p99, unit: 'ms', baseline: percentile(latencies, 99) },
    { name: 'baseline: count + page SQL through better-sqlite3, one at a time', value: latencies.length / SECONDS, unit: 'queries/s' },
  ]);
} finally {
  await app.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
