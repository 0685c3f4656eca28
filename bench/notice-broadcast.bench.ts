// One announcement released to everyone (issue 13): N notification sockets (/api/websocket/:userId, each
// signed in as its own user with the token as sub-protocol) held by one server node, and the time from the
// release call until every socket has the push — p50, p99, worst, and whether every one arrived. Baseline in
// the same run: the same release with 1 socket connected (same users, same delivery rows written, so the
// difference is the fan-out). Also the server's memory per connection (RSS and heap after GC, before and
// after connecting, divided by N). The aim of the issue: 5,000 connections, all delivered within 500 ms.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { connectDatabase, migrateToLatest, newId, seedDatabase } from '../apps/server/src/core/db';
import { percentile, report } from './lib/report';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 5000);
const BATCH = 250;
const DELIVERY_DEADLINE_MS = 10_000;
const AIM_MS = 500;
const TENANT = 1000;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

// The clients, a second process so the server keeps its own event loop. Opens the sockets in batches,
// records when each socket got each notice push (epoch ms, high resolution, comparable across processes)
// and answers, for a given notice, every socket's arrival time (null when it never came).
const CLIENT_SCRIPT = `
const WebSocket = require('ws');
const now = () => performance.timeOrigin + performance.now();
const sockets = [];
const arrivals = [];
process.on('message', async (m) => {
  if (m.type === 'open') {
    const t0 = now();
    let failed = 0;
    let firstError = '';
    for (let i = 0; i < m.clients.length; i += m.batch) {
      await Promise.all(m.clients.slice(i, i + m.batch).map((c) => new Promise((ok) => {
        const k = sockets.length;
        const ws = new WebSocket(m.url + '/' + encodeURIComponent(c.userId), [c.token]);
        sockets.push(ws);
        arrivals.push(new Map());
        ws.on('open', ok);
        ws.on('error', (e) => { failed++; firstError = firstError || String(e.message); ok(); });
        ws.on('unexpected-response', (_req, res) => { failed++; firstError = firstError || 'HTTP ' + res.statusCode; ok(); });
        ws.on('message', (data) => {
          const at = now();
          try {
            const msg = JSON.parse(String(data));
            if (msg.msgId && !arrivals[k].has(msg.msgId)) arrivals[k].set(msg.msgId, at);
          } catch {}
        });
      })));
    }
    const open = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
    process.send({ type: 'opened', open, failed, firstError, ms: now() - t0 });
  } else if (m.type === 'collect') {
    const deadline = Date.now() + m.deadlineMs;
    while (arrivals.some((a) => !a.has(m.msgId)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    process.send({ type: 'arrivals', times: arrivals.map((a) => a.get(m.msgId) ?? null) });
  } else if (m.type === 'close') {
    for (const s of sockets) s.terminate();
    process.exit(0);
  }
});
process.send({ type: 'ready' });
`;

interface Clients {
  open(): Promise<{ open: number; failed: number; firstError: string; ms: number }>;
  arrivals(msgId: string): Promise<Array<number | null>>;
  close(): Promise<void>;
}
function clients(url: string, list: Array<{ userId: string; token: string }>): Promise<Clients> {
  const child: ChildProcess = spawn(process.execPath, ['-e', CLIENT_SCRIPT], { cwd: resolve(import.meta.dirname, '..'), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = (type: string) =>
    new Promise<any>((ok, fail) => {
      const onMessage = (m: any) => m.type === type && (child.off('message', onMessage), ok(m));
      child.on('message', onMessage);
      child.once('exit', (code) => fail(new Error(`client process exited (${code}) waiting for ${type}`)));
    });
  return next('ready').then(() => ({
    open() {
      const answer = next('opened');
      child.send({ type: 'open', url, clients: list, batch: BATCH });
      return answer;
    },
    async arrivals(msgId) {
      const answer = next('arrivals');
      child.send({ type: 'collect', msgId, deadlineMs: DELIVERY_DEADLINE_MS });
      return (await answer).times;
    },
    async close() {
      const exited = new Promise((r) => child.once('exit', r));
      child.send({ type: 'close' });
      await exited;
    },
  }));
}

function fail(message: string): never {
  throw new Error(`notice-broadcast bench FAILED: ${message}`);
}
const epochNow = () => performance.timeOrigin + performance.now();
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
const memory = () => {
  gc();
  gc();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed };
};

const dataDir = mkdtempSync(join(tmpdir(), 'bench-notice-broadcast-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Bench#2026-pass', LOGIN_CAPTCHA: 'off', WEB_DIST: join(dataDir, 'none'), SAMPLE_CONTENT: 'off' });
const handle = connectDatabase({ sqliteFile: config.sqliteFile });
await migrateToLatest(handle.db);
await seedDatabase(handle.db, { adminPassword: config.adminPassword });
const app = await buildApp(config, { database: handle, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const socketUrl = `${base.replace(/^http/, 'ws')}/api/websocket`;
const db = handle.db;
const opened: Clients[] = [];

try {
  // ---- N members of the default tenant, written in batches; sessions from the token service ----
  const userIds = Array.from({ length: CONNECTIONS }, () => newId());
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < CONNECTIONS; i += 200) {
      const chunk = userIds.slice(i, i + 200);
      await trx.insertInto('sysUser').values(chunk.map((id, k) => ({ id, username: `listener${i + k}`, realname: `听众${i + k}`, password: 'scrypt$16384$8$1$00$00', status: 1, loginTenantId: TENANT }))).execute();
      await trx.insertInto('sysUserTenant').values(chunk.map((userId) => ({ id: newId(), userId, tenantId: TENANT, status: '1' }))).execute();
    }
  });
  const sessions: Array<{ userId: string; token: string }> = [];
  for (let i = 0; i < CONNECTIONS; i += 200) {
    const chunk = userIds.slice(i, i + 200);
    sessions.push(...(await Promise.all(chunk.map(async (userId, k) => ({ userId, token: (await app.ctx.tokens.issue({ userId, username: `listener${i + k}` })).token })))));
  }
  const admin = await db.selectFrom('sysUser').select(['id', 'username']).where('username', '=', 'admin').executeTakeFirstOrThrow();
  const adminToken = (await app.ctx.tokens.issue({ userId: admin.id, username: admin.username })).token;

  const api = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { 'x-access-token': adminToken, 'tenant-id': String(TENANT), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const env = (await res.json()) as { success: boolean; message: string; result: any };
    if (!env.success) fail(`${method} ${path}: ${env.message}`);
    return env.result;
  };
  /** Writes a draft for everyone, releases it; answers its id, when the release was sent and how long it took. */
  const release = async (titile: string) => {
    await api('POST', '/sys/annountCement/add', { titile, msgCategory: '1', msgType: 'ALL', priority: 'H', msgContent: `<p>${titile}</p>` });
    const id = (await api('GET', `/sys/annountCement/list?titile=${encodeURIComponent(titile)}`)).records[0].id as string;
    const sentAt = epochNow();
    await api('GET', `/sys/annountCement/doReleaseData?id=${id}`);
    return { id, sentAt, callMs: epochNow() - sentAt };
  };
  const delays = (times: Array<number | null>, sentAt: number) => {
    const got = times.filter((t): t is number => t !== null).map((t) => t - sentAt).sort((a, b) => a - b);
    return { delivered: got.length, first: got[0] ?? NaN, p50: percentile(got, 50), p99: percentile(got, 99), max: got[got.length - 1] ?? NaN };
  };

  // ---- baseline: the same kind of release with 1 socket connected ----
  const one = await clients(socketUrl, sessions.slice(0, 1));
  opened.push(one);
  const oneOpen = await one.open();
  if (oneOpen.open !== 1) fail(`the baseline socket did not open: ${oneOpen.firstError}`);
  await settle(200);
  const warm = await release('压测预热通知');
  await one.arrivals(warm.id);
  const baseRelease = await release('压测基线通知');
  const baseline = delays(await one.arrivals(baseRelease.id), baseRelease.sentAt);
  if (baseline.delivered !== 1) fail('the baseline socket never got its push');
  await one.close();
  opened.pop();
  await settle(500);

  // ---- N sockets, memory before and after ----
  const before = memory();
  const many = await clients(socketUrl, sessions);
  opened.push(many);
  const manyOpen = await many.open();
  if (manyOpen.open !== CONNECTIONS) fail(`${manyOpen.open} of ${CONNECTIONS} sockets open (${manyOpen.failed} failed, e.g. ${manyOpen.firstError})`);
  await settle(1000);
  const after = memory();
  console.log(`opened ${manyOpen.open} sockets in ${manyOpen.ms.toFixed(0)} ms (batches of ${BATCH})`);

  // ---- the measured moment: one release to all ----
  const broadcast = await release('压测全员通知');
  const fanout = delays(await many.arrivals(broadcast.id), broadcast.sentAt);
  const all = fanout.delivered === CONNECTIONS;
  console.log(`delivered to ${fanout.delivered} of ${CONNECTIONS} sockets (release call answered in ${broadcast.callMs.toFixed(1)} ms)`);

  report('notice-broadcast', [
    { name: `release to all, ${CONNECTIONS} sockets on one node: time until a socket has the push, p99`, value: fanout.p99, unit: 'ms', baseline: baseline.p99, aim: `every one < ${AIM_MS} ms` },
    { name: 'the same, p50', value: fanout.p50, unit: 'ms', baseline: baseline.p50 },
    { name: 'the same, the first socket', value: fanout.first, unit: 'ms', baseline: baseline.first },
    { name: 'the same, the last socket', value: fanout.max, unit: 'ms', baseline: baseline.max },
    { name: 'sockets that got the push', value: fanout.delivered, unit: `of ${CONNECTIONS}`, aim: String(CONNECTIONS) },
    { name: 'the release call itself (writes one delivery row per user), answered in', value: broadcast.callMs, unit: 'ms', baseline: baseRelease.callMs },
    { name: `baseline: the same release with 1 socket connected (${CONNECTIONS + 1} delivery rows), push arrived after`, value: baseline.max, unit: 'ms' },
    { name: 'server RSS per connection', value: (after.rss - before.rss) / CONNECTIONS / 1024, unit: 'KiB' },
    { name: 'server heap per connection', value: (after.heap - before.heap) / CONNECTIONS / 1024, unit: 'KiB' },
    { name: `opening ${CONNECTIONS} sockets (each authenticated), wall time`, value: manyOpen.ms, unit: 'ms' },
  ]);
  if (!all) fail(`${CONNECTIONS - fanout.delivered} sockets never got the push within ${DELIVERY_DEADLINE_MS} ms`);
  if (fanout.max >= AIM_MS) console.log(`note: the last socket got it after ${fanout.max.toFixed(0)} ms, over the aim of ${AIM_MS} ms`);
} finally {
  for (const c of opened) await c.close().catch(() => {});
  await app.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
