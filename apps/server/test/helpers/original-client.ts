import { createCipheriv, createHash } from 'node:crypto';

// What the original platform's Vue 3 client (jeecgboot-vue3 3.9) does to a password before it posts
// it: AES-128-CBC, PKCS7, base64, under the key and IV written in its src/utils/cipher.ts.
export function encryptLikeOriginalClient(password: string): string {
  const cipher = createCipheriv('aes-128-cbc', Buffer.from('1234567890adbcde'), Buffer.from('1234567890hjlkew'));
  return Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]).toString('base64');
}

const plainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v);

/**
 * The X-Sign of the original client's signMd5Utils.getSign (and of our web client, which signs the same
 * way): the query of the URL, the query object and a plain-object body merged, numbers and booleans as
 * text, `_t` left out, a last path segment holding commas as `x-path-variable`; the JSON of that sorted
 * by name, followed by the secret; MD5, upper case.
 */
export function signLikeOriginalClient(url: string, query: unknown, body: unknown, secret: string): string {
  const merged: Record<string, unknown> = {};
  const [path, search = ''] = url.split('?');
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (last.includes(',')) merged['x-path-variable'] = decodeURIComponent(last);
  for (const [k, v] of new URLSearchParams(search)) merged[k] = v;
  for (const source of [query, body]) {
    if (!plainObject(source)) continue;
    for (const [k, v] of Object.entries(source)) if (v !== undefined) merged[k] = typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;
  }
  delete merged._t;
  const sorted = Object.fromEntries(Object.keys(merged).sort().map((k) => [k, merged[k]]));
  return createHash('md5').update(JSON.stringify(sorted) + secret, 'utf8').digest('hex').toUpperCase();
}
