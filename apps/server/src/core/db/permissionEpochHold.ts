import { sql, type Kysely } from 'kysely';
import { dialectOf } from './connect';

/** The setting (PostgreSQL, per transaction) or variable (MySQL, per session) the epoch triggers obey. */
export const EPOCH_HOLD = { postgres: 'anxue.hold_perm_epoch', mysql: '@anxue_hold_perm_epoch' } as const;

/**
 * Runs a long transaction's work (an import) with the permission-epoch triggers counting nothing, then
 * bumps the epoch once. Each bump locks the epoch's row until commit: an import that bumped with its first
 * chunk of tenant memberships kept every other change to grants, roles or memberships (adding a user,
 * saving a role) waiting for the rest of the import, minutes for a million rows. Now that row is locked
 * only at the end. On PostgreSQL the hold is a setting of the transaction; on MySQL a variable of the
 * session, cleared before the connection goes back to the pool. SQLite has one writer anyway.
 */
export async function withPermissionEpochHeld<T>(trx: Kysely<any>, work: () => Promise<T>): Promise<T> {
  const dialect = dialectOf(trx);
  if (dialect === 'sqlite') return work();
  if (dialect === 'postgres') await sql`select set_config(${EPOCH_HOLD.postgres}, 'on', true)`.execute(trx);
  else await sql`set ${sql.raw(EPOCH_HOLD.mysql)} = 1`.execute(trx);
  const release = () => (dialect === 'postgres' ? sql`select set_config(${EPOCH_HOLD.postgres}, '', true)` : sql`set ${sql.raw(EPOCH_HOLD.mysql)} = null`).execute(trx);
  let result: T;
  try {
    result = await work();
  } catch (err) {
    // PostgreSQL's setting ends with the transaction (and a failed one takes no more statements, so a
    // release here would hide the failure); MySQL's variable outlives it, on a pooled connection
    if (dialect === 'mysql') await release().catch(() => {});
    throw err;
  }
  await release();
  await trx.updateTable('sysPermEpoch').set((eb) => ({ epoch: eb('epoch', '+', 1) })).where('id', '=', 1).execute();
  return result;
}
