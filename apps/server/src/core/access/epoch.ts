import type { Db } from '../db/connect';

/**
 * Current permission epoch: bumped by database triggers on any change to menus, grants, roles, role or
 * tenant membership and tenants, so any node can tell with one tiny query whether a cached answer is current.
 */
export async function permissionEpoch(db: Db): Promise<number> {
  const row = await db.selectFrom('sysPermEpoch').select('epoch').where('id', '=', 1).executeTakeFirst();
  return Number(row?.epoch ?? 0);
}
