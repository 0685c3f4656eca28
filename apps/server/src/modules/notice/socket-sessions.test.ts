import type { AddressInfo } from 'node:net';
import { SESSION_TTL_MS } from '@anxue/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app';
import { ADMIN_PASSWORD, apiCall, createTestApp, createUser, login, type TestApp } from '../../../test/helpers/test-app';
import { CLOSE_SESSION_ENDED, CLOSE_TOO_MANY, MAX_SOCKETS_PER_USER } from './socket';

// A notification socket lives no longer than the session (token) that opened it, however the session
// ends, and a user holds at most MAX_SOCKETS_PER_USER of them.
const pw = 'SockSess#2026x';
const opened: WebSocket[] = [];

interface Open {
  ws: WebSocket;
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens a socket and waits until the server answers a heart beat, which proves it registered it. */
function connect(base: string, userId: string, token: string): Promise<Open> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}/${userId}`, token);
    opened.push(ws);
    const closed = new Promise<{ code: number; reason: string }>((ok) => ws.once('close', (code, reason) => ok({ code, reason: String(reason) })));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
    ws.once('open', () => {
      const beat = setInterval(() => ws.send('ping'), 100);
      ws.on('message', function answered(d) {
        if (String(d) !== 'ping') return;
        clearInterval(beat);
        ws.off('message', answered);
        resolve({ ws, closed });
      });
      ws.send('ping');
      void closed.then(() => clearInterval(beat));
    });
  });
}

/** The close frame a socket gets, or a failure after `ms`. */
function closeOf(s: Open, ms = 3000) {
  return Promise.race([s.closed, new Promise<never>((_ok, fail) => setTimeout(() => fail(new Error(`no close within ${ms} ms`)), ms))]);
}

/** Whether a socket is still open and answered: a heart beat comes back. */
async function stillOpen(s: Open): Promise<boolean> {
  if (s.ws.readyState !== WebSocket.OPEN) return false;
  return new Promise((ok) => {
    const timer = setTimeout(() => ok(false), 2000);
    s.ws.once('message', (d) => (clearTimeout(timer), ok(String(d) === 'ping')));
    s.ws.send('ping');
  });
}

const ended = { code: CLOSE_SESSION_ENDED.code, reason: CLOSE_SESSION_ENDED.reason };

// The `log` SMS provider writes each text to the server log: the codes of 注销 are read there.
const texts: Array<{ to: string; text: string }> = [];
const smsLog = {
  write(line: string) {
    const entry = JSON.parse(line);
    if (entry.sms) texts.push(entry.sms);
  },
};

describe('notification sockets end with their session', () => {
  let t: TestApp;
  let base = '';
  let admin = '';
  let n = 0;
  const jtiOf = (token: string) => t.app.ctx.tokens.verifySignature(token)!.jti;
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => apiCall(t.app, token, method, url, payload);

  /** A fresh user signed in twice (sessions A and B), with a socket open on each. */
  async function twoSessions() {
    const username = `sock_${++n}`;
    const id = await createUser(t.db, { username, password: pw });
    const tokenA = await login(t.app, username, pw);
    const tokenB = await login(t.app, username, pw);
    return { id, username, tokenA, tokenB, a: await connect(base, id, tokenA), b: await connect(base, id, tokenB) };
  }

  beforeAll(async () => {
    t = await createTestApp({}, { logger: { level: 'info', stream: smsLog } });
    admin = await login(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/websocket`;
  });
  afterAll(async () => {
    for (const s of opened) s.terminate();
    await t.close();
  });

  it('sign-out closes the socket of that session only', async () => {
    const u = await twoSessions();
    expect((await call(u.tokenA, 'POST', '/sys/logout')).body.success).toBe(true);
    expect(await closeOf(u.a)).toEqual(ended);
    expect(await stillOpen(u.b)).toBe(true);
  });

  it("an administrator's forced sign-out closes the socket of that session only", async () => {
    const u = await twoSessions();
    expect((await call(admin, 'POST', '/sys/online/forceLogout', { token: jtiOf(u.tokenA) })).body).toMatchObject({ success: true });
    expect(await closeOf(u.a)).toEqual(ended);
    expect(await stillOpen(u.b)).toBe(true);
  });

  it("signing out one of one's own devices closes that device's socket only", async () => {
    const u = await twoSessions();
    expect((await call(u.tokenB, 'POST', '/sys/user/mySessions/logout', { id: jtiOf(u.tokenA) })).body).toMatchObject({ success: true });
    expect(await closeOf(u.a)).toEqual(ended);
    expect(await stillOpen(u.b)).toBe(true);
  });

  it('signing out every other device closes their sockets and keeps the current one', async () => {
    const u = await twoSessions();
    const c = await connect(base, u.id, await login(t.app, u.username, pw));
    expect((await call(u.tokenB, 'POST', '/sys/user/mySessions/logoutOthers')).body).toMatchObject({ success: true, result: 2 });
    expect(await closeOf(u.a)).toEqual(ended);
    expect(await closeOf(c)).toEqual(ended);
    expect(await stillOpen(u.b)).toBe(true);
  });

  it("changing one's own password closes the other sessions' sockets and keeps the current one", async () => {
    const u = await twoSessions();
    const res = await call(u.tokenB, 'PUT', '/sys/user/updatePassword', { username: u.username, oldpassword: pw, password: 'SockSess#2026y', confirmpassword: 'SockSess#2026y' });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
    expect(await closeOf(u.a)).toEqual(ended);
    expect(await stillOpen(u.b)).toBe(true);
  });

  it("an administrator's password change or reset closes every socket of the user", async () => {
    const u = await twoSessions();
    const set = await call(admin, 'PUT', '/sys/user/changePassword', { username: u.username, password: 'SockSess#2026z', confirmpassword: 'SockSess#2026z' });
    expect(set.body, JSON.stringify(set.body)).toMatchObject({ success: true });
    expect(await closeOf(u.a)).toEqual(ended);
    expect(await closeOf(u.b)).toEqual(ended);

    const v = await twoSessions();
    expect((await call(admin, 'PUT', `/sys/user/resetPassword?usernames=${v.username}`)).body).toMatchObject({ success: true });
    expect(await closeOf(v.a)).toEqual(ended);
    expect(await closeOf(v.b)).toEqual(ended);
  });

  it('freezing the account closes every socket of the user', async () => {
    const u = await twoSessions();
    expect((await call(admin, 'PUT', '/sys/user/frozenBatch', { ids: u.id, status: 2 })).body).toMatchObject({ success: true });
    expect(await closeOf(u.a)).toEqual(ended);
    expect(await closeOf(u.b)).toEqual(ended);
  });

  it('deleting the account closes every socket of the user, and its tokens are refused after a restore', async () => {
    const u = await twoSessions();
    expect((await call(admin, 'DELETE', `/sys/user/delete?id=${u.id}`)).body).toMatchObject({ success: true });
    expect(await closeOf(u.a)).toEqual(ended);
    expect(await closeOf(u.b)).toEqual(ended);
    expect((await call(admin, 'PUT', `/sys/user/putRecycleBin?userIds=${u.id}`)).body).toMatchObject({ success: true });
    expect(await t.app.ctx.tokens.authenticate(u.tokenA)).toBeNull();

    const v = await twoSessions();
    expect((await call(admin, 'DELETE', `/sys/user/deleteBatch?ids=${v.id}`)).body).toMatchObject({ success: true });
    expect(await closeOf(v.a)).toEqual(ended);
    expect(await closeOf(v.b)).toEqual(ended);
  });

  it('cancelling one\'s own account (注销) closes every socket of the user', async () => {
    const u = await twoSessions();
    const phone = `1381130${String(n).padStart(4, '0')}`;
    await t.db.updateTable('sysUser').set({ phone }).where('id', '=', u.id).execute();
    expect((await call(u.tokenA, 'POST', '/sys/user/sendLogOffPhoneSms', { username: u.username, phone })).body).toMatchObject({ success: true });
    const code = /\d{6}/.exec([...texts].reverse().find((m) => m.to === phone)!.text)![0];
    expect((await call(u.tokenA, 'PUT', '/sys/user/userLogOff', { username: u.username, phone, smscode: code })).body).toMatchObject({ success: true });
    expect(await closeOf(u.a)).toEqual(ended);
    expect(await closeOf(u.b)).toEqual(ended);
  });

  it(`refuses a user's socket beyond ${MAX_SOCKETS_PER_USER} with ${CLOSE_TOO_MANY.code} and keeps the others open`, async () => {
    const username = `sock_many`;
    const id = await createUser(t.db, { username, password: pw });
    const token = await login(t.app, username, pw);
    const ten: Open[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) ten.push(await connect(base, id, token));
    const eleventh = new WebSocket(`${base}/${id}`, token);
    opened.push(eleventh);
    const refused = await new Promise<{ code: number; reason: string }>((ok) => eleventh.once('close', (code, reason) => ok({ code, reason: String(reason) })));
    expect(refused).toEqual({ code: CLOSE_TOO_MANY.code, reason: CLOSE_TOO_MANY.reason });
    for (const s of ten) expect(await stillOpen(s)).toBe(true);
    // another user is not counted against this one
    const other = await twoSessions();
    expect(await stillOpen(other.a)).toBe(true);
    // one closed makes room for one more
    ten[0]!.ws.close();
    await ten[0]!.closed;
    await new Promise((r) => setTimeout(r, 50));
    ten[0] = await connect(base, id, token);
    expect(await stillOpen(ten[0])).toBe(true);
  });

  // last: it moves the clock to the end of every token's lifetime
  it('closes a socket when its token expires', async () => {
    const username = 'sock_expiry';
    const id = await createUser(t.db, { username, password: pw });
    const token = await login(t.app, username, pw);
    t.clock.advance(SESSION_TTL_MS - 1500);
    const s = await connect(base, id, token);
    t.clock.advance(2000);
    expect(await closeOf(s, 4000)).toEqual(ended);
  });
});

// Sessions ended on one node close the sockets another node holds (the revocation travels on Redis).
const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('ended sessions across nodes (TEST_REDIS_URL)', () => {
  let nodeA: TestApp;
  let nodeB: FastifyInstance;
  let base = '';

  beforeAll(async () => {
    nodeA = await createTestApp({ REDIS_URL: redisUrl! });
    nodeB = await buildApp(nodeA.config, { database: { db: nodeA.db, dialect: nodeA.dialect, close: async () => {} }, clock: nodeA.clock, logger: false });
    await nodeB.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(nodeB.server.address() as AddressInfo).port}/api/websocket`;
  });
  afterAll(async () => {
    for (const s of opened) s.terminate();
    await nodeB?.close();
    await nodeA?.close();
  });

  it('a sign-out on node A closes that session’s socket on node B, and not another session’s', async () => {
    const id = await createUser(nodeA.db, { username: 'sock_nodes', password: pw });
    const tokenA = await login(nodeA.app, 'sock_nodes', pw);
    const tokenB = await login(nodeA.app, 'sock_nodes', pw);
    const a = await connect(base, id, tokenA);
    const b = await connect(base, id, tokenB);
    expect((await apiCall(nodeA.app, tokenA, 'POST', '/sys/logout')).body.success).toBe(true);
    expect(await closeOf(a)).toEqual(ended);
    expect(await stillOpen(b)).toBe(true);
    // and an administrator's reset on node A ends the rest
    const admin = await login(nodeA.app, 'admin', ADMIN_PASSWORD);
    expect((await apiCall(nodeA.app, admin, 'PUT', '/sys/user/resetPassword?usernames=sock_nodes')).body.success).toBe(true);
    expect(await closeOf(b)).toEqual(ended);
  });
});
