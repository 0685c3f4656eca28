import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  SqliteAdapter,
  type RawBuilder,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  type DatabaseConnection,
  type SqlBool,
  type Driver,
  type QueryResult,
} from 'kysely';
import { Worker } from 'node:worker_threads';
import { ResourceError } from './errors';
import { ImportReferences } from './import-references';
import type { ResourceDef, ResourceField } from './types';
import { workerFile } from '../worker-file';
import { compactTextIndex, holdSqliteWrites, insertMany, prepareInsertTogether, withPermissionEpochHeld } from '../db';
import { idPrefixAt } from '../db/time';

type Row = Record<string, unknown>;

/**
 * Where an import writes. All or nothing, and without holding the server:
 *
 * - PostgreSQL (and any dialect with a connection pool): one transaction on one pooled connection, the
 *   rows inserted a chunk at a time with their related rows (afterImport); on PostgreSQL, where afterImport
 *   only makes rows (afterImportStaged), a chunk and its related rows are one statement built ahead
 *   (prepare), their foreign keys checked a set at a time where the role may (ImportReferences). Other requests run on the other
 *   connections meanwhile, and every await of the network gives them the event loop. A server that dies
 *   mid-import drops the connection and PostgreSQL rolls the transaction back. Unique indexes make a
 *   concurrent insert of the same value wait for the import's outcome. The permission epoch is bumped
 *   once, at the end (withPermissionEpochHeld): bumped by the first chunk's memberships, it kept every
 *   other change to grants or memberships waiting for the rest of the import.
 *
 * - SQLite (better-sqlite3, one synchronous connection shared by every request): a transaction held open
 *   across the import would either hold that connection (everyone waits) or, if others ran their
 *   statements on it, put their work inside the import's transaction. So a worker thread
 *   (sqlite-stage-worker.cjs) opens a second connection with a private temporary database attached as
 *   "stage": the validated chunks go there while the file is read (no lock on the real file), each chunk
 *   one message run by one prepared statement, the rows' link targets beside them. The worker refuses a
 *   row whose unique value the real table holds (read there, off the server's thread), and the stage
 *   table has the resource's unique fields as unique indexes, so a row repeating an earlier row's value
 *   is refused too (no set of every value is held in memory). Then one IMMEDIATE transaction on that
 *   connection copies the rows into the real table, reads them back a chunk at a time for afterImport
 *   (only the columns it reads: afterImportReads) and commits; where afterImport writes only rows
 *   (afterImportStaged) those were made while the file was read, staged too, and are copied likewise. That
 *   thread checkpoints the write-ahead log after the import has answered. The event loop stays free
 *   throughout; WAL keeps the readers of the main connection answering. A write on the main connection
 *   during that last transaction waits for its end on the event loop (holdSqliteWrites), not in SQLite's
 *   busy handler, which would hold the server and fail after its timeout. Unique
 *   values are checked again inside that transaction, so a value taken by someone else meanwhile refuses
 *   the import instead of duplicating. A server killed before the commit leaves the real tables untouched
 *   (the temporary database disappears with the process).
 *
 * - SQLite in memory (no file a second connection could open): one transaction.
 *
 * While the rows are read, `db` is where the unique checks and the hooks read: the transaction on
 * PostgreSQL (it sees the rows written so far), the ordinary connection on SQLite.
 */
export interface ImportSink {
  db: Kysely<any>;
  /**
   * The rows go to a stage apart from the real tables (the SQLite stage): there the sink refuses a row that
   * repeats an earlier row's unique value or one the real table holds (otherwise the caller must), and
   * write may be called again before the last one has answered (the writes are taken in order).
   */
  staged: boolean;
  /**
   * Writes valid rows and their link targets; answers the rows it refused: on the stage, a value an earlier
   * row of the file holds (repeat) or one the real table holds (taken; bin: a deleted row's).
   */
  write(rows: Row[], targets: LinkTargets[], prepared?: Promise<PreparedWrite>): Promise<RefusedRow[]>;
  /**
   * Where given (PostgreSQL, afterImportStaged): builds the write of the rows of a chunk that passed their
   * checks (they and their related rows in one statement) while the chunk before is written, so the
   * connection does not wait on Node between chunks; write takes it to write those same rows.
   */
  prepare?(rows: Row[], targets: LinkTargets[]): Promise<PreparedWrite>;
  /**
   * Where the sink does not stage (PostgreSQL): true for a row of the table that this import wrote, read
   * with the unique checks. A value taken by such a row repeats an earlier row of the file, so no set of
   * the file's values is held in memory. Undefined where the database cannot tell (MySQL/MariaDB, SQLite
   * in memory): the caller keeps such sets.
   */
  ownRow?: RawBuilder<boolean>;
  /**
   * The table's unique indexes compare values exactly (PostgreSQL): a value is taken only by the very same
   * string, so a filter of the strings seen can tell which values need no lookup (uniqueValueFilters).
   * MySQL/MariaDB collations may equate other spellings (case, trailing spaces, accents).
   */
  exactUniques?: boolean;
}

export interface RefusedRow {
  index: number;
  field: string;
  reason: 'repeat' | 'taken' | 'bin';
}

/** A chunk's write, built ahead (ImportSink.prepare). */
export type PreparedWrite = () => Promise<void>;

/** Per link of the resource, the ids an imported row links to (undefined: the file had no such column). */
export type LinkTargets = Array<string[] | undefined>;

/**
 * Writes the rows related to imported rows (tenant membership of users, links, ...) on the import's
 * connection; `bulkInsert`, where given, inserts many rows of a table at once on it.
 */
export type AfterImport = (rows: Row[], targets: LinkTargets[], db: Kysely<any>, bulkInsert?: (table: string, rows: Row[]) => Promise<void>) => Promise<void>;

/** Why the worker refused a row (stageRows): 0 a repeat of the file, 1 taken in the real table, 2 by a deleted row. */
const REPEAT = 0;
const IN_BIN = 2;

interface StageStatements {
  insert: string;
  taken: Array<{ field: string; column: number; sql: string }>;
  repeats: Array<{ field: string; column: number; sql: string }>;
}

/** From this many imported rows on, the table's text indexes are merged after the rows go in. */
const COMPACT_TEXT_INDEX_AFTER = 20_000;

/** Rows per read-back of the staged rows in the final transaction. */
const READ_BACK = 2000;

export async function withImportSink<T>(db: Kysely<any>, def: ResourceDef, afterImport: AfterImport, run: (sink: ImportSink) => Promise<T>): Promise<T> {
  const file = db.getExecutor().adapter instanceof SqliteAdapter ? await sqliteFile(db) : undefined;
  if (!file) {
    // inserted by this transaction (xmin is its id, modulo 2^32), with an id made since the import began:
    // an older row that a hook of this import updated carries the xmin too
    const since = idPrefixAt(Date.now());
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const ownRow = postgres ? sql<boolean>`(xmin::text::bigint = txid_current() % 4294967296 and id >= ${since})` : undefined;
    // afterImport only makes rows (afterImportStaged): they go in with the chunk, in one statement
    const together = postgres && def.hooks?.afterImportStaged === true;
    return db.transaction().execute(async (trx) => {
      // foreign keys checked a set at a time where the role may (see ImportReferences)
      let references = together ? await ImportReferences.begin(trx) : undefined;
      const prepare = async (rows: Row[], targets: LinkTargets[]) => {
        const parts = [{ table: def.table, rows }];
        await afterImport(rows, targets, trx, async (table, related) => {
          if (related.length) parts.push({ table, rows: related });
        });
        if (references && !(await references.check(parts))) references = undefined;
        return prepareInsertTogether(trx, parts);
      };
      return withPermissionEpochHeld(trx, () =>
        run({
          db: trx,
          staged: false,
          ownRow,
          exactUniques: postgres,
          prepare: together ? prepare : undefined,
          write: async (rows, targets, prepared) => {
            if (together) {
              await (await (prepared ?? prepare(rows, targets)))();
              return [];
            }
            await insertMany(trx, def.table, rows);
            // the related rows too, in one statement per table, where that is cheaper (see insertMany)
            await afterImport(rows, targets, trx, postgres ? (table, related) => insertMany(trx, table, related) : undefined);
            return [];
          },
        }),
      );
    });
  }

  const stage = new StageConnection(file);
  let committed = false;
  const wdb = new Kysely<any>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new StageDriver(stage),
      createQueryCompiler: () => new SqliteQueryCompiler(),
      createIntrospector: (k) => new SqliteIntrospector(k),
    },
    plugins: [...db.getExecutor().plugins],
  });
  try {
    await wdb.schema.withSchema('stage').createTable(def.table).as(wdb.withSchema('main').selectFrom(def.table).selectAll().where(sql<boolean>`0`)).execute();
    const uniques = def.fields.filter((f) => f.unique);
    // SQLite names the schema on the index, not on its table
    for (const [i, f] of uniques.entries()) await sql`create unique index stage.${sql.id(`import_unique_${i}`)} on ${sql.table(def.table)} (${sql.ref(f.name)})`.execute(wdb);
    await sql`create table stage.import_targets (row_id text primary key, targets text not null)`.execute(wdb);

    const columns = new Set<string>();
    // per column set (a file's rows all have the same): the statements the worker runs for a chunk
    const statements = new Map<string, StageStatements>();
    const statementsFor = (cols: string[]): StageStatements => {
      const key = cols.join(',');
      let found = statements.get(key);
      if (found) return found;
      const template = Object.fromEntries(cols.map((c) => [c, null]));
      const column = (f: ResourceField) => cols.indexOf(f.name);
      const present = uniques.filter((f) => column(f) >= 0);
      found = {
        insert: wdb.withSchema('stage').insertInto(def.table).orIgnore().values(template).compile().sql,
        // a value the real table holds (in the recycle bin too, where it stays unique there): the row is refused
        taken: present.map((f) => {
          let q = wdb
            .withSchema('main')
            .selectFrom(def.table)
            .select(def.softDelete ? sql<number>`${sql.ref('delFlag')}`.as('bin') : sql<number>`0`.as('bin'))
            .where(f.name, '=', '');
          if (def.softDelete && !def.uniqueAcrossBin) q = q.where(sql<SqlBool>`${sql.ref('delFlag')} = 0`);
          return { field: f.name, column: column(f), sql: q.compile().sql };
        }),
        // for a row the stage's unique indexes refused: which field it repeats
        repeats: present.map((f) => ({ field: f.name, column: column(f), sql: wdb.withSchema('stage').selectFrom(def.table).select('id').where(f.name, '=', '').compile().sql })),
      };
      statements.set(key, found);
      return found;
    };
    // Where afterImport (and the resource's links) write only through insertRows (afterImportStaged), the
    // related rows are made while the file is read, into stage tables beside the rows, and copied with them
    // at the end: reading a million rows back to make them held the last transaction for seconds.
    const relatedStaged = def.hooks?.afterImportStaged === true;
    const related = new Map<string, { ready: Promise<unknown>; cols: Set<string> }>();
    const stageRelated = async (table: string, rows: Row[]) => {
      if (!rows.length) return;
      if (table === def.table) throw new Error(`afterImportStaged: ${table} is the imported table`);
      let found = related.get(table);
      if (!found) {
        const ready = wdb.schema.withSchema('stage').createTable(table).as(wdb.withSchema('main').selectFrom(table).selectAll().where(sql<boolean>`0`)).execute();
        related.set(table, (found = { ready, cols: new Set() }));
      }
      await found.ready;
      const names = [...new Set(rows.flatMap((r) => Object.keys(r)))];
      for (const n of names) found.cols.add(n);
      const insert = wdb.withSchema('stage').insertInto(table).values(Object.fromEntries(names.map((n) => [n, null]))).compile();
      await stage.insertMany(insert.sql, rows.map((r) => names.map((n) => r[n] ?? null)));
    };
    let staged = 0;
    const result = await run({
      db,
      staged: true,
      write: async (rows, targets) => {
        const keys = new Set<string>();
        for (const r of rows) for (const c in r) keys.add(c);
        const cols = [...keys];
        for (const c of cols) columns.add(c);
        const st = statementsFor(cols);
        const refused = await stage.stageRows({
          ...st,
          rows: rows.map((r) => cols.map((c) => r[c] ?? null)),
          targets: rows.map((r, i) => (!relatedStaged && targets[i]?.some((t) => t?.length) ? [String(r.id), JSON.stringify(targets[i])] : null)),
        });
        staged += rows.length - refused.length;
        if (relatedStaged) {
          const out = new Set(refused.map(([index]) => index));
          const kept = rows.flatMap((r, i) => (out.has(i) ? [] : [i]));
          if (kept.length) await afterImport(kept.map((i) => rows[i]), kept.map((i) => targets[i]), db, stageRelated);
        }
        return refused.map(([index, kind, check]) => {
          const list = kind === REPEAT ? st.repeats : st.taken;
          return { index, field: list[check]?.field ?? st.repeats[0]!.field, reason: kind === REPEAT ? 'repeat' : kind === IN_BIN ? 'bin' : 'taken' };
        });
      },
    });
    if (!staged) return result;

    const cols = [...columns];
    // what afterImport reads of the rows: every column unless the resource names fewer
    const reads = def.hooks?.afterImportReads;
    const readBack = reads ? cols.filter((c) => c === 'id' || reads.includes(c)) : cols;
    // the server's own connection waits for this transaction's end to write (see holdSqliteWrites)
    await holdSqliteWrites(file, () => wdb.transaction().execute(async (trx) => {
      const bulkInsert = async (table: string, rows: Row[]) => {
        if (!rows.length) return;
        const names = [...new Set(rows.flatMap((r) => Object.keys(r)))];
        const insert = trx.insertInto(table).values(Object.fromEntries(names.map((n) => [n, null]))).compile();
        await stage.insertMany(insert.sql, rows.map((r) => names.map((n) => r[n] ?? null)));
      };
      for (const f of uniques.filter((u) => columns.has(u.name))) {
        let taken = trx.withSchema('main').selectFrom(`${def.table} as r`).select('r.id').whereRef(`r.${f.name}`, '=', `s.${f.name}`);
        if (def.softDelete && !def.uniqueAcrossBin) taken = taken.where('r.delFlag', '=', 0);
        const hit = await trx
          .withSchema('stage')
          .selectFrom(`${def.table} as s`)
          .select(`s.${f.name} as value` as any)
          .where(`s.${f.name}`, 'is not', null)
          .where((eb) => eb.exists(taken))
          .limit(1)
          .executeTakeFirst();
        if (hit) throw new ResourceError(`${f.title}“${String((hit as Row).value)}”在导入期间已被占用，本次导入未写入任何数据，请重新导入`, 409);
      }
      await trx.withSchema('main').insertInto(def.table).columns(cols).expression(trx.withSchema('stage').selectFrom(def.table).select(cols)).execute();
      // a bulk load leaves the table's text indexes in many pieces: merged here, within the import
      if (staged >= COMPACT_TEXT_INDEX_AFTER) for (const name of new Set(def.fields.flatMap((f) => (f.textIndex ? [f.textIndex] : [])))) await compactTextIndex(trx, name);
      for (const [table, { cols }] of related) {
        const names = [...cols];
        await trx.withSchema('main').insertInto(table).columns(names).expression(trx.withSchema('stage').selectFrom(table).select(names)).execute();
      }
      if (relatedStaged) return;
      // the rows back from the stage a chunk at a time, in file order, with their link targets; the next
      // chunk is asked for before this one's related rows are made, so the two threads overlap
      const readChunk = (after: number) =>
        trx
          .withSchema('stage')
          .selectFrom(`${def.table} as s`)
          .leftJoin('import_targets as t', 't.rowId', 's.id')
          .select([...readBack.map((c) => `s.${c}`), sql<number>`s.rowid`.as('importRowid'), 't.targets as importTargets'])
          .where(sql`s.rowid`, '>', after)
          .orderBy(sql`s.rowid`)
          .limit(READ_BACK)
          .execute() as Promise<Row[]>;
      let next = readChunk(0);
      for (;;) {
        const read = await next;
        if (!read.length) break;
        next = readChunk(Number(read[read.length - 1].importRowid));
        next.catch(() => {});
        const rows = read.map(({ importRowid: _, importTargets: __, ...r }) => r);
        await afterImport(rows, read.map((r) => (r.importTargets ? (JSON.parse(String(r.importTargets)) as LinkTargets) : [])), trx, bulkInsert);
      }
    }));
    committed = true;
    return result;
  } finally {
    await stage.close({ checkpoint: committed });
  }
}

/** The file of an SQLite database, or undefined when it lives in memory. */
async function sqliteFile(db: Kysely<any>): Promise<string | undefined> {
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  const main = rows.find((r) => r.name === 'main');
  return main?.file ? main.file : undefined;
}

/** The worker's connection: statements go one at a time, each answered before the next is sent. */
class StageConnection implements DatabaseConnection {
  private readonly worker: Worker;
  private next = 0;
  private readonly waiting = new Map<number, { resolve(v: any): void; reject(e: Error): void }>();
  private failure: Error | undefined;

  constructor(file: string) {
    this.worker = new Worker(workerFile('./sqlite-stage-worker.cjs', import.meta.url), { workerData: { file }, resourceLimits: { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 256 } });
    this.worker.on('message', (m: { id: number; result?: unknown; error?: string; code?: string }) => {
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      if (m.error !== undefined) w.reject(Object.assign(new Error(m.error), { code: m.code }));
      else w.resolve(m.result);
    });
    const fail = (err: Error) => {
      this.failure ??= err;
      for (const w of this.waiting.values()) w.reject(err);
      this.waiting.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', () => fail(new Error('导入写入线程已退出')));
  }

  private send(msg: Record<string, unknown>): Promise<any> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...msg, id });
    });
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const r = await this.send({ op: 'query', sql: query.sql, params: query.parameters });
    return {
      rows: r.rows as R[],
      ...(r.changes !== undefined ? { numAffectedRows: BigInt(r.changes) } : {}),
      ...(r.lastInsertRowid !== undefined ? { insertId: BigInt(r.lastInsertRowid) } : {}),
    };
  }

  /**
   * Stages a chunk in one transaction of the stage: per row, the `taken` checks against the real table,
   * then the insert, then its link targets. Answers the rows refused: [index, REPEAT | TAKEN | IN_BIN, check].
   */
  stageRows(chunk: StageStatements & { rows: unknown[][]; targets: Array<[string, string] | null> }): Promise<Array<[number, number, number]>> {
    return this.send({ op: 'stageRows', ...chunk }).then((r: { refused: Array<[number, number, number]> }) => r.refused);
  }

  /** Runs one prepared insert for every row (related rows, all of which must go in), a few hundred per statement. */
  insertMany(sqlText: string, rows: unknown[][]): Promise<void> {
    return this.send({ op: 'insertMany', sql: sqlText, rows });
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on the import connection');
  }

  /** Closes the connection; after a commit the thread first checkpoints the log, on its own time. */
  async close({ checkpoint = false } = {}) {
    await this.send({ op: 'close', checkpoint }).catch(() => {});
    if (checkpoint && !this.failure) this.worker.unref();
    else await this.worker.terminate();
  }
}

/** One connection, used by one import, one statement at a time; BEGIN IMMEDIATE takes the write lock at once. */
class StageDriver implements Driver {
  constructor(private readonly connection: StageConnection) {}
  async init() {}
  async acquireConnection() {
    return this.connection;
  }
  async beginTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('begin immediate'));
  }
  async commitTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection() {}
  async destroy() {
    await this.connection.close();
  }
}
