// 500 students submit a 20-question test at the same moment (issue 12): p99 of POST /students/study/attempt/submit
// through real HTTP to a started server, against a baseline of 500 simultaneous light signed-in calls
// (GET /sys/dict/getDictItems/sex) in the same run. Afterwards the database must hold exactly 500 finished
// attempts, one per student, each with the score worked out here independently of the server's marking, and
// a second wave of 500 submissions must all be refused without changing any score. Fails loudly otherwise.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { connectDatabase, migrateToLatest, newId, seedDatabase } from '../apps/server/src/core/db';
import { percentile, report } from './lib/report';

const STUDENTS = Number(process.env.STUDENTS ?? 500);
const QUESTIONS = 20;
const SCORE = 5;
const TENANT = 1000;

// The load generator, a second process so the server has its own event loop: receives a list of requests,
// fires them all at once, answers each one's latency, HTTP status and envelope (success, message).
const LOAD_SCRIPT = `
process.on('message', async (requests) => {
  const out = await Promise.all(requests.map(async (r) => {
    const t0 = performance.now();
    try {
      const res = await fetch(r.url, { method: r.method, headers: r.headers, body: r.body });
      const body = await res.json();
      return { ms: performance.now() - t0, status: res.status, success: body.success, message: body.message };
    } catch (e) {
      return { ms: performance.now() - t0, status: 0, success: false, message: String(e) };
    }
  }));
  process.send(out, () => process.exit(0));
});
process.send('ready');
`;
interface Req {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}
interface Res {
  ms: number;
  status: number;
  success: boolean;
  message: string;
}
function burst(requests: Req[]): Promise<Res[]> {
  const child = spawn(process.execPath, ['-e', LOAD_SCRIPT], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => code !== 0 && reject(new Error(`load process exited (${code})`)));
    child.on('message', (m) => (m === 'ready' ? child.send(requests) : resolve(m as Res[])));
  });
}
const stats = (rs: Res[]) => {
  const sorted = rs.map((r) => r.ms).sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] };
};
function fail(message: string): never {
  throw new Error(`students-submit bench FAILED: ${message}`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-students-submit-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Bench#2026-pass', LOGIN_CAPTCHA: 'off', WEB_DIST: join(dataDir, 'none'), SAMPLE_CONTENT: 'off' });
const handle = connectDatabase({ sqliteFile: config.sqliteFile });
await migrateToLatest(handle.db);
await seedDatabase(handle.db, { adminPassword: config.adminPassword });
const app = await buildApp(config, { database: handle, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const db = handle.db;

try {
  // ---- the students: one role holding students:study, 500 members of the default tenant ----
  let permissionId = (await db.selectFrom('sysPermission').select('id').where('perms', '=', 'students:study').where('delFlag', '=', 0).executeTakeFirst())?.id;
  if (!permissionId) {
    permissionId = newId();
    await db.insertInto('sysPermission').values({ id: permissionId, parentId: null, name: '学习', url: null, component: null, componentName: null, redirect: null, menuType: 2, perms: 'students:study', permsType: '1', sortNo: 0, icon: null, status: '1', createBy: null, createTime: null, updateBy: null, updateTime: null }).execute();
  }
  const roleId = newId();
  const userIds = Array.from({ length: STUDENTS }, () => newId());
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('sysRole').values({ id: roleId, roleCode: 'bench_student', roleName: '压测学生', tenantId: TENANT }).execute();
    await trx.insertInto('sysRolePermission').values({ id: newId(), roleId, permissionId: permissionId!, dataRuleIds: null, operateDate: null, operateIp: null }).execute();
    for (let i = 0; i < STUDENTS; i += 100) {
      const chunk = userIds.slice(i, i + 100);
      await trx.insertInto('sysUser').values(chunk.map((id, k) => ({ id, username: `stu${i + k}`, realname: `学生${i + k}`, password: 'scrypt$16384$8$1$00$00', status: 1, loginTenantId: TENANT }))).execute();
      await trx.insertInto('sysUserTenant').values(chunk.map((userId) => ({ id: newId(), userId, tenantId: TENANT, status: '1' }))).execute();
      await trx.insertInto('sysUserRole').values(chunk.map((userId) => ({ id: newId(), userId, roleId }))).execute();
    }
  });
  // Sessions issued directly by the token service: the bench measures submitting, not 500 password checks.
  const tokens = await Promise.all(userIds.map(async (userId, i) => (await app.ctx.tokens.issue({ userId, username: `stu${i}` })).token));

  // ---- the test: 12 single choice, 4 multiple choice (partial credit on), 4 true/false; options shuffled ----
  const questionIds: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (let n = 0; n < QUESTIONS; n++) {
      const id = newId();
      const type = n < 12 ? 'single' : n < 16 ? 'multi' : 'judge';
      const options = type === 'judge' ? ['正确', '错误'] : ['甲', '乙', '丙', '丁'];
      const right = type === 'multi' ? [0, 2, 3] : [n % options.length];
      questionIds.push(id);
      await trx.insertInto('stuQuestion').values({ id, tenantId: TENANT, type, stem: `第${n + 1}题`, analysis: null, difficulty: '2', category: null, gradeBand: null, score: SCORE, answer: right.map((r) => String.fromCharCode(65 + r)).join(','), delFlag: 0, createBy: null, createTime: null, updateBy: null, updateTime: null }).execute();
      await trx.insertInto('stuQuestionOption').values(options.map((content, i) => ({ id: newId(), tenantId: TENANT, questionId: id, label: String.fromCharCode(65 + i), content, image: null, isCorrect: right.includes(i) ? 1 : 0, sortNo: i }))).execute();
    }
  });
  const paperId = newId();
  await db.insertInto('stuPaper').values({ id: paperId, tenantId: TENANT, title: '压测试卷', description: null, mode: 'fixed', timeLimitMinutes: 30, openTime: null, closeTime: null, passScore: 60, maxAttempts: 1, scoreRule: 'best', partialCredit: 1, shuffleOptions: 1, published: 1, createBy: null, createTime: null, updateBy: null, updateTime: null }).execute();
  await db.insertInto('stuPaperQuestion').values(questionIds.map((questionId, i) => ({ id: newId(), tenantId: TENANT, paperId, questionId, score: SCORE, sortNo: i }))).execute();

  const headers = (token: string) => ({ 'x-access-token': token, 'content-type': 'application/json' });
  // ---- every student starts the test (not measured) ----
  const started = await burst(tokens.map((token) => ({ url: `${base}/api/students/study/attempt/start`, method: 'POST', headers: headers(token), body: JSON.stringify({ paperId }) })));
  if (started.some((r) => !r.success)) fail(`start refused: ${started.find((r) => !r.success)!.message}`);
  const attempts = await db.selectFrom('stuAttempt').select(['id', 'userId']).where('paperId', '=', paperId).execute();
  if (attempts.length !== STUDENTS) fail(`${attempts.length} attempts started for ${STUDENTS} students`);
  const attemptOf = new Map(attempts.map((a) => [a.userId, a.id]));

  // ---- each student's answers and the score they must get, worked out here from the frozen copy ----
  const items = await db.selectFrom('stuAttemptItem').select(['attemptId', 'questionId', 'type', 'correctAnswer']).where('attemptId', 'in', attempts.map((a) => a.id)).execute();
  const itemsOf = new Map<string, typeof items>();
  for (const it of items) itemsOf.set(it.attemptId, [...(itemsOf.get(it.attemptId) ?? []), it]);
  const expected = new Map<string, number>();
  const submissions: Req[] = userIds.map((userId, s) => {
    const attemptId = attemptOf.get(userId)!;
    let score = 0;
    const answers = itemsOf.get(attemptId)!.map((it, k) => {
      const right = it.correctAnswer.split(',');
      const mode = (s + k) % 4; // 0 wrong, 1 partial (multi) or right, 2 and 3 right
      if (mode === 0) return { questionId: it.questionId, answer: ['A', 'B', 'C', 'D'].find((l) => !right.includes(l))! };
      if (mode === 1 && it.type === 'multi') {
        score += Math.floor((SCORE * 1) / right.length);
        return { questionId: it.questionId, answer: right[0] };
      }
      score += SCORE;
      return { questionId: it.questionId, answer: it.correctAnswer };
    });
    expected.set(attemptId, score);
    return { url: `${base}/api/students/study/attempt/submit`, method: 'POST', headers: headers(tokens[s]), body: JSON.stringify({ attemptId, answers }) };
  });

  // ---- baseline: 500 simultaneous light signed-in calls ----
  // getDictItems is a signed call: X-Sign over no parameters is the MD5 of "{}" and the install's secret
  const dictSign = { 'x-sign': createHash('md5').update(`{}${app.ctx.signatureSecret}`).digest('hex').toUpperCase(), 'x-timestamp': String(Date.now()) };
  const baseline = await burst(tokens.map((token) => ({ url: `${base}/api/sys/dict/getDictItems/sex`, method: 'GET', headers: { 'x-access-token': token, ...dictSign } })));
  if (baseline.some((r) => !r.success)) fail(`baseline call refused: ${baseline.find((r) => !r.success)!.message}`);

  // ---- the measured moment: 500 submissions at once ----
  const t0 = performance.now();
  const submitted = await burst(submissions);
  const wall = performance.now() - t0;
  const refused = submitted.filter((r) => !r.success);
  if (refused.length) fail(`${refused.length} submissions refused, e.g. ${refused[0].status} ${refused[0].message}`);

  // ---- a second wave: every submission again, all refused, nothing counted twice ----
  const again = await burst(submissions);
  const accepted = again.filter((r) => r.success || r.message !== '本次考试已提交');
  if (accepted.length) fail(`${accepted.length} second submissions not refused as already submitted (${accepted[0].message})`);

  // ---- the database afterwards ----
  const rows = await db.selectFrom('stuAttempt').select(['id', 'userId', 'status', 'score', 'correctCount']).where('paperId', '=', paperId).execute();
  const done = rows.filter((r) => r.status === 'done');
  if (rows.length !== STUDENTS || done.length !== STUDENTS) fail(`${rows.length} attempts, ${done.length} done; expected ${STUDENTS} and ${STUDENTS}`);
  if (new Set(rows.map((r) => r.userId)).size !== STUDENTS) fail('a student has more than one attempt');
  const wrongScores = done.filter((r) => r.score !== expected.get(r.id));
  if (wrongScores.length) fail(`${wrongScores.length} attempts with a wrong score, e.g. ${wrongScores[0].score} instead of ${expected.get(wrongScores[0].id)}`);
  const itemSums = await db
    .selectFrom('stuAttemptItem')
    .select((eb) => ['attemptId', eb.fn.sum<number>('score').as('total')])
    .where('attemptId', 'in', rows.map((r) => r.id))
    .groupBy('attemptId')
    .execute();
  const mismatched = itemSums.filter((s) => Number(s.total) !== expected.get(s.attemptId));
  if (mismatched.length) fail(`${mismatched.length} attempts whose item scores do not add up to the attempt's`);
  const totalExpected = [...expected.values()].reduce((a, b) => a + b, 0);
  console.log(`verified: ${done.length} attempts done, one per student, every score as expected (sum ${totalExpected}); second wave refused ${again.length}/${again.length}`);

  const s = stats(submitted);
  const b = stats(baseline);
  report('students-submit', [
    { name: `POST /students/study/attempt/submit, ${STUDENTS} students at the same moment (20 questions each), p99`, value: s.p99, unit: 'ms', baseline: b.p99 },
    { name: 'the same submissions, p50', value: s.p50, unit: 'ms', baseline: b.p50 },
    { name: 'the same submissions, worst', value: s.max, unit: 'ms', baseline: b.max },
    { name: `all ${STUDENTS} submissions answered, wall time`, value: wall, unit: 'ms' },
    { name: `baseline: ${STUDENTS} simultaneous GET /sys/dict/getDictItems/sex, p99`, value: b.p99, unit: 'ms' },
    { name: 'attempts lost or counted twice', value: 0, unit: 'attempts', aim: '0' },
  ]);
} finally {
  await app.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
