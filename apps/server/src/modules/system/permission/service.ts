import type { RequestUser } from '../../../core/access';
import type { Db } from '../../../core/db';
import { landingChoices, type LandingArea } from '@anxue/shared/landing';
import { buildMenuTree, noRoleItem, type PermissionRow } from './menu-tree';

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
/**
 * Pages every user with a menu may open whatever their roles: the notice bell's 查看更多 opens 我的消息, and
 * the original client opens /system/usersetting (账户设置) and /monitor/mynews by itself.
 */
export const PERSONAL_PAGE_URLS = ['/isps/userAnnouncement', '/system/usersetting', '/monitor/mynews'];

/**
 * The personal pages a user's roles do not already give, as menus of their own: under their parent when
 * the user holds it, else at the top (as the original does with its home page). A user without any role
 * gets them too: their no-role page links to 我的消息.
 */
async function personalPages(db: Db, menus: PermissionRow[]): Promise<PermissionRow[]> {
  const held = new Set(menus.map((m) => m.id));
  const rows = await db.selectFrom('sysPermission').selectAll().where('delFlag', '=', 0).where('menuType', '<>', 2).where('url', 'in', PERSONAL_PAGE_URLS).execute();
  return rows.filter((r) => !held.has(r.id)).map((r) => (r.parentId && held.has(r.parentId) ? r : { ...r, parentId: null, menuType: 0 }));
}

export async function userPermissionBundle(db: Db, user: RequestUser) {
  const granted = await grantedRows(db, user.id);
  const roleMenus = granted.filter((p) => p.menuType !== 2);
  const menus = [...roleMenus, ...(await personalPages(db, roleMenus))];
  const buttons = granted.filter((p) => p.menuType === 2 && p.status === '1' && p.perms);
  const menu = buildMenuTree(menus, buttons);
  // the web lands such a user on a page that says so, rather than on figures they may not read
  if (!roleMenus.length) menu.splice(1, 0, noRoleItem());
  return { menu, ...(await userCodeBundle(db, user, granted)) };
}

/**
 * The areas the user may land in, first the one the web opens for a user who has opened none (the web's own
 * rules, on the menu of their roles): named in the login answer, so the web fetches that area's code while
 * it asks for the permissions. A hint only: where the user lands is decided on the full answer.
 */
export async function landingAreasOf(db: Db, userId: string): Promise<LandingArea[]> {
  const granted = await grantedRows(db, userId);
  const menu = buildMenuTree(granted.filter((p) => p.menuType !== 2), []);
  // the codes as the permission check reads them: a valid row's perms, several separated by commas
  const codes = granted.filter((p) => p.status === '1' && p.perms).flatMap((p) => p.perms!.split(',').map((c) => c.trim()));
  return landingChoices(menu, codes).map((c) => c.area);
}
