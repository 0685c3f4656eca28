import { existsSync, realpathSync, statSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import type mysqlModule from 'mysql2/promise';
import type pgModule from 'pg';
import { lazyRequire } from '../../core/lazy-require';
import type { AppConfig } from '../../config';
import { BizError } from '../../core/errors';
import { addressKind, canonicalHost, isAllowedAddress, OutboundError, plainAddress, resolveAll, type Resolver } from '../../core/http/outbound';

const pg = lazyRequire<typeof pgModule>('pg');
const mysql = lazyRequire<typeof mysqlModule>('mysql2/promise');

// Opening an external database named by a data source: PostgreSQL (pg), MySQL/MariaDB (mysql2) or a
// SQLite file under DATA_DIR/datasource (better-sqlite3, read-only). Every connection has a short timeout
// and is closed after one use; nothing is pooled, so a changed password takes effect at the next call.
// A data source never names the install's own database, and (unless the operator allows private hosts)
// never a loopback, private or link-local address: the host is resolved once, checked with the outbound
// guard's classification, and the driver connects to that checked address.

export type DbKind = 'postgresql' | 'mysql' | 'sqlite';

/** Our names and the original client's database_type codes (1/4 MySQL, 5 MariaDB, 6 PostgreSQL, 10 SQLite). */
const KIND_OF: Record<string, DbKind> = {
  postgresql: 'postgresql',
  '6': 'postgresql',
  mysql: 'mysql',
  mariadb: 'mysql',
  '1': 'mysql',
  '4': 'mysql',
  '5': 'mysql',
  sqlite: 'sqlite',
  '10': 'sqlite',
};

export const DB_TYPE_TEXT: Record<DbKind, string> = { postgresql: 'PostgreSQL', mysql: 'MySQL / MariaDB', sqlite: 'SQLite' };

export function dbKindOf(dbType: unknown): DbKind {
  const kind = typeof dbType === 'string' ? KIND_OF[dbType.trim().toLowerCase()] : undefined;
  if (!kind) throw new BizError('暂不支持该数据库类型（可选 PostgreSQL、MySQL/MariaDB、SQLite）');
  return kind;
}

export interface ConnectionInput {
  dbType: string;
  dbUrl?: string | null;
  dbName?: string | null;
  dbUsername?: string | null;
  password?: string | null;
}

export type Target =
  | { kind: 'postgresql' | 'mysql'; host: string; port: number; database: string; user: string; password: string; /** the checked address connected to */ address: string }
  | { kind: 'sqlite'; file: string };

/** What decides whether a data source may be opened: the install's own database and the operator's switch. */
export interface SourcePolicy {
  dataDir: string;
  sqliteFile: string;
  databaseUrl?: string;
  /** DATASOURCE_PRIVATE_HOSTS: loopback, private and link-local hosts allowed. */
  allowPrivate: boolean;
  /** Name resolution (tests inject one). */
  resolve?: Resolver;
}

export function sourcePolicy(config: Pick<AppConfig, 'dataDir' | 'sqliteFile' | 'databaseUrl' | 'datasourcePrivateHosts'>): SourcePolicy {
  return { dataDir: config.dataDir, sqliteFile: config.sqliteFile, databaseUrl: config.databaseUrl, allowPrivate: config.datasourcePrivateHosts };
}

/** Where SQLite data sources live: a folder of DATA_DIR the install itself never writes into. */
export const SQLITE_SOURCE_FOLDER = 'datasource';

export const OWN_DATABASE = '数据源不能指向本系统自己的数据库';
export const PRIVATE_HOST = '数据源地址不能指向本机或内网（可由平台运维设置 DATASOURCE_PRIVATE_HOSTS=on 放开）';
export const SQLITE_OUTSIDE = 'SQLite 文件必须位于数据目录下的 datasource 文件夹之内，且不能是本系统自己的数据库';
/** Every failure to reach a database server reads the same, and comes after the same time. */
export const UNREACHABLE = '连接失败：无法连接到数据库服务器';

const SCHEMES: Record<'postgresql' | 'mysql', string[]> = { postgresql: ['postgresql:', 'postgres:'], mysql: ['mysql:', 'mariadb:'] };
const DEFAULT_PORT = { postgresql: 5432, mysql: 3306 };

type Parsed = { kind: 'postgresql' | 'mysql'; host: string; port: number; database: string; user: string; password: string } | { kind: 'sqlite'; file: string };

/** Checks a data source's address (the SQLite file's place and identity too) without touching the network. */
function parse(input: ConnectionInput, policy: SourcePolicy): Parsed {
  const kind = dbKindOf(input.dbType);
  const raw = (input.dbUrl ?? '').trim().replace(/^jdbc:/i, '');
  if (!raw) throw new BizError('请填写数据源地址');
  if (kind === 'sqlite') return { kind, file: sqliteSourceFile(raw.replace(/^sqlite:(\/\/)?/i, ''), policy) };
  let url: URL;
  try {
    url = new URL(raw.includes('://') ? raw : `${SCHEMES[kind][0]}//${raw}`);
  } catch {
    throw new BizError('数据源地址格式不正确，例如 postgresql://127.0.0.1:5432/mydb');
  }
  if (!SCHEMES[kind].includes(url.protocol)) throw new BizError(`数据源地址与数据库类型不符，应以 ${SCHEMES[kind][0]}// 开头`);
  if (url.username || url.password) throw new BizError('请勿在数据源地址中填写用户名和密码');
  if (!url.hostname) throw new BizError('数据源地址缺少主机名');
  // as an http URL reads it: 2130706433, 0x7f.1 and [::ffff:7f00:1] become the addresses they stand for
  const host = canonicalHost(url.hostname);
  if (!host) throw new BizError('数据源地址格式不正确，例如 postgresql://127.0.0.1:5432/mydb');
  let database: string;
  try {
    database = (input.dbName ?? '').trim() || decodeURIComponent(url.pathname.replace(/^\//, ''));
  } catch {
    throw new BizError('数据源地址格式不正确，例如 postgresql://127.0.0.1:5432/mydb');
  }
  if (!database) throw new BizError('请填写数据库名称');
  return {
    kind,
    host,
    port: url.port ? Number(url.port) : DEFAULT_PORT[kind],
    database,
    user: (input.dbUsername ?? '').trim(),
    password: input.password ?? '',
  };
}

/** The install's own database server, from DATABASE_URL. */
function ownServer(databaseUrl: string | undefined): { host: string; port: number; database: string } | null {
  if (!databaseUrl) return null;
  try {
    const url = new URL(databaseUrl);
    const mysqlLike = url.protocol === 'mysql:' || url.protocol === 'mariadb:';
    const fromQuery = url.searchParams.get('host');
    const host = canonicalHost(url.hostname || (fromQuery && !fromQuery.startsWith('/') ? fromQuery : 'localhost'));
    // PostgreSQL's default database is the user's name
    const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || decodeURIComponent(url.username) || (mysqlLike ? '' : 'postgres');
    return host ? { host, port: url.port ? Number(url.port) : mysqlLike ? 3306 : 5432, database } : null;
  } catch {
    return null;
  }
}

/** This machine: loopback, unspecified, or an address of one of its interfaces. */
function isThisMachine(address: string): boolean {
  const plain = plainAddress(address);
  const kind = addressKind(plain);
  if (kind === 'loopback' || kind === 'unspecified') return true;
  return Object.values(networkInterfaces()).some((list) => (list ?? []).some((i) => plainAddress(i.address.split('%')[0]!) === plain));
}

async function refuseOwnDatabase(t: { host: string; port: number; database: string }, addresses: string[], policy: SourcePolicy, signal: AbortSignal) {
  const own = ownServer(policy.databaseUrl);
  if (!own || own.port !== t.port || own.database.toLowerCase() !== t.database.toLowerCase()) return;
  if (own.host === t.host) throw new BizError(OWN_DATABASE);
  const ownAddresses = await resolveAll(own.host, { resolve: policy.resolve, signal }).catch(() => [] as string[]);
  const mine = new Set(ownAddresses.map(plainAddress));
  if (addresses.some((a) => mine.has(plainAddress(a)))) throw new BizError(OWN_DATABASE);
  // the same server reached another way: both ends are this machine
  if ((own.host === 'localhost' || ownAddresses.some(isThisMachine)) && addresses.some(isThisMachine)) throw new BizError(OWN_DATABASE);
}

/** The checked connection target: resolved once, never the own database, private hosts only when allowed. */
async function checked(input: ConnectionInput, policy: SourcePolicy, signal: AbortSignal): Promise<Target> {
  const p = parse(input, policy);
  if (p.kind === 'sqlite') return p;
  const own = ownServer(policy.databaseUrl);
  if (own && own.host === p.host && own.port === p.port && own.database.toLowerCase() === p.database.toLowerCase()) throw new BizError(OWN_DATABASE);
  let addresses: string[];
  try {
    addresses = await resolveAll(p.host, { resolve: policy.resolve, signal });
  } catch (e) {
    throw new Unreachable(e);
  }
  await refuseOwnDatabase(p, addresses, policy, signal);
  if (!addresses.every((a) => isAllowedAddress(a, policy.allowPrivate))) throw new BizError(PRIVATE_HOST);
  return { ...p, address: addresses[0]! };
}

/**
 * Checks a data source and turns it into what a driver needs: the SQLite file, or the server's checked
 * address. Refusals are BizErrors; a name that does not resolve fails as any unreachable server does.
 */
export async function targetOf(input: ConnectionInput, policy: SourcePolicy): Promise<Target> {
  const started = Date.now();
  try {
    return await checked(input, policy, AbortSignal.timeout(CONNECT_TIMEOUT_MS));
  } catch (e) {
    if (e instanceof Unreachable) return unreachable(started);
    throw e;
  }
}

/** The check of a data source being saved: as targetOf, but a name that does not resolve (yet) is accepted. */
export async function checkOnSave(input: ConnectionInput, policy: SourcePolicy): Promise<void> {
  await checked(input, policy, AbortSignal.timeout(CONNECT_TIMEOUT_MS)).catch((e: unknown) => {
    if (!(e instanceof Unreachable)) throw e;
  });
}

const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/**
 * Only files inside DATA_DIR/datasource, never the install's own database (by place and by identity, so
 * symlinks, hard links and other spellings of its name are caught), nor anything else of DATA_DIR. Where a
 * path leads outside is refused before looking whether it exists: no probing of the server's files.
 */
function sqliteSourceFile(path: string, policy: SourcePolicy): string {
  if (path.includes('\0')) throw new BizError(SQLITE_OUTSIDE);
  const data = resolve(policy.dataDir);
  const root = join(data, SQLITE_SOURCE_FOLDER);
  const wanted = resolve(root, path);
  if (!inside(root, wanted) || wanted === root) throw new BizError(SQLITE_OUTSIDE);
  if (!existsSync(root) || !existsSync(wanted)) throw new BizError('SQLite 文件不存在（路径相对于数据目录下的 datasource 文件夹）');
  const realData = realpathSync.native(data);
  const realRoot = realpathSync.native(root);
  const file = realpathSync.native(wanted);
  // a datasource folder that is (a link to) DATA_DIR or above would open all of it
  if (inside(realRoot, realData) || !inside(realRoot, file) || file === realRoot) throw new BizError(SQLITE_OUTSIDE);
  const stat = statSync(file);
  if (!stat.isFile()) throw new BizError(SQLITE_OUTSIDE);
  for (const own of [policy.sqliteFile, `${policy.sqliteFile}-wal`, `${policy.sqliteFile}-shm`, `${policy.sqliteFile}-journal`]) {
    const o = statSync(own, { throwIfNoEntry: false });
    if (o && o.dev === stat.dev && o.ino === stat.ino) throw new BizError(SQLITE_OUTSIDE);
  }
  return file;
}

const CONNECT_TIMEOUT_MS = 5000;
/** When every kind of unreachable server is answered, counted from the start of the attempt. */
const UNREACHABLE_AFTER_MS = CONNECT_TIMEOUT_MS + 1000;
const QUERY_TIMEOUT_MS = 10000;

/** A server that could not be reached (refused, silent, not a database, no such name): one answer for all. */
class Unreachable extends Error {
  constructor(cause: unknown) {
    super('unreachable', { cause });
  }
}

/** Answers UNREACHABLE at the same moment whatever went wrong, so a port scanner learns nothing from it. */
async function unreachable(started: number): Promise<never> {
  const wait = started + UNREACHABLE_AFTER_MS - Date.now();
  if (wait > 0) await sleep(wait);
  throw new BizError(UNREACHABLE);
}

/** A database server's own refusal, in words a user can act on; null for anything short of one. */
function serverRefusal(e: unknown): BizError | null {
  const err = e as { code?: string | number; errno?: number };
  const code = String(err.code ?? '');
  if (code === '28P01' || code === '28000' || code === 'ER_ACCESS_DENIED_ERROR' || code === 'ER_DBACCESS_DENIED_ERROR' || err.errno === 1045 || err.errno === 1044) return new BizError('连接失败：用户名或密码错误');
  if (code === '3D000' || code === 'ER_BAD_DB_ERROR') return new BizError('连接失败：数据库不存在');
  return null;
}

/** An error once connected (a statement's); never the password. */
function failure(e: unknown): BizError {
  const known = serverRefusal(e);
  if (known) return known;
  const err = e as { code?: string | number; message?: string };
  const code = String(err.code ?? '');
  if (code === 'SQLITE_NOTADB') return new BizError('连接失败：该文件不是 SQLite 数据库');
  if (code === 'ETIMEDOUT' || /timeout/i.test(err.message ?? '')) return new BizError('连接失败：连接超时');
  if (/^E[A-Z]+$/.test(code) || /^PROTOCOL_/.test(code)) return new BizError(UNREACHABLE);
  return new BizError(`连接失败：${(err.message ?? '未知错误').slice(0, 200)}`);
}

/** Connecting: a server's refusal is told, anything else is UNREACHABLE at the fixed moment. */
async function connectOrUnreachable<C>(started: number, connect: () => Promise<C>): Promise<C> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      connect(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('connect timeout')), CONNECT_TIMEOUT_MS + 500);
      }),
    ]);
  } catch (e) {
    const known = serverRefusal(e);
    if (known) throw known;
    return unreachable(started);
  } finally {
    clearTimeout(timer);
  }
}

type Row = Record<string, unknown>;

/** Runs one statement on a fresh connection, inside a read-only transaction where the database has one. */
async function withConnection<T>(t: Target, work: (run: (sql: string, params: unknown[]) => Promise<Row[]>) => Promise<T>): Promise<T> {
  const started = Date.now();
  if (t.kind === 'sqlite') {
    let db: Database.Database;
    try {
      db = new Database(t.file, { readonly: true, fileMustExist: true, timeout: CONNECT_TIMEOUT_MS });
    } catch (e) {
      throw failure(e);
    }
    try {
      return await work(async (sql, params) => db.prepare(sql).all(...(params as never[])) as Row[]);
    } catch (e) {
      throw e instanceof BizError ? e : failure(e);
    } finally {
      db.close();
    }
  }
  if (t.kind === 'postgresql') {
    const client = new (pg().Client)({
      host: t.address,
      port: t.port,
      database: t.database,
      user: t.user,
      password: t.password,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: QUERY_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS + 1000,
    });
    client.on('error', () => {});
    await connectOrUnreachable(started, () => client.connect()).catch(async (e: unknown) => {
      await client.end().catch(() => {});
      throw e;
    });
    try {
      await client.query('begin read only');
      return await work(async (sql, params) => (await client.query(sql, params)).rows);
    } catch (e) {
      throw e instanceof BizError ? e : failure(e);
    } finally {
      await client.end().catch(() => {});
    }
  }
  const pending = mysql().createConnection({
    host: t.address,
    port: t.port,
    database: t.database,
    user: t.user,
    password: t.password,
    connectTimeout: CONNECT_TIMEOUT_MS,
    multipleStatements: false,
  });
  const conn = await connectOrUnreachable(started, () => pending).catch((e: unknown) => {
    // one that connects after the race was lost is closed
    void pending.then((c) => c.destroy(), () => undefined);
    throw e;
  });
  conn.on('error', () => {});
  try {
    await conn.query('start transaction read only');
    return await work(async (sql, params) => {
      const [rows] = await conn.query({ sql, values: params, timeout: QUERY_TIMEOUT_MS });
      return rows as Row[];
    });
  } catch (e) {
    throw e instanceof BizError ? e : failure(e);
  } finally {
    await conn.end().catch(() => conn.destroy());
  }
}

/** 测试连接: opens the database and runs select 1. */
export async function testConnection(t: Target): Promise<void> {
  await withConnection(t, async (run) => {
    const rows = await run('select 1 as ok', []);
    if (!rows.length) throw new BizError('连接失败：数据库未返回结果');
  });
}

export const MAX_QUERY_ROWS = 5000;

/**
 * A report's query on a data source: one SELECT (or WITH … SELECT) statement, parameters bound by the
 * driver (`$1` on PostgreSQL, `?` on MySQL/SQLite), wrapped as a sub-query with a row limit and run in a
 * read-only transaction (a read-only file for SQLite), so it can neither write nor run a second statement.
 */
export async function runReadOnlyQuery(t: Target, sqlText: string, params: unknown[] = [], maxRows = MAX_QUERY_ROWS): Promise<Row[]> {
  const body = sqlText.trim().replace(/;\s*$/, '');
  if (!/^(select|with)\b/i.test(body)) throw new BizError('报表 SQL 只能是查询语句（SELECT）');
  if (body.includes(';')) throw new BizError('报表 SQL 只能包含一条语句');
  const limit = Math.max(1, Math.min(maxRows, MAX_QUERY_ROWS));
  return withConnection(t, (run) => run(`select * from (${body}) report_q limit ${limit}`, params));
}
