// React side of the permission rule: a hook and a wrapper component reading the session store.
import type { ReactNode } from 'react';
import { useSession } from '../session/store';
import { filterByPrefix, hasPermission, isDisabled } from './rules';

export function usePermission() {
  const auth = useSession((s) => s.auth);
  const allAuth = useSession((s) => s.allAuth);
  return {
    has: (code: string) => hasPermission(code, auth, allAuth),
    disabled: (code: string) => isDisabled(code, auth, allAuth),
    filter: <T,>(items: T[], prefix: string, keyOf: (item: T) => string) => filterByPrefix(items, prefix, keyOf, auth, allAuth),
  };
}

/** Renders its children only when the user holds `code` (the has-permission directive). */
export function Authorized({ code, children, fallback = null }: { code: string; children: ReactNode; fallback?: ReactNode }) {
  const { has } = usePermission();
  return <>{has(code) ? children : fallback}</>;
}
