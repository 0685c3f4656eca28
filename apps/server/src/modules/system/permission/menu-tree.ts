import { createHash } from 'node:crypto';
import { HOME_PATH, HOME_TITLE, IMPLICIT_HOME_ID, NO_ROLE_ID, NO_ROLE_PATH, NO_ROLE_TITLE } from '@anxue/shared';
import type { Selectable } from 'kysely';
import type { SysPermissionTable } from '../../../core/db';

export type PermissionRow = Selectable<SysPermissionTable>;

export interface ButtonAuth {
  action: string;
  type: string;
  describe: string;
}

export interface MenuItem {
  id: string;
  path: string;
  name: string;
  component: string | null;
  redirect?: string;
  route: '1' | '0';
  hidden?: true;
  alwaysShow?: true;
  children?: MenuItem[];
  meta: {
    title: string;
    /** The menu's English name, when it has one (the original's client ignores it). */
    titleEn?: string;
    icon?: string;
    keepAlive: boolean;
    internalOrExternal: boolean;
    componentName: string;
    url?: string;
    hideTab?: true;
    permissionList?: ButtonAuth[];
  };
}

/** A page's name from its path: the last segment, or the folder of an `index` page (system/user/index → user). */
const componentNameOf = (component: string | null) => (component ?? '').replace(/\/index$/, '').split('/').pop() || '';

const isExternal = (url: string) => /^https?:\/\//i.test(url) || /\{\{.*\}\}/.test(url);

/** Route name of a menu: its component name, else its url with `/` as `-` and `:` as `@`. */
function routeName(row: PermissionRow): string {
  if (row.componentName) return row.componentName;
  return (row.url ?? '').replace(/^\//, '').replace(/\//g, '-').replace(/:/g, '@');
}

function toItem(row: PermissionRow, topLevel: boolean, buttons: ButtonAuth[]): MenuItem {
  const url = row.url ?? '';
  const external = isExternal(url);
  const item: MenuItem = {
    id: row.id,
    // External links and {{ }} placeholders are not valid route paths: the original uses their MD5.
    path: external ? `/${createHash('md5').update(url).digest('hex')}` : url,
    name: routeName(row),
    component: row.component,
    route: row.isRoute ? '1' : '0',
    meta: {
      title: row.name,
      keepAlive: row.keepAlive === 1,
      internalOrExternal: row.internalOrExternal === 1,
      componentName: row.componentName || componentNameOf(row.component),
    },
  };
  if (topLevel && row.redirect) item.redirect = row.redirect;
  if (row.hidden) item.hidden = true;
  if (row.alwaysShow) item.alwaysShow = true;
  if (row.nameEn) item.meta.titleEn = row.nameEn;
  if (row.icon) item.meta.icon = row.icon;
  if (external) item.meta.url = url;
  if (row.hideTab) item.meta.hideTab = true;
  if (buttons.length > 0) item.meta.permissionList = buttons;
  return item;
}

const HOME_ITEM_ID = IMPLICIT_HOME_ID;

/**
 * Builds the menu tree the browser turns into routes: menus (not buttons) by parent, sorted by sortNo.
 * Menus whose parent the user cannot see are left out; a top menu whose children are all hidden is
 * hidden itself; the home page is put first when the user's menus lack it.
 */
export function buildMenuTree(menus: PermissionRow[], userButtons: PermissionRow[]): MenuItem[] {
  const sorted = [...menus].sort((a, b) => a.sortNo - b.sortNo || a.name.localeCompare(b.name));
  const ids = new Set(sorted.map((m) => m.id));
  const buttonsOf = new Map<string, ButtonAuth[]>();
  for (const b of userButtons) {
    if (!b.parentId || !b.perms) continue;
    const list = buttonsOf.get(b.parentId) ?? [];
    list.push({ action: b.perms, type: b.permsType, describe: b.name });
    buttonsOf.set(b.parentId, list);
  }
  const build = (parentId: string | null): MenuItem[] =>
    sorted
      .filter((m) => (parentId === null ? !m.parentId || (!ids.has(m.parentId) && m.menuType === 0) : m.parentId === parentId))
      .map((m) => {
        const item = toItem(m, parentId === null, buttonsOf.get(m.id) ?? []);
        const children = build(m.id);
        if (children.length > 0) item.children = children;
        return item;
      });
  const tree = build(null);
  for (const top of tree) {
    if (top.children?.length && top.children.every((c) => c.hidden)) top.hidden = true;
  }
  if (!containsPath(tree, HOME_PATH)) tree.unshift(homeItem());
  return tree;
}

function containsPath(items: MenuItem[], path: string): boolean {
  return items.some((i) => i.path === path || (i.children ? containsPath(i.children, path) : false));
}

function homeItem(): MenuItem {
  return {
    id: HOME_ITEM_ID,
    path: HOME_PATH,
    name: 'dashboard-analysis',
    component: 'dashboard/Analysis',
    route: '1',
    meta: { title: HOME_TITLE, icon: 'home', keepAlive: false, internalOrExternal: false, componentName: 'Analysis' },
  };
}

/** The page of a user whose roles give no page: no role yet, whom to ask (not a granted page). */
export function noRoleItem(): MenuItem {
  return {
    id: NO_ROLE_ID,
    path: NO_ROLE_PATH,
    name: 'no-role',
    component: 'exception/NoRole',
    route: '1',
    meta: { title: NO_ROLE_TITLE, titleEn: 'No role yet', icon: 'ant-design:info-circle-outlined', keepAlive: false, internalOrExternal: false, componentName: 'NoRole' },
  };
}
