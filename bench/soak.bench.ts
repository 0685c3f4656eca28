// A long-running install keeps flat memory: the built server (`npm run build` first) as `npm start` runs it
// (the environment variables and node flags of package.json's start line), DEMO_DATA on, under a steady mixed
// load for SOAK_MINUTES (default 30; `npm run bench` runs a short one): students (sign in, home, courses, a
// lesson's progress, a test handed in, notices read, sign out), the sample class's teacher (class stats, an
// assignment's progress, reminders), the administrator (users, roles, dictionaries, online users, a report,
// the monitor's runtime page, an announcement released to all) and each student's notification socket
// (connected per session, pushes received, dropped and reconnected). The server's RSS (and its anonymous
// part) is read from /proc every 10 s; its V8 heap, heap allocated and external memory each round of the
// administrator's, from the monitor.
// RSS rises and falls by tens of MiB over minutes (the V8 heap grows to its next collection's limit, then
// shrinks), so one sample at five minutes against one at the end says more about where each fell in that
// swing than about growth: the check compares like with like, the median RSS of the window just after five
// minutes against the last window's (five minutes each in a 30-minute run, so a steady leak still shows
// four fifths of its growth), and the lowest heap in use (what survives collections) the same way. Fails
// when a call is not answered with success, or (runs of 15 minutes and more) when either grows 10% or more.
// To compare settings: SOAK_ENV="A=1 B=2" and SOAK_NODE_FLAGS="--flag …" replace the start line's;
// SOAK_MAIN runs a copy of the compiled server; SOAK_SAMPLES=<file> keeps every sample.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { npmStartLine } from './lib/npm-start';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../e2e/support/server';
import { percentile, report } from './lib/report';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
/** RSS is compared from this point on: five minutes, or a third of a shorter run. */
const WARM_MS = Math.min(5, MINUTES / 3) * 60_000;
const RSS_EVERY_MS = 10_000;
/** The windows compared: five minutes each, or a third of what follows the warm-up in a shorter run. */
const WINDOW_MS = Math.min(5 * 60_000, (MINUTES * 60_000 - WARM_MS) / 3);
const ADMIN_PASSWORD = 'Bench#2026-pass';
const ROOT = resolve(import.meta.dirname, '..');
/** The compiled server; SOAK_MAIN runs a copy of it (a build elsewhere in the tree does not change a long run). */
const MAIN = resolve(ROOT, process.env.SOAK_MAIN ?? 'apps/server/dist/main.js');
const WebSocket = createRequire(import.meta.url)('ws') as typeof import('ws').WebSocket;

if (!existsSync(MAIN)) throw new Error('build the server first: npm run build');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A person's pause between two clicks: 150–600 ms. */
const think = () => sleep(150 + Math.random() * 450);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

// ---- figures kept while the load runs ----
const latencies: number[] = [];
let calls = 0;
let failed = 0;
const failures = new Map<string, number>();
const sockets = { opened: 0, refused: 0, frames: 0, closedByServer: 0 };
/** The load's start (epoch ms) and the server's V8 heap in use since, as the monitor answers it. */
let loadStarted = 0;
/** The server's own figures (process.memoryUsage()), as the monitor's runtime page answers them. */
const heap: Array<{ at: number; bytes: number; heapTotal: number; external: number; arrayBuffers: number; rss: number }> = [];
function failure(what: string) {
  failed++;
  failures.set(what, (failures.get(what) ?? 0) + 1);
  if (failures.get(what) === 1) console.log(`  FAILED ${what}`);
}

// ---- the server, as `npm start` runs it: the environment variables and node flags of package.json's start ----
const asStarted = npmStartLine();
const serverFlags = process.env.SOAK_NODE_FLAGS !== undefined ? process.env.SOAK_NODE_FLAGS.split(/\s+/).filter(Boolean) : asStarted.flags;
const serverEnv =
  process.env.SOAK_ENV !== undefined ? Object.fromEntries(process.env.SOAK_ENV.split(/\s+/).filter(Boolean).map((kv) => [kv.split('=')[0]!, kv.split('=').slice(1).join('=')])) : asStarted.env;
const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'bench-soak-'));
const server: ChildProcess = spawn(process.execPath, [...serverFlags, MAIN], {
  cwd: ROOT,
  env: { ...process.env, ...serverEnv, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_PASSWORD, LOGIN_CAPTCHA: 'off', DEMO_DATA: 'on', NODE_ENV: 'production' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let serverLog = '';
server.stdout!.on('data', (d) => (serverLog += d));
server.stderr!.on('data', (d) => (serverLog += d));
const base = `http://127.0.0.1:${port}/api`;

async function stopServer() {
  if (server.exitCode !== null) return;
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}

/** The server's resident memory in KiB: all of it, and its anonymous part (heap, malloc; not mapped files). */
function rssKb(): { kb: number; anonKb: number } {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { kb: field('VmRSS'), anonKb: field('RssAnon') };
}

interface Session {
  token: string;
  tenant: string;
  userId: string;
}
interface Envelope {
  success: boolean;
  message: string;
  result: any;
}

/**
 * One call; counted, timed, and a failure unless answered with success. Answers the result (undefined on
 * failure). `raw`: an answer outside the envelope (the actuator's), a success when its status is 200.
 */
async function call(s: Session | null, method: string, path: string, body?: unknown, raw = false): Promise<any> {
  const t0 = performance.now();
  calls++;
  const name = `${method} ${path.split('?')[0]}`;
  try {
    const res = await fetch(base + path, {
      method,
      headers: { ...(s ? { 'x-access-token': s.token, 'tenant-id': s.tenant } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const env = (await res.json()) as Envelope;
    latencies.push(performance.now() - t0);
    if (raw) return res.status === 200 ? env : failure(`${name}: ${res.status}`);
    if (!env.success) return failure(`${name}: ${res.status} ${env.message}`);
    return env.result ?? null;
  } catch (err) {
    latencies.push(performance.now() - t0);
    return failure(`${name}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

async function signIn(username: string, password: string): Promise<Session | undefined> {
  const r = await call(null, 'POST', '/sys/userLogin', { username, password });
  if (!r) return undefined;
  return { token: r.token, tenant: String(r.userInfo.loginTenantId ?? ''), userId: r.userInfo.id };
}

/** A student's notification socket for one session: counts what it receives and sends the client's heart beat. */
function openSocket(s: Session): Promise<{ close(): Promise<void> } | undefined> {
  return new Promise((done) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/websocket/${s.userId}`, [s.token]);
    let beat: NodeJS.Timeout | undefined;
    let closedByUs = false;
    ws.on('message', (data) => {
      if (String(data) !== 'ping') sockets.frames++;
    });
    ws.once('open', () => {
      sockets.opened++;
      beat = setInterval(() => ws.readyState === ws.OPEN && ws.send('ping'), 5_000);
      done({
        close: () =>
          new Promise<void>((closed) => {
            closedByUs = true;
            if (ws.readyState === ws.CLOSED) return closed();
            ws.once('close', () => closed());
            ws.close(1000);
          }),
      });
    });
    ws.once('close', (code) => {
      clearInterval(beat);
      // the server ends a socket whose session was signed out (4401): expected after a sign-out only
      if (!closedByUs) sockets.closedByServer++;
      if (!closedByUs && code !== 4401) failure(`socket closed by the server: ${code}`);
    });
    ws.once('error', (err) => {
      sockets.refused++;
      failure(`socket: ${err.message}`);
      done(undefined);
    });
  });
}

// ---- the people ----
interface Fixture {
  courseId: string;
  lessons: Array<{ id: string; durationSeconds: number }>;
  paperId: string;
  classId: string;
  assignmentId: string;
  reportId: string;
}

async function student(username: string, password: string, f: Fixture, until: number) {
  let round = 0;
  while (Date.now() < until) {
    round++;
    const s = await signIn(username, password);
    if (!s) {
      await sleep(2_000);
      continue;
    }
    const socket = await openSocket(s);
    // home
    await call(s, 'GET', '/sys/user/getUserInfo');
    await call(s, 'GET', '/sys/permission/getUserPermissionByToken');
    await think();
    await call(s, 'GET', '/students/study/assignments');
    await call(s, 'GET', '/students/study/myClasses');
    await call(s, 'GET', '/sys/annountCement/getUnreadMessageCount');
    await think();
    // courses, a lesson, its progress
    await call(s, 'GET', '/students/study/courses');
    await think();
    await call(s, 'GET', `/students/study/course?id=${f.courseId}`);
    const lesson = pick(f.lessons);
    await call(s, 'GET', `/students/study/lesson?id=${lesson.id}`);
    await think();
    await call(s, 'POST', '/students/study/progress', { lessonId: lesson.id, position: Math.floor(Math.random() * (Number(lesson.durationSeconds) + 1)) });
    await think();
    // a test: started, handed in
    await call(s, 'GET', '/students/study/papers');
    const attempt = await call(s, 'POST', '/students/study/attempt/start', { paperId: f.paperId });
    await think();
    if (attempt) {
      const answers = (attempt.items as Array<{ questionId: string; options: Array<{ label: string }> }>).map((q) => ({ questionId: q.questionId, answer: pick(q.options)?.label ?? 'A' }));
      await call(s, 'POST', '/students/study/attempt/submit', { attemptId: attempt.id, answers });
    }
    await think();
    // notices: the unread ones read (the teacher's reminders, the administrator's announcements)
    const unread = await call(s, 'GET', '/sys/annountCement/listByUser');
    for (const n of [...(unread?.anntMsgList ?? []), ...(unread?.sysMsgList ?? [])].slice(0, 3)) {
      await call(s, 'PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: n.id });
    }
    if (round % 5 === 0) await call(s, 'PUT', '/sys/sysAnnouncementSend/readAll');
    await think();
    // most sign out (their socket is ended by the server); some drop the socket first; some just leave the tab
    if (round % 4 === 1) {
      await socket?.close();
      await call(s, 'GET', '/sys/logout');
    } else if (round % 4 === 2) {
      await socket?.close();
    } else {
      await call(s, 'GET', '/sys/logout');
      await sleep(200);
      await socket?.close();
    }
    await think();
  }
}

async function teacher(username: string, password: string, f: Fixture, until: number) {
  let s: Session | undefined;
  let round = 0;
  while (Date.now() < until) {
    // a working day's session: signed in again now and then
    if (!s || round % 25 === 0) s = await signIn(username, password);
    round++;
    if (!s) {
      await sleep(2_000);
      continue;
    }
    await call(s, 'GET', '/students/teach/classes');
    await think();
    await call(s, 'GET', `/students/teach/classStats?classId=${f.classId}`);
    await think();
    await call(s, 'GET', '/students/assignment/list');
    await call(s, 'GET', `/students/assignment/progress?id=${f.assignmentId}`);
    await think();
    if (round % 6 === 0) await call(s, 'POST', '/students/assignment/remind', { id: f.assignmentId });
    await think();
  }
}

async function administrator(f: Fixture, until: number) {
  let s: Session | undefined;
  let round = 0;
  while (Date.now() < until) {
    if (!s || round % 25 === 0) s = await signIn('admin', ADMIN_PASSWORD);
    round++;
    if (!s) {
      await sleep(2_000);
      continue;
    }
    await call(s, 'GET', `/sys/user/list?pageNo=${1 + (round % 3)}&pageSize=10`);
    await think();
    await call(s, 'GET', '/sys/role/list');
    await think();
    await call(s, 'GET', '/sys/dict/list');
    await think();
    await call(s, 'GET', '/sys/online/list');
    await think();
    await call(s, 'GET', `/online/cgreport/api/getColumnsAndData/${f.reportId}`);
    await think();
    const rt = await call(s, 'GET', '/sys/actuator/runtime/info');
    const bytes = Number(rt?.heapUsed);
    if (loadStarted && bytes > 0) heap.push({ at: Date.now() - loadStarted, bytes, heapTotal: rt.heapTotal, external: rt.external, arrayBuffers: rt.arrayBuffers, rss: rt.rss });
    await think();
    if (round % 8 === 0) {
      const titile = `压测公告${round}-${Date.now()}`;
      await call(s, 'POST', '/sys/annountCement/add', { titile, msgCategory: '1', msgType: 'ALL', priority: 'M', msgContent: `<p>${titile}</p>` });
      const list = await call(s, 'GET', `/sys/annountCement/list?titile=${encodeURIComponent(titile)}`);
      const id = list?.records?.[0]?.id;
      if (id) await call(s, 'GET', `/sys/annountCement/doReleaseData?id=${id}`);
    }
    await call(s, 'GET', '/sys/annountCement/list');
    await think();
  }
}

/** What the people need: the sample course, its lessons, the unlimited test, the class and a live assignment. */
async function fixture(teacherPassword: string): Promise<Fixture> {
  const t = await signIn('demo_teacher', teacherPassword);
  const admin = await signIn('admin', ADMIN_PASSWORD);
  if (!t || !admin) throw new Error('the demo teacher or the administrator could not sign in');
  const course = (await call(t, 'GET', '/students/study/courses')).records[0];
  const detail = await call(t, 'GET', `/students/study/course?id=${course.id}`);
  const lessons = (detail.chapters as Array<{ lessons: Fixture['lessons'] }>).flatMap((c) => c.lessons.map(({ id, durationSeconds }) => ({ id, durationSeconds })));
  const papers = (await call(t, 'GET', '/students/study/papers')) as Array<{ id: string; maxAttempts: number }>;
  const paper = papers.find((p) => Number(p.maxAttempts) === 0);
  if (!paper) throw new Error('the sample has no test without an attempt limit');
  const classId = (await call(t, 'GET', '/students/teach/classes'))[0].id;
  const stamp = (ms: number) => new Date(ms - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 19).replace('T', ' ');
  await call(t, 'POST', '/students/assignment/add', {
    title: '压测作业',
    classIds: [classId],
    items: [
      { kind: 'paper', id: paper.id },
      { kind: 'lesson', id: lessons[0]!.id },
    ],
    openTime: stamp(Date.now() - 3_600_000),
    dueTime: stamp(Date.now() + 7 * 86_400_000),
  });
  const assignmentId = (await call(t, 'GET', '/students/assignment/list')).records[0].id;
  const reports = await call(admin, 'GET', '/online/cgreport/head/list');
  const reportId = (reports.records as Array<{ id: string; code: string }>).find((r) => r.code === 'report_user')?.id ?? reports.records[0].id;
  if (failed) throw new Error('setting up the load failed');
  return { courseId: course.id, lessons, paperId: paper.id, classId, assignmentId, reportId };
}

try {
  for (let waited = 0; ; waited += 200) {
    if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode}):\n${serverLog}`);
    if (await fetch(`${base}/health`).then((r) => r.ok, () => false)) break;
    if (waited > 120_000) throw new Error(`server did not start:\n${serverLog}`);
    await sleep(200);
  }
  const passwords = new Map([...serverLog.matchAll(/(demo_\w+) \([^)]*\) password: (\S+?)[.;"\s]/g)].map((m) => [m[1]!, m[2]!]));
  if (passwords.size < 4) throw new Error(`no demo accounts in the server's log:\n${serverLog.slice(0, 2000)}`);
  const f = await fixture(passwords.get('demo_teacher')!);
  calls = 0;
  latencies.length = 0;

  const started = Date.now();
  loadStarted = started;
  const until = started + MINUTES * 60_000;
  const rss: Array<{ at: number; kb: number; anonKb: number }> = [{ at: 0, ...rssKb() }];
  const sampler = setInterval(() => {
    const at = Date.now() - started;
    rss.push({ at, ...rssKb() });
    if (rss.length % 6 === 1) {
      const h = heap.at(-1);
      const mib = (bytes = NaN) => (bytes / 1048576).toFixed(1);
      console.log(
        `  ${(at / 60_000).toFixed(0)} min: ${calls} calls, ${failed} failed, RSS ${mib(rss.at(-1)!.kb * 1024)} MiB (anonymous ${mib(rss.at(-1)!.anonKb * 1024)}), ` +
          `heap ${mib(h?.bytes)} of ${mib(h?.heapTotal)} MiB, external ${mib(h?.external)} MiB (buffers ${mib(h?.arrayBuffers)}), ${sockets.opened} sockets opened, ${sockets.frames} pushes`,
      );
    }
  }, RSS_EVERY_MS);
  console.log(`soak: ${MINUTES} min on ${base} (server pid ${server.pid}; ${Object.entries(serverEnv).map(([k, v]) => `${k}=${v} `).join('')}node ${serverFlags.join(' ')})`);
  await Promise.all([
    ...['demo_student1', 'demo_student2', 'demo_student3'].map((u) => student(u, passwords.get(u)!, f, until)),
    teacher('demo_teacher', passwords.get('demo_teacher')!, f, until),
    administrator(f, until),
  ]);
  clearInterval(sampler);
  const seconds = (Date.now() - started) / 1000;
  rss.push({ at: Date.now() - started, ...rssKb() });
  if (server.exitCode !== null) failure(`the server exited (${server.exitCode})`);

  // RSS swings with the collections: a single sample at five minutes may be a peak or a trough. The growth
  // is taken like against like: the median of the window just after the warm-up against the last window's.
  const warm = rss.find((r) => r.at >= WARM_MS) ?? rss[rss.length - 1]!;
  const end = rss[rss.length - 1]!;
  const peak = Math.max(...rss.filter((r) => r.at >= WARM_MS).map((r) => r.kb));
  const growth = ((end.kb - warm.kb) / warm.kb) * 100;
  const inWindow = <T extends { at: number }>(xs: T[], from: number) => xs.filter((x) => x.at >= from && x.at < from + WINDOW_MS);
  const lastFrom = Date.now() - started - WINDOW_MS;
  const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50)!;
  /** One figure's median in the first window and the last, and its growth in %. */
  const windows = <T extends { at: number }>(xs: T[], of: (x: T) => number) => {
    const early = median(inWindow(xs, WARM_MS).map(of));
    const late = median(inWindow(xs, lastFrom).map(of));
    return { early, late, growth: ((late - early) / early) * 100 };
  };
  const rssW = windows(rss, (r) => r.kb * 1024);
  const anonW = windows(rss, (r) => r.anonKb * 1024);
  const heapTotalW = windows(heap, (h) => h.heapTotal);
  const externalW = windows(heap, (h) => h.external);
  const heapEarly = Math.min(...inWindow(heap, WARM_MS).map((h) => h.bytes));
  const heapLate = Math.min(...inWindow(heap, lastFrom).map((h) => h.bytes));
  const heapGrowth = ((heapLate - heapEarly) / heapEarly) * 100;
  const windowName = `${(WINDOW_MS / 60_000).toFixed(1)} min`;
  const sorted = latencies.sort((a, b) => a - b);
  const warmName = WARM_MS === 300_000 ? '5 min' : `${(WARM_MS / 60_000).toFixed(1)} min`;
  const both = (what: string, w: { early: number; late: number; growth: number }, aim?: string) => [
    { name: `${what}, median of the ${windowName} from ${warmName}`, value: w.early / 1048576, unit: 'MiB' },
    { name: `${what}, median of the last ${windowName}`, value: w.late / 1048576, unit: 'MiB' },
    { name: `${what} growth, last window against the first`, value: w.growth, unit: '%', ...(aim ? { aim } : {}) },
  ];
  report('soak', [
    { name: `calls made in ${MINUTES} min (3 students, 1 teacher, 1 administrator)`, value: calls, unit: 'calls' },
    { name: 'calls a second', value: calls / seconds, unit: '/s' },
    { name: 'calls failed (not answered with success)', value: failed, unit: 'calls', aim: '0' },
    { name: 'notification sockets opened (one per student session)', value: sockets.opened, unit: 'sockets' },
    { name: 'pushes received on them (reminders, announcements)', value: sockets.frames, unit: 'frames' },
    { name: 'server RSS at the start of the load', value: rss[0]!.kb / 1024, unit: 'MiB' },
    { name: `server RSS at ${warmName} (one sample)`, value: warm.kb / 1024, unit: 'MiB' },
    { name: 'server RSS at the end (one sample)', value: end.kb / 1024, unit: 'MiB' },
    { name: `server RSS, highest after ${warmName}`, value: peak / 1024, unit: 'MiB' },
    { name: `RSS growth from ${warmName} to the end, one sample against one`, value: growth, unit: '%' },
    ...both('server RSS', rssW, '< 10%'),
    ...both('anonymous RSS (V8 heap, malloc)', anonW),
    ...both('V8 heap allocated', heapTotalW),
    ...both('external memory (buffers, SQLite, zlib)', externalW),
    { name: `V8 heap in use, lowest in the ${windowName} from ${warmName}`, value: heapEarly / 1048576, unit: 'MiB' },
    { name: `V8 heap in use, lowest in the last ${windowName}`, value: heapLate / 1048576, unit: 'MiB' },
    { name: 'V8 heap in use growth, last window against the first', value: heapGrowth, unit: '%', aim: '< 10%' },
    { name: 'latency p50', value: percentile(sorted, 50), unit: 'ms' },
    { name: 'latency p99', value: percentile(sorted, 99), unit: 'ms' },
  ]);
  // SOAK_SAMPLES=<file>: every sample kept, to look at the curves
  if (process.env.SOAK_SAMPLES) writeFileSync(process.env.SOAK_SAMPLES, JSON.stringify({ serverEnv, serverFlags, rss, heap }));
  console.log(`RSS every minute (MiB): ${rss.filter((_, i) => i % 6 === 0).map((r) => (r.kb / 1024).toFixed(0)).join(' ')}`);
  for (const [what, n] of failures) console.error(`FAILED ${n}×: ${what}`);
  if (failed) process.exitCode = 1;
  if ((rssW.growth >= 10 || heapGrowth >= 10) && MINUTES >= 15) {
    console.error(`OVER AIM: after ${warmName}, RSS grew ${rssW.growth.toFixed(1)}% and the heap in use ${heapGrowth.toFixed(1)}%, window against window`);
    process.exitCode = 1;
  }
} finally {
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
}
