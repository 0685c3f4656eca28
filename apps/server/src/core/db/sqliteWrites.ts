// The server's SQLite connection, and the long write an import makes on a second one (issue 18).
//
// better-sqlite3 is synchronous: a write that finds SQLite's single write lock taken waits in the
// busy handler, holding the event loop, and fails after busy_timeout. An import's last transaction
// holds that lock for as long as it copies its rows (about 40 s for a million users), so every request
// that wrote meanwhile froze the server for five seconds and then failed. The import says when it holds
// the lock (holdSqliteWrites); the server's connection then lets reads run as ever and makes writes and
// transactions wait for the import's end on the event loop, not in the busy handler.
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  SelectQueryNode,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';

/** Whoever holds the write lock of a database file from this process, by file. */
const holders = new Map<string, Promise<unknown>>();

const fileKey = (file: string) => {
  try {
    return realpathSync(file);
  } catch {
    return resolve(file);
  }
};

/** Runs `work`, which holds the write lock of `file` on its own connection, telling this process's connection to wait. */
export async function holdSqliteWrites<T>(file: string, work: () => Promise<T>): Promise<T> {
  const key = fileKey(file);
  // one holder at a time: a second import waits for the first, as SQLite would make it
  const run = (holders.get(key) ?? Promise.resolve()).then(work);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  holders.set(key, settled);
  try {
    return await run;
  } finally {
    if (holders.get(key) === settled) holders.delete(key);
  }
}

/** Resolves once no import of this process holds the write lock of `key`. */
async function writesAllowed(key: string): Promise<void> {
  while (holders.has(key)) await holders.get(key);
}

/** Kysely's SQLite dialect over one better-sqlite3 connection, whose writes wait for an import's lock (see above). */
export class WaitingSqliteDialect implements Dialect {
  constructor(
    private readonly database: SQLite.Database,
    private readonly file: string,
  ) {}
  createDriver(): Driver {
    return new WaitingSqliteDriver(this.database, fileKey(this.file));
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createAdapter() {
    return new SqliteAdapter();
  }
  createIntrospector(db: Kysely<any>) {
    return new SqliteIntrospector(db);
  }
}

/**
 * Statements kept prepared, by their SQL, most recently used last. Preparing took a fifth of the database
 * time of a list request (0.1 ms for the page, as much for the sign-in check; more for an FTS5 query),
 * every time. SQLite prepares a kept statement again by itself after a change of schema.
 */
const STATEMENTS_KEPT = 300;
/**
 * Longer statements are prepared each time: a list of thousands of ids (an export's batch, a text-index
 * match) compiles to a large program, and its length varies from call to call, so 300 of them kept could
 * hold tens of megabytes for little use.
 */
const STATEMENT_KEPT_MAX_CHARS = 4_000;

/** One connection shared by every request: a transaction has it to itself; a statement outside one waits for it. */
class WaitingSqliteDriver implements Driver {
  private turn: Promise<void> = Promise.resolve();
  private readonly statements = new Map<string, SQLite.Statement>();

  constructor(
    private readonly database: SQLite.Database,
    private readonly key: string,
  ) {}

  async init() {}

  /** Takes the connection: resolves with the function that gives it back. */
  lock(): Promise<() => void> {
    let release!: () => void;
    const previous = this.turn;
    this.turn = new Promise<void>((done) => (release = done));
    return previous.then(() => release);
  }

  /** The statement of `sql`, prepared once while it is used. Not for iteration: a kept statement is busy until it ends. */
  statement(sql: string): SQLite.Statement {
    if (sql.length > STATEMENT_KEPT_MAX_CHARS) return this.database.prepare(sql);
    let stmt = this.statements.get(sql);
    if (stmt) this.statements.delete(sql);
    else {
      stmt = this.database.prepare(sql);
      if (this.statements.size >= STATEMENTS_KEPT) this.statements.delete(this.statements.keys().next().value!);
    }
    this.statements.set(sql, stmt);
    return stmt;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WaitingSqliteConnection(this.database, this.key, this);
  }
  async beginTransaction(c: DatabaseConnection) {
    await (c as WaitingSqliteConnection).begin();
  }
  async commitTransaction(c: DatabaseConnection) {
    await (c as WaitingSqliteConnection).end('commit');
  }
  async rollbackTransaction(c: DatabaseConnection) {
    await (c as WaitingSqliteConnection).end('rollback');
  }
  async releaseConnection(c: DatabaseConnection) {
    (c as WaitingSqliteConnection).release();
  }
  async destroy() {
    this.statements.clear();
    this.database.close();
  }
}

class WaitingSqliteConnection implements DatabaseConnection {
  /** Set while this connection runs a transaction: the shared connection is its own until the end. */
  private unlock: (() => void) | undefined;

  constructor(
    private readonly database: SQLite.Database,
    private readonly key: string,
    private readonly driver: WaitingSqliteDriver,
  ) {}

  async begin() {
    // a transaction may write: it starts once no import holds the lock
    await writesAllowed(this.key);
    this.unlock = await this.driver.lock();
    try {
      this.database.exec('begin');
    } catch (err) {
      this.release();
      throw err;
    }
  }

  async end(how: 'commit' | 'rollback') {
    try {
      this.database.exec(how);
    } finally {
      this.release();
    }
  }

  release() {
    const unlock = this.unlock;
    this.unlock = undefined;
    unlock?.();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const stmt = this.driver.statement(query.sql);
    if (this.unlock) return run<R>(stmt, query.parameters);
    if (!stmt.readonly) await writesAllowed(this.key);
    const unlock = await this.driver.lock();
    try {
      return run<R>(stmt, query.parameters);
    } finally {
      unlock();
    }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('Sqlite driver only supports streaming of select queries');
    const unlock = this.unlock ? undefined : await this.driver.lock();
    try {
      for (const row of this.database.prepare(query.sql).iterate(...(query.parameters as unknown[]))) yield { rows: [row as R] };
    } finally {
      unlock?.();
    }
  }
}

function run<R>(stmt: SQLite.Statement, parameters: readonly unknown[]): QueryResult<R> {
  const params = parameters as unknown[];
  if (stmt.reader) return { rows: stmt.all(...params) as R[] };
  const { changes, lastInsertRowid } = stmt.run(...params);
  return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
}
