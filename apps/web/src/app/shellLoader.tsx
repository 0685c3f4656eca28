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

export function ShellRoute() {
  const Shell = loaded;
  return Shell ? <Shell /> : <LazyShell />;
}
