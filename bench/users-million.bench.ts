// The user list over 1,000,000 users (issue 18) on SQLite, or on PostgreSQL with BENCH_DATABASE_URL:
// the first page in the default order, a one-character Chinese contains-filter, a rare contains-filter
// (a scan of every row), an exact filter and a deep page, each under 10 concurrent clients from a second
// process (lib/list-bench.ts). Baseline, in the same run: the statements the list ran before counts were
// capped (an exact count, then the page), one at a time straight through the driver.
import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { compactTextIndex, seedId } from '../apps/server/src/core/db';
import { BENCH_PG_URL, openBenchDatabase } from './lib/database';
import { applyFilters, applySort } from '../apps/server/src/core/query';
import { userResource } from '../apps/server/src/modules/system/user/resource';
import { tenantUserService } from '../apps/server/src/modules/system/user/user-list';
import { measureListCases, rawRunner } from './lib/list-bench';
import { report, type Figure } from './lib/report';
import { seedUsers, seedUsersPostgres } from './lib/seed-users';

const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PG_URL = BENCH_PG_URL;
const CASES: Array<[string, Record<string, string>]> = [
  ['first page, createTime desc', {}],
  ['realname contains 张 (one Chinese character)', { realname: '*张*' }],
  ['username contains user77777 (11 matches: every row read)', { username: '*user77777*' }],
  ['exact filter sex=1', { sex: '1' }],
  ['deep page 40,000 (offset 400,000)', { pageNo: '40000' }],
];

const dataDir = mkdtempSync(join(tmpdir(), 'bench-million-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Bench#2026-pass', LOGIN_CAPTCHA: 'off', WEB_DIST: join(dataDir, 'none') });
// BENCH_SQLITE_SEEDED: a copy of a file this bench seeded before (its users in place), to skip the seeding
const SEEDED = PG_URL ? undefined : process.env.BENCH_SQLITE_SEEDED;
if (SEEDED) copyFileSync(SEEDED, config.sqliteFile);
const database = await openBenchDatabase('bench', config.sqliteFile, config.adminPassword);
const { handle, admin, schema } = database;

let t0 = performance.now();
const departs = [seedId('depart.A01'), seedId('depart.A01A01')];
if (PG_URL) {
  await seedUsersPostgres(admin!, schema, USERS, departs);
} else {
  if (!SEEDED) {
    seedUsers(config.sqliteFile, USERS, departs);
    new Database(config.sqliteFile).exec('analyze').close();
  }
  // the text index as an import of that many users leaves it (merged after the load)
  await compactTextIndex(handle.db, 'sys_user_text');
}
console.log(`${SEEDED ? 'migrated the seeded copy of' : 'seeded'} ${USERS} users on ${PG_URL ? 'PostgreSQL' : 'SQLite'} in ${Math.round(performance.now() - t0)} ms`);

const app = await buildApp(config, { database: handle, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const figures: Figure[] = [];
try {
  const login = await (await fetch(`${base}/api/sys/userLogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: config.adminPassword }) })).json();
  const headers = { 'x-access-token': login.result.token as string };
  const svc = tenantUserService();
  const caller = { id: seedId('user.admin'), username: 'admin', orgCode: 'A01', tenantId: 1000 };
  const { run, close } = await rawRunner(config.sqliteFile, PG_URL, schema);
  figures.push(...(await measureListCases({ url: `${base}/api/sys/user/list`, headers, svc, db: handle.db, caller, shows: 'username', seconds: SECONDS }, run, CASES)));
  // Paging about a deep page, one request at a time, in an order no case above has read (no page start is
  // remembered for it yet): the jump, then the next page, then pages back from it.
  const pageParams = { pageSize: '10', column: 'createTime', order: 'asc' };
  for (const [name, pageNo] of [
    ['first jump to page 40,000', 40_000],
    ['then page 40,001', 40_001],
    ['then page 39,999 (one back)', 39_999],
    ['then page 39,990 (nine more back)', 39_990],
  ] as const) {
    t0 = performance.now();
    const got = await (await fetch(`${base}/api/sys/user/list?${new URLSearchParams({ ...pageParams, pageNo: String(pageNo) })}`, { headers })).json();
    const ms = performance.now() - t0;
    const q = svc.parse({ ...pageParams, pageNo: String(pageNo) });
    const filtered = applyFilters(await svc.scoped(handle.db, caller), userResource.fields, { filters: q.filters });
    t0 = performance.now();
    await run(applySort(filtered, q).limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).compile());
    const offsetMs = performance.now() - t0;
    console.log(`${name}: first ${got.result.records[0]?.username ?? '-'}`);
    figures.push({ name: `paging (createTime asc): ${name}`, value: ms, unit: 'ms', baseline: offsetMs });
  }
  await close();
  report(`users-million-${PG_URL ? 'postgres' : 'sqlite'}`, figures);
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
