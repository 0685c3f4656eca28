import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isSignedCall } from '@anxue/shared/signed-calls';
import type { Db } from '../db/connect';
import { formatDateTime } from '../db/time';
import { BizError } from '../errors';

/** How old (or how far ahead) a signed call's X-TIMESTAMP may be. */
export const SIGNATURE_MAX_AGE_MS = 300_000;

export const SIGNATURE_MESSAGES = {
  incomplete: 'Sign签名校验失败，请求参数不完整！',
  stale: '签名验证失败，请求时效性验证失败！',
  wrong: 'Sign签名校验失败！',
} as const;

const KEY = 'request_signature_secret';

/**
 * The secret of request signatures (X-Sign): SIGNATURE_SECRET when configured (an install serving the
 * original client sets the secret fixed in that client's source), else one generated at first start and
 * kept in the database. Browsers receive it in the runtime configuration: a signature proves a call is
 * fresh and unaltered, not who sent it.
 */
export async function loadSignatureSecret(db: Db, configured: string | undefined, now = new Date()): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto('sysInstall')
    .values({ key: KEY, value: randomBytes(24).toString('hex'), createTime: formatDateTime(now) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await db.selectFrom('sysInstall').select('value').where('key', '=', KEY).executeTakeFirstOrThrow()).value;
}

/** X-TIMESTAMP as milliseconds: epoch milliseconds, or the original's yyyyMMddHHmmss (server time). */
function timestampOf(text: string): number | undefined {
  if (/^\d{14}$/.test(text)) {
    const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((i, k) => Number(text.slice(i, i + (k === 0 ? 4 : 2))));
    return new Date(y, mo - 1, d, h, mi, s).getTime();
  }
  return /^\d{10,16}$/.test(text) ? Number(text) : undefined;
}

// numbers and booleans as text, as the original client signs them; null and objects as they are
const asText = (v: unknown) => (v === null || typeof v === 'object' ? v : String(v));

/**
 * The original's request signature: upper-case MD5 of the JSON of the query and body parameters merged
 * and sorted by name (without `_t`; numbers and booleans as text; a last path segment holding commas as
 * `x-path-variable`), followed by the secret.
 */
export function requestSignature(url: string, query: unknown, body: unknown, secret: string): string {
  const merged: Record<string, unknown> = {};
  const last = url.split('?')[0].split('/').pop() ?? '';
  if (last.includes(',')) merged['x-path-variable'] = decodeURIComponent(last);
  for (const source of [query, body]) {
    if (source && typeof source === 'object' && !Array.isArray(source)) for (const [k, v] of Object.entries(source)) merged[k] = asText(v);
  }
  delete merged._t;
  const sorted = Object.fromEntries(Object.keys(merged).sort().map((k) => [k, merged[k]]));
  return createHash('md5').update(JSON.stringify(sorted) + secret, 'utf8').digest('hex').toUpperCase();
}

/** Refuses a call without a right X-Sign or with an X-TIMESTAMP more than 300 s away from `nowMs`. */
export function checkRequestSignature(request: FastifyRequest, secret: string, nowMs: number): void {
  const sign = request.headers['x-sign'];
  const stamp = request.headers['x-timestamp'];
  if (typeof sign !== 'string' || typeof stamp !== 'string' || !sign || !stamp) throw new BizError(SIGNATURE_MESSAGES.incomplete);
  const at = timestampOf(stamp.trim());
  if (at === undefined || Math.abs(nowMs - at) > SIGNATURE_MAX_AGE_MS) throw new BizError(SIGNATURE_MESSAGES.stale);
  const expected = Buffer.from(requestSignature(request.url, request.query, request.body, secret));
  const given = Buffer.from(sign.toUpperCase());
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new BizError(SIGNATURE_MESSAGES.wrong);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call must carry a request signature (set from SIGNED_CALLS of the shared package). */
    signed?: boolean;
  }
}

/**
 * Marks the routes of SIGNED_CALLS (paths below `apiBase`) and refuses calls to them without a right,
 * fresh signature. The check runs after the access guard (a missing token is still a 401) and before
 * the body is validated, as the original's interceptor runs before its controllers.
 */
export function installRequestSignature(app: FastifyInstance, opts: { apiBase: string; secret: string; now: () => Date }): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(opts.apiBase)) return;
    if (isSignedCall(route.url.slice(opts.apiBase.length))) route.config = { ...(route.config ?? {}), signed: true };
  });
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config?.signed) checkRequestSignature(request, opts.secret, opts.now().getTime());
  });
}
