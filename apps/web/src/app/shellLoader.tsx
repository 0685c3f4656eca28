// The signed-in shell is a lazy chunk. The guard starts loading it together with the permissions,
// and once loaded it renders directly (no Suspense round: React holds revealed content ~300 ms).
import { lazy, type ComponentType } from 'react';

let loaded: ComponentType | null = null;
let pending: Promise<{ default: ComponentType }> | null = null;

export function loadShell(): Promise<{ default: ComponentType }> {
  pending ??= import('../layouts/BasicLayout').then((m) => {
    loaded = m.default;
    return m;
  });
  return pending;
}

const LazyShell = lazy(loadShell);

/** The paths AppRoutes answers itself (the sign-in pages, the student area …); every other one but / is the shell's. */
const OWN_ROOTS = ['/user', '/students', '/oauth2-app', '/test', '/print', '/404', '/certificate'];

export function isShellPath(pathname: string): boolean {
  return pathname !== '/' && !OWN_ROOTS.some((root) => pathname === root || pathname.startsWith(`${root}/`));
}

export function ShellRoute() {
  const Shell = loaded;
  return Shell ? <Shell /> : <LazyShell />;
}
