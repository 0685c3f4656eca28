import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config';
import { hashPassword } from '../../src/core/auth';
import { connectDatabase, migrateToLatest, newId, seedDatabase, seedId, type Clock, type Db, type DbHandle } from '../../src/core/db';

export const ADMIN_PASSWORD = 'Admin#2026-test';
/** The tenant a fresh install creates. */
export const DEFAULT_TENANT = 1000;
/** Every captcha drawn in tests shows this text (mixed case, to prove the check ignores case). */
export const CAPTCHA_TEXT = 'AbC7';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private t = Date.now();
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  clock: TestClock;
  dialect: 'sqlite' | 'postgres';
  close(): Promise<void>;
}

async function openTestDatabase(dataDir: string): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    return { handle: connectDatabase({ sqliteFile: join(dataDir, 'app.db') }), drop: async () => {} };
  }
  // A fresh schema per test file, reached through the pool's search_path.
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const handle = connectDatabase({ databaseUrl: url, pgSearchPath: schema, pgPoolSize: 4 });
  return {
    handle,
    drop: async () => {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

/** Builds the real app on a fresh database (SQLite file in a temp folder, or PostgreSQL when TEST_DATABASE_URL is set). */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'anxue-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD, WEB_DIST: join(dataDir, 'no-dist'), ...env });
  const { handle, drop } = await openTestDatabase(dataDir);
  await migrateToLatest(handle.db);
  await seedDatabase(handle.db, { adminPassword: config.adminPassword });
  const clock = new TestClock();
  const app = await buildApp(config, { database: handle, clock, captchaText: () => CAPTCHA_TEXT, logger: false });
  return {
    app,
    db: handle.db,
    config,
    clock,
    dialect: handle.dialect,
    async close() {
      await app.close();
      await handle.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
