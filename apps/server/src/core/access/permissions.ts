import type { Db } from '../db/connect';

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

/** True when the user holds at least one of the required codes. */
export function holdsAny(codes: ReadonlySet<string>, required: string | string[]): boolean {
  return (Array.isArray(required) ? required : [required]).some((c) => codes.has(c));
}
