// Open tabs (spec/01 §2 "Tabs", §4): keyed by full path, home first and never closable.
import { create } from 'zustand';
import { HOME_PATH, HOME_TITLE, STORAGE_KEYS, TAB_MENU_KEYS } from '@anxue/shared/constants';
import { useSession } from '../../lib/session/store';
import { localStore } from '../../lib/storage';

export interface TabPage {
  fullPath: string;
  title: string;
  componentName?: string;
  keepAlive?: boolean;
}

export const HOME_TAB: TabPage = { fullPath: HOME_PATH, title: HOME_TITLE };
export const WARN_CLOSE_HOME = '首页不能关闭!';
export const WARN_CLOSE_LAST = '这是最后一页，不能再关闭了啦';

export interface TabsState {
  pages: TabPage[];
  active: string;
  /** Bumped by refresh: the page's key changes and it remounts. */
  refreshSeq: Record<string, number>;
}

export type TabResult = { ok: true } | { ok: false; warning: string };

export const useTabs = create<TabsState>(() => ({ pages: [HOME_TAB], active: HOME_PATH, refreshSeq: {} }));

/** Names of kept-alive components, remembered in localStorage as the original did. */
export function keepAliveNames(): string[] {
  return localStore.get<string[]>(STORAGE_KEYS.keepAliveNames) ?? [];
}
function rememberName(name: string | undefined) {
  if (!name) return;
  const names = keepAliveNames();
  if (!names.includes(name)) localStore.set(STORAGE_KEYS.keepAliveNames, [...names, name]);
}
function forgetNames(removed: TabPage[], kept: TabPage[]) {
  const still = new Set(kept.map((p) => p.componentName));
  const gone = new Set(removed.map((p) => p.componentName).filter((n) => n && !still.has(n)));
  if (gone.size === 0) return;
  localStore.set(STORAGE_KEYS.keepAliveNames, keepAliveNames().filter((n) => !gone.has(n)));
}

const listeners = new Set<(page: TabPage) => void>();
/** The page-closed event: kept-alive views release the page, others may clean up. */
export function onPageClosed(fn: (page: TabPage) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function commit(pages: TabPage[], active: string) {
  const before = useTabs.getState().pages;
  const removed = before.filter((p) => !pages.some((q) => q.fullPath === p.fullPath));
  forgetNames(removed, pages);
  useTabs.setState({ pages, active });
  removed.forEach((p) => listeners.forEach((fn) => fn(p)));
}

/** Opens (or activates) a tab. In single-tab mode only the current route is kept. */
export function openTab(page: TabPage, multipage = true): void {
  if (page.keepAlive) rememberName(page.componentName);
  const { pages } = useTabs.getState();
  if (!multipage) return commit([page], page.fullPath);
  const at = pages.findIndex((p) => p.fullPath === page.fullPath);
  const next = at >= 0 ? pages.map((p, i) => (i === at ? { ...p, ...page } : p)) : [...pages, page];
  if (!next.some((p) => p.fullPath === HOME_PATH)) next.unshift(HOME_TAB);
  commit(next, page.fullPath);
}

export function closeTab(fullPath: string): TabResult {
  const { pages, active } = useTabs.getState();
  if (fullPath === HOME_PATH) return { ok: false, warning: WARN_CLOSE_HOME };
  if (pages.length === 1) return { ok: false, warning: WARN_CLOSE_LAST };
  const index = pages.findIndex((p) => p.fullPath === fullPath);
  if (index < 0) return { ok: true };
  const next = pages.filter((p) => p.fullPath !== fullPath);
  // Closing the active tab activates its neighbour: the one that slides into its place, else the last.
  const nextActive = fullPath === active ? next[Math.min(index, next.length - 1)].fullPath : active;
  commit(next, nextActive);
  return { ok: true };
}

function keepHomeAnd(list: TabPage[]): TabPage[] {
  return list.some((p) => p.fullPath === HOME_PATH) ? list : [HOME_TAB, ...list];
}

export function closeLeft(fullPath: string): void {
  const { pages, active } = useTabs.getState();
  const index = pages.findIndex((p) => p.fullPath === fullPath);
  if (index < 0 || fullPath === HOME_PATH) return;
  const next = keepHomeAnd(pages.slice(index));
  commit(next, next.some((p) => p.fullPath === active) ? active : fullPath);
}

export function closeRight(fullPath: string): void {
  const { pages, active } = useTabs.getState();
  const index = pages.findIndex((p) => p.fullPath === fullPath);
  if (index < 0) return;
  const next = pages.slice(0, index + 1);
  commit(next, next.some((p) => p.fullPath === active) ? active : fullPath);
}

export function closeOthers(fullPath: string): void {
  const { pages } = useTabs.getState();
  const page = pages.find((p) => p.fullPath === fullPath);
  if (!page) return;
  commit(keepHomeAnd([page]), fullPath);
}

export function refreshTab(fullPath: string): void {
  const { refreshSeq } = useTabs.getState();
  useTabs.setState({ refreshSeq: { ...refreshSeq, [fullPath]: (refreshSeq[fullPath] ?? 0) + 1 }, active: fullPath });
}

/** The right-click menu: keys of spec/01 §9. */
export function runTabMenu(key: string, fullPath: string): void {
  if (key === TAB_MENU_KEYS.closeLeft) closeLeft(fullPath);
  else if (key === TAB_MENU_KEYS.closeRight) closeRight(fullPath);
  else if (key === TAB_MENU_KEYS.closeOthers) closeOthers(fullPath);
  else if (key === TAB_MENU_KEYS.refresh) refreshTab(fullPath);
}

export function resetTabs(): void {
  useTabs.setState({ pages: [HOME_TAB], active: HOME_PATH, refreshSeq: {} });
}

// Signing out ends the tabs of that session (and their kept-alive names).
useSession.subscribe((now, before) => {
  if (before.token && !now.token) {
    resetTabs();
    localStore.remove(STORAGE_KEYS.keepAliveNames);
  }
});
