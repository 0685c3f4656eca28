import { randomBytes } from 'node:crypto';
import type { Db } from '../db/connect';
import { formatDateTime } from '../db/time';

const KEY = 'token_signing_secret';

/**
 * The token signing secret of this installation: generated at first start and kept in the database,
 * so every node on one database signs and verifies alike. Never a constant in code.
 */
export async function loadInstallSecret(db: Db, now = new Date()): Promise<string> {
  // Insert-if-absent first: when two nodes start together, one insert wins and both read it back.
  await db
    .insertInto('sysInstall')
    .values({ key: KEY, value: randomBytes(48).toString('base64url'), createTime: formatDateTime(now) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('sysInstall').select('value').where('key', '=', KEY).executeTakeFirstOrThrow();
  return row.value;
}
