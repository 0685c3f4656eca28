// Query text written as the client always wrote it (axios's rules, which the server's readers expect):
// a flat array as `k[]=`, nested objects and arrays as `k[sub]=` / `k[0]=`, dates in ISO, null and
// undefined left out, spaces as `+`, `:` `$` `,` kept plain.

const encode = (text: string) =>
  encodeURIComponent(text).replace(/%3A/gi, ':').replace(/%24/g, '$').replace(/%2C/gi, ',').replace(/%20/g, '+');

const nests = (v: unknown): v is object =>
  Array.isArray(v) || (!!v && typeof v === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(v)));

const text = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

export function queryString(params: Record<string, unknown> | URLSearchParams): string {
  if (params instanceof URLSearchParams) return params.toString();
  const pairs: string[] = [];
  const put = (key: string, v: unknown) => pairs.push(`${encode(key)}=${encode(text(v))}`);
  const add = (key: string, v: unknown, top: boolean) => {
    if (v === undefined || v === null) return;
    if (top && Array.isArray(v) && !v.some(nests)) {
      for (const item of v) if (item !== undefined && item !== null) put(`${key.replace(/\[\]$/, '')}[]`, item);
      return;
    }
    if (nests(v)) {
      for (const [k, item] of Object.entries(v)) add(`${key}[${k.trim()}]`, item, false);
      return;
    }
    put(key, v);
  };
  for (const [k, v] of Object.entries(params)) add(k.trim(), v, true);
  return pairs.join('&');
}
