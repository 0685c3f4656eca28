import type { RequestUser } from '../../../core/access';
import type { Db } from '../../../core/db';
import { buildMenuTree, type PermissionRow } from './menu-tree';

/** Undeleted permission rows granted to the user through any of their roles. */
async function grantedRows(db: Db, userId: string): Promise<PermissionRow[]> {
  return db
    .selectFrom('sysPermission as p')
    .selectAll('p')
    .where('p.delFlag', '=', 0)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('sysRolePermission as rp')
          .innerJoin('sysUserRole as ur', 'ur.roleId', 'rp.roleId')
          .select('rp.id')
          .whereRef('rp.permissionId', '=', 'p.id')
          .where('ur.userId', '=', userId),
      ),
    )
    .execute();
}

/** The answer of getPermCode: the user's buttons and codes, every button, and the data-source safe mode. */
export async function userCodeBundle(db: Db, user: RequestUser, granted?: PermissionRow[]) {
  const buttons = (granted ?? (await grantedRows(db, user.id))).filter((p) => p.menuType === 2 && p.status === '1' && p.perms);
  const allButtons = await db
    .selectFrom('sysPermission')
    .select(['perms', 'status', 'permsType', 'name'])
    .where('menuType', '=', 2)
    .where('delFlag', '=', 0)
    .where('perms', 'is not', null)
    .orderBy('sortNo')
    .execute();
  return {
    auth: buttons.map((b) => ({ action: b.perms!, type: b.permsType, describe: b.name })),
    allAuth: allButtons.map((b) => ({ action: b.perms!, status: b.status, type: b.permsType, describe: b.name })),
    codeList: [...(await user.permissions())].sort(),
    sysSafeMode: false,
  };
}

/** The answer of getUserPermissionByToken: menu tree, the user's buttons, every button, the user's codes. */
export async function userPermissionBundle(db: Db, user: RequestUser) {
  const granted = await grantedRows(db, user.id);
  const menus = granted.filter((p) => p.menuType !== 2);
  const buttons = granted.filter((p) => p.menuType === 2 && p.status === '1' && p.perms);
  return { menu: buildMenuTree(menus, buttons), ...(await userCodeBundle(db, user, granted)) };
}
