import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, createUser, login, type TestApp } from '../../../test/helpers/test-app';
import { seedId } from '../../core/db';
import { protocolToken } from './routes';

// The table live-update socket through a real listening server and the `ws` client.
let t: TestApp;
let base = '';
let admin: string;
const adminId = seedId('user.admin');
const opened: WebSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/vxeSocket`;
});
afterAll(async () => {
  for (const s of opened) s.terminate();
  await t.close();
});

interface Client {
  ws: WebSocket;
  received: unknown[];
  next(): Promise<unknown>;
}

/** Opens a page's socket; resolves when open, rejects with the HTTP status when refused. */
function connect(userId: string, pageId: string, protocols?: string | string[]): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}/${userId}/${pageId}`, protocols);
    opened.push(ws);
    const received: unknown[] = [];
    const waiters: ((m: unknown) => void)[] = [];
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data));
      const w = waiters.shift();
      if (w) w(msg);
      else received.push(msg);
    });
    const next = () =>
      new Promise<unknown>((ok, fail) => {
        if (received.length) return ok(received.shift());
        const timer = setTimeout(() => fail(new Error('no message within 2 s')), 2000);
        waiters.push((m) => {
          clearTimeout(timer);
          ok(m);
        });
      });
    ws.once('open', () => resolve({ ws, received, next }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', (err) => reject(err));
  });
}
const quiet = (ms = 150) => new Promise((r) => setTimeout(r, ms));

describe('table socket', () => {
  it('accepts the access token as sub-protocol and answers heart beats', async () => {
    const page = await connect(adminId, 'page-a', admin);
    expect(page.ws.protocol).toBe(admin);
    page.ws.send(JSON.stringify({ type: 'heart_beat' }));
    expect(await page.next()).toEqual({ type: 'heart_beat' });
    page.ws.close();
  });

  it('refuses a missing, forged or revoked token with 401, and another user id with 403', async () => {
    await expect(connect(adminId, 'p1')).rejects.toThrow('HTTP 401');
    await expect(connect(adminId, 'p1', 'not.a.token')).rejects.toThrow('HTTP 401');
    await expect(connect('someone-else', 'p1', admin)).rejects.toThrow('HTTP 403');
    await expect(connect(adminId, 'bad page id!', admin)).rejects.toThrow('HTTP 400');
    const userId = await createUser(t.db, { username: 'sock_user', password: 'Sock#2026x' });
    const token = await login(t.app, 'sock_user', 'Sock#2026x');
    const ok = await connect(userId, 'p2', token);
    ok.ws.close();
    await t.app.inject({ method: 'POST', url: '/api/sys/logout', headers: { 'x-access-token': token } });
    await expect(connect(userId, 'p3', token)).rejects.toThrow('HTTP 401');
  });

  it("closes a page's socket when its session ends (4401), and not the pages of the user's other sessions", async () => {
    const userId = await createUser(t.db, { username: 'sock_ends', password: 'SockEnds#2026x' });
    const [tokenA, tokenB] = [await login(t.app, 'sock_ends', 'SockEnds#2026x'), await login(t.app, 'sock_ends', 'SockEnds#2026x')];
    const a = await connect(userId, 'e-1', tokenA);
    const b = await connect(userId, 'e-2', tokenB);
    // answered heart beats: both pages are registered
    for (const p of [a, b]) {
      p.ws.send(JSON.stringify({ type: 'heart_beat' }));
      await p.next();
    }
    const closeOf = (p: Client) => new Promise<[number, string]>((ok) => p.ws.once('close', (code, reason) => ok([code, String(reason)])));
    const aClosed = closeOf(a);
    await t.app.inject({ method: 'POST', url: '/api/sys/logout', headers: { 'x-access-token': tokenA } });
    expect(await aClosed).toEqual([4401, 'session ended']);
    b.ws.send(JSON.stringify({ type: 'heart_beat' }));
    expect(await b.next()).toEqual({ type: 'heart_beat' });
    const bClosed = closeOf(b);
    await t.app.inject({ method: 'PUT', url: '/api/sys/user/frozenBatch', headers: { 'x-access-token': admin }, payload: { ids: userId, status: 2 } });
    expect(await bClosed).toEqual([4401, 'session ended']);
  });

  it('relays update_vxe_table to the other open pages, not back to the sender, and ignores the rest', async () => {
    const a = await connect(adminId, 'orders-1', admin);
    const b = await connect(adminId, 'orders-2', admin);
    const a2 = await connect(adminId, 'orders-1', admin); // the same page id open twice (e.g. reloaded)
    const update = { type: 'update_vxe_table', socketKey: 'orders', args: [{ id: 'r1', name: '改过' }, 'case-a'] };
    a.ws.send(JSON.stringify(update));
    expect(await b.next()).toEqual(update);
    await quiet();
    expect(a.received).toEqual([]);
    expect(a2.received).toEqual([]);

    // Unknown, malformed and unparseable messages go nowhere and do not close the connection.
    for (const junk of ['not json', '{"type":"weird"}', JSON.stringify({ type: 'update_vxe_table', socketKey: 'orders', args: [] }), '[1,2]']) {
      a.ws.send(junk);
    }
    await quiet();
    expect(b.received).toEqual([]);
    expect(a.ws.readyState).toBe(WebSocket.OPEN);
    b.ws.send(JSON.stringify({ type: 'heart_beat' }));
    expect(await b.next()).toEqual({ type: 'heart_beat' });

    // A closed page is forgotten: relaying to the remaining pages still works.
    b.ws.close();
    await quiet();
    const c = await connect(adminId, 'orders-3', admin);
    a.ws.send(JSON.stringify(update));
    expect(await c.next()).toEqual(update);
    for (const s of [a, a2, c]) s.ws.close();
  });

  it('keeps tenants apart', async () => {
    await t.db.insertInto('sysTenant').values({ id: 4242, name: '另一租户', status: 1 }).execute();
    const userId = await createUser(t.db, { username: 'other_tenant', password: 'Other#2026x', tenants: [4242] });
    const token = await login(t.app, 'other_tenant', 'Other#2026x');
    const stranger = await connect(userId, 'x-1', token);
    const mine = await connect(adminId, 'x-2', admin);
    const sender = await connect(adminId, 'x-3', admin);
    sender.ws.send(JSON.stringify({ type: 'update_vxe_table', socketKey: 'k', args: [{ id: 1 }, 'c'] }));
    expect(await mine.next()).toMatchObject({ socketKey: 'k' });
    await quiet();
    expect(stranger.received).toEqual([]);
    for (const s of [stranger, mine, sender]) s.ws.close();
  });

  it('reads the token from the first offered sub-protocol', () => {
    expect(protocolToken('abc.def, other')).toBe('abc.def');
    expect(protocolToken(undefined)).toBeUndefined();
    expect(protocolToken(' ')).toBeUndefined();
  });
});
