import type { Db } from '../db/connect';
import { PermissionError } from '../errors';

/**
 * Permission codes of a user: the `perms` of the valid, undeleted sys_permission rows granted through the
 * user's roles. A row's perms may hold several codes separated by commas.
 */
export async function loadPermissionCodes(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('sysPermission as p')
    .innerJoin('sysRolePermission as rp', 'rp.permissionId', 'p.id')
    .innerJoin('sysUserRole as ur', 'ur.roleId', 'rp.roleId')
    .select('p.perms')
    .distinct()
    .where('ur.userId', '=', userId)
    .where('p.status', '=', '1')
    .where('p.delFlag', '=', 0)
    .where('p.perms', 'is not', null)
    .execute();
  const codes = new Set<string>();
  for (const { perms } of rows) {
    for (const code of (perms ?? '').split(',')) if (code.trim()) codes.add(code.trim());
  }
  return codes;
}

/**
 * The codes of a user that roles of the system tenant grant: only these carry the platform's codes (a
 * role of another tenant, whose managers grant what they hold, never does, even to a member of both).
 */
export async function loadSystemTenantCodes(db: Db, userId: string, systemTenant: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('sysPermission as p')
    .innerJoin('sysRolePermission as rp', 'rp.permissionId', 'p.id')
    .innerJoin('sysUserRole as ur', 'ur.roleId', 'rp.roleId')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select('p.perms')
    .distinct()
    .where('ur.userId', '=', userId)
    .where('r.tenantId', '=', systemTenant)
    .where('p.status', '=', '1')
    .where('p.delFlag', '=', 0)
    .where('p.perms', 'is not', null)
    .execute();
  const codes = new Set<string>();
  for (const { perms } of rows) {
    for (const code of (perms ?? '').split(',')) if (code.trim()) codes.add(code.trim());
  }
  return codes;
}

/**
 * The data rules (sys_permission_data_rule ids) the user's roles grant on a menu, named by its perms code or
 * its url: what list conditions a resource with `dataRuleMenu` adds for this user.
 */
export async function loadDataRuleGrants(db: Db, userId: string, menu: string): Promise<string[]> {
  const granted = await db
    .selectFrom('sysRolePermission as rp')
    .innerJoin('sysUserRole as ur', 'ur.roleId', 'rp.roleId')
    .innerJoin('sysPermission as p', 'p.id', 'rp.permissionId')
    .select(['rp.dataRuleIds'])
    .where('ur.userId', '=', userId)
    .where((eb) => eb.or([eb('p.perms', '=', menu), eb('p.url', '=', menu)]))
    .where('p.delFlag', '=', 0)
    .execute();
  const ids = new Set<string>();
  for (const g of granted) {
    for (const id of (g.dataRuleIds ?? '').split(',')) if (id.trim()) ids.add(id.trim());
  }
  return [...ids];
}

/** True when the user holds at least one of the required codes. */
export function holdsAny(codes: ReadonlySet<string>, required: string | string[]): boolean {
  return (Array.isArray(required) ? required : [required]).some((c) => codes.has(c));
}

/** Someone whose permission codes can be asked for: a request's user or a resource caller. */
export interface PermissionHolder {
  permissions?: () => Promise<ReadonlySet<string>>;
}

/** True when the holder holds the code (a holder that cannot tell holds nothing). */
export async function holds(holder: PermissionHolder, code: string): Promise<boolean> {
  return holder.permissions ? (await holder.permissions()).has(code) : false;
}

/** Refuses with 403 / code 510 unless the holder holds the code: for rights that depend on the input. */
export async function demand(holder: PermissionHolder, code: string): Promise<void> {
  if (!(await holds(holder, code))) throw new PermissionError();
}
