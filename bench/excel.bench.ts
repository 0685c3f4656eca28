// Export of 100,000 users through GET /sys/user/exportXls, then import of that file (renamed accounts)
// through POST /sys/user/importExcel: time and peak RSS of each. Baseline: the same rows written to and
// read back from CSV in the same process. On SQLite, or on PostgreSQL with BENCH_DATABASE_URL.
import { copyFileSync, createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { getHeapStatistics } from 'node:v8';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { seedId } from '../apps/server/src/core/db';
import { BENCH_PG_URL, openBenchDatabase } from './lib/database';
import { readSpreadsheet } from '../apps/server/src/core/excel';
import { report } from './lib/report';
import { seedUsers, seedUsersPostgres } from './lib/seed-users';

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

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Runs a step and answers its time and the highest RSS (sampled every 20 ms) above the RSS before it. */
async function step(fn: () => Promise<void>) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  const t0 = performance.now();
  let high = before;
  const timer = setInterval(() => (high = Math.max(high, process.memoryUsage().rss)), 20);
  await fn();
  clearInterval(timer);
  return { ms: performance.now() - t0, peakMb: mb(high - before) };
}

try {
  const login = await app.inject({ method: 'POST', url: '/api/sys/userLogin', payload: { username: 'admin', password: config.adminPassword } });
  const headers = { 'x-access-token': login.json().result.token as string };
  const xlsxFile = join(dataDir, 'users.xlsx');

  const exported = await step(async () => {
    const res = await app.inject({ method: 'GET', url: '/api/sys/user/exportXls?username=user*', headers, payloadAsStream: true });
    const out = createWriteStream(xlsxFile);
    res.stream().pipe(out);
    await once(out, 'finish');
  });
  console.log(`exported ${statSync(xlsxFile).size} bytes`);

  // the same accounts cannot be imported twice: rename them so every row is new. Read through the product's
  // reader: exceljs's own stream reader garbles a Chinese character cut between two chunks (see xlsx-worker.cjs)
  const renamed = join(dataDir, 'renamed.xlsx');
  {
    const sheet = await readSpreadsheet(xlsxFile);
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: renamed });
    const ws = writer.addWorksheet('用户');
    ws.addRow(sheet.header).commit();
    for await (const { cells } of sheet.rows) {
      const values = [...cells];
      if (typeof values[0] === 'string') values[0] = `n_${values[0]}`;
      values[2] = `N${values[2]}`;
      values.splice(5, 2, null, null); // phone and email are unique: leave them out
      ws.addRow(values).commit();
    }
    await writer.commit();
  }

  let message = '';
  const imported = await step(async () => {
    // the upload is streamed from the file, as a browser's would arrive: the figure is the server's memory,
    // not a copy of the file the bench holds
    const boundary = '----bench' + Date.now();
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    async function* body() {
      yield Buffer.from(head);
      yield* createReadStream(renamed);
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const res = await app.inject({
      method: 'POST', url: '/api/sys/user/importExcel',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Readable.from(body()),
    });
    message = res.json().message;
    if (process.env.BENCH_SHOW_FAILED) console.log(JSON.stringify(res.json()).slice(0, 600));
  });
  console.log(`import: ${message}`);

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
  report(PG_URL ? 'excel-postgres' : 'excel', [
    { name: `export ${USERS} users to .xlsx (GET /sys/user/exportXls)`, value: exported.ms, unit: 'ms', baseline: csvWrite.ms },
    { name: 'export peak RSS added', value: exported.peakMb, unit: 'MB', baseline: csvWrite.peakMb || undefined },
    { name: `import the same ${USERS} rows (POST /sys/user/importExcel)`, value: imported.ms, unit: 'ms', baseline: csvRead.ms },
    { name: 'import peak RSS added', value: imported.peakMb, unit: 'MB', baseline: csvRead.peakMb || undefined },
    { name: `baseline: CSV write / read of ${csvRows} rows`, value: csvWrite.ms + csvRead.ms, unit: 'ms' },
    { name: 'process peak RSS (maxRSS, whole run)', value: mb(process.resourceUsage().maxRSS * 1024), unit: 'MB' },
  ]);
} finally {
  await app.close();
  await database.close();
  if (process.env.BENCH_KEEP) console.log(`kept ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}
