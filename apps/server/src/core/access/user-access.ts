import type { Db } from '../db/connect';
import type { PermissionEpochs } from './epoch';
import { loadDataRuleGrants, loadPermissionCodes, loadSystemTenantCodes } from './permissions';
import { SYSTEM_TENANT } from './scope';

/** What a user may do and where: their permission codes and the active tenants they belong to. */
export interface UserAccess {
  codes: ReadonlySet<string>;
  /** The codes roles of the system tenant grant (the platform's codes count only from these). */
  systemCodes: ReadonlySet<string>;
  tenants: readonly number[];
  /** The data rules granted on a menu (loadDataRuleGrants), read once per menu while this access is current. */
  dataRuleGrants(menu: string): Promise<readonly string[]>;
}

const MAX_ENTRIES = 5000;

async function loadUserAccess(db: Db, userId: string): Promise<UserAccess> {
  const [codes, systemCodes, rows] = await Promise.all([
    loadPermissionCodes(db, userId),
    loadSystemTenantCodes(db, userId, SYSTEM_TENANT),
    db
      .selectFrom('sysUserTenant as ut')
      .innerJoin('sysTenant as t', 't.id', 'ut.tenantId')
      .select('ut.tenantId')
      .where('ut.userId', '=', userId)
      .where('ut.status', '=', '1')
      .where('t.delFlag', '=', 0)
      .where('t.status', '=', 1)
      .orderBy('ut.tenantId')
      .execute(),
  ]);
  // the grants hang on this access, so a new permission epoch (a new access) reads them again
  const grants = new Map<string, Promise<readonly string[]>>();
  const dataRuleGrants = (menu: string) => {
    let found = grants.get(menu);
    if (!found) {
      found = loadDataRuleGrants(db, userId, menu);
      found.catch(() => grants.delete(menu));
      grants.set(menu, found);
    }
    return found;
  };
  return { codes, systemCodes, tenants: [...new Set(rows.map((r) => Number(r.tenantId)))], dataRuleGrants };
}

/**
 * Per-node cache of each user's access, valid while the permission epoch it was read at is current.
 * Every request reads the epoch first (from the database, or Redis when configured), so removing a role or a tenant membership takes effect on the
 * next request of every open session, on every node.
 */
export class UserAccessCache {
  private entries = new Map<string, { epoch: number; access: UserAccess }>();

  constructor(
    private readonly db: Db,
    private readonly epochs: PermissionEpochs,
  ) {}

  /** `epoch`: the current epoch where the caller has just read it (with the user's row). */
  async get(userId: string, epoch?: number): Promise<UserAccess> {
    epoch ??= await this.epochs.current();
    const hit = this.entries.get(userId);
    if (hit && hit.epoch === epoch) return hit.access;
    const access = await loadUserAccess(this.db, userId);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(userId, { epoch, access });
    return access;
  }
}
