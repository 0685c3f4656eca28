import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config';
import { hashPassword } from '../../src/core/auth';
import { migrateToLatest, newId, seedDatabase, seedId, type Clock, type Db, type DialectName } from '../../src/core/db';
import { openServerTestDatabase, openSqliteTestDatabase, type TestDatabase } from './databases';
import { signLikeOriginalClient } from './original-client';

export const ADMIN_PASSWORD = 'Admin#2026-test';
/** The tenant a fresh install creates. */
export const DEFAULT_TENANT = 1000;
/** Every captcha drawn in tests shows this text (mixed case, to prove the check ignores case). */
export const CAPTCHA_TEXT = 'AbC7';

/**
 * A clock the test moves by hand. It stands still, or with `running` it also follows the wall clock: page
 * tests sign calls with the browser's Date.now(), which a clock standing still for over 300 s would refuse.
 */
export class TestClock implements Clock {
  private t = Date.now();
  private started = Date.now();
  constructor(private running = false) {}
  now(): Date {
    return new Date(this.running ? this.t + (Date.now() - this.started) : this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
  /** Stops a running clock where it is (a deadline that must not pass while the page works). */
  hold(): void {
    this.t = this.now().getTime();
    this.running = false;
  }
  /** Lets a held clock follow the wall clock again, from where it stood. */
  resume(): void {
    if (this.running) return;
    this.started = Date.now();
    this.running = true;
  }
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  clock: TestClock;
  dialect: DialectName;
  close(): Promise<void>;
}

/** The app tests' database: SQLite, or the one TEST_DATABASE_URL names (PostgreSQL, or MySQL/MariaDB). */
async function openTestDatabase(dataDir: string): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? openServerTestDatabase(url) : openSqliteTestDatabase(dataDir, false);
}

/**
 * Builds the real app on a fresh database (SQLite file in a temp folder, or PostgreSQL when TEST_DATABASE_URL is set).
 * `logger` replaces the silent logger, e.g. with a stream the test reads (the `log` SMS provider writes there);
 * `runningClock` lets the clock follow the wall clock too (see TestClock). TEST_LOG_ERRORS=1 prints the
 * server's errors (a 500's cause) to the console.
 */
export async function createTestApp(env: Record<string, string> = {}, opts: { logger?: object; runningClock?: boolean } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'anxue-test-'));
  // Each test app's Redis keys under a prefix of its own, so parallel files sharing TEST_REDIS_URL never meet.
  const redisPrefix = `anxue-test:${process.pid}:${Math.random().toString(36).slice(2, 10)}:`;
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD, WEB_DIST: join(dataDir, 'no-dist'), REDIS_PREFIX: redisPrefix, ...env });
  const { handle, drop } = await openTestDatabase(dataDir);
  await migrateToLatest(handle.db);
  await seedDatabase(handle.db, { adminPassword: config.adminPassword });
  const clock = new TestClock(opts.runningClock);
  const app = await buildApp(config, { database: handle, clock, captchaText: () => CAPTCHA_TEXT, logger: opts.logger ?? (process.env.TEST_LOG_ERRORS ? { level: 'error' } : false) });
  signInjectedCalls(app);
  return {
    app,
    db: handle.db,
    config,
    clock,
    dialect: handle.dialect,
    async close() {
      if (app.ctx.redis) await dropRedisKeys(app.ctx.redis.client, config.redisPrefix).catch(() => {});
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function dropRedisKeys(client: Redis, prefix: string): Promise<void> {
  const keys = await client.keys(`${prefix}*`);
  if (keys.length) await client.del(...keys);
}

const unsignedInjects = new WeakMap<FastifyInstance, FastifyInstance['inject']>();

const bodyOf = (payload: unknown) => {
  if (typeof payload !== 'string') return payload;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * The test app's injected calls carry X-Sign and X-TIMESTAMP (the app's own clock) as the clients do: the
 * original client signs every call, ours the signed ones. A call that sets X-Sign or X-TIMESTAMP itself
 * keeps its own; `injectUnsigned` sends a call without them.
 */
export function signInjectedCalls(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  unsignedInjects.set(app, inject as FastifyInstance['inject']);
  const signed = (...args: unknown[]) => {
    const [opts] = args;
    if (args.length !== 1 || !opts || typeof opts !== 'object') return inject(...args);
    const o = opts as { url?: string | { pathname?: string }; query?: unknown; payload?: unknown; body?: unknown; headers?: Record<string, unknown> };
    const headers = o.headers ?? {};
    if (typeof o.url !== 'string' || Object.keys(headers).some((h) => /^x-(sign|timestamp)$/i.test(h))) return inject(opts);
    const sign = signLikeOriginalClient(o.url, o.query, bodyOf(o.payload ?? o.body), app.ctx.signatureSecret);
    return inject({ ...o, headers: { ...headers, 'x-sign': sign, 'x-timestamp': String(app.ctx.clock.now().getTime()) } });
  };
  app.inject = signed as FastifyInstance['inject'];
}

/** An injected call without the request signature the test app adds otherwise. */
export function injectUnsigned(app: FastifyInstance, opts: InjectOptions) {
  return (unsignedInjects.get(app) ?? app.inject.bind(app))(opts);
}

let keyCounter = 0;
/** A fresh checkKey with its captcha drawn; answers the key. */
export async function drawCaptcha(app: FastifyInstance): Promise<string> {
  const checkKey = `k${Date.now()}${keyCounter++}`;
  const res = await app.inject({ method: 'GET', url: `/api/sys/randomImage/${checkKey}` });
  if (res.statusCode !== 200 || res.json().success !== true) throw new Error(`captcha failed: ${res.body}`);
  return checkKey;
}

/** Signs in through the real endpoints (captcha included); answers the whole login answer. */
export async function loginRaw(app: FastifyInstance, username: string, password: string) {
  const checkKey = await drawCaptcha(app);
  return app.inject({ method: 'POST', url: '/api/sys/userLogin', payload: { username, password, captcha: CAPTCHA_TEXT, checkKey } });
}

export async function login(app: FastifyInstance, username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const res = await loginRaw(app, username, password);
  const body = res.json();
  if (!body.success) throw new Error(`login failed: ${res.body}`);
  return body.result.token as string;
}

/** Test data: a user holding one new role granted the seeded menus/buttons named by their seed keys. */
export async function createUser(
  db: Db,
  opts: { username: string; password: string; menuKeys?: string[]; status?: number; departCodes?: string[]; tenants?: number[] },
): Promise<string> {
  const userId = newId();
  // members of the default tenant unless told otherwise, as users created through the pages are
  const tenants = opts.tenants ?? [DEFAULT_TENANT];
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sysUser')
      .values({ id: userId, username: opts.username, realname: opts.username, password: await hashPassword(opts.password), status: opts.status ?? 1, loginTenantId: tenants[0] ?? 0 })
      .execute();
    for (const tenantId of tenants) await trx.insertInto('sysUserTenant').values({ id: newId(), userId, tenantId, status: '1' }).execute();
    if (opts.menuKeys) {
      const roleId = newId();
      await trx.insertInto('sysRole').values({ id: roleId, roleCode: `r_${opts.username}`, roleName: opts.username, tenantId: tenants[0] ?? 0 }).execute();
      await trx.insertInto('sysUserRole').values({ id: newId(), userId, roleId }).execute();
      for (const key of opts.menuKeys) {
        await trx.insertInto('sysRolePermission').values({ id: newId(), roleId, permissionId: seedId(`menu.${key}`) }).execute();
      }
    }
    for (const code of opts.departCodes ?? []) {
      const dep = await trx.selectFrom('sysDepart').select('id').where('orgCode', '=', code).executeTakeFirstOrThrow();
      await trx.insertInto('sysUserDepart').values({ id: newId(), userId, depId: dep.id }).execute();
    }
  });
  return userId;
}

export const auth = (token: string) => ({ 'x-access-token': token });

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An injected answer as its HTTP status and parsed envelope, to check both in one assertion. */
export function envelopeOf(res: { statusCode: number; json(): any }) {
  return { status: res.statusCode, body: res.json() };
}

/** One API call with a user's token: the status and the parsed envelope. */
export async function apiCall(app: FastifyInstance, token: string, method: HttpMethod, url: string, payload?: unknown) {
  const res = await app.inject({ method, url: `/api${url}`, headers: auth(token), ...(payload !== undefined ? { payload: payload as object } : {}) });
  return { status: res.statusCode, body: res.json() };
}
