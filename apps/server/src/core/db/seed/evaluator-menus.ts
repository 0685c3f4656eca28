import type { Db } from '../connect';
import { seedId } from '../time';
import { ONLINE_DEV_MENU } from './menus-online-dev';
import { SEED_ADMIN_ROLE } from './organisation';

// 示例页面, 组件示例 and 在线开发 are for evaluators. On a school install (DEMO_DATA=off) only the
// administrators' role keeps them: once per install, every other role's grant of them (and of anything
// under them) is taken back. Later grants an administrator makes on purpose stay.
const MARKER = 'seeded:evaluator-menus.school';

export const EVALUATOR_MENU_ROOTS = ['examples', 'demo', ONLINE_DEV_MENU];

/** Ids of the evaluator menus and every menu or button under them. */
export async function evaluatorMenuIds(db: Db): Promise<string[]> {
  const ids = new Set(EVALUATOR_MENU_ROOTS.map((k) => seedId(`menu.${k}`)));
  let frontier = [...ids];
  while (frontier.length) {
    const children = await db.selectFrom('sysPermission').select('id').where('parentId', 'in', frontier).execute();
    frontier = children.map((c) => c.id).filter((id) => !ids.has(id));
    for (const id of frontier) ids.add(id);
  }
  return [...ids];
}

export async function keepEvaluatorMenusToAdmins(db: Db, now: string): Promise<void> {
  const claimed = await db.insertInto('sysInstall').values({ key: MARKER, value: '1', createTime: now }).onConflict((oc) => oc.column('key').doNothing()).executeTakeFirst();
  if (!Number(claimed.numInsertedOrUpdatedRows ?? 1)) return;
  const admin = await db.selectFrom('sysRole').select('id').where('roleCode', '=', SEED_ADMIN_ROLE.roleCode).executeTakeFirst();
  const ids = await evaluatorMenuIds(db);
  for (let i = 0; i < ids.length; i += 500) {
    let q = db.deleteFrom('sysRolePermission').where('permissionId', 'in', ids.slice(i, i + 500));
    if (admin) q = q.where('roleId', '<>', admin.id);
    await q.execute();
  }
}
