// Sidebar menu rules (spec/01 §2 Layout), pure so they are testable without rendering.
import { matchPath } from 'react-router';
import type { MenuItem } from '../../lib/types';
import { ROUTE_VIEW } from '../../app/menu/buildRoutes';

export interface MenuNode {
  key: string;
  title: string;
  icon?: string;
  /** Open in a new browser target (meta.target) or an external url. */
  target?: string;
  href?: string;
  children?: MenuNode[];
}

const visible = (items: MenuItem[] | undefined) => (items ?? []).filter((i) => !i.hidden);

/** Items keyed by path; hidden skipped; entries with visible children and not alwaysShow are submenus. */
export function toMenuNodes(menu: MenuItem[]): MenuNode[] {
  return visible(menu).map((item) => {
    const node: MenuNode = { key: item.path, title: item.meta?.title ?? item.path, icon: item.meta?.icon };
    const external = item.meta?.internalOrExternal && item.meta?.url;
    if (item.meta?.target || external) {
      node.target = item.meta.target ?? '_blank';
      node.href = item.meta.url || item.path;
    }
    const children = visible(item.children);
    if (children.length > 0 && !item.alwaysShow) node.children = toMenuNodes(children);
    return node;
  });
}

export function rootSubmenuKeys(nodes: MenuNode[]): string[] {
  return nodes.filter((n) => n.children).map((n) => n.key);
}

/** Only one root submenu open at a time, except in horizontal mode. */
export function nextOpenKeys(current: string[], requested: string[], rootKeys: string[], horizontal = false): string[] {
  if (horizontal) return requested;
  const latest = requested.find((k) => !current.includes(k));
  if (!latest || !rootKeys.includes(latest)) return requested;
  return [latest];
}

/** Collapsing remembers and clears the open keys; expanding restores them. */
export function collapseOpenKeys(state: { open: string[]; cached: string[] }, collapsed: boolean) {
  return collapsed ? { open: [], cached: state.open } : { open: state.cached, cached: state.cached };
}

/**
 * Selected and open keys for a location: the matching entry's path (the full path when the entry's
 * path has parameters), a hidden entry selects its parent, and its ancestors are open.
 */
export function keysForLocation(menu: MenuItem[], pathname: string): { selected: string[]; open: string[] } {
  const chain: MenuItem[] = [];
  const find = (items: MenuItem[], trail: MenuItem[]): boolean => {
    for (const item of items) {
      const here = [...trail, item];
      const hit = item.path === pathname || (item.path.includes(':') && !!matchPath({ path: item.path, end: true }, pathname));
      if (hit) {
        chain.push(...here);
        return true;
      }
      if (item.children && find(item.children, here)) return true;
    }
    return false;
  };
  if (!find(menu, [])) return { selected: [], open: [] };
  let selectedItem = chain[chain.length - 1];
  if (selectedItem.hidden && chain.length >= 2) selectedItem = chain[chain.length - 2];
  const selected = selectedItem.path.includes(':') ? pathname : selectedItem.path;
  const open = chain.slice(0, -1).map((i) => i.path);
  return { selected: [selected], open };
}

/** Menu search options: every non-hidden entry except pure route-view containers. */
export function searchOptions(menu: MenuItem[]): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  const walk = (items: MenuItem[]) => {
    for (const item of visible(items)) {
      if (item.component !== ROUTE_VIEW) out.push({ value: item.path, label: item.meta?.title ?? item.path });
      walk(item.children ?? []);
    }
  };
  walk(menu);
  return out;
}

export function findMenuItem(menu: MenuItem[], path: string): MenuItem | undefined {
  for (const item of menu) {
    if (item.path === path) return item;
    const inChild = findMenuItem(item.children ?? [], path);
    if (inChild) return inChild;
  }
  return undefined;
}
