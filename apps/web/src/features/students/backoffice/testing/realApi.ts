// The real API server (apps/server, on a fresh SQLite database) behind a local HTTP address for page
// tests: the pages' calls go through the same routes, permissions and validation as in production.
// The server sends no CORS headers (the app is served from its own origin), so a small front adds them
// and hands each request to the app with inject — nothing listens but the front.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { grantButtons } from '../../../../components/tree/testing';
import { setTenant, setToken } from '../../../../lib/session/store';

/** The tenant a fresh install creates (the admin's). */
const DEFAULT_TENANT = 1000;

// Loaded at run time so the web project's typecheck does not walk into the server's sources.
const SERVER = '../../../../../../server';
const SERVER_TEST_APP = `${SERVER}/test/helpers/test-app.ts`;

/** A module of apps/server (test helpers such as the spreadsheet writer), loaded at run time. */
export function serverModule<T>(path: string): Promise<T> {
  return import(/* @vite-ignore */ resolve(dirname(fileURLToPath(import.meta.url)), SERVER, path)) as Promise<T>;
}

interface InjectAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  rawPayload: Buffer;
}
interface ServerApp {
  inject(opts: { method: string; url: string; headers: Record<string, string>; payload?: Buffer }): Promise<InjectAnswer>;
}
interface TestApp {
  app: ServerApp;
  db: unknown;
  config: { dataDir: string };
  /** the server's clock: the wall clock, moved on by hand */
  clock: { advance(ms: number): void; hold(): void; resume(): void };
  close(): Promise<void>;
}

export interface RealApi {
  /** The admin's token (every permission of the seeded install). */
  token: string;
  /** The admin's user id (e.g. to make the admin a teacher of a class). */
  adminId: string;
  /** Every request the pages made: method and path under /api, and the parsed JSON body. */
  seen: { method: string; path: string; body: unknown }[];
  /** Signs the page in as the admin of the default tenant holding exactly these button codes. */
  signIn(codes: string[]): void;
  /** A user of the default tenant (realname = username); answers the id. */
  addUser(username: string): Promise<string>;
  /** A call straight to the server as the admin (test setup and checks). */
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<{ success: boolean; message: string; result: any }>;
  /** Moves the server's clock forward (beyond the wall clock): deadlines, remaining time. */
  advanceClock(ms: number): void;
  /** Stops the server's clock for the rest of the test (it follows the wall clock otherwise). */
  holdClock(): void;
  /** The server's database (a Kysely instance, typed loosely here): rows no page can make, e.g. sign-ins of past days. */
  db(): unknown;
  /** The server's DATA_DIR (a temp folder of this test), e.g. to place a file a data source names. */
  dataDir(): string;
  /** The last six-digit code the server's `log` SMS provider sent to a number (with `captureSms`). */
  smsCodeTo(mobile: string): string | undefined;
}

export interface RealApiOptions {
  /** Server configuration (environment variables), e.g. { REGISTRATION: 'on' }. */
  env?: Record<string, string>;
  /** Read the SMS texts the server writes to its log. */
  captureSms?: boolean;
}

interface ServerHelpers {
  createTestApp(env?: Record<string, string>, opts?: { logger?: object; runningClock?: boolean }): Promise<TestApp>;
  login(app: ServerApp): Promise<string>;
  createUser(db: unknown, opts: { username: string; password: string }): Promise<string>;
}

export function useRealApi(options: RealApiOptions = {}): RealApi {
  const sms: { to: string; text: string }[] = [];
  let helpers: ServerHelpers | undefined;
  let test: TestApp | undefined;
  let front: Server | undefined;
  const state: RealApi = {
    token: '',
    adminId: '',
    seen: [],
    signIn(codes) {
      setToken(state.token);
      setTenant(DEFAULT_TENANT);
      grantButtons(codes);
    },
    addUser: (username) => helpers!.createUser(test!.db, { username, password: 'Pass#2026-test' }),
    async call(method, path, body) {
      const res = await test!.app.inject({
        method,
        url: `/api${path}`,
        headers: { 'x-access-token': state.token, 'tenant-id': String(DEFAULT_TENANT), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        payload: body !== undefined ? Buffer.from(JSON.stringify(body)) : undefined,
      });
      return JSON.parse(res.rawPayload.toString('utf8'));
    },
    advanceClock: (ms) => test!.clock.advance(ms),
    holdClock: () => test!.clock.hold(),
    db: () => test!.db,
    dataDir: () => test!.config.dataDir,
    smsCodeTo(mobile) {
      const m = [...sms].reverse().find((x) => x.to === mobile);
      return m ? /\d{6}/.exec(m.text)?.[0] : undefined;
    },
  };

  beforeAll(async () => {
    helpers = await serverModule<ServerHelpers>(SERVER_TEST_APP.slice(SERVER.length + 1));
    const logStream = {
      write(line: string) {
        const entry = JSON.parse(line);
        if (entry.sms) sms.push(entry.sms);
      },
    };
    // the clock runs: the pages sign calls with the wall clock, and a file may take over 300 s on a loaded machine
    test = await helpers.createTestApp(options.env, { runningClock: true, ...(options.captureSms ? { logger: { level: 'info', stream: logStream } } : {}) });
    state.token = await helpers.login(test.app);
    state.adminId = (await state.call('GET', '/sys/user/list?username=admin')).result.records.find((u: { username: string }) => u.username === 'admin').id;
    front = createServer((req: IncomingMessage, res) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Headers', '*');
      res.setHeader('Access-Control-Allow-Methods', 'GET,POST,PUT,DELETE');
      if (req.method === 'OPTIONS') return void res.writeHead(204).end();
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const payload = Buffer.concat(chunks);
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
        const url = req.url ?? '/';
        let body: unknown;
        try {
          body = payload.length && headers['content-type']?.includes('json') ? JSON.parse(payload.toString('utf8')) : undefined;
        } catch {
          body = undefined;
        }
        state.seen.push({ method: req.method ?? 'GET', path: url.split('?')[0].replace(/^\/api/, ''), body });
        void test!.app.inject({ method: req.method ?? 'GET', url, headers, payload: payload.length ? payload : undefined }).then((answer) => {
          const out: Record<string, string | string[]> = {};
          for (const [k, v] of Object.entries(answer.headers)) if (v !== undefined && !['content-length', 'transfer-encoding', 'connection'].includes(k)) out[k] = typeof v === 'number' ? String(v) : v;
          res.writeHead(answer.statusCode, out);
          res.end(answer.rawPayload);
        });
      });
    });
    await new Promise<void>((r) => front!.listen(0, '127.0.0.1', r));
    const { port } = front.address() as AddressInfo;
    window.__APP_CONFIG__ = { ...(window.__APP_CONFIG__ ?? {}), apiBase: `http://127.0.0.1:${port}/api` };
  }, 120_000);

  afterEach(async () => {
    state.seen.length = 0;
    test?.clock.resume();
    const [{ resetErrorState }, { clearLocalSession }] = await Promise.all([import('../../../../lib/http/errors'), import('../../../../lib/session/store')]);
    await resetErrorState();
    clearLocalSession();
  });

  afterAll(async () => {
    // let calls still in flight from the last page finish before the address goes away
    await new Promise((r) => setTimeout(r, 300));
    front?.closeAllConnections();
    await new Promise<void>((r) => (front ? front.close(() => r()) : r()));
    await test?.close();
  });

  return state;
}
