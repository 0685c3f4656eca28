// 课堂答题 (issue 43): a class of 60 phones answers the same question within the same second. Measured from
// the moment the answers are sent until the teacher's screen knows all 60 have answered: (1) the socket push
// carrying answered = 60 arrives on the teacher's notification socket, (2) the screen's read of
// GET /students/live/state (made on each push, one at a time, as the page does) answers 60. Baseline in the
// same run and session: the same with one phone answering (answered = 1). Also each answer call's latency.
// Afterwards the database must hold exactly one answer per student for the question, and a second wave of the
// same 60 answers must all be refused. The screen and the phones are a second process, so the server keeps
// its own event loop. Fails loudly otherwise.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { connectDatabase, migrateToLatest, newId, seedDatabase } from '../apps/server/src/core/db';
import { percentile, report } from './lib/report';

const STUDENTS = Number(process.env.STUDENTS ?? 60);
const TENANT = 1000;
const DEADLINE_MS = 15_000;

// The classroom: the teacher's screen (its notification socket, and a state read after each push) and the
// phones (all answers sent at once). Answers when the push with `expect` answers came, when a state read
// first showed them, and each answer call's latency and envelope.
const CLASSROOM_SCRIPT = `
const WebSocket = require('ws');
const now = () => performance.now();
process.on('message', async (m) => {
  const ws = new WebSocket(m.socketUrl + '/' + encodeURIComponent(m.teacherId + '_screen'), [m.teacherToken]);
  await new Promise((ok, fail) => { ws.on('open', ok); ws.on('error', fail); });
  let t0 = 0, pushAt = null, stateAt = null, reading = false, again = false, reads = 0, pushes = 0;
  let finish;
  const done = new Promise((ok) => { finish = ok; });
  const read = async () => {
    if (reading) { again = true; return; }
    reading = true;
    do {
      again = false;
      const res = await fetch(m.base + '/api/students/live/state?id=' + m.sessionId, { headers: { 'x-access-token': m.teacherToken } });
      const body = await res.json();
      reads++;
      if (body.success && body.result.answered >= m.expect && stateAt === null) { stateAt = now() - t0; finish(); }
    } while (again && stateAt === null);
    reading = false;
  };
  ws.on('message', (data) => {
    let f;
    try { f = JSON.parse(String(data)); } catch { return; }
    if (f.cmd !== 'live' || f.event !== 'answered' || f.sessionId !== m.sessionId) return;
    pushes++;
    if (f.answered >= m.expect && pushAt === null) pushAt = now() - t0;
    void read();
  });
  // settle the socket, then send every answer at once
  await new Promise((r) => setTimeout(r, 200));
  t0 = now();
  const answers = await Promise.all(m.answers.map(async (a) => {
    const t = now();
    try {
      const res = await fetch(m.base + '/api/students/live/answer', { method: 'POST', headers: { 'x-access-token': a.token, 'content-type': 'application/json' }, body: JSON.stringify({ id: m.sessionId, questionId: m.questionId, answer: a.answer }) });
      const body = await res.json();
      return { ms: now() - t, sentAfter: t - t0, success: body.success, message: body.message };
    } catch (e) {
      return { ms: now() - t, sentAfter: t - t0, success: false, message: String(e) };
    }
  }));
  const allAnswered = now() - t0;
  await Promise.race([done, new Promise((r) => setTimeout(r, m.deadlineMs))]);
  ws.terminate();
  process.send({ pushAt, stateAt, allAnswered, answers, reads, pushes }, () => process.exit(0));
});
process.send('ready');
`;
interface Answered {
  ms: number;
  sentAfter: number;
  success: boolean;
  message: string;
}
interface Round {
  pushAt: number | null;
  stateAt: number | null;
  allAnswered: number;
  answers: Answered[];
  reads: number;
  pushes: number;
}
function classroom(job: object): Promise<Round> {
  const child = spawn(process.execPath, ['-e', CLASSROOM_SCRIPT], { cwd: resolve(import.meta.dirname, '..'), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((ok, fail) => {
    child.once('exit', (code) => code !== 0 && fail(new Error(`classroom process exited (${code})`)));
    child.on('message', (m) => (m === 'ready' ? child.send(job) : ok(m as Round)));
  });
}
function fail(message: string): never {
  throw new Error(`live-quiz bench FAILED: ${message}`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-live-quiz-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Bench#2026-pass', LOGIN_CAPTCHA: 'off', WEB_DIST: join(dataDir, 'none'), SAMPLE_CONTENT: 'off' });
const handle = connectDatabase({ sqliteFile: config.sqliteFile });
await migrateToLatest(handle.db);
await seedDatabase(handle.db, { adminPassword: config.adminPassword });
const app = await buildApp(config, { database: handle, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const socketUrl = `${base.replace(/^http/, 'ws')}/api/websocket`;
const db = handle.db;

try {
  // ---- a teacher (students:study + students:teach) and a class of STUDENTS (students:study) ----
  const permission = async (perms: string) => {
    const found = (await db.selectFrom('sysPermission').select('id').where('perms', '=', perms).where('delFlag', '=', 0).executeTakeFirst())?.id;
    if (found) return found;
    const id = newId();
    await db.insertInto('sysPermission').values({ id, parentId: null, name: perms, url: null, component: null, componentName: null, redirect: null, menuType: 2, perms, permsType: '1', sortNo: 0, icon: null, status: '1', createBy: null, createTime: null, updateBy: null, updateTime: null }).execute();
    return id;
  };
  const [study, teach] = [await permission('students:study'), await permission('students:teach')];
  const studentRole = newId();
  const teacherRole = newId();
  const teacherId = newId();
  const studentIds = Array.from({ length: STUDENTS }, () => newId());
  const classId = newId();
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('sysRole').values([{ id: studentRole, roleCode: 'bench_live_student', roleName: '压测学生', tenantId: TENANT }, { id: teacherRole, roleCode: 'bench_live_teacher', roleName: '压测教师', tenantId: TENANT }]).execute();
    await trx.insertInto('sysRolePermission').values([studentRole, teacherRole].map((roleId) => ({ id: newId(), roleId, permissionId: study, dataRuleIds: null, operateDate: null, operateIp: null }))).execute();
    await trx.insertInto('sysRolePermission').values({ id: newId(), roleId: teacherRole, permissionId: teach, dataRuleIds: null, operateDate: null, operateIp: null }).execute();
    const users = [{ id: teacherId, username: 'live_teacher', realname: '压测教师' }, ...studentIds.map((id, i) => ({ id, username: `live${i}`, realname: `学生${i}` }))];
    await trx.insertInto('sysUser').values(users.map((u) => ({ ...u, password: 'scrypt$16384$8$1$00$00', status: 1, loginTenantId: TENANT }))).execute();
    await trx.insertInto('sysUserTenant').values(users.map((u) => ({ id: newId(), userId: u.id, tenantId: TENANT, status: '1' }))).execute();
    await trx.insertInto('sysUserRole').values(users.map((u) => ({ id: newId(), userId: u.id, roleId: u.id === teacherId ? teacherRole : studentRole }))).execute();
    await trx.insertInto('stuClass').values({ id: classId, tenantId: TENANT, name: '压测班', grade: null, departId: null, description: null, createBy: null, createTime: null, updateBy: null, updateTime: null }).execute();
    await trx.insertInto('stuClassMember').values(users.map((u) => ({ id: newId(), tenantId: TENANT, classId, userId: u.id, memberRole: u.id === teacherId ? 'teacher' : 'student' }))).execute();
  });
  // three questions: a warm-up, the baseline (one phone) and the class (every phone)
  const questionIds: string[] = [];
  for (let n = 0; n < 3; n++) {
    const id = newId();
    questionIds.push(id);
    await db.insertInto('stuQuestion').values({ id, tenantId: TENANT, type: 'single', stem: `第${n + 1}题`, analysis: null, difficulty: '2', category: null, gradeBand: null, score: 5, answer: 'A', delFlag: 0, createBy: null, createTime: null, updateBy: null, updateTime: null }).execute();
    await db.insertInto('stuQuestionOption').values(['甲', '乙', '丙', '丁'].map((content, i) => ({ id: newId(), tenantId: TENANT, questionId: id, label: String.fromCharCode(65 + i), content, image: null, isCorrect: i === 0 ? 1 : 0, sortNo: i }))).execute();
  }
  const teacherToken = (await app.ctx.tokens.issue({ userId: teacherId, username: 'live_teacher' })).token;
  const tokens = await Promise.all(studentIds.map(async (userId, i) => (await app.ctx.tokens.issue({ userId, username: `live${i}` })).token));

  const api = async <T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}/api${path}`, { method, headers: { 'x-access-token': token, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const env = (await res.json()) as { success: boolean; message: string; result: T };
    if (!env.success) fail(`${method} ${path}: ${env.message}`);
    return env.result;
  };
  // ---- the session: every phone joins ----
  const { id: sessionId, code } = await api<{ id: string; code: string }>(teacherToken, 'POST', '/students/live/start', { classId, questionIds });
  await Promise.all(tokens.map((token) => api(token, 'POST', '/students/live/join', { code })));
  const joined = await api<{ joined: number }>(teacherToken, 'GET', `/students/live/state?id=${sessionId}`);
  if (joined.joined !== STUDENTS) fail(`${joined.joined} of ${STUDENTS} phones joined`);

  const round = async (questionId: string, who: string[], label: string) => {
    await api(teacherToken, 'POST', '/students/live/next', { id: sessionId, seconds: 600 });
    const answers = who.map((token, i) => ({ token, answer: 'ABCD'[i % 4] }));
    const r = await classroom({ socketUrl, base, teacherId, teacherToken, sessionId, questionId, answers, expect: who.length, deadlineMs: DEADLINE_MS });
    const refused = r.answers.filter((a) => !a.success);
    if (refused.length) fail(`${label}: ${refused.length} answers refused, e.g. ${refused[0].message}`);
    if (r.pushAt === null) fail(`${label}: the push with ${who.length} answered never reached the teacher's socket`);
    if (r.stateAt === null) fail(`${label}: the teacher's state never showed ${who.length} answered`);
    return r;
  };
  await round(questionIds[0], tokens.slice(0, 5), 'warm-up');
  const one = await round(questionIds[1], tokens.slice(0, 1), 'one phone');
  const all = await round(questionIds[2], tokens, `${STUDENTS} phones`);
  const spread = Math.max(...all.answers.map((a) => a.sentAfter));
  if (spread >= 1000) fail(`the ${STUDENTS} answers were sent over ${spread.toFixed(0)} ms, not within one second`);

  // ---- afterwards: one answer per phone, and a second wave refused ----
  const item = await db.selectFrom('stuLiveQuestion').select('id').where('sessionId', '=', sessionId).where('sortNo', '=', 2).executeTakeFirstOrThrow();
  const stored = await db.selectFrom('stuLiveAnswer').select('userId').where('itemId', '=', item.id).execute();
  if (stored.length !== STUDENTS || new Set(stored.map((s) => s.userId)).size !== STUDENTS) fail(`${stored.length} answers stored for ${STUDENTS} phones`);
  const again = await Promise.all(tokens.map(async (token) => (await fetch(`${base}/api/students/live/answer`, { method: 'POST', headers: { 'x-access-token': token, 'content-type': 'application/json' }, body: JSON.stringify({ id: sessionId, questionId: questionIds[2], answer: 'A' }) })).json() as Promise<{ success: boolean; message: string }>));
  const notRefused = again.filter((r) => r.success || r.message !== '本题已作答，不能修改');
  if (notRefused.length) fail(`${notRefused.length} second answers not refused (${notRefused[0].message})`);
  console.log(`verified: ${STUDENTS} answers stored, one per phone; the second wave refused ${again.length}/${again.length}; the screen read its state ${all.reads} times on ${all.pushes} pushes`);

  const latencies = all.answers.map((a) => a.ms).sort((a, b) => a - b);
  report('live-quiz', [
    { name: `${STUDENTS} phones answer within the same second: time until the teacher's state shows ${STUDENTS} answered`, value: all.stateAt!, unit: 'ms', baseline: one.stateAt! },
    { name: `the same, time until the socket push with ${STUDENTS} answered reaches the teacher`, value: all.pushAt!, unit: 'ms', baseline: one.pushAt! },
    { name: `all ${STUDENTS} answer calls answered, wall time`, value: all.allAnswered, unit: 'ms', baseline: one.allAnswered },
    { name: 'POST /students/live/answer latency, p50', value: percentile(latencies, 50), unit: 'ms', baseline: one.answers[0].ms },
    { name: 'POST /students/live/answer latency, p99', value: percentile(latencies, 99), unit: 'ms', baseline: one.answers[0].ms },
    { name: `the ${STUDENTS} answers sent within`, value: spread, unit: 'ms', aim: '< 1000' },
    { name: 'answers lost or counted twice', value: 0, unit: 'answers', aim: '0' },
  ]);
} finally {
  await app.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
