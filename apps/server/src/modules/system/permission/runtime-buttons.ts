import type { Db } from '../../../core/db';
import { formatDateTime, newId } from '../../../core/db/time';

// Rights made at run time: a menu added in 菜单管理, and a form or report defined in a designer (issue 15),
// which gets button rows of its own in sys_permission. Creating one creates a new right, so it goes only to the creator's roles that hold
// the designer's code (`grantedWith`); nobody else holds it until granted in 角色授权. One place for adding,
// renaming and removing such rows, so every designer keeps the grant tables consistent.

export interface RuntimeButton {
  perms: string;
  name: string;
  sortNo: number;
}

/** Adds the buttons not there yet under `parentId`, granted to the creator's roles holding `grantedWith`. */
export async function addRuntimeButtons(db: Db, parentId: string, buttons: RuntimeButton[], creator: { userId: string; grantedWith: string }, now = new Date()): Promise<void> {
  if (!buttons.length) return;
  const stamp = formatDateTime(now);
  const existing = new Set((await db.selectFrom('sysPermission').select('perms').where('perms', 'in', buttons.map((b) => b.perms)).execute()).map((r) => r.perms));
  const fresh = buttons.filter((b) => !existing.has(b.perms));
  if (!fresh.length) return;
  const roles = await creatorsRoles(db, creator);
  for (const b of fresh) {
    const id = newId();
    await db
      .insertInto('sysPermission')
      .values({ id, parentId, name: b.name, menuType: 2, perms: b.perms, permsType: '1', sortNo: b.sortNo, status: '1', createTime: stamp })
      .execute();
    for (const { roleId } of roles) await db.insertInto('sysRolePermission').values({ id: newId(), roleId, permissionId: id, operateDate: stamp }).execute();
  }
  await db.updateTable('sysPermission').set({ isLeaf: 0 }).where('id', '=', parentId).execute();
}

/** The creator's roles that hold the code of the designer the new right was made with. */
async function creatorsRoles(db: Db, creator: { userId: string; grantedWith: string }) {
  return db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRolePermission as rp', 'rp.roleId', 'ur.roleId')
    .innerJoin('sysPermission as p', 'p.id', 'rp.permissionId')
    .select('ur.roleId')
    .distinct()
    .where('ur.userId', '=', creator.userId)
    .where('p.perms', '=', creator.grantedWith)
    .where('p.status', '=', '1')
    .where('p.delFlag', '=', 0)
    .execute();
}

/**
 * Grants a menu or button just made (by hand in 菜单管理) to the creator's roles holding `grantedWith`, so
 * its maker holds it and may hand it on: nobody may grant what they do not hold.
 */
export async function grantToCreator(db: Db, permissionId: string, creator: { userId: string; grantedWith: string }, now = new Date()): Promise<void> {
  const stamp = formatDateTime(now);
  for (const { roleId } of await creatorsRoles(db, creator)) {
    await db.insertInto('sysRolePermission').values({ id: newId(), roleId, permissionId, operateDate: stamp }).execute();
  }
}

/** Changes the codes and names of buttons; their grants stay. */
export async function renameRuntimeButtons(db: Db, renames: Array<{ from: string; to: string; name: string }>): Promise<void> {
  for (const r of renames) await db.updateTable('sysPermission').set({ perms: r.to, name: r.name }).where('perms', '=', r.from).execute();
}

/** Removes buttons and every grant of them (roles, departments, department roles, data rules, tenant packs). */
export async function removeRuntimeButtons(db: Db, parentId: string, perms: string[]): Promise<void> {
  if (!perms.length) return;
  const ids = (await db.selectFrom('sysPermission').select('id').where('perms', 'in', perms).execute()).map((r) => r.id);
  if (!ids.length) return;
  for (const table of ['sysRolePermission', 'sysDepartPermission', 'sysDepartRolePermission', 'sysPermissionDataRule', 'sysTenantPackPerms'] as const) {
    await db.deleteFrom(table).where('permissionId', 'in', ids).execute();
  }
  await db.deleteFrom('sysPermission').where('id', 'in', ids).execute();
  const left = await db.selectFrom('sysPermission').select('id').where('parentId', '=', parentId).executeTakeFirst();
  if (!left) await db.updateTable('sysPermission').set({ isLeaf: 1 }).where('id', '=', parentId).execute();
}
