// Which built route shows the current location (paths may carry :params).
import { matchPath } from 'react-router';
import type { PageRoute } from './buildRoutes';

export interface RouteMatch {
  route: PageRoute;
  params: Record<string, string | undefined>;
}

export function matchPageRoute(flat: PageRoute[], pathname: string): RouteMatch | undefined {
  const exact = flat.find((r) => r.path === pathname);
  if (exact) return { route: exact, params: {} };
  for (const route of flat) {
    if (!route.path.includes(':')) continue;
    const m = matchPath({ path: route.path, end: true }, pathname);
    if (m) return { route, params: m.params };
  }
  return undefined;
}

/** Where a container (RouteView) sends the user: its redirect, else its first visible page. */
export function containerTarget(route: PageRoute): string | undefined {
  if (route.redirect) return route.redirect;
  const first = (r: PageRoute): PageRoute | undefined => {
    for (const child of r.children) {
      if (child.hidden) continue;
      if (!child.isContainer) return child;
      const deeper = first(child);
      if (deeper) return deeper;
    }
    return undefined;
  };
  return first(route)?.path;
}
