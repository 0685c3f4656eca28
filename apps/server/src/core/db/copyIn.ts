// PostgreSQL's COPY ... FROM STDIN through Kysely, for the bulk writes of imports (see bulkInsert.ts).
import { CompiledQuery } from 'kysely';
import type pg from 'pg';

/**
 * The data of the COPY statements of one query, in their order, in COPY's text format. Passed as the
 * query's only parameter: the pool's clients (acceptCopyIn) send it as the statements ask for it.
 */
export class CopyData {
  constructor(readonly chunks: Buffer[]) {}
}

/** A query of `copy <table> (<columns>) from stdin` statements (separated by `;`) and their data, in order. */
export function copyQuery(statements: string[], data: Buffer[]): CompiledQuery {
  return CompiledQuery.raw(statements.join(';\n'), [new CopyData(data)]);
}

type Connection = { query(text: string): void; sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void };

/**
 * The statements as one simple query, followed at once by every COPY's data (then CopyDone), in order:
 * PostgreSQL reads each COPY's data from the connection when it runs that COPY, so no round trip waits
 * for Node to answer its CopyInResponse. Should a statement fail, PostgreSQL skips the rest of the query
 * and drops the copy messages that follow (as the protocol lays down). Answers as a query of pg does,
 * without rows; an error refuses it as pg's own errors do (code, detail, constraint).
 */
class CopyIn {
  private rowCount = 0;
  private failed = false;
  readonly done: Promise<{ command: string; rowCount: number; rows: never[]; fields: never[] }>;
  private resolve!: (r: { command: string; rowCount: number; rows: never[]; fields: never[] }) => void;
  private reject!: (e: unknown) => void;

  constructor(
    readonly text: string,
    private readonly data: CopyData,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  submit(connection: Connection) {
    connection.query(this.text);
    for (const chunk of this.data.chunks) {
      if (chunk.length) connection.sendCopyFromChunk(chunk);
      connection.endCopyFrom();
    }
  }

  // the data went with the statements
  handleCopyInResponse() {}

  handleCommandComplete(msg: { text?: string }) {
    const n = /^COPY (\d+)/.exec(msg.text ?? '');
    if (n) this.rowCount += Number(n[1]);
  }

  handleError(err: unknown) {
    if (this.failed) return;
    this.failed = true;
    this.reject(err);
  }

  handleReadyForQuery() {
    if (!this.failed) this.resolve({ command: 'COPY', rowCount: this.rowCount, rows: [], fields: [] });
  }

  // messages a COPY FROM STDIN does not receive
  handleRowDescription() {}
  handleDataRow() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
  handleCopyData() {}
}

/**
 * Lets a client of the pool run copyQuery's queries: Kysely hands a query's text and parameters to
 * client.query, and a CopyData parameter is sent as the COPY's data instead of being bound.
 */
export function acceptCopyIn(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    if (typeof config === 'string' && Array.isArray(values) && values.length === 1 && values[0] instanceof CopyData) {
      const copy = new CopyIn(config, values[0]);
      query(copy);
      return copy.done;
    }
    return query(config, values, callback);
  };
}
