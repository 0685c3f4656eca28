import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { BizError } from '../../core/errors';

// Opening an external database named by a data source: PostgreSQL (pg), MySQL/MariaDB (mysql2) or a
// SQLite file under DATA_DIR (better-sqlite3, read-only). Every connection has a short timeout and is
// closed after one use; nothing is pooled, so a changed password takes effect at the next call.

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
  | { kind: 'postgresql' | 'mysql'; host: string; port: number; database: string; user: string; password: string }
  | { kind: 'sqlite'; file: string };

const SCHEMES: Record<'postgresql' | 'mysql', string[]> = { postgresql: ['postgresql:', 'postgres:'], mysql: ['mysql:', 'mariadb:'] };
const DEFAULT_PORT = { postgresql: 5432, mysql: 3306 };

/** Checks a data source's address and turns it into what a driver needs (no connection yet). */
export function targetOf(input: ConnectionInput, dataDir: string): Target {
  const kind = dbKindOf(input.dbType);
  const raw = (input.dbUrl ?? '').trim().replace(/^jdbc:/i, '');
  if (!raw) throw new BizError('请填写数据源地址');
  if (kind === 'sqlite') return { kind, file: sqliteFileUnder(raw.replace(/^sqlite:(\/\/)?/i, ''), dataDir) };
  let url: URL;
  try {
    url = new URL(raw.includes('://') ? raw : `${SCHEMES[kind][0]}//${raw}`);
  } catch {
    throw new BizError('数据源地址格式不正确，例如 postgresql://127.0.0.1:5432/mydb');
  }
  if (!SCHEMES[kind].includes(url.protocol)) throw new BizError(`数据源地址与数据库类型不符，应以 ${SCHEMES[kind][0]}// 开头`);
  if (url.username || url.password) throw new BizError('请勿在数据源地址中填写用户名和密码');
  if (!url.hostname) throw new BizError('数据源地址缺少主机名');
  const database = (input.dbName ?? '').trim() || decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database) throw new BizError('请填写数据库名称');
  return {
    kind,
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : DEFAULT_PORT[kind],
    database,
    user: (input.dbUsername ?? '').trim(),
    password: input.password ?? '',
  };
}

/** Only files inside DATA_DIR: a data source must not become a way to read any file of the server. */
function sqliteFileUnder(path: string, dataDir: string): string {
  const root = realpathSync(resolve(dataDir));
  const wanted = resolve(root, path);
  if (!existsSync(wanted)) throw new BizError('SQLite 文件不存在（路径相对于数据目录）');
  const file = realpathSync(wanted);
  const rel = relative(root, file);
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) throw new BizError('SQLite 文件必须位于数据目录之内');
  return file;
}

const CONNECT_TIMEOUT_MS = 5000;
const QUERY_TIMEOUT_MS = 10000;

/** A driver's error in words a user can act on; never the password. */
function failure(e: unknown): BizError {
  const err = e as { code?: string | number; errno?: number; message?: string };
  const code = String(err.code ?? '');
  let why: string;
  if (code === '28P01' || code === '28000' || code === 'ER_ACCESS_DENIED_ERROR' || err.errno === 1045) why = '用户名或密码错误';
  else if (code === '3D000' || code === 'ER_BAD_DB_ERROR') why = '数据库不存在';
  else if (code === 'ECONNREFUSED') why = '无法连接到数据库服务器（连接被拒绝）';
  else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') why = '找不到数据库服务器的主机名';
  else if (code === 'ETIMEDOUT' || /timeout/i.test(err.message ?? '')) why = '连接超时';
  else if (code === 'SQLITE_NOTADB') why = '该文件不是 SQLite 数据库';
  else why = (err.message ?? '未知错误').slice(0, 200);
  return new BizError(`连接失败：${why}`);
}

type Row = Record<string, unknown>;

/** Runs one statement on a fresh connection, inside a read-only transaction where the database has one. */
async function withConnection<T>(t: Target, work: (run: (sql: string, params: unknown[]) => Promise<Row[]>) => Promise<T>): Promise<T> {
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
    const client = new pg.Client({
      host: t.host,
      port: t.port,
      database: t.database,
      user: t.user,
      password: t.password,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: QUERY_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS + 1000,
    });
    client.on('error', () => {});
    try {
      await client.connect();
    } catch (e) {
      await client.end().catch(() => {});
      throw failure(e);
    }
    try {
      await client.query('begin read only');
      return await work(async (sql, params) => (await client.query(sql, params)).rows);
    } catch (e) {
      throw e instanceof BizError ? e : failure(e);
    } finally {
      await client.end().catch(() => {});
    }
  }
  let conn: mysql.Connection;
  try {
    conn = await mysql.createConnection({
      host: t.host,
      port: t.port,
      database: t.database,
      user: t.user,
      password: t.password,
      connectTimeout: CONNECT_TIMEOUT_MS,
      multipleStatements: false,
    });
  } catch (e) {
    throw failure(e);
  }
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
