import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';

// The one way the server calls an address a user typed (webhooks, OpenID issuers) and the one judgement
// of which addresses it may reach (data sources too). A host name is resolved once, every address it
// resolves to must be allowed, and the connection goes to that checked address: a second lookup could
// answer differently (DNS rebinding). Redirects are followed by hand, each target checked again. What
// the remote side said (status text, body, error text) never reaches the caller through an error.

export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unique-local'
  | 'reserved'
  | 'unspecified'
  | 'multicast'
  | 'broadcast';

/** Refused even when private addresses are allowed: none of them names one reachable server. */
const NEVER = new Set<AddressKind>(['unspecified', 'multicast', 'broadcast']);

export const OUTBOUND_FAILED = '请求外部地址失败';
export const OUTBOUND_REFUSED = '地址不能指向本机、内网或保留地址';

/** A call that did not succeed; the message is neutral, the cause (for the server's log only) is kept. */
export class OutboundError extends Error {
  constructor(
    message: string,
    /** Refused by the address check, before any connection. */
    readonly refused = false,
    /** The remote's numeric HTTP status, when it answered one. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OutboundError';
  }
}

function parseIpv4(s: string): number[] | null {
  const parts = s.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255)) return null;
  return parts.map(Number);
}

/** The 16 bytes of an IPv6 address (a zone after % is ignored), or null. */
function parseIpv6(input: string): number[] | null {
  let s = input.replace(/^\[|\]$/g, '');
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!s.includes(':')) return null;
  let tail: number[] = [];
  const lastColon = s.lastIndexOf(':');
  if (s.slice(lastColon + 1).includes('.')) {
    const v4 = parseIpv4(s.slice(lastColon + 1));
    if (!v4) return null;
    tail = v4;
    s = `${s.slice(0, lastColon + 1)}0:0`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (h: string) => (h === '' ? [] : h.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (!all.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  const bytes = all.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

function kindOfIpv4([a, b, c, d]: number[]): AddressKind {
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b! >= 16 && b! <= 31) || (a === 192 && b === 168) || (a === 100 && b! >= 64 && b! <= 127)) return 'private';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 255 && b === 255 && c === 255 && d === 255) return 'broadcast';
  if (a! >= 224 && a! <= 239) return 'multicast';
  if (a! >= 240) return 'reserved';
  if ((a === 192 && b === 0 && (c === 0 || c === 2)) || (a === 192 && b === 88 && c === 99) || (a === 198 && (b === 18 || b === 19)) || (a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113)) return 'reserved';
  return 'public';
}

/**
 * The IPv4 address an IPv6 address carries and stands for: mapped (::ffff:a.b.c.d), compatible
 * (::a.b.c.d), translated (::ffff:0:a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::).
 */
function embeddedIpv4(b: number[]): number[] | null {
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return b.slice(12);
  if (zero(0, 12)) return b.slice(12);
  if (zero(0, 8) && b[8] === 0xff && b[9] === 0xff && b[10] === 0 && b[11] === 0) return b.slice(12);
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) return b.slice(12);
  if (b[0] === 0x20 && b[1] === 0x02) return b.slice(2, 6);
  return null;
}

/** What kind of address an IP literal is; anything that is not an IP literal is 'reserved'. */
export function addressKind(address: string): AddressKind {
  const v4 = parseIpv4(address);
  if (v4) return kindOfIpv4(v4);
  const b = parseIpv6(address);
  if (!b) return 'reserved';
  if (b.every((x) => x === 0)) return 'unspecified';
  if (b.slice(0, 15).every((x) => x === 0) && b[15] === 1) return 'loopback';
  const inner = embeddedIpv4(b);
  if (inner) return kindOfIpv4(inner);
  if (b[0] === 0xff) return 'multicast';
  if ((b[0]! & 0xfe) === 0xfc) return 'unique-local';
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0x80) return 'link-local';
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0xc0) return 'private'; // site-local, deprecated
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) return 'private'; // local-use NAT64
  // only global unicast (2000::/3) is public, less the protocol assignments (Teredo, ORCHID, …) and documentation
  if ((b[0]! & 0xe0) !== 0x20) return 'reserved';
  if (b[0] === 0x20 && b[1] === 0x01 && b[2]! <= 0x01) return 'reserved';
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return 'reserved';
  return 'public';
}

/** An address in one spelling for comparison: IPv4 mapped, compatible or translated into IPv6 as plain IPv4. */
export function plainAddress(address: string): string {
  if (parseIpv4(address)) return address;
  const b = parseIpv6(address);
  if (!b) return address.toLowerCase();
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const v4 = (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) || (zero(0, 12) && !zero(12, 15)) || (zero(0, 8) && b[8] === 0xff && b[9] === 0xff && zero(10, 12));
  if (v4) return b.slice(12).join('.');
  return canonicalHost(address) ?? address.toLowerCase();
}

export function isAllowedAddress(address: string, allowPrivate: boolean): boolean {
  const kind = addressKind(address);
  return kind === 'public' || (allowPrivate && !NEVER.has(kind));
}

/** Answers every address a host name resolves to. */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/**
 * A host as typed (name, IP literal with or without brackets, or a numeric IPv4 spelling such as
 * 2130706433, 0x7f.1 or 0177.0.0.1) in the form a URL of http gives it: lower case, IPv4 in dotted
 * decimal, IPv6 without brackets. Null when it is no host at all.
 */
export function canonicalHost(host: string): string | null {
  const h = host.trim();
  if (!h || /[\s/\\?#@]/.test(h)) return null;
  try {
    const hostname = new URL(`http://${isIP(h) === 6 || (h.includes(':') && !h.startsWith('[')) ? `[${h}]` : h}/`).hostname;
    return hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '') || null;
  } catch {
    return null;
  }
}

export interface CheckedHost {
  /** The host as canonicalHost gives it. */
  host: string;
  /** The one address to connect to: it was checked. */
  address: string;
  family: 4 | 6;
  /** Every address the name resolved to (all checked). */
  addresses: string[];
}

export interface ResolveOptions {
  allowPrivate?: boolean;
  resolve?: Resolver;
  signal?: AbortSignal;
}

/** Every address a host resolves to (an IP literal is its own answer), resolved once. Throws OutboundError (failed). */
export async function resolveAll(host: string, opts: Pick<ResolveOptions, 'resolve' | 'signal'> = {}): Promise<string[]> {
  if (isIP(host)) return [host];
  let addresses: string[];
  try {
    addresses = await abortable((opts.resolve ?? systemResolver)(host), opts.signal);
  } catch (err) {
    throw new OutboundError(OUTBOUND_FAILED, false, undefined, { cause: err });
  }
  if (!addresses.length) throw new OutboundError(OUTBOUND_FAILED);
  return addresses;
}

/**
 * Resolves a host once and checks every address it resolves to. Throws OutboundError (refused) when
 * one of them is not allowed, (failed) when the name does not resolve.
 */
export async function resolveChecked(hostInput: string, opts: ResolveOptions = {}): Promise<CheckedHost> {
  const host = canonicalHost(hostInput);
  if (!host) throw new OutboundError(OUTBOUND_REFUSED, true);
  const addresses = await resolveAll(host, opts);
  if (!addresses.every((a) => isAllowedAddress(a, opts.allowPrivate ?? false))) throw new OutboundError(OUTBOUND_REFUSED, true);
  const address = addresses[0]!;
  return { host, address, family: isIP(address) === 6 ? 6 : 4, addresses };
}

function abortable<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export interface OutboundOptions {
  /**
   * Loopback, private, link-local and reserved targets allowed (an operator's switch). A function decides
   * per hop (0 the address given, 1… the redirects): a test seam to let only the first hop be local.
   */
  allowPrivate?: boolean | ((target: URL, hop: number) => boolean);
  resolve?: Resolver;
  /** Redirects followed at most (redirect 'follow'). */
  maxRedirects?: number;
  /** The whole call, redirects included. */
  timeoutMs?: number;
  /** Largest body read; a longer answer fails. */
  maxBytes?: number;
}

export interface OutboundInit {
  method?: string;
  headers?: ConstructorParameters<typeof Headers>[0];
  body?: string | Uint8Array | ArrayBuffer | URLSearchParams | null;
  signal?: AbortSignal | null;
  /** 'follow' (default): redirects followed by hand and checked; 'manual': a 3xx is answered as it is. */
  redirect?: 'follow' | 'manual' | 'error';
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 204, 205, 304]);

/** Checks that a URL is one the guard may call at all: http(s), a host, no credentials. */
export function outboundUrl(input: string | URL): URL {
  let url: URL;
  try {
    url = new URL(String(input));
  } catch {
    throw new OutboundError(OUTBOUND_REFUSED, true);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) throw new OutboundError(OUTBOUND_REFUSED, true);
  return url;
}

interface Raw {
  status: number;
  headers: IncomingMessage['rawHeaders'];
  body: Buffer;
}

function send(url: URL, target: CheckedHost, method: string, headers: Headers, body: Buffer | undefined, signal: AbortSignal, maxBytes: number): Promise<Raw> {
  const tls = url.protocol === 'https:';
  const outHeaders: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (name !== 'host' && name !== 'content-length' && name !== 'connection') outHeaders[name] = value;
  });
  outHeaders.host = url.host;
  if (body) outHeaders['content-length'] = String(body.length);
  return new Promise<Raw>((resolve, reject) => {
    const req = (tls ? httpsRequest : httpRequest)({
      // the checked address itself: no second lookup between the check and the connection
      host: target.address,
      family: target.family,
      port: url.port ? Number(url.port) : tls ? 443 : 80,
      path: `${url.pathname}${url.search}`,
      method,
      headers: outHeaders,
      agent: false,
      signal,
      // the certificate is checked against the name typed, not the address
      ...(tls && !isIP(target.host) ? { servername: target.host } : {}),
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          res.destroy(new Error('answer too large'));
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.rawHeaders, body: Buffer.concat(chunks) }));
    });
    req.end(body);
  });
}

function toResponse(raw: Raw): Response {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.headers.length; i += 2) {
    try {
      headers.append(raw.headers[i]!, raw.headers[i + 1]!);
    } catch {
      // a header fetch would not accept either
    }
  }
  // no statusText: the remote's words stay out of anything the caller might show
  return new Response(NULL_BODY.has(raw.status) ? null : new Uint8Array(raw.body), { status: raw.status, headers });
}

function bodyBytes(body: OutboundInit['body'], headers: Headers): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (body instanceof URLSearchParams) {
    if (!headers.has('content-type')) headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
    return Buffer.from(body.toString());
  }
  if (typeof body === 'string') return Buffer.from(body);
  return body instanceof ArrayBuffer ? Buffer.from(new Uint8Array(body)) : Buffer.from(body);
}

/**
 * fetch for addresses users typed: every hop's host resolved once and checked, the connection made to
 * the checked address. Answers the final Response (any status); throws OutboundError with a neutral
 * message when refused, unreachable, too slow, too large or redirected too often.
 */
export async function outboundFetch(input: string | URL, init: OutboundInit = {}, opts: OutboundOptions = {}): Promise<Response> {
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? 10_000);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  const maxRedirects = opts.maxRedirects ?? 3;
  const maxBytes = opts.maxBytes ?? 1024 * 1024;
  let url = outboundUrl(input);
  let method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers ?? undefined);
  let body = bodyBytes(init.body, headers);
  for (let hop = 0; ; hop++) {
    const allowPrivate = typeof opts.allowPrivate === 'function' ? opts.allowPrivate(url, hop) : (opts.allowPrivate ?? false);
    const target = await resolveChecked(url.hostname, { allowPrivate, resolve: opts.resolve, signal });
    let raw: Raw;
    try {
      raw = await send(url, target, method, headers, body, signal, maxBytes);
    } catch (err) {
      throw new OutboundError(OUTBOUND_FAILED, false, undefined, { cause: err });
    }
    if (raw.status < 200 || raw.status > 599) throw new OutboundError(OUTBOUND_FAILED);
    const location = REDIRECTS.has(raw.status) ? headerOf(raw.headers, 'location') : undefined;
    if (!location || init.redirect === 'manual') return toResponse(raw);
    if (init.redirect === 'error' || hop >= maxRedirects) throw new OutboundError(OUTBOUND_FAILED, false, raw.status);
    let next: URL;
    try {
      next = outboundUrl(new URL(location, url));
    } catch {
      throw new OutboundError(OUTBOUND_FAILED, false, raw.status);
    }
    if (raw.status === 303 || ((raw.status === 301 || raw.status === 302) && method === 'POST')) {
      if (method !== 'HEAD') method = 'GET';
      body = undefined;
      for (const h of ['content-type', 'content-encoding', 'content-language', 'content-location']) headers.delete(h);
    }
    // credentials meant for one origin do not travel to another
    if (next.origin !== url.origin) for (const h of ['authorization', 'cookie', 'proxy-authorization']) headers.delete(h);
    url = next;
  }
}

function headerOf(raw: string[], name: string): string | undefined {
  for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i]!.toLowerCase() === name) return raw[i + 1];
  return undefined;
}
