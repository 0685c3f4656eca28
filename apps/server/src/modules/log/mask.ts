// Request parameters are kept in the operation log with every secret replaced, at any depth.
const SECRET_KEY = /pass(word)?|pwd|token|secret|captcha|checkkey|credential|apikey|api_key|private/i;
export const MASK = '******';
const MAX_DEPTH = 8;

/** A copy of `value` with the values under secret-looking keys masked. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEY.test(k) && v !== null && v !== '' ? MASK : maskSecrets(v, depth + 1)]),
  );
}
