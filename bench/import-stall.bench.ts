// Does a big import stall the server? A light authenticated call (GET /sys/dict/getDictItems/sex) is
// issued continuously from a second process, first with nothing else going on (baseline), then while a
// 50,000-row user import (POST /sys/user/importExcel) runs; p99 and worst latency of both are compared.
// On SQLite, or on PostgreSQL with BENCH_DATABASE_URL.
// The aim of security issue 10: the call keeps answering within 200 ms at p99 during an import of any size.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { BENCH_PG_URL, openBenchDatabase } from './lib/database';
import { report } from './lib/report';
import { latencyStats, signOfNoParameters, startSteadyLoad } from './lib/load';

const ROWS = Number(process.env.IMPORT_ROWS ?? 50_000);
const BASELINE_SECONDS = 5;
const RATE = 100; // calls per second

const dataDir = mkdtempSync(join(tmpdir(), 'bench-import-stall-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Bench#2026-pass', LOGIN_CAPTCHA: 'off', WEB_DIST: join(dataDir, 'none') });
// BENCH_DATABASE_URL: on PostgreSQL instead of an SQLite file
const database = await openBenchDatabase('bench_stall', config.sqliteFile, config.adminPassword);
const app = await buildApp(config, { database: database.handle, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

try {
  // The file: ROWS new users, every unique column distinct.
  const xlsxFile = join(dataDir, 'users.xlsx');
  {
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: xlsxFile });
    const ws = writer.addWorksheet('用户');
    ws.addRow(['用户账号', '用户姓名', '工号', '性别', '手机号码', '电子邮件', '座机']).commit();
    for (let i = 0; i < ROWS; i++) {
      ws.addRow([`imp_${i}`, `导入用户${i}`, `IW${i}`, i % 2 ? '男' : '女', `139${String(i).padStart(8, '0')}`, `imp${i}@example.com`, '010-12345678']).commit();
    }
    await writer.commit();
  }
  const file = readFileSync(xlsxFile);
  console.log(`file: ${ROWS} rows, ${file.length} bytes`);

  const login = await (await fetch(`${base}/api/sys/userLogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: config.adminPassword }) })).json();
  const token = login.result.token as string;
  const url = `${base}/api/sys/dict/getDictItems/sex`;
  const sign = signOfNoParameters(app.ctx.signatureSecret);

  // Baseline: the light call alone.
  const stopBaseline = await startSteadyLoad(url, token, sign, RATE);
  await new Promise((r) => setTimeout(r, BASELINE_SECONDS * 1000));
  const baseline = await stopBaseline();

  // The same call while the import runs; only the requests started during the import count.
  const stopDuring = await startSteadyLoad(url, token, sign, RATE);
  await new Promise((r) => setTimeout(r, 300));
  const boundary = '----bench' + Date.now();
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const importStart = Date.now();
  const res = await fetch(`${base}/api/sys/user/importExcel`, {
    method: 'POST',
    headers: { 'x-access-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  const answer = await res.json();
  const importEnd = Date.now();
  loopDelay.disable();
  const loopP99 = loopDelay.percentile(99) / 1e6;
  const loopMax = loopDelay.max / 1e6;
  const during = await stopDuring();
  const inWindow = during.samples.filter((s) => s.at >= importStart && s.at <= importEnd);
  console.log(`import answer (${importEnd - importStart} ms): ${answer.message}${answer.result?.msg ? ` (${answer.result.msg})` : ""}`);
  if (answer.result?.fileUrl) {
    const report = await fetch(`${base}/api/sys/common/static/${answer.result.fileUrl}`, { headers: { 'x-access-token': token } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await report.arrayBuffer()) as any);
    const lines = (wb.worksheets[0].getSheetValues() as unknown[][]).filter(Boolean).slice(1, 4).map((r) => `row ${r[1]}: ${r[r.length - 1]}`);
    console.log(`refused rows (first ${lines.length}): ${lines.join('; ')}`);
  }
  if (baseline.errors || during.errors) console.log(`warning: ${baseline.errors} + ${during.errors} failed calls`);

  const b = latencyStats(baseline.samples);
  const d = latencyStats(inWindow);
  console.log(`baseline: ${b.count} calls, p50 ${b.p50.toFixed(2)} ms, p99 ${b.p99.toFixed(2)} ms, max ${b.max.toFixed(2)} ms`);
  console.log(`during import: ${d.count} calls, p50 ${d.p50.toFixed(2)} ms, p99 ${d.p99.toFixed(2)} ms, max ${d.max.toFixed(2)} ms`);
  console.log(`server event loop delay during import: p99 ${loopP99.toFixed(1)} ms, max ${loopMax.toFixed(1)} ms`);
  report(BENCH_PG_URL ? 'import-stall-postgres' : 'import-stall', [
    { name: `GET /sys/dict/getDictItems/sex p99 while importing ${ROWS} users (${RATE} calls/s from a second process)`, value: d.p99, unit: 'ms', baseline: b.p99, aim: '< 200 ms' },
    { name: 'the same call, worst latency during the import', value: d.max, unit: 'ms', baseline: b.max },
    { name: 'calls answered during the import', value: d.count, unit: 'calls' },
    { name: 'server event loop delay during the import, p99', value: loopP99, unit: 'ms' },
    { name: 'server event loop delay during the import, max', value: loopMax, unit: 'ms' },
    { name: `import of ${ROWS} users (POST /sys/user/importExcel), wall time`, value: importEnd - importStart, unit: 'ms' },
    { name: 'baseline: the call alone, p99', value: b.p99, unit: 'ms' },
  ]);
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
