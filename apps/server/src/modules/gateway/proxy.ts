import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../../core/http';

// Forwarding one request to an upstream. What never crosses: hop-by-hop headers (RFC 9110 §7.6.1 and
// whatever Connection names), our own credentials (Authorization, X-Access-Token, cookies), Host and
// the length (recomputed). Redirects are handed back to the caller, not followed.

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade'];
const NEVER_UPSTREAM = new Set([...HOP_BY_HOP, 'host', 'content-length', 'authorization', 'x-access-token', 'cookie', 'accept-encoding']);
// fetch answers a decoded body, so the upstream's encoding and length no longer describe it
const NEVER_DOWNSTREAM = new Set([...HOP_BY_HOP, 'content-encoding', 'content-length', 'set-cookie']);

export const UPSTREAM_TIMEOUT_MS = 30_000;

function namedByConnection(value: string | string[] | undefined): Set<string> {
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  return new Set(text.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean));
}

/** A forwarded path that would leave the route's base path, or hide a separator or NUL in an escape. */
export class PathRefused extends Error {}

const SUB_DELIMS = /%(24|26|2B|2C|3B|3D|3A|40)/g;
/** One path segment in its canonical once-encoded form (what a server decoding once reads as `text`). */
const encodeSegment = (text: string) => encodeURIComponent(text).replace(SUB_DELIMS, (e) => decodeURIComponent(e));

function decodeOnce(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new PathRefused();
  }
}

/** A segment some server reads as `.` or `..`: also `..;param` (Tomcat) and `.. ` or `...` (Windows). */
const dotLike = (text: string) => /^[. ]*\.[. ]*$/.test(text.split(';')[0]!);
const FORBIDDEN = /[\u0000-\u001f\u007f\\/]/;

/**
 * The rest of a gateway path (raw, as the client sent it) as segments to put under the base path: each
 * percent-decoded once and re-encoded, so the upstream reads exactly what the client meant and nothing
 * climbs out of the base. Refused: dot segments in any spelling (`..`, `%2e%2e`, `.%2E`, `%252e%252e`,
 * `..;x`), encoded or raw slashes and backslashes inside a segment, NUL and control characters.
 */
export function confinedSegments(rawRest: string): string[] {
  if (!rawRest) return [];
  if (FORBIDDEN.test(rawRest.replace(/\//g, ''))) throw new PathRefused();
  return rawRest.split('/').map((raw) => {
    const text = decodeOnce(raw);
    if (FORBIDDEN.test(text) || dotLike(text)) throw new PathRefused();
    // an escape inside the decoded text is data, but a server that decodes twice would act on it
    let twice = text;
    try {
      twice = decodeURIComponent(text);
    } catch {
      // a lone % is data
    }
    if (FORBIDDEN.test(twice) || dotLike(twice)) throw new PathRefused();
    return encodeSegment(text);
  });
}

/** The upstream address of a call: the route's base joined with the confined rest of the path and the query. */
export function upstreamUrl(base: string, rawRest: string, rawQuery: string): URL {
  const url = new URL(base);
  const basePath = url.pathname.replace(/\/+$/, '');
  const segments = confinedSegments(rawRest.replace(/^\/+/, ''));
  const path = segments.length ? `${basePath}/${segments.join('/')}` : `${basePath}/`;
  url.pathname = path;
  // the URL parser must not have re-read anything (it would, were a dot segment left)
  if (url.pathname !== path) throw new PathRefused();
  url.search = rawQuery;
  return url;
}

export async function forward(req: FastifyRequest, reply: FastifyReply, target: URL, timeoutMs = UPSTREAM_TIMEOUT_MS) {
  const extra = namedByConnection(req.headers.connection);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || NEVER_UPSTREAM.has(name) || extra.has(name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const forwardedFor = req.headers['x-forwarded-for'];
  headers.set('x-forwarded-for', forwardedFor ? `${String(forwardedFor)}, ${req.ip}` : req.ip);
  headers.set('x-forwarded-proto', req.protocol);
  if (req.headers.host) headers.set('x-forwarded-host', req.headers.host);

  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && Buffer.isBuffer(req.body) && req.body.length > 0;
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: req.method,
      headers,
      body: hasBody ? new Uint8Array(req.body as Buffer) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (e) {
    const name = (e as Error).name;
    // real HTTP statuses here: a gateway's callers are other programs, which read the status line
    if (name === 'TimeoutError' || name === 'AbortError') return reply.code(504).send(fail('网关转发超时：上游服务未在时限内响应', 504));
    return reply.code(502).send(fail('网关转发失败：无法连接上游服务', 502));
  }
  const dropDown = new Set([...NEVER_DOWNSTREAM, ...namedByConnection(upstream.headers.get('connection') ?? undefined)]);
  reply.code(upstream.status);
  upstream.headers.forEach((value, name) => {
    if (!dropDown.has(name)) reply.header(name, value);
  });
  if (!upstream.body || req.method === 'HEAD') return reply.send();
  return reply.send(Readable.fromWeb(upstream.body as import('node:stream/web').ReadableStream));
}
