// 导入花名册 of a school of 2,000 students (POST /students/class/importRoster: 40 classes made, 2,000
// accounts with first passwords hashed, tenant and role rows, 学号 rows, memberships, one transaction)
// against the plain user import (POST /sys/user/importExcel) of the same 2,000 people into a second install
// in the same run. Then the roster again (every student known: names and classes updated, nothing created).
// The aim: the roster in under 10 s. On SQLite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openBenchDatabase } from './lib/database';
import { report } from './lib/report';

const STUDENTS = Number(process.env.STUDENTS ?? 2000);
const PASSWORD = 'Bench#2026-pass';

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(file: Buffer, name: string) {
  const boundary = '----bench' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

async function install(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: PASSWORD, LOGIN_CAPTCHA: 'off', WEB_DIST: join(dir, 'none'), DEMO_DATA: 'off' });
  const db = await openBenchDatabase(prefix.replace(/-/g, '_'), config.sqliteFile, config.adminPassword);
  const app = await buildApp(config, { database: db.handle, logger: false });
  const login = await app.inject({ method: 'POST', url: '/api/sys/login', payload: { username: 'admin', password: PASSWORD } });
  const token = login.json().result.token as string;
  return { app, token, close: async () => (await app.close(), await db.handle.close(), rmSync(dir, { recursive: true, force: true })) };
}

async function timed(app: Awaited<ReturnType<typeof install>>, url: string, file: Buffer) {
  const { payload, type } = multipart(file, 'x.xlsx');
  const t0 = performance.now();
  const res = await app.app.inject({ method: 'POST', url, payload, headers: { 'x-access-token': app.token, 'content-type': type } });
  const ms = performance.now() - t0;
  const body = res.json();
  if (!body.success) throw new Error(`${url}: ${body.message}`);
  return { ms, body };
}

const people = Array.from({ length: STUDENTS }, (_, i) => ({ no: `S${String(100000 + i)}`, name: `学生${i}`, grade: `${1 + (i % 6)}年级`, cls: `${1 + (Math.floor(i / 6) % 7)}班` }));
const roster = await sheet([['年级', '班级', '姓名', '学号', '家长手机号'], ...people.map((p, i) => [p.grade, p.cls, p.name, p.no, `139${String(10000000 + i)}`])]);
const renamed = await sheet([['年级', '班级', '姓名', '学号'], ...people.map((p) => [p.grade, p.cls === '1班' ? '2班' : p.cls, `${p.name}改`, p.no])]);
const users = await sheet([['用户账号', '用户姓名'], ...people.map((p) => [p.no, p.name])]);

const a = await install('bench-roster-');
const b = await install('bench-roster-users-');
try {
  const plain = await timed(b, '/api/sys/user/importExcel', users);
  const first = await timed(a, '/api/students/class/importRoster', roster);
  const again = await timed(a, '/api/students/class/importRoster', renamed);
  if (first.body.result.created !== STUDENTS || again.body.result.updated !== STUDENTS) throw new Error('roster counts wrong');
  report('roster-import', [
    { name: `POST /students/class/importRoster, ${STUDENTS} students into ${first.body.result.classesCreated} new classes`, value: Math.round(first.ms), unit: 'ms', baseline: Math.round(plain.ms), aim: '< 10000' },
    { name: `the same file again (${STUDENTS} known students renamed, some moved)`, value: Math.round(again.ms), unit: 'ms', baseline: Math.round(plain.ms) },
    { name: `baseline: POST /sys/user/importExcel of the same ${STUDENTS} people (no passwords, roles or classes)`, value: Math.round(plain.ms), unit: 'ms' },
  ]);
} finally {
  await a.close();
  await b.close();
}
