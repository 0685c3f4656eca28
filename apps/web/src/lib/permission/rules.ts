// The has-permission rule of spec/01 §6, as pure functions over the two lists:
// `auth` (what the user holds) and `allAuth` (every configured button with its status).
import type { AllAuthEntry, AuthEntry } from '../types';

const isDisableType = (e: AuthEntry) => String(e.type) === '2';

/**
 * Show an element guarded by `code`? A configured entry with status '0' is switched off, so the
 * element stays for everyone; otherwise the user must hold `code` among non-disable entries.
 */
export function hasPermission(code: string, auth: AuthEntry[], allAuth: AllAuthEntry[]): boolean {
  const globalOff = allAuth.some((g) => !isDisableType(g) && g.action === code && String(g.status) === '0');
  if (globalOff) return true;
  return auth.some((a) => !isDisableType(a) && a.action === code);
}

/**
 * Disable an element guarded by a disable-type (type 2) `code`? Only when the code is configured
 * with status '1' and the user has not been granted it; status '0' or no configuration: enabled.
 */
export function isDisabled(code: string, auth: AuthEntry[], allAuth: AllAuthEntry[]): boolean {
  const configured = allAuth.find((g) => isDisableType(g) && g.action === code);
  if (!configured || String(configured.status) === '0') return false;
  return !auth.some((a) => isDisableType(a) && a.action === code);
}

/**
 * Type 1 entries under a prefix (e.g. 'demo:' for a grid's columns): the suffixes the user may NOT
 * use. A suffix is unauthorised when configured with status '1' and not held by the user.
 */
export function unauthorisedByPrefix(prefix: string, auth: AuthEntry[], allAuth: AllAuthEntry[]): string[] {
  const isType1 = (e: AuthEntry) => String(e.type) === '1' && e.action.startsWith(prefix);
  const held = new Set(auth.filter(isType1).map((a) => a.action));
  return allAuth
    .filter((g) => isType1(g) && String(g.status) !== '0' && !held.has(g.action))
    .map((g) => g.action.slice(prefix.length));
}

/** Keeps the items whose key is not unauthorised under `prefix` (columns, form fields). */
export function filterByPrefix<T>(items: T[], prefix: string, keyOf: (item: T) => string, auth: AuthEntry[], allAuth: AllAuthEntry[]): T[] {
  const denied = new Set(unauthorisedByPrefix(prefix, auth, allAuth));
  return items.filter((item) => !denied.has(keyOf(item)));
}
