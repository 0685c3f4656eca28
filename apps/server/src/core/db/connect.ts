import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, CompiledQuery, Kysely, MysqlAdapter, PostgresAdapter } from 'kysely';
import { PortableMysqlDialect } from './mysqlSql';
import { WaitingSqliteDialect } from './sqliteWrites';
import type { PoolOptions } from 'mysql2';
import { OwnSchemaPostgresDialect } from './ownSchemaIntrospector';
import { acceptCopyIn } from './copyIn';
import type pgModule from 'pg';
import { lazyRequire } from '../lazy-require';
import type { Database } from './schema';

// only the configured database's driver is loaded
const pgDriver = lazyRequire<typeof pgModule>('pg');
const mysqlDriver = lazyRequire<typeof import('mysql2')>('mysql2');

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres' | 'mysql';

/** The database behind a Kysely instance (or a transaction of one). */
export function dialectOf(db: Kysely<any>): DialectName {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof MysqlAdapter) return 'mysql';
  return 'sqlite';
}

export interface DbHandle {
  db: Db;
  dialect: DialectName;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** postgres://… or mysql://… (MySQL or MariaDB); when absent `sqliteFile` is opened. */
  databaseUrl?: string;
  sqliteFile?: string;
  /** PostgreSQL schema to work in (tests use a fresh one per file). */
  pgSearchPath?: string;
  /** Connections in the pool (PostgreSQL, MySQL). */
  poolSize?: number;
}

const INT8_OID = 20;
/**
 * bigint columns and counts (int8) come back as numbers, as SQLite gives them, so answers have the same
 * shape on both databases; a value beyond 2^53 (none of ours: epoch milliseconds, sizes, counts) stays text.
 */
const pgTypes = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8_OID
      ? (v: string) => {
          const n = Number(v);
          return Number.isSafeInteger(n) ? n : v;
        }
      : (pgDriver().types.getTypeParser as (oid: number, format?: string) => unknown)(oid, format)) as typeof pgModule.types.getTypeParser,
};

const mysqlOptions = new WeakMap<object, PoolOptions>();

/**
 * How the MySQL/MariaDB pool behind `db` connects (address, user, database, driver options): report SQL
 * runs on connections of its own account to the same server. Transactions and withoutPlugins() share it.
 */
export function mysqlOptionsOf(db: Kysely<any>): PoolOptions | undefined {
  return mysqlOptions.get(db.getExecutor().adapter);
}

/** A database address naming MySQL or MariaDB (mysql://… or mariadb://…). */
export const isMysqlUrl = (url: string | undefined): boolean => !!url && /^(mysql|mariadb):/.test(url);

/**
 * Opens the database: PostgreSQL through a pg Pool, MySQL/MariaDB through a mysql2 pool, or an SQLite
 * file in WAL mode with foreign keys on.
 */
export function connectDatabase(opts: ConnectOptions): DbHandle {
  const plugins = [new CamelCasePlugin()];
  if (isMysqlUrl(opts.databaseUrl)) {
    const url = new URL(opts.databaseUrl!);
    const options: PoolOptions = {
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database: url.pathname.slice(1),
      connectionLimit: opts.poolSize ?? 10,
      // sums and averages come back as numbers, as on the other two
      decimalNumbers: true,
      charset: 'utf8mb4',
      dateStrings: true,
    };
    const pool = mysqlDriver().createPool(options);
    const db = new Kysely<Database>({
      dialect: new PortableMysqlDialect({
        pool,
        // "x" is a name and || joins text, as on the other two: the raw SQL the code shares says them so
        onCreateConnection: async (conn) => {
          await conn.executeQuery(CompiledQuery.raw(`set session sql_mode = concat_ws(',', nullif(@@sql_mode, ''), 'ANSI_QUOTES', 'PIPES_AS_CONCAT'), time_zone = '+00:00'`));
        },
      }),
      plugins,
    });
    mysqlOptions.set(db.getExecutor().adapter, options);
    return { db, dialect: 'mysql', close: () => db.destroy() };
  }
  if (opts.databaseUrl) {
    const pool = new (pgDriver().Pool)({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      types: pgTypes,
      ...(opts.pgSearchPath ? { options: `-c search_path=${opts.pgSearchPath}` } : {}),
    });
    // an import's rows go in as COPY (bulkInsert.ts)
    pool.on('connect', acceptCopyIn);
    const db = new Kysely<Database>({
      dialect: new OwnSchemaPostgresDialect({
        pool,
        // PostgreSQL's built-in price of an index probe (random_page_cost 4) is that of a spinning disk: a
        // batch of 2,000 ids on a table of 200,000 rows was then looked up by scanning the table (an export
        // of 200,000 users 23 s, against 9 s at 1.1, the usual figure for SSD or a database held in memory).
        // A value a DBA set (for the server, database or role) is left alone.
        onCreateConnection: async (conn) => {
          await conn.executeQuery(CompiledQuery.raw(`select set_config('random_page_cost', '1.1', false) where current_setting('random_page_cost') = '4'`));
        },
      }),
      plugins,
    });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  if (!opts.sqliteFile) throw new Error('connectDatabase: neither databaseUrl nor sqliteFile given');
  mkdirSync(dirname(opts.sqliteFile), { recursive: true });
  const file = new SQLite(opts.sqliteFile);
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new WaitingSqliteDialect(file, opts.sqliteFile), plugins });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
