// The completion view of one assignment given to a class of 2,000 students (安全作业): p99 of
// GET /students/assignment/progress for the class's teacher at a few concurrent clients, every student
// having progress rows (three lessons of a course, a submitted attempt, a finished hazard play), against
// GET /students/class/list (the plain class list) at the same concurrency in the same run. Checks that
// the view answers every student, with the completion worked out here from the rows inserted.
// The view reads each student's stored outcome (stu_assignment_outcome), kept current when progress is
// recorded and derived again when the assignment is saved: the progress here is inserted directly, so the
// outcomes are stored the way saving the assignment stores them, and that is timed too.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { connectDatabase, formatDateTime, migrateToLatest, newId, seedDatabase } from '../apps/server/src/core/db';
import { refreshAssignment } from '../apps/server/src/modules/students/assignment/stored';
import { percentile, report } from './lib/report';

const STUDENTS = Number(process.env.STUDENTS ?? 2000);
const CLIENTS = Number(process.env.CLIENTS ?? 4);
const PER_CLIENT = Number(process.env.PER_CLIENT ?? 25);
const TENANT = 1000;

// The load generator, a second process: CLIENTS loops, each sending its requests one after another.
const LOAD_SCRIPT = `
process.on('message', async ({ url, headers, clients, perClient }) => {
  const ms = [];
  let failed = null;
  await Promise.all(Array.from({ length: clients }, async () => {
    for (let i = 0; i < perClient; i++) {
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      const body = await res.json();
      ms.push(performance.now() - t0);
      if (!body.success) failed = body.message;
    }
  }));
  process.send({ ms, failed }, () => process.exit(0));
});
process.send('ready');
`;
function run(url: string, headers: Record<string, string>): Promise<number[]> {
  const child = spawn(process.execPath, ['-e', LOAD_SCRIPT], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => code !== 0 && reject(new Error(`load process exited (${code})`)));
    child.on('message', (m: any) => {
      if (m === 'ready') return child.send({ url, headers, clients: CLIENTS, perClient: PER_CLIENT });
      if (m.failed) reject(new Error(`assignment-progress bench FAILED: ${m.failed}`));
      resolve((m.ms as number[]).sort((a, b) => a - b));
    });
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-assignment-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Bench#2026-pass', LOGIN_CAPTCHA: 'off', WEB_DIST: join(dataDir, 'none'), SAMPLE_CONTENT: 'off', DEMO_DATA: 'off' });
const handle = connectDatabase({ sqliteFile: config.sqliteFile });
await migrateToLatest(handle.db);
await seedDatabase(handle.db, { adminPassword: config.adminPassword });
const app = await buildApp(config, { database: handle, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const db = handle.db;
const now = Date.now();
const at = (ms: number) => formatDateTime(new Date(ms));

try {
  // ---- the teacher: a role holding the teaching and class-list codes ----
  const roleId = newId();
  const teacherId = newId();
  await db.insertInto('sysRole').values({ id: roleId, roleCode: 'bench_teacher', roleName: '压测教师', tenantId: TENANT }).execute();
  for (const code of ['students:teach', 'students:assignment:list', 'students:class:list']) {
    const permissionId = newId();
    await db.insertInto('sysPermission').values({ id: permissionId, parentId: null, name: code, url: null, component: null, componentName: null, redirect: null, menuType: 2, perms: code, permsType: '1', sortNo: 0, icon: null, status: '1', createBy: null, createTime: null, updateBy: null, updateTime: null }).execute();
    await db.insertInto('sysRolePermission').values({ id: newId(), roleId, permissionId, dataRuleIds: null, operateDate: null, operateIp: null }).execute();
  }
  await db.insertInto('sysUser').values({ id: teacherId, username: 'bench_teacher', realname: '压测教师', password: 'scrypt$16384$8$1$00$00', status: 1, loginTenantId: TENANT }).execute();
  await db.insertInto('sysUserTenant').values({ id: newId(), userId: teacherId, tenantId: TENANT, status: '1' }).execute();
  await db.insertInto('sysUserRole').values({ id: newId(), userId: teacherId, roleId }).execute();
  const token = (await app.ctx.tokens.issue({ userId: teacherId, username: 'bench_teacher' })).token;

  // ---- content: a course of three lessons, a paper, a hazard scene; a class of STUDENTS; the assignment ----
  const courseId = newId();
  await db.insertInto('stuCourse').values({ id: courseId, tenantId: TENANT, title: '压测课程', cover: null, description: null, category: null, gradeBand: null, published: 1, sortNo: 0, createBy: null, createTime: null, updateBy: null, updateTime: null }).execute();
  const lessons = [0, 1, 2].map(() => newId());
  await db.insertInto('stuLesson').values(lessons.map((id, i) => ({ id, tenantId: TENANT, courseId, chapterId: null, title: `第${i + 1}课`, kind: 'article', mediaId: null, content: null, durationSeconds: 0, sortNo: i, createBy: null, createTime: null, updateBy: null, updateTime: null }))).execute();
  const paperId = newId();
  await db.insertInto('stuPaper').values({ id: paperId, tenantId: TENANT, title: '压测试卷', description: null, mode: 'fixed', timeLimitMinutes: 0, openTime: null, closeTime: null, passScore: 60, maxAttempts: 0, scoreRule: 'best', partialCredit: 0, shuffleOptions: 0, published: 1, createBy: null, createTime: null, updateBy: null, updateTime: null }).execute();
  const sceneId = newId();
  await db.insertInto('stuHazardScene').values({ id: sceneId, tenantId: TENANT, title: '压测隐患', image: null, description: null, category: null, gradeBand: null, published: 1, createBy: null, createTime: null, updateBy: null, updateTime: null }).execute();
  const classId = newId();
  await db.insertInto('stuClass').values({ id: classId, tenantId: TENANT, name: '压测班', grade: null, departId: null, description: null, createBy: null, createTime: null, updateBy: null, updateTime: null }).execute();
  await db.insertInto('stuClassMember').values({ id: newId(), tenantId: TENANT, classId, userId: teacherId, memberRole: 'teacher' }).execute();
  const assignmentId = newId();
  await db.insertInto('stuAssignment').values({ id: assignmentId, tenantId: TENANT, title: '压测作业', openTime: at(now - 86_400_000), dueTime: at(now + 86_400_000), receipt: 0, createBy: null, createTime: null, updateBy: null, updateTime: null }).execute();
  await db.insertInto('stuAssignmentClass').values({ id: newId(), tenantId: TENANT, assignmentId, classId }).execute();
  await db.insertInto('stuAssignmentItem').values([
    { id: newId(), tenantId: TENANT, assignmentId, kind: 'course', itemId: courseId, sortNo: 1 },
    { id: newId(), tenantId: TENANT, assignmentId, kind: 'paper', itemId: paperId, sortNo: 2 },
    { id: newId(), tenantId: TENANT, assignmentId, kind: 'hazard', itemId: sceneId, sortNo: 3 },
  ]).execute();

  // every student has progress rows; every third one lacks the last lesson (so not all are done)
  const ids = Array.from({ length: STUDENTS }, () => newId());
  let expectedDone = 0;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < STUDENTS; i += 100) {
      const chunk = ids.slice(i, i + 100);
      await trx.insertInto('sysUser').values(chunk.map((id, k) => ({ id, username: `as${i + k}`, realname: `学生${i + k}`, password: 'scrypt$16384$8$1$00$00', status: 1, loginTenantId: TENANT }))).execute();
      await trx.insertInto('sysUserTenant').values(chunk.map((userId) => ({ id: newId(), userId, tenantId: TENANT, status: '1' }))).execute();
      await trx.insertInto('stuClassMember').values(chunk.map((userId) => ({ id: newId(), tenantId: TENANT, classId, userId, memberRole: 'student' }))).execute();
      const progress = chunk.flatMap((userId, k) => ((i + k) % 3 === 0 ? lessons.slice(0, 2) : lessons).map((lessonId) => ({ id: newId(), tenantId: TENANT, userId, lessonId, courseId, durationSeconds: 60, maxPosition: 60, finished: 1, finishedAt: at(now - 3_600_000), updateTime: at(now - 3_600_000) })));
      await trx.insertInto('stuLessonProgress').values(progress).execute();
      await trx.insertInto('stuAttempt').values(chunk.map((userId) => ({ id: newId(), tenantId: TENANT, paperId, userId, activityId: null, status: 'done', startedAt: now - 7_200_000, deadlineAt: null, submittedAt: now - 7_000_000, timedOut: 0, score: 80, totalScore: 100, correctCount: 8, questionCount: 10, passed: 1, createTime: at(now - 7_200_000) }))).execute();
      await trx.insertInto('stuHazardPlay').values(chunk.map((userId) => ({ id: newId(), tenantId: TENANT, sceneId, userId, status: 'done', startedAt: now - 7_200_000, deadlineAt: null, finishedAt: now - 7_000_000, foundCount: 3, missCount: 0, hintsUsed: 0, score: 90, createTime: at(now - 7_200_000) }))).execute();
      expectedDone += chunk.filter((_, k) => (i + k) % 3 !== 0).length;
    }
  });

  // ---- every student's outcome stored, as saving the assignment does ----
  const t0 = performance.now();
  await refreshAssignment(db, assignmentId, new Date());
  const refreshMs = performance.now() - t0;
  const stored = await db.selectFrom('stuAssignmentOutcome').select((eb) => eb.fn.countAll<number>().as('n')).where('assignmentId', '=', assignmentId).executeTakeFirstOrThrow();
  if (Number(stored.n) !== STUDENTS) throw new Error(`assignment-progress bench FAILED: ${stored.n} outcomes stored for ${STUDENTS} students`);

  // ---- the answer is right before it is timed ----
  const check = await (await fetch(`${base}/api/students/assignment/progress?id=${assignmentId}`, { headers: { 'x-access-token': token } })).json();
  if (!check.success) throw new Error(`assignment-progress bench FAILED: ${check.message}`);
  const c = check.result.completion;
  if (check.result.students.length !== STUDENTS || c.total !== STUDENTS || c.done !== expectedDone) throw new Error(`assignment-progress bench FAILED: ${check.result.students.length} students, ${c.done}/${c.total} done; expected ${expectedDone}/${STUDENTS}`);

  const headers = { 'x-access-token': token };
  // the server's own CPU time per request (this process serves; the load runs in another): a figure that
  // stays meaningful when other work shares the machine and stretches the wall-clock times
  const cpuPer = async (url: string) => {
    const c0 = process.cpuUsage();
    const ms = await run(url, headers);
    const c = process.cpuUsage(c0);
    return { ms, cpu: (c.user + c.system) / 1000 / ms.length };
  };
  const list = await cpuPer(`${base}/api/students/class/list?pageSize=10`);
  const progress = await cpuPer(`${base}/api/students/assignment/progress?id=${assignmentId}`);
  report('assignment-progress', [
    { name: `GET /students/assignment/progress, ${STUDENTS} students, ${CLIENTS} concurrent clients, p99`, value: percentile(progress.ms, 99), unit: 'ms', baseline: percentile(list.ms, 99), aim: 'under 200 ms' },
    { name: 'the same, p50', value: percentile(progress.ms, 50), unit: 'ms', baseline: percentile(list.ms, 50) },
    { name: `baseline: GET /students/class/list at ${CLIENTS} concurrent clients, p99`, value: percentile(list.ms, 99), unit: 'ms' },
    { name: 'server CPU per progress request', value: progress.cpu, unit: 'ms', baseline: list.cpu },
    { name: 'machine load average (1 min) during the run', value: loadavg()[0]!, unit: '' },
    { name: 'students answered with their completion worked out here', value: STUDENTS, unit: 'students', aim: String(STUDENTS) },
    { name: `every student's outcome derived and stored once (saving the assignment), ${STUDENTS} students`, value: refreshMs, unit: 'ms' },
  ]);
} finally {
  await app.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
