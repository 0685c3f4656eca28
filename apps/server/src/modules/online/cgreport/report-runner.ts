import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CompiledQuery } from 'kysely';
import type { AppContext } from '../../../core/context';
import { formatDateTime } from '../../../core/db/time';
import { BizError } from '../../../core/errors';
import { dataSourcesOf } from '../../datasource';
import type { DictReader } from '../../system/dict/table-source';
import { forgetViewSet, reportSession } from './report-account';
import { REPORT_ROLE, reportRoleAdvice, reportRoleReady } from './report-role';
import { reportViews, SOURCE_SCHEMA, type ReportView } from './report-views';
import type { SqlDialect } from './sql-guard';

// Where a report's SQL runs, always read-only, with a time limit and a row limit:
// - the main SQLite database: in a worker thread (two, each running its queries in turn) that is ended when
//   the time is up and replaced, over views of the allow-list's tables only (report-views.ts; the worker
//   checks the compiled program reads nothing else); the statement must be a non-writing reader;
// - the main PostgreSQL database: one pooled connection, the allow-list's views made temporary, then READ
//   ONLY with SET LOCAL statement_timeout and the report role (report-role.ts), the statement sent with the
//   extended protocol (it always carries a bound value, so the server refuses a second statement), then
//   ROLLBACK;
// - the main MySQL/MariaDB database: a connection of the report account, whose default database holds the
//   caller's views (report-account.ts), READ ONLY with the statement time limit, then ROLLBACK;
// - a data source (modules/datasource): its read-only connection (read-only transaction on PostgreSQL and
//   MySQL/MariaDB with the driver's timeouts); an SQLite data-source file goes through the worker above.

type Row = Record<string, unknown>;

export const REPORT_LIMITS = {
  /** A report query running longer is stopped. */
  timeoutMs: 10_000,
  /** The most rows one query reads (export, chart); pages are smaller. */
  maxRows: 5_000,
};

export interface ReportTarget {
  dialect: SqlDialect;
  /** Runs one statement; answers at most maxRows rows. */
  run(sql: string, params: unknown[], maxRows: number): Promise<Row[]>;
}

const TIMEOUT = '报表查询超时，已终止（请缩小查询范围）';
const READ_ONLY = '报表 SQL 不允许：只能执行只读查询';

function failed(message: string): BizError {
  return new BizError(`报表 SQL 执行失败：${message.slice(0, 300)}`);
}

/** Dates as the rest of the API writes them; bigints as numbers when they fit. */
function plain(rows: Row[]): Row[] {
  for (const row of rows) {
    for (const [k, v] of Object.entries(row)) {
      if (v instanceof Date) row[k] = formatDateTime(v);
      else if (typeof v === 'bigint') row[k] = Number.isSafeInteger(Number(v)) ? Number(v) : String(v);
      else if (Buffer.isBuffer(v)) row[k] = `[${v.length} bytes]`;
    }
  }
  return rows;
}

/**
 * The worker's file. A path, not a URL object (a browser-like test environment has its own URL); where the
 * module is served rather than read from disk (the web app's tests load the server through Vite), the
 * address's path is the file's path.
 */
function WORKER_FILE(): string {
  const url = new URL('./sqlite-report-worker.cjs', import.meta.url);
  if (url.protocol === 'file:') return fileURLToPath(url.href);
  const path = decodeURIComponent(url.pathname).replace(/^\/@fs(?=\/)/, '');
  if (existsSync(path)) return path;
  throw new Error(`找不到 ${url.href}`);
}

/**
 * Worker threads that run SQLite report queries: a few lanes, each running its queries in turn; a lane's
 * thread is replaced after a time-out. A query takes the lane with the fewest waiting.
 */
const LANES = 2;
interface Lane {
  worker?: Worker;
  queue: Promise<unknown>;
  waiting: number;
}
const lanes: Lane[] = Array.from({ length: LANES }, () => ({ queue: Promise.resolve(), waiting: 0 }));

function workerOf(lane: Lane): Worker {
  if (!lane.worker) {
    const w = new Worker(WORKER_FILE());
    w.unref();
    const forget = () => {
      if (lane.worker === w) lane.worker = undefined;
    };
    w.on('error', forget);
    w.on('exit', forget);
    lane.worker = w;
  }
  return lane.worker;
}

function runInWorker(lane: Lane, file: string, sql: string, params: unknown[], maxRows: number, views?: ReportView[]): Promise<Row[]> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = workerOf(lane);
    } catch (e) {
      reject(failed(`无法启动查询线程（${(e as Error).message}）`));
      return;
    }
    const done = () => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
    };
    const onMessage = (m: { error?: string; code?: string; rows?: Row[] }) => {
      done();
      if (!m.error) return resolve(plain(m.rows ?? []));
      if (m.code === 'SQLITE_READONLY' || /readonly|read-only|query_only/i.test(m.error)) reject(new BizError(READ_ONLY));
      else reject(m.error.startsWith('报表') ? new BizError(m.error) : failed(m.error));
    };
    const onExit = () => {
      done();
      reject(failed('查询线程意外结束'));
    };
    const timer = setTimeout(() => {
      done();
      if (lane.worker === worker) lane.worker = undefined;
      void worker.terminate();
      reject(new BizError(TIMEOUT));
    }, REPORT_LIMITS.timeoutMs);
    worker.on('message', onMessage);
    worker.on('exit', onExit);
    worker.postMessage({ file, sql, params, maxRows, views });
  });
}

/** A query waits for the ones before it in its lane; its time starts when its turn comes. */
function runSqliteFile(file: string, sql: string, params: unknown[], maxRows: number, views?: ReportView[]): Promise<Row[]> {
  const lane = lanes.reduce((a, b) => (b.waiting < a.waiting ? b : a));
  lane.waiting++;
  const next = lane.queue.then(() => runInWorker(lane, file, sql, params, maxRows, views)).finally(() => lane.waiting--);
  lane.queue = next.catch(() => undefined);
  return next;
}

const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;

const notAllowed = (reason: string) => new BizError(`报表 SQL 不允许：${reason}`);

/** PostgreSQL's refusals of a name outside the views, in the report's terms. */
function postgresRefusal(err: { code?: string; message?: string }): BizError | null {
  const text = err.message ?? '';
  if (err.code === '42501') {
    const m = /permission denied for (?:table|view|relation|schema|sequence|function) (\S+)/.exec(text);
    return notAllowed(m ? `${m[1]} 不在表白名单中` : '所读的对象不在表白名单中');
  }
  if (err.code === '42P01') {
    const m = /relation "([^"]+)" does not exist/.exec(text);
    if (m) return notAllowed(`表 ${m[1]} 不存在或不在表白名单中`);
  }
  if (err.code === '42703') {
    const m = /column "?([^"\s]+)"? does not exist/.exec(text);
    if (m) return notAllowed(`字段 ${m[1]} 不存在或不在表白名单中`);
  }
  return null;
}

/**
 * The main PostgreSQL database: in one transaction, the allow-list's views are made temporary (gone at
 * the rollback) and granted to the report role; then the transaction turns read-only and the statement
 * runs as that role, which holds no other right (report-role.ts).
 */
function mainPostgres(ctx: Pick<AppContext, 'db'>, views: ReportView[]): ReportTarget {
  return {
    dialect: 'postgres',
    run: async (sql, params, maxRows) => {
      const missing = await reportRoleReady(ctx.db);
      if (missing) throw new BizError(`报表暂不可用：数据库未设置报表角色。${reportRoleAdvice(missing.user)}`);
      return ctx.db
        .withoutPlugins()
        .connection()
        .execute(async (conn) => {
          const raw = (text: string, values: unknown[] = []) => conn.executeQuery(CompiledQuery.raw(text, values));
          await raw('begin');
          try {
            const schema = String(((await raw('select current_schema() as s')).rows[0] as { s: string }).s);
            for (const v of views) {
              await raw(`create temp view ${quoteId(v.name)} with (security_barrier) as ${v.select.split(SOURCE_SCHEMA).join(`${quoteId(schema)}.`)}`);
            }
            if (views.length) await raw(`grant select on ${views.map((v) => `pg_temp.${quoteId(v.name)}`).join(', ')} to ${REPORT_ROLE}`);
            await raw('set transaction read only');
            await raw(`set local statement_timeout = ${Math.floor(REPORT_LIMITS.timeoutMs)}`);
            await raw(`set local role ${REPORT_ROLE}`);
            // never without a bound value: the extended protocol runs exactly one statement
            const [text, values] = params.length ? [sql, params] : [`select * from (${sql}) report_q where 1 = $1`, [1]];
            const r = await raw(text, values);
            return plain((r.rows as Row[]).slice(0, maxRows));
          } catch (e) {
            const err = e as { code?: string; message?: string };
            if (err instanceof BizError) throw err;
            if (err.code === '57014') throw new BizError(TIMEOUT);
            if (err.code === '25006') throw new BizError(READ_ONLY);
            throw postgresRefusal(err) ?? failed(err.message ?? String(e));
          } finally {
            await raw('rollback').catch(() => {});
          }
        });
    },
  };
}

/** MariaDB's and MySQL's refusals of a name outside the views, in the report's terms. */
function mysqlRefusal(err: { errno?: number; message?: string }, databases: string[]): BizError | null {
  const text = err.message ?? '';
  // `db`.`t`, 'db.t' or 't': the table alone where the database is the report's own or the main one
  const nameOf = (quoted: string) => {
    const parts = quoted.replace(/^[`'"]|[`'"]$/g, '').split(/[`'"]?\.[`'"]?/);
    return parts.length > 1 && !databases.includes(parts[0]) ? parts.join('.') : parts[parts.length - 1];
  };
  if (err.errno === 1142) {
    const m = /for table (\S+)/.exec(text);
    return notAllowed(m ? `表 ${nameOf(m[1])} 不存在或不在表白名单中` : '所读的对象不在表白名单中');
  }
  if (err.errno === 1143) {
    const m = /for column '([^']+)'/.exec(text);
    if (m) return notAllowed(`字段 ${m[1]} 不存在或不在表白名单中`);
  }
  if (err.errno === 1146) {
    const m = /Table '([^']+)' doesn't exist/.exec(text);
    if (m) return notAllowed(`表 ${nameOf(m[1])} 不存在或不在表白名单中`);
  }
  if (err.errno === 1054) {
    const m = /Unknown column '([^']+)'/.exec(text);
    if (m) return notAllowed(`字段 ${m[1].split('.').pop()} 不存在或不在表白名单中`);
  }
  if (err.errno === 1044) {
    const m = /to database '([^']+)'/.exec(text);
    return notAllowed(m ? `${m[1]} 不在表白名单中` : '所读的对象不在表白名单中');
  }
  if (err.errno === 1370) {
    const m = /for routine (\S+)/.exec(text);
    return notAllowed(m ? `${nameOf(m[1])} 不在表白名单中` : '所读的对象不在表白名单中');
  }
  return null;
}

/**
 * MySQL/MariaDB as the main database: a connection of the report account (report-account.ts) whose default
 * database holds the caller's views and which may read nothing else, in a read-only transaction with a
 * statement time limit.
 */
function mainMysql(ctx: Pick<AppContext, 'db'>, views: ReportView[]): ReportTarget {
  const seconds = REPORT_LIMITS.timeoutMs / 1000;
  return {
    dialect: 'mysql',
    run: async (sql, params, maxRows) => {
      for (let attempt = 0; ; attempt++) {
        const session = await reportSession(ctx.db, views);
        if (!('conn' in session)) throw new BizError(`报表暂不可用：数据库未设置报表账号。${session.advice}`);
        const { conn } = session;
        let broken = false;
        try {
          // the report's SQL was checked as MySQL's ("x" a string, || an or): a server whose own mode says
          // otherwise is overruled for this session
          const [modes] = await conn.query('select @@session.sql_mode as m');
          const mode = String((modes as Array<{ m: string }>)[0]?.m ?? '');
          const plainMode = mode.split(',').filter((m) => m && m !== 'ANSI_QUOTES' && m !== 'PIPES_AS_CONCAT').join(',');
          await conn.query("set session sql_mode = ?, time_zone = '+00:00'", [plainMode]);
          // MariaDB counts a statement's limit in seconds, MySQL in milliseconds (and for SELECT only)
          await conn.query(`set session max_statement_time = ${seconds}`).catch(() => conn.query(`set session max_execution_time = ${Math.floor(REPORT_LIMITS.timeoutMs)}`));
          await conn.query('start transaction read only');
          const [rows] = await conn.query(sql, params);
          return plain((rows as Row[]).slice(0, maxRows));
        } catch (e) {
          const err = e as { errno?: number; message?: string; fatal?: boolean };
          broken = !!err.fatal;
          // the caller's set itself is gone (another node retired it after an allow-list change): made again once
          const setGone = err.errno === 1146 && views.some((v) => err.message?.includes(`'${session.viewDatabase}.${v.name}'`));
          if (setGone && attempt === 0) {
            forgetViewSet(ctx.db, session.viewDatabase);
            continue;
          }
          if (err.errno === 1969 || err.errno === 3024) throw new BizError(TIMEOUT);
          if (err.errno === 1792) throw new BizError(READ_ONLY);
          throw mysqlRefusal(err, [session.viewDatabase, session.mainDatabase]) ?? failed(err.message ?? String(e));
        } finally {
          if (!broken) await conn.query('rollback').catch(() => (broken = true));
          if (broken) conn.destroy();
          else conn.release();
        }
      }
    },
  };
}

/** The place a report runs: the main database, or the caller's tenant's data source of that code. */
export async function reportTarget(ctx: Pick<AppContext, 'db' | 'config' | 'dialect'>, dbSource: string | null | undefined, tenant: DictReader): Promise<ReportTarget> {
  if (!dbSource) {
    // the allow-list's views for this caller: the only names the report can read
    const views = await reportViews(ctx.db, tenant);
    if (ctx.dialect === 'mysql') return mainMysql(ctx, views);
    if (ctx.dialect === 'postgres') return mainPostgres(ctx, views);
    return { dialect: 'sqlite', run: (sql, params, maxRows) => runSqliteFile(ctx.config.sqliteFile, sql, params, maxRows, views) };
  }
  const sources = await dataSourcesOf(ctx);
  const target = await sources.targetByCode(dbSource, tenant);
  if (target.kind === 'sqlite') return { dialect: 'sqlite', run: (sql, params, maxRows) => runSqliteFile(target.file, sql, params, maxRows) };
  return {
    dialect: target.kind === 'postgresql' ? 'postgres' : 'mysql',
    run: async (sql, params, maxRows) => plain(await sources.query(dbSource, tenant, sql, params, maxRows)),
  };
}
