import type { Kysely } from 'kysely';
import { ResourceError } from '../../../core/crud';
import { formatDateTime, newId, type Db } from '../../../core/db';
import type { PermissionRow } from './menu-tree';
import type { MenuBody } from './menu-schema';
import { grantToCreator } from './runtime-buttons';

type Node = PermissionRow & { key: string; title: string; leaf: boolean; menuType_dictText: string; children?: Node[] };

const MENU_TYPE_TEXT: Record<number, string> = { 0: '一级菜单', 1: '子菜单', 2: '按钮权限' };
const bySort = (a: PermissionRow, b: PermissionRow) => a.sortNo - b.sortNo || a.name.localeCompare(b.name);

/** Every undeleted menu and button, in display order. */
/** The code of 菜单管理's 添加 button. */
export const MENU_ADD_PERMISSION = 'system:permission:add';

export async function allMenus(db: Db): Promise<PermissionRow[]> {
  const rows = await db.selectFrom('sysPermission').selectAll().where('delFlag', '=', 0).execute();
  return rows.sort(bySort);
}

function childrenByParent(rows: PermissionRow[]) {
  const ids = new Set(rows.map((r) => r.id));
  const map = new Map<string | null, PermissionRow[]>();
  for (const r of rows) {
    // an orphan (parent deleted or outside the set) is shown at the top rather than lost
    const parent = r.parentId && ids.has(r.parentId) ? r.parentId : null;
    map.set(parent, [...(map.get(parent) ?? []), r]);
  }
  return map;
}

/** A menu row as the menu list shows it: every field, key/title, and the menu type's text. */
export function menuNode(r: PermissionRow): Node {
  return { ...r, key: r.id, title: r.name, leaf: r.isLeaf === 1, menuType_dictText: MENU_TYPE_TEXT[r.menuType] ?? String(r.menuType) };
}

/** The whole tree of menus, sub-menus and buttons (the menu list page). */
export function menuListTree(rows: PermissionRow[]): Node[] {
  const kids = childrenByParent(rows);
  const build = (parent: string | null): Node[] =>
    (kids.get(parent) ?? []).map((r) => {
      const node = menuNode(r);
      const children = build(r.id);
      if (children.length) node.children = children;
      return node;
    });
  return build(null);
}

export interface GrantTreeNode {
  key: string;
  title: string;
  slotTitle: string;
  isLeaf: boolean;
  ruleFlag: number;
  children?: GrantTreeNode[];
}

/** The tree the authorisation drawers show, with every id (for "select all"). */
export function grantTree(rows: PermissionRow[]): { treeList: GrantTreeNode[]; ids: string[] } {
  const kids = childrenByParent(rows);
  const build = (parent: string | null): GrantTreeNode[] =>
    (kids.get(parent) ?? []).map((r) => {
      const children = build(r.id);
      const node: GrantTreeNode = { key: r.id, title: r.name, slotTitle: r.name, isLeaf: children.length === 0, ruleFlag: r.ruleFlag };
      if (children.length) node.children = children;
      return node;
    });
  return { treeList: build(null), ids: rows.map((r) => r.id) };
}

const isExternal = (url: string) => /^https?:\/\//i.test(url);

/** Ids of a row and everything under it. */
export function subtreeIds(rows: Pick<PermissionRow, 'id' | 'parentId'>[], rootIds: string[]): string[] {
  const out = new Set(rootIds);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (r.parentId && out.has(r.parentId) && !out.has(r.id)) {
        out.add(r.id);
        grew = true;
      }
    }
  }
  return [...out];
}

function codesOf(perms: string | null | undefined): string[] {
  return (perms ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

/** The checks of the menu edit form, and the columns to write. */
async function prepare(trx: Kysely<any>, body: MenuBody, selfId?: string): Promise<Record<string, unknown>> {
  const rows = (await trx.selectFrom('sysPermission').select(['id', 'parentId', 'perms', 'menuType']).where('delFlag', '=', 0).execute()) as PermissionRow[];
  const parentId = body.parentId || null;
  if (body.menuType === 0 && parentId) throw new ResourceError('一级菜单不能有上级菜单');
  if (body.menuType !== 0 && !parentId) throw new ResourceError(body.menuType === 2 ? '按钮必须选择上级菜单' : '子菜单必须选择上级菜单');
  if (parentId) {
    const parent = rows.find((r) => r.id === parentId);
    if (!parent) throw new ResourceError('上级菜单不存在');
    if (parent.menuType === 2) throw new ResourceError('按钮下不能再添加菜单或按钮');
    if (selfId && subtreeIds(rows, [selfId]).includes(parentId)) throw new ResourceError('上级菜单不能是自己或自己的下级');
  }
  const codes = codesOf(body.perms);
  if (body.menuType === 2) {
    if (!codes.length) throw new ResourceError('按钮必须填写授权标识');
  } else {
    if (!body.url) throw new ResourceError('菜单必须填写访问路径');
    if (!body.component && !isExternal(body.url)) throw new ResourceError('菜单必须填写前端组件');
  }
  for (const code of codes) {
    if (!/^[A-Za-z0-9_:.\-*]+$/.test(code)) throw new ResourceError(`授权标识“${code}”只能包含字母、数字和 _ : . - *`);
    const other = rows.find((r) => r.id !== selfId && codesOf(r.perms).includes(code));
    if (other) throw new ResourceError(`授权标识“${code}”已存在`, 409);
  }
  return {
    parentId,
    name: body.name,
    // '' (not null) records an English name cleared on purpose, which the seed does not fill again
    ...(body.nameEn === undefined ? {} : { nameEn: body.nameEn ?? '' }),
    url: body.menuType === 2 ? null : (body.url ?? null),
    component: body.menuType === 2 ? null : (body.component ?? null),
    componentName: body.componentName ?? null,
    redirect: body.redirect ?? null,
    menuType: body.menuType,
    perms: codes.length ? codes.join(',') : null,
    permsType: body.permsType ?? '1',
    sortNo: body.sortNo ?? 1,
    alwaysShow: body.alwaysShow,
    icon: body.icon ?? null,
    isRoute: body.isRoute,
    keepAlive: body.keepAlive,
    hidden: body.hidden,
    hideTab: body.hideTab,
    description: body.description ?? null,
    internalOrExternal: body.internalOrExternal,
    status: body.status ?? '1',
  };
}

/** isLeaf of the given menus from whether they still have children. */
async function refreshLeaf(trx: Kysely<any>, ids: (string | null | undefined)[]) {
  for (const id of new Set(ids.filter((x): x is string => !!x))) {
    const child = await trx.selectFrom('sysPermission').select('id').where('parentId', '=', id).where('delFlag', '=', 0).executeTakeFirst();
    await trx.updateTable('sysPermission').set({ isLeaf: child ? 0 : 1 }).where('id', '=', id).execute();
  }
}

/** Adds a menu or button, held at once by the creator's roles that may add menus (so they can grant it on). */
export async function addMenu(db: Db, creator: { id: string; username: string }, body: MenuBody): Promise<string> {
  return db.transaction().execute(async (tx) => {
    const trx = tx as unknown as Kysely<any>;
    const values = await prepare(trx, body);
    const id = newId();
    await trx.insertInto('sysPermission').values({ ...values, id, isLeaf: 1, delFlag: 0, ruleFlag: 0, createBy: creator.username, createTime: formatDateTime(new Date()) }).execute();
    await refreshLeaf(trx, [values.parentId as string | null]);
    await grantToCreator(trx as unknown as Db, id, { userId: creator.id, grantedWith: MENU_ADD_PERMISSION });
    return id;
  });
}

export async function editMenu(db: Db, username: string, body: MenuBody): Promise<void> {
  if (!body.id) throw new ResourceError('缺少id');
  const id = body.id;
  await db.transaction().execute(async (tx) => {
    const trx = tx as unknown as Kysely<any>;
    const before = await trx.selectFrom('sysPermission').select(['parentId']).where('id', '=', id).where('delFlag', '=', 0).executeTakeFirst();
    if (!before) throw new ResourceError('未找到对应菜单', 404);
    const values = await prepare(trx, body, id);
    await trx.updateTable('sysPermission').set({ ...values, updateBy: username, updateTime: formatDateTime(new Date()) }).where('id', '=', id).execute();
    await refreshLeaf(trx, [before.parentId, values.parentId as string | null]);
  });
}

/** Deletes menus with everything under them, their grants and their data rules; answers how many rows went. */
export async function deleteMenus(db: Db, ids: string[]): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const trx = tx as unknown as Kysely<any>;
    const rows = (await trx.selectFrom('sysPermission').select(['id', 'parentId']).where('delFlag', '=', 0).execute()) as PermissionRow[];
    const known = new Set(rows.map((r) => r.id));
    if (ids.some((id) => !known.has(id))) throw new ResourceError('未找到对应菜单', 404);
    const all = subtreeIds(rows, ids);
    const parents = rows.filter((r) => ids.includes(r.id)).map((r) => r.parentId);
    for (let i = 0; i < all.length; i += 500) {
      const chunk = all.slice(i, i + 500);
      for (const table of ['sysRolePermission', 'sysDepartPermission', 'sysDepartRolePermission', 'sysPermissionDataRule']) {
        await trx.deleteFrom(table).where('permissionId', 'in', chunk).execute();
      }
      await trx.deleteFrom('sysPermission').where('id', 'in', chunk).execute();
    }
    await refreshLeaf(trx, parents.filter((p) => p && !all.includes(p)));
    return all.length;
  });
}
