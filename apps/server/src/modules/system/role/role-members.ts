import type { Kysely } from 'kysely';
import { demand, whereTenant } from '../../../core/access';
import { ResourceError, type Caller } from '../../../core/crud';
import { newId } from '../../../core/db';
import { BizError } from '../../../core/errors';
import { CODE_NO_PERMISSION } from '@anxue/shared';
import { SEED_ADMIN_ROLE } from '../../../core/db/seed/organisation';
import { heldPermissionIds } from '../permission/grants';

/** Handing out or taking back roles is a right of its own, never implied by editing users. */
export const GRANT_ROLE_PERMISSION = 'system:user:grantRole';

const refuse = (message: string) => new BizError(message, { status: 403, code: CODE_NO_PERMISSION });

/** The role, when the caller can see it; otherwise 角色不存在. */
export async function visibleRole(db: Kysely<any>, caller: Caller, roleId: string) {
  const role = await visibleRoles(db, caller).where('id', '=', roleId).executeTakeFirst();
  if (!role) throw new ResourceError('角色不存在', 404);
  return role;
}

/** Roles the caller can see: those of the caller's tenant (the built-in ones belong to the system tenant). */
export function visibleRoles(db: Kysely<any>, caller: Caller) {
  return whereTenant(db.selectFrom('sysRole').select(['id', 'roleName', 'roleCode']), caller);
}

/**
 * Refuses handing out (or taking back) any role that carries a permission the caller does not hold
 * themselves: nobody hands out more than they hold.
 */
export async function assertMayHandOut(db: Kysely<any>, caller: Caller, roleIds: string[]): Promise<void> {
  if (!roleIds.length) return;
  const held = await heldPermissionIds(db as any, caller.id);
  const rows = await db
    .selectFrom('sysRolePermission as rp')
    .innerJoin('sysRole as r', 'r.id', 'rp.roleId')
    .select(['r.roleName', 'rp.permissionId'])
    .where('rp.roleId', 'in', roleIds)
    .execute();
  const beyond = [...new Set(rows.filter((r: { permissionId: string }) => !held.has(r.permissionId)).map((r: { roleName: string }) => r.roleName))];
  if (beyond.length) throw refuse(`不能分配或收回角色“${beyond.join('、')}”：该角色含有您本人没有的权限`);
}

/**
 * Refuses a change that leaves no active user holding the administrator role (checked inside the
 * change's transaction, after it is written, so every path is covered: edit, unlink, import).
 */
export async function assertAdministratorRemains(db: Kysely<any>): Promise<void> {
  const left = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .innerJoin('sysUser as u', 'u.id', 'ur.userId')
    .select('u.id')
    .where('r.roleCode', '=', SEED_ADMIN_ROLE.roleCode)
    .where('u.status', '=', 1)
    .where('u.delFlag', '=', 0)
    .executeTakeFirst();
  if (!left) throw new BizError('不能移除最后一位管理员的管理员角色');
}

async function assertRolesVisible(db: Kysely<any>, caller: Caller, roleIds: string[]) {
  if (!roleIds.length) return;
  const found = await visibleRoles(db, caller).where('id', 'in', roleIds).execute();
  if (found.length !== roleIds.length) throw new ResourceError('选择的角色不存在');
}

/**
 * Makes the user's roles (among those the caller can see) exactly `roleIds`. Roles of other tenants the
 * user holds are left alone. A change needs the grant right and stays within what the caller holds.
 */
export async function replaceUserRoles(db: Kysely<any>, caller: Caller, userId: string, roleIds: string[]): Promise<void> {
  const visible = new Set((await visibleRoles(db, caller).execute()).map((r) => r.id));
  const current = (await db.selectFrom('sysUserRole').select('roleId').where('userId', '=', userId).execute())
    .map((r) => r.roleId)
    .filter((id) => visible.has(id));
  const wanted = [...new Set(roleIds)];
  const added = wanted.filter((id) => !current.includes(id));
  const removed = current.filter((id) => !wanted.includes(id));
  if (!added.length && !removed.length) return;
  await demand(caller, GRANT_ROLE_PERMISSION);
  await assertRolesVisible(db, caller, added);
  await assertMayHandOut(db, caller, [...added, ...removed]);
  if (removed.length) await db.deleteFrom('sysUserRole').where('userId', '=', userId).where('roleId', 'in', removed).execute();
  if (added.length) await db.insertInto('sysUserRole').values(added.map((roleId) => ({ id: newId(), userId, roleId }))).execute();
  if (removed.length) await assertAdministratorRemains(db);
}

/** Gives one role to users (those already holding it are left as they are). */
export async function addRoleUsers(db: Kysely<any>, caller: Caller, roleId: string, userIds: string[]): Promise<void> {
  await assertRolesVisible(db, caller, [roleId]);
  await assertMayHandOut(db, caller, [roleId]);
  const holding = new Set((await db.selectFrom('sysUserRole').select('userId').where('roleId', '=', roleId).where('userId', 'in', userIds).execute()).map((r) => r.userId));
  const rows = userIds.filter((id) => !holding.has(id)).map((userId) => ({ id: newId(), userId, roleId }));
  if (rows.length) await db.insertInto('sysUserRole').values(rows).execute();
}

/** Takes one role away from users. */
export async function removeRoleUsers(db: Kysely<any>, caller: Caller, roleId: string, userIds: string[]): Promise<number> {
  await assertRolesVisible(db, caller, [roleId]);
  await assertMayHandOut(db, caller, [roleId]);
  const result = await db.deleteFrom('sysUserRole').where('roleId', '=', roleId).where('userId', 'in', userIds).executeTakeFirst();
  await assertAdministratorRemains(db);
  return Number(result.numDeletedRows ?? 0);
}
