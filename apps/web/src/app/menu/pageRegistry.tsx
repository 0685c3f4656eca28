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

/**
 * A menu pointing at one online form by its code, as the original allows: component
 * `online/cgformList/<code>` (also `cgformTreeList`, with or without `super/`), the code being the form's
 * head id or table name. It opens the generated page of that form whatever the menu's url.
 */
const ONLINE_FORM_COMPONENT = /^(?:super\/)?online\/cgform(?:Tree)?List\/([A-Za-z0-9_$-]+)$/;
const ONLINE_LIST_PAGE = 'online/cgform/OnlineAutoList';

/** The form code of an online-form component path, or undefined. */
export function onlineFormCode(component: string): string | undefined {
  return ONLINE_FORM_COMPONENT.exec(component)?.[1];
}

function onlineFormPage(code: string): LazyExoticComponent<ComponentType> | undefined {
  const load = loaders.get(ONLINE_LIST_PAGE);
  if (!load) return undefined;
  const key = `${ONLINE_LIST_PAGE}#${code}`;
  let page = lazyPages.get(key);
  if (!page) {
    page = lazy(async () => {
      const List = (await load()).default as ComponentType<{ code?: string }>;
      return { default: () => <List code={code} /> };
    });
    lazyPages.set(key, page);
  }
  return page;
}

export function hasPage(component: string): boolean {
  if (onlineFormCode(component)) return loaders.has(ONLINE_LIST_PAGE);
  return loaders.has(pageKey(component));
}

export function pageComponents(): string[] {
  return [...loaders.keys()].sort();
}

/** The lazy page for a component string, or undefined when no file provides it. */
export function resolvePage(component: string): LazyExoticComponent<ComponentType> | undefined {
  const code = onlineFormCode(component);
  if (code) return onlineFormPage(code);
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
