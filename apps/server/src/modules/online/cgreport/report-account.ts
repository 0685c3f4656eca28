import { createHash, randomBytes } from 'node:crypto';
import { CompiledQuery, type Kysely } from 'kysely';
import type mysql from 'mysql2/promise';
import { lazyRequire } from '../../../core/lazy-require';
import type { PoolOptions } from 'mysql2';
import { mysqlOptionsOf, type Db } from '../../../core/db';
import { formatDateTime } from '../../../core/db/time';
import { dictStore } from '../../system/dict/cache';
import { SOURCE_SCHEMA, type ReportView } from './report-views';

const mysqlDriver = lazyRequire<typeof mysql>('mysql2/promise');

// MySQL/MariaDB as the main database runs report SQL on connections of an account of its own
// (anxue_rpt_<hash of server and database>), whose only right is SELECT on the view-set databases
// `<maindb>_rpt_…`. MariaDB has no temporary views, so each distinct view set (report-views.ts: the
// allow-list's tables as one caller sees them) becomes a database of SQL SECURITY DEFINER views owned by the
// application's user, made once and reused. The account may select every view set, so each view answers rows
// only while the session's default database is its own: the report's connection says USE for the caller's
// set, and one SELECT cannot change it. The account's password is generated per install and kept in
// sys_install; where the application's user may not create the account, the operator runs the statements.
// An account holding any other right is not used.

const PASSWORD_KEY = 'report_account_password';

const short = (text: string, n = 10) => createHash('sha256').update(text).digest('hex').slice(0, n);
const ident = (name: string) => `\`${name.replace(/`/g, '``')}\``;
const literal = (v: string) => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
const accountOf = (user: string, host: string) => `${literal(user)}@${literal(host)}`;

/** The report account of the install whose database is `database` on server `host`. */
export function reportAccountName(host: string, database: string): string {
  return `anxue_rpt_${short(`${host}\n${database}`)}`;
}

/** Names of the view-set databases begin so (a long main name is shortened: MySQL names hold 64 characters). */
export function reportDatabasePrefix(database: string): string {
  return `${database.length <= 40 ? database : `${database.slice(0, 29)}_${short(database)}`}_rpt_`;
}

/** The GRANT pattern of every view-set database (`_` and `%` of the name itself escaped). */
const patternOf = (prefix: string) => `${prefix.replace(/[\\_%]/g, '\\$&')}%`;

interface Setup {
  options: PoolOptions;
  database: string;
  prefix: string;
  account: string;
  /** The account's host part: the application user's, so it connects from where the application does. */
  host: string;
  /** The application's user as the server knows it (user@host of CURRENT_USER()). */
  app: { user: string; host: string };
  password: string;
}

/** The statements an administrator runs where the application's user may not; `password` as it is to be shown. */
export function reportAccountStatements(s: Pick<Setup, 'prefix' | 'account' | 'host' | 'app'>, password: string): string {
  const who = accountOf(s.account, s.host);
  const sets = `${ident(patternOf(s.prefix))}.*`;
  return [
    `CREATE USER IF NOT EXISTS ${who}`,
    `ALTER USER ${who} IDENTIFIED BY ${password}`,
    `REVOKE ALL PRIVILEGES, GRANT OPTION FROM ${who}`,
    `GRANT SELECT ON ${sets} TO ${who}`,
    `GRANT SELECT, CREATE, DROP, CREATE VIEW, SHOW VIEW ON ${sets} TO ${accountOf(s.app.user, s.app.host)}`,
  ].join('; ') + ';';
}

export interface MissingAccount {
  /** The statements with the password, for the start-up log. */
  statements: string;
  /** The same without the password (a report's refusal is read by users, not only operators). */
  advice: string;
}

function missing(s: Setup): MissingAccount {
  return {
    statements: reportAccountStatements(s, literal(s.password)),
    advice: `请以数据库管理员执行（密码见服务启动日志）：${reportAccountStatements(s, "'…'")}`,
  };
}

type Raw = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
const rawOf = (db: Kysely<any>): Raw => (text, values = []) => db.withoutPlugins().executeQuery(CompiledQuery.raw(text, values)) as Promise<{ rows: unknown[] }>;

async function setupOf(db: Db, options: PoolOptions): Promise<Setup> {
  const raw = rawOf(db);
  const who = (await raw('select database() as d, current_user() as u')).rows[0] as { d: string; u: string };
  const at = who.u.lastIndexOf('@');
  const app = { user: who.u.slice(0, at), host: who.u.slice(at + 1) };
  // insert-if-absent: nodes starting together read back the one that won
  await db
    .insertInto('sysInstall')
    .values({ key: PASSWORD_KEY, value: randomBytes(24).toString('base64url'), createTime: formatDateTime(new Date()) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const password = (await db.selectFrom('sysInstall').select('value').where('key', '=', PASSWORD_KEY).executeTakeFirstOrThrow()).value;
  const server = String(options.host ?? options.socketPath ?? '');
  return { options, database: who.d, prefix: reportDatabasePrefix(who.d), account: reportAccountName(server, who.d), host: app.host, app, password };
}

/**
 * Whether the account logs in and holds SELECT on the view sets (`narrow`: and nothing else; a right
 * granted beside it would let report SQL read past the views).
 */
async function accountState(s: Setup): Promise<'absent' | 'broad' | 'narrow'> {
  const conn = await mysqlDriver().createConnection({ ...s.options, user: s.account, password: s.password, database: undefined }).catch(() => undefined);
  if (!conn) return 'absent';
  try {
    const [own] = await conn.query("select 1 from information_schema.schema_privileges where privilege_type = 'SELECT' and table_schema = ?", [patternOf(s.prefix)]);
    const [beside] = await conn.query(
      `select 1 from information_schema.user_privileges where privilege_type <> 'USAGE'
       union all select 1 from information_schema.schema_privileges where table_schema <> ? or privilege_type <> 'SELECT'
       union all select 1 from information_schema.table_privileges
       union all select 1 from information_schema.column_privileges`,
      [patternOf(s.prefix)],
    );
    return !(own as unknown[]).length ? 'absent' : (beside as unknown[]).length ? 'broad' : 'narrow';
  } finally {
    await conn.end().catch(() => {});
  }
}

/** Whether the application's user may make and drop a view-set database of definer views. */
async function appMakesViews(db: Db, s: Setup): Promise<boolean> {
  const raw = rawOf(db);
  const probe = `${s.prefix}probe_${randomBytes(4).toString('hex')}`;
  try {
    await raw(`create database ${ident(probe)}`);
    await raw(`create definer = current_user sql security definer view ${ident(probe)}.${ident('p')} as select 1 as ${ident('x')}`);
    return true;
  } catch {
    return false;
  } finally {
    await raw(`drop database if exists ${ident(probe)}`).catch(() => {});
  }
}

/**
 * Makes the report account and its grant where the application's user may; answers null when reports can
 * run confined, else what an administrator must run. Safe to run by several nodes at once.
 */
export async function prepareReportAccount(db: Db): Promise<MissingAccount | null> {
  const options = mysqlOptionsOf(db);
  if (!options) throw new Error('prepareReportAccount: not a MySQL/MariaDB database');
  const s = await setupOf(db, options);
  const raw = rawOf(db);
  const quietly = (text: string) => raw(text).catch(() => undefined);
  const state = await accountState(s);
  if (state !== 'narrow') {
    const who = accountOf(s.account, s.host);
    await quietly(`create user if not exists ${who} identified by ${literal(s.password)}`);
    // made earlier with another password (a restored database, an administrator's own)
    await quietly(`alter user ${who} identified by ${literal(s.password)}`);
    if (state === 'broad') await quietly(`revoke all privileges, grant option from ${who}`);
    await quietly(`grant select on ${ident(patternOf(s.prefix))}.* to ${who}`);
  }
  const ready = (await accountState(s)) === 'narrow' && (await appMakesViews(db, s));
  if (ready) setups.set(options, s);
  return ready ? null : missing(s);
}

const setups = new WeakMap<PoolOptions, Setup>();
const prepared = new WeakMap<PoolOptions, Promise<MissingAccount | null>>();

/** prepareReportAccount once per database (a failed try is tried again at the next report); null when ready. */
export function reportAccountReady(db: Db): Promise<MissingAccount | null> {
  const options = mysqlOptionsOf(db);
  if (!options) return Promise.reject(new Error('reportAccountReady: not a MySQL/MariaDB database'));
  let p = prepared.get(options);
  if (!p) {
    p = prepareReportAccount(db).then(
      (m) => {
        if (m) prepared.delete(options);
        return m;
      },
      (e: unknown) => {
        prepared.delete(options);
        throw e;
      },
    );
    prepared.set(options, p);
  }
  return p;
}

/** What the allow-list declares, in short: a view set's name carries it, so a changed list retires the old sets. */
async function allowListStamp(db: Db): Promise<string> {
  const declarations = await dictStore(db).declarations();
  const text = [...declarations].sort(([a], [b]) => a.localeCompare(b)).map(([name, d]) => `${name}:${[...d.readable].sort().join(',')}`).join('\n');
  return short(text, 6);
}

const madeSets = new WeakMap<Setup, Set<string>>();

/** The database holding `views` as definer views, made where missing; view sets of an older allow-list are dropped. */
async function viewSet(db: Db, s: Setup, views: ReportView[]): Promise<string> {
  const stamp = await allowListStamp(db);
  const name = `${s.prefix}${stamp}_${short(JSON.stringify(views))}`;
  const made = madeSets.get(s) ?? new Set<string>();
  madeSets.set(s, made);
  if (made.has(name)) return name;
  const raw = rawOf(db);
  const have = new Set(((await raw('select table_name as n from information_schema.views where table_schema = ?', [name])).rows as Array<{ n: string }>).map((r) => r.n));
  const schemaExists = (await raw('select 1 from information_schema.schemata where schema_name = ?', [name])).rows.length > 0;
  if (!schemaExists) await raw(`create database if not exists ${ident(name)} character set utf8mb4 collate utf8mb4_bin`);
  for (const v of views) {
    if (have.has(v.name)) continue;
    // the views' text names columns "so" (the application's sessions read it with ANSI_QUOTES)
    const select = v.select.split(SOURCE_SCHEMA).join(`${ident(s.database)}.`);
    const create = `create or replace definer = current_user sql security definer view ${ident(name)}.${ident(v.name)} as select * from (${select}) v where database() = ${literal(name)}`;
    // another node making the same set at this moment: the second try finds it made
    await raw(create).catch(() => raw(create));
  }
  made.add(name);
  const others = (await raw('select schema_name as n from information_schema.schemata where schema_name like ?', [patternOf(s.prefix)])).rows as Array<{ n: string }>;
  const shape = new RegExp(`^${s.prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([0-9a-f]{6})_[0-9a-f]{10}$`);
  for (const { n } of others) {
    const m = shape.exec(n);
    if (m && m[1] !== stamp) {
      await raw(`drop database if exists ${ident(n)}`).catch(() => {});
      made.delete(n);
    }
  }
  return name;
}

/** Forgets that a view set was made (it was found gone): the next report makes it again. */
export function forgetViewSet(db: Db, name: string): void {
  const options = mysqlOptionsOf(db);
  const s = options && setups.get(options);
  if (s) madeSets.get(s)?.delete(name);
}

const pools = new WeakMap<Setup, mysql.Pool>();

function poolOf(s: Setup): mysql.Pool {
  let pool = pools.get(s);
  if (!pool) {
    pool = mysqlDriver().createPool({ ...s.options, user: s.account, password: s.password, database: undefined, connectionLimit: 4, multipleStatements: false });
    pools.set(s, pool);
  }
  return pool;
}

export interface ReportSession {
  /** The connection, its default database the caller's view set. */
  conn: mysql.PoolConnection;
  /** The view set's database and the main database, to say refusals in the report's terms. */
  viewDatabase: string;
  mainDatabase: string;
}

/**
 * A connection of the report account whose default database is the caller's view set; answers what an
 * administrator must run instead where the account is not ready.
 */
export async function reportSession(db: Db, views: ReportView[]): Promise<ReportSession | MissingAccount> {
  const gap = await reportAccountReady(db);
  if (gap) return gap;
  const s = setups.get(mysqlOptionsOf(db)!)!;
  let name: string;
  try {
    name = await viewSet(db, s, views);
  } catch {
    // the application's user lost a right it held at start
    prepared.delete(s.options);
    return missing(s);
  }
  const conn = await poolOf(s).getConnection();
  try {
    await conn.query(`use ${ident(name)}`).catch(async (e: { errno?: number }) => {
      if (e.errno !== 1049) throw e;
      // dropped since it was made (another node retired it): made again
      madeSets.get(s)?.delete(name);
      name = await viewSet(db, s, views);
      await conn.query(`use ${ident(name)}`);
    });
  } catch (e) {
    conn.release();
    throw e;
  }
  return { conn, viewDatabase: name, mainDatabase: s.database };
}

/** Closes the report account's connections of this database (the application closing). */
export async function closeReportAccount(db: Kysely<any>): Promise<void> {
  const options = mysqlOptionsOf(db);
  const s = options && setups.get(options);
  const pool = s && pools.get(s);
  if (pool) {
    pools.delete(s);
    await pool.end().catch(() => {});
  }
}
