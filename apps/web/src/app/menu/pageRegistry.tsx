// Menu `component` strings → lazily loaded page files: 'dashboard/Analysis' is
// features/dashboard/Analysis.page.tsx, and the original client's paths ('system/user/index') open the
// same pages (originalPages.ts). A menu added on the server needs no route code here.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ORIGINAL_PAGES } from './originalPages';

type PageModule = { default: ComponentType };

const modules = import.meta.glob<PageModule>('../../features/**/*.page.tsx');

const loaders = new Map<string, () => Promise<PageModule>>(
  Object.entries(modules).map(([file, load]) => [file.replace('../../features/', '').replace(/\.page\.tsx$/, ''), load]),
);

const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();

/** Our page key for a component path: the original client's paths are translated, ours kept. */
const pageKey = (component: string) => ORIGINAL_PAGES[component] ?? component;

export function hasPage(component: string): boolean {
  return loaders.has(pageKey(component));
}

export function pageComponents(): string[] {
  return [...loaders.keys()].sort();
}

/** The lazy page for a component string, or undefined when no file provides it. */
export function resolvePage(component: string): LazyExoticComponent<ComponentType> | undefined {
  component = pageKey(component);
  const load = loaders.get(component);
  if (!load) return undefined;
  let page = lazyPages.get(component);
  if (!page) {
    page = lazy(load);
    lazyPages.set(component, page);
  }
  return page;
}
