// Menu → routes (spec/01 §2 "Dynamic routes", §4): pure, so the guard and the layout share it.
import type { MenuItem, MenuMeta } from '../../lib/types';
import { evaluateUrl, type TemplateContext } from './urlTemplate';

export const ROUTE_VIEW = 'layouts/RouteView';
export const WRONG_VERSION_COMPONENT = 'layouts/default/index';

export interface Crumb {
  title: string;
  path: string;
}

export interface PageRoute {
  path: string;
  name?: string;
  /** Page registry key such as 'dashboard/Analysis', or ROUTE_VIEW for a container. */
  component: string;
  redirect?: string;
  hidden: boolean;
  meta: MenuMeta;
  isContainer: boolean;
  /** Ancestors and itself, for the breadcrumb. */
  trail: Crumb[];
  children: PageRoute[];
}

export class EmptyMenuError extends Error {
  constructor() {
    super('菜单权限为空：当前用户没有任何菜单，请联系管理员分配权限');
    this.name = 'EmptyMenuError';
  }
}

export class WrongVersionMenuError extends Error {
  constructor() {
    super(
      `启动失败：菜单组件 ${WRONG_VERSION_COMPONENT} 属于其它版本的前端，与本系统不匹配。` +
        '请按 README「菜单与页面」一节把菜单的组件改为页面路径（如 dashboard/Analysis）后重新登录。',
    );
    this.name = 'WrongVersionMenuError';
  }
}

export interface BuildOptions {
  /** The user's permission codes; routes whose meta.permission names none of them are dropped. */
  codeList: string[];
  templateContext: TemplateContext;
}

const normaliseComponent = (c: string | undefined) => (c ?? '').trim().replace(/^\/+/, '').replace(/\.(tsx|vue)$/, '');

function permitted(meta: MenuMeta, codes: Set<string>): boolean {
  const needed = meta.permission;
  if (!needed || needed.length === 0) return true;
  return needed.some((code) => codes.has(code));
}

/** Throws for an empty menu or a wrong-version menu, anywhere in the tree. */
export function assertUsableMenu(menu: MenuItem[] | null | undefined): asserts menu is MenuItem[] {
  if (!Array.isArray(menu) || menu.length === 0) throw new EmptyMenuError();
  const walk = (items: MenuItem[]) => {
    for (const item of items) {
      if (normaliseComponent(item.component) === WRONG_VERSION_COMPONENT) throw new WrongVersionMenuError();
      if (item.children) walk(item.children);
    }
  };
  walk(menu);
}

export function buildRoutes(menu: MenuItem[] | null | undefined, opts: BuildOptions): { tree: PageRoute[]; flat: PageRoute[] } {
  assertUsableMenu(menu);
  const codes = new Set(opts.codeList);
  const flat: PageRoute[] = [];
  const build = (items: MenuItem[], parents: Crumb[]): PageRoute[] => {
    const out: PageRoute[] = [];
    for (const item of items) {
      // route '0' entries are menu entries only (links, groups), never routes; nor their children.
      if (String(item.route ?? '1') === '0') continue;
      if (!permitted(item.meta ?? { title: '' }, codes)) continue;
      const meta: MenuMeta = { ...item.meta };
      if (meta.url) meta.url = evaluateUrl(meta.url, opts.templateContext);
      const component = normaliseComponent(item.component);
      const trail = [...parents, { title: meta.title, path: item.path }];
      const route: PageRoute = {
        path: item.path,
        name: item.name,
        component,
        redirect: item.redirect ?? undefined,
        hidden: !!item.hidden,
        meta,
        isContainer: component === ROUTE_VIEW || component === '',
        trail,
        children: [],
      };
      flat.push(route);
      route.children = build(item.children ?? [], trail);
      out.push(route);
    }
    return out;
  };
  const tree = build(menu, []);
  return { tree, flat };
}
