import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { connectDatabase, isMysqlUrl, type DbHandle, type DialectName } from '../../src/core/db';
import { reportAccountName, reportDatabasePrefix } from '../../src/modules/online/cgreport/report-account';

// Fresh, empty databases for tests, one per caller: an SQLite file in a temp folder, a PostgreSQL schema,
// or a MySQL/MariaDB database (there a schema is a database).

export interface TestDatabase {
  handle: DbHandle;
  /** The settings a server process reads to open this database (DATABASE_URL, PG_SEARCH_PATH). */
  serverEnv: Record<string, string>;
  /** Closes the handle and removes the database. */
  drop(): Promise<void>;
}

const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;

export function openSqliteTestDatabase(dir = mkdtempSync(join(tmpdir(), 'anxue-db-')), ownsDir = true): TestDatabase {
  const handle = connectDatabase({ sqliteFile: join(dir, 'app.db') });
  return {
    handle,
    serverEnv: { DATA_DIR: dir },
    drop: async () => {
      await handle.close();
      if (ownsDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function openPostgresTestDatabase(url: string, prefix: string): Promise<TestDatabase> {
  const schema = uniqueName(prefix);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const handle = connectDatabase({ databaseUrl: url, pgSearchPath: schema, poolSize: 4 });
  return {
    handle,
    serverEnv: { DATABASE_URL: url, PG_SEARCH_PATH: schema },
    drop: async () => {
      await handle.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

async function openMysqlTestDatabase(url: string, prefix: string): Promise<TestDatabase> {
  const name = uniqueName(prefix);
  const admin = await mysql.createConnection(url);
  // binary collation: text compares and sorts by code point and case, as on SQLite and PostgreSQL
  await admin.query(`create database ${name} character set utf8mb4 collate utf8mb4_bin`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const handle = connectDatabase({ databaseUrl: own.toString(), poolSize: 4 });
  return {
    handle,
    serverEnv: { DATABASE_URL: own.toString() },
    drop: async () => {
      await handle.close();
      await admin.query(`drop database ${name}`);
      // what report SQL made beside it: its view-set databases and its account (report-account.ts)
      const [sets] = await admin.query('select schema_name as n from information_schema.schemata where schema_name like ?', [`${reportDatabasePrefix(name).replace(/_/g, '\\_')}%`]);
      for (const { n } of sets as Array<{ n: string }>) await admin.query(`drop database if exists \`${n}\``);
      const [accounts] = await admin.query('select user as u, host as h from mysql.user where user = ?', [reportAccountName(own.hostname, name)]);
      for (const a of accounts as Array<{ u: string; h: string }>) await admin.query('drop user if exists ?@?', [a.u, a.h]);
      await admin.end();
    },
  };
}

/** A fresh database at `url` (postgres://… or mysql://…). */
export function openServerTestDatabase(url: string, prefix = 't'): Promise<TestDatabase> {
  return isMysqlUrl(url) ? openMysqlTestDatabase(url, prefix) : openPostgresTestDatabase(url, prefix);
}

/** The server databases (PostgreSQL, MySQL/MariaDB) the tests may use here, each that is given. For `describe.each`. */
export function serverTestDatabases(prefix = 'd'): Array<[DialectName, () => Promise<TestDatabase>]> {
  return testDatabases(prefix).filter(([name]) => name !== 'sqlite');
}

/** PostgreSQL's address for tests, when set (TEST_DATABASE_URL may also name MySQL: the whole suite on it). */
export const TEST_POSTGRES_URL = isMysqlUrl(process.env.TEST_DATABASE_URL) ? undefined : process.env.TEST_DATABASE_URL || undefined;
/** MySQL/MariaDB's address for tests, when set. */
export const TEST_MYSQL_URL = process.env.TEST_MYSQL_URL || (isMysqlUrl(process.env.TEST_DATABASE_URL) ? process.env.TEST_DATABASE_URL : undefined);

/** The database createTestApp builds on, by name, for test titles. */
export const APP_TEST_DATABASE = !process.env.TEST_DATABASE_URL ? 'SQLite' : isMysqlUrl(process.env.TEST_DATABASE_URL) ? 'MySQL/MariaDB' : 'PostgreSQL';

/**
 * Every database the database tests run on here: SQLite always, PostgreSQL with TEST_DATABASE_URL,
 * MySQL/MariaDB with TEST_MYSQL_URL. For `describe.each`.
 */
export function testDatabases(prefix = 'd'): Array<[DialectName, () => Promise<TestDatabase>]> {
  const out: Array<[DialectName, () => Promise<TestDatabase>]> = [['sqlite', async () => openSqliteTestDatabase()]];
  if (TEST_POSTGRES_URL) out.push(['postgres', () => openPostgresTestDatabase(TEST_POSTGRES_URL, prefix)]);
  if (TEST_MYSQL_URL) out.push(['mysql', () => openMysqlTestDatabase(TEST_MYSQL_URL, prefix)]);
  return out;
}
