// Export of 100,000 users through GET /sys/user/exportXls, then the round trip the issue asks for: that file,
// unchanged, imported through POST /sys/user/importExcel into a second install whose user table is empty,
// and the two tables compared row by row. Time and peak RSS of each; a light signed call (GET
// /sys/dict/getDictItems/sex) keeps coming from a second process at 100 a second throughout, and its p99
// during each step is reported. Baseline: the same rows written to and read back from CSV in the same
// process. On SQLite, or on PostgreSQL with BENCH_DATABASE_URL.
import { copyFileSync, createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { getHeapStatistics } from 'node:v8';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { seedId } from '../apps/server/src/core/db';
import { BENCH_PG_URL, openBenchDatabase } from './lib/database';
import { report, type Figure } from './lib/report';
import { latencyStats, signOfNoParameters, startSteadyLoad, type Sample } from './lib/load';
import { userResource } from '../apps/server/src/modules/system/user/resource';
import { isExcel } from '../apps/server/src/core/crud/input';
import type { Kysely } from 'kysely';
import { seedUsers, seedUsersPostgres } from './lib/seed-users';
import { postgresCpuSeconds, processCpuSeconds } from './lib/cpu';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
// The server starts with a heap limit just under 2 GB (apps/server/package.json): from 2 GB on, V8 lets a heap
// run to about four times what it holds before collecting, and the memory figures would measure that
if (getHeapStatistics().heap_size_limit > 2.1 * 1024 ** 3) console.warn('note: run with NODE_OPTIONS=--max-old-space-size=2000, as the server starts (npm run bench does)');
const PG_URL = BENCH_PG_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-excel-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Bench#2026-pass', LOGIN_CAPTCHA: 'off', WEB_DIST: join(dataDir, 'none') });
// BENCH_SQLITE_SEEDED: a copy of a file seeded before with BENCH_USERS users (users-million's), to skip the seeding
const SEEDED = PG_URL ? undefined : process.env.BENCH_SQLITE_SEEDED;
if (SEEDED) copyFileSync(SEEDED, config.sqliteFile);
// BENCH_DATABASE_URL: on PostgreSQL instead of an SQLite file
const database = await openBenchDatabase('bench_excel', config.sqliteFile, config.adminPassword);
const { handle, admin, schema } = database;
if (admin) await seedUsersPostgres(admin, schema, USERS, [seedId('depart.A01')]);
else if (!SEEDED) seedUsers(config.sqliteFile, USERS, [seedId('depart.A01')]);
const app = await buildApp(config, { database: handle, logger: false });
// the install the file goes back into: a first start of its own (its own secrets), no bench users
const toDir = mkdtempSync(join(tmpdir(), 'bench-excel-to-'));
const toConfig = loadConfig({ DATA_DIR: toDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Bench#2026-pass', LOGIN_CAPTCHA: 'off', WEB_DIST: join(toDir, 'none') });
const toDatabase = await openBenchDatabase('bench_excel_to', toConfig.sqliteFile, toConfig.adminPassword);
const toApp = await buildApp(toConfig, { database: toDatabase.handle, logger: false });
await toApp.listen({ port: 0, host: '127.0.0.1' });

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * Runs a step and answers its time, the highest RSS (sampled every 20 ms) above the RSS before it, and the
 * CPU seconds of this process (both installs' servers) and of a PostgreSQL on this machine meanwhile.
 */
async function step(fn: () => Promise<void>): Promise<{ ms: number; peakMb: number; from: number; to: number; serverCpu: number; postgresCpu: number }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  const [cpu0, pg0] = [processCpuSeconds(), postgresCpuSeconds()];
  const t0 = performance.now();
  const from = Date.now();
  let high = before;
  const timer = setInterval(() => (high = Math.max(high, process.memoryUsage().rss)), 20);
  await fn();
  clearInterval(timer);
  return { ms: performance.now() - t0, peakMb: mb(high - before), from, to: Date.now(), serverCpu: processCpuSeconds() - cpu0, postgresCpu: postgresCpuSeconds() - pg0 };
}

/** The bench users of an install, as the export holds them, a batch at a time in account order. */
async function* benchUsers(db: Kysely<any>) {
  const fields = userResource.fields.filter(isExcel).map((f) => f.name);
  let after = '';
  for (;;) {
    const batch = await db.selectFrom('sysUser').select(fields as any).where('username', 'like', 'user%').where('username', '>', after).orderBy('username').limit(5000).execute();
    if (!batch.length) return;
    after = String((batch[batch.length - 1] as Record<string, unknown>).username);
    yield batch as Array<Record<string, unknown>>;
  }
}

/** How many bench users differ between the two installs in any exported column, or are missing from one. */
async function compareInstalls(a: Kysely<any>, b: Kysely<any>) {
  const left = benchUsers(a);
  const right = benchUsers(b);
  let compared = 0;
  let differing = 0;
  let first = '';
  let l: Array<Record<string, unknown>> = [];
  let r: Array<Record<string, unknown>> = [];
  for (;;) {
    if (!l.length) l = (await left.next()).value ?? [];
    if (!r.length) r = (await right.next()).value ?? [];
    if (!l.length && !r.length) break;
    const x = l.shift();
    const y = r.shift();
    compared++;
    const same = x && y && JSON.stringify(x) === JSON.stringify(y);
    if (!same) {
      differing++;
      first ||= `${JSON.stringify(x)} ≠ ${JSON.stringify(y)}`;
      // out of step (a row missing on one side): nothing after it compares meaningfully
      if (!x || !y || x.username !== y.username) return { compared, differing: differing + l.length + r.length, first, outOfStep: true };
    }
  }
  return { compared, differing, first, outOfStep: false };
}

const memberships = async (db: Kysely<any>) => {
  const users = db.selectFrom('sysUser').select('id').where('username', 'like', 'user%');
  const count = async (table: string) => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('userId', 'in', users).executeTakeFirstOrThrow()).n);
  return { tenants: await count('sysUserTenant'), departs: await count('sysUserDepart') };
};

try {
  const login = await app.inject({ method: 'POST', url: '/api/sys/userLogin', payload: { username: 'admin', password: config.adminPassword } });
  const headers = { 'x-access-token': login.json().result.token as string };
  const toLogin = await toApp.inject({ method: 'POST', url: '/api/sys/userLogin', payload: { username: 'admin', password: toConfig.adminPassword } });
  const toHeaders = { 'x-access-token': toLogin.json().result.token as string };
  const xlsxFile = join(dataDir, 'users.xlsx');

  // the steady light call, answered by the same server process throughout
  const port = (toApp.server.address() as { port: number }).port;
  const stopLoad = await startSteadyLoad(`http://127.0.0.1:${port}/api/sys/dict/getDictItems/sex`, toHeaders['x-access-token'], signOfNoParameters(toApp.ctx.signatureSecret), 100);
  const exported = await step(async () => {
    const res = await app.inject({ method: 'GET', url: '/api/sys/user/exportXls?username=user*', headers, payloadAsStream: true });
    const out = createWriteStream(xlsxFile);
    res.stream().pipe(out);
    await once(out, 'finish');
  });
  console.log(`exported ${statSync(xlsxFile).size} bytes`);

  let message = '';
  const imported = await step(async () => {
    // the upload is streamed from the file, as a browser's would arrive: the figure is the server's memory,
    // not a copy of the file the bench holds
    const boundary = '----bench' + Date.now();
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    async function* body() {
      yield Buffer.from(head);
      yield* createReadStream(xlsxFile);
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const res = await toApp.inject({
      method: 'POST', url: '/api/sys/user/importExcel',
      headers: { ...toHeaders, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Readable.from(body()),
    });
    message = res.json().message;
    if (process.env.BENCH_SHOW_FAILED) console.log(JSON.stringify(res.json()).slice(0, 600));
  });
  const load = await stopLoad();
  console.log(`import: ${message}`);
  if (load.errors) console.log(`warning: ${load.errors} light calls failed`);
  const during = (s: { from: number; to: number }) => latencyStats(load.samples.filter((x: Sample) => x.at >= s.from && x.at <= s.to));

  // the round trip loses nothing: every exported column of every user the same in both installs
  const diff = await compareInstalls(handle.db, toDatabase.handle.db);
  const [fromLinks, toLinks] = [await memberships(handle.db), await memberships(toDatabase.handle.db)];
  console.log(`compared ${diff.compared} users: ${diff.differing} differ${diff.first ? ` (first: ${diff.first.slice(0, 300)})` : ''}`);
  console.log(`memberships: tenants ${fromLinks.tenants} → ${toLinks.tenants}, departments ${fromLinks.departs} → ${toLinks.departs}`);

  // Baseline: the same rows as CSV, written then read back.
  const csvFile = join(dataDir, 'users.csv');
  const rows = await handle.db.selectFrom('sysUser').select(['username', 'realname', 'workNo', 'sex', 'birthday', 'phone', 'email', 'telephone', 'post', 'status']).where('username', 'like', 'user%').execute();
  const csvWrite = await step(async () => {
    const out = createWriteStream(csvFile);
    for (const r of rows) if (!out.write(Object.values(r).map((v) => `"${String(v ?? '').replace(/"/g, '""')}"`).join(',') + '\n')) await once(out, 'drain');
    out.end();
    await once(out, 'finish');
  });
  let csvRows = 0;
  const csvRead = await step(async () => {
    let rest = '';
    for await (const chunk of createReadStream(csvFile, 'utf8')) {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      csvRows += lines.length;
    }
  });
  const [duringExport, duringImport] = [during(exported), during(imported)];
  const figures: Figure[] = [
    { name: `export ${USERS} users to .xlsx (GET /sys/user/exportXls)`, value: exported.ms, unit: 'ms', baseline: csvWrite.ms, aim: 'under 60 s' },
    { name: 'export peak RSS added', value: exported.peakMb, unit: 'MB', baseline: csvWrite.peakMb || undefined, aim: 'under 300 MB' },
    { name: `import of that file into an install without them (POST /sys/user/importExcel)`, value: imported.ms, unit: 'ms', baseline: csvRead.ms, aim: 'under 60 s' },
    { name: 'import peak RSS added', value: imported.peakMb, unit: 'MB', baseline: csvRead.peakMb || undefined, aim: 'under 300 MB' },
    // where the time of each step went: both compete for the same cores
    { name: 'CPU of this process (both servers) during the export', value: exported.serverCpu, unit: 's' },
    { name: 'the same during the import', value: imported.serverCpu, unit: 's' },
    ...(PG_URL
      ? [
          { name: 'CPU of PostgreSQL (every local postgres process) during the export', value: exported.postgresCpu, unit: 's' },
          { name: 'the same during the import', value: imported.postgresCpu, unit: 's' },
        ]
      : []),
    { name: 'users that differ after the round trip, or are missing', value: diff.differing, unit: 'users', aim: '0' },
    { name: 'GET /sys/dict/getDictItems/sex (100 a second) during the export, p99', value: duringExport.p99, unit: 'ms', aim: 'under 200 ms' },
    { name: 'the same call during the import, p99', value: duringImport.p99, unit: 'ms', aim: 'under 200 ms' },
    { name: `baseline: CSV write / read of ${csvRows} rows`, value: csvWrite.ms + csvRead.ms, unit: 'ms' },
    { name: 'process peak RSS (maxRSS, whole run)', value: mb(process.resourceUsage().maxRSS * 1024), unit: 'MB' },
  ];
  if (fromLinks.tenants !== toLinks.tenants || fromLinks.departs !== toLinks.departs) console.log('warning: memberships differ after the round trip');
  report(PG_URL ? 'excel-postgres' : 'excel', figures);
} finally {
  await toApp.close();
  await app.close();
  await toDatabase.close();
  await database.close();
  if (process.env.BENCH_KEEP) console.log(`kept ${dataDir}`);
  else {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(toDir, { recursive: true, force: true });
  }
}
