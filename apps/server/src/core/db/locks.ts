import { sql, type Transaction } from 'kysely';
import type { Db, DialectName } from './connect';
import type { Database } from './schema';

const LOCK_WAIT_SECONDS = 10;

/**
 * Runs `work` in a transaction holding a lock on each key, so that two requests touching the same keys
 * at once run one after the other (checks and writes of one are seen by the next). Keys are taken in the
 * order given: callers give them in one fixed order, so there is no cycle.
 *   PostgreSQL: transaction-scoped advisory locks.
 *   MySQL/MariaDB: named locks held by the connection around the transaction, released after it commits
 *   (they belong to the session, and a lock released before the commit would let the next one read too early).
 *   SQLite: transactions of one database are serialised already (one connection, one writer).
 */
export async function inLockedTransaction<T>(db: Db, dialect: DialectName, keys: string[], work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (dialect === 'postgres') {
    return db.transaction().execute(async (trx) => {
      for (const key of keys) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
      return work(trx);
    });
  }
  if (dialect !== 'mysql') return db.transaction().execute(work);
  return db.connection().execute(async (conn) => {
    const held: string[] = [];
    try {
      for (const key of keys) {
        // MySQL caps a lock's name at 64 characters
        const name = key.length > 64 ? key.slice(0, 64) : key;
        const got = await sql<{ ok: number | null }>`select get_lock(${name}, ${LOCK_WAIT_SECONDS}) as ok`.execute(conn);
        if (Number(got.rows[0]?.ok) !== 1) throw new Error(`lock ${name} not taken within ${LOCK_WAIT_SECONDS} s`);
        held.push(name);
      }
      return await conn.transaction().execute(work);
    } finally {
      for (const name of held.reverse()) await sql`select release_lock(${name})`.execute(conn).catch(() => undefined);
    }
  });
}
