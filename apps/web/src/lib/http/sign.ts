// Request signing of spec/01 §7: upper-case MD5 over the sorted merged parameters plus a secret from
// the runtime configuration (never a constant in the code). Without a secret, nothing is added.
import { appConfig } from '../runtimeConfig';
import { md5 } from './md5';

function queryOf(url: string): Record<string, string> {
  const q = url.indexOf('?');
  if (q < 0) return {};
  return Object.fromEntries(new URLSearchParams(url.slice(q + 1)));
}

const plainObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof FormData) && !(v instanceof Blob) && !(v instanceof URLSearchParams);

/**
 * The signature of a call: params from the url, the query object and a plain-object body merged, numbers
 * and booleans as text (as the server reads them); query values the request leaves out (null, undefined)
 * are left out here too.
 */
export function signature(url: string, params: unknown, body: unknown, secret: string): string {
  const merged: Record<string, unknown> = { ...queryOf(url) };
  const last = url.split('?')[0].split('/').pop() ?? '';
  if (last.includes(',')) merged['x-path-variable'] = decodeURIComponent(last);
  const add = (source: unknown, dropNull: boolean) => {
    if (!plainObject(source)) return;
    for (const [k, v] of Object.entries(source)) {
      if (v === undefined || (dropNull && v === null)) continue;
      merged[k] = typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;
    }
  };
  add(params, true);
  add(body, false);
  delete merged._t;
  const sorted = Object.fromEntries(Object.keys(merged).sort().map((k) => [k, merged[k]]));
  return md5(JSON.stringify(sorted) + secret).toUpperCase();
}

export function signRequest(url: string, params: unknown, body: unknown): Record<string, string> {
  const secret = appConfig().signatureSecret;
  if (!secret) return {};
  return { 'X-Sign': signature(url, params, body, secret), 'X-TIMESTAMP': String(Date.now()) };
}
