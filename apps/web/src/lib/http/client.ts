// The one http client (spec/01 §7): headers, the _t stamp, the envelope and the error catalogue.
// On the browser's fetch: every page loads this module, and axios would add 25 KB of gzip to each.
import { REQUEST_TIMEOUT_MS } from '@anxue/shared/constants';
import type { ApiResult } from '@anxue/shared/wire';
import { currentLocale } from '../i18n';
import { appConfig } from '../runtimeConfig';
import { currentTenant, currentToken } from '../session/store';
import { HttpError, reportHttpError } from './errors';
import { blobText } from './blobText';
import { isSignedCall } from '@anxue/shared/signed-calls';
import { signRequest } from './sign';
import { queryString } from './query';

export interface RequestOptions {
  /** The caller shows failures itself: no notice, no logout. */
  silent?: boolean;
  /** Adds X-Sign / X-TIMESTAMP (when a signature secret is configured); the calls of SIGNED_CALLS always have them. */
  signed?: boolean;
  headers?: Record<string, string>;
  responseType?: 'json' | 'blob';
  /** Overrides the 50 s default (long exports, or short probes). */
  timeoutMs?: number;
}

interface Call {
  method: 'get' | 'post' | 'put' | 'delete';
  url: string;
  params?: Record<string, unknown>;
  data?: unknown;
}

// Dictionary item lookups are cacheable, so they are the one GET without the _t stamp.
const NO_STAMP = /\/sys\/dict\/getDictItems\//;

function urlOf(call: Call): string {
  const base = appConfig().apiBase;
  let url = /^([a-z][a-z\d+\-.]*:)?\/\//i.test(call.url) || !base ? call.url : `${base.replace(/\/?\/$/, '')}/${call.url.replace(/^\/+/, '')}`;
  const params = call.method === 'get' && !NO_STAMP.test(call.url) ? { _t: Math.floor(Date.now() / 1000), ...(call.params ?? {}) } : call.params;
  const query = params ? queryString(params) : '';
  if (!query) return url;
  if (url.includes('#')) url = url.slice(0, url.indexOf('#'));
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** Plain data goes as JSON; FormData, Blob, URLSearchParams, buffers and text go as they are. */
function bodyOf(data: unknown, headers: Headers): BodyInit | undefined {
  if (data === undefined || data === null) return undefined;
  if (data instanceof URLSearchParams) {
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=utf-8');
    return data.toString();
  }
  // the browser writes a form's type itself, with the boundary its parts are split at
  if (data instanceof FormData) headers.delete('Content-Type');
  if (typeof data !== 'object' || data instanceof FormData || data instanceof Blob || data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
    return data as BodyInit;
  }
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return JSON.stringify(data);
}

/** The answer's body as the caller asked: a Blob, or JSON (its text when it is not JSON). */
async function readBody(res: Response, type: 'json' | 'blob'): Promise<unknown> {
  // the page's own Blob (the one callers test against), typed as the answer says
  if (type === 'blob') return new Blob([await res.arrayBuffer()], { type: res.headers.get('Content-Type') ?? '' });
  const text = await res.text();
  if (!text) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What request() throws for an answer outside 2xx, a timeout, or no answer at all. */
interface Failure {
  status: number;
  data?: unknown;
  timeout?: boolean;
  message: string;
}

// When the page is left, the browser cancels its unanswered fetches in the task that unloads it, and the
// rejections run before its pagehide listeners have all run. A caller taking that for a failed call acts
// on it (the route guard signs out when the menu fails to load, clearing the token the next page needs).
// So a failure without an answer is reported a task later: an unloaded page runs no more tasks, and one
// that fired pagehide leaves the call unanswered, as XMLHttpRequest does.
let leaving = false;
if (typeof addEventListener === 'function') {
  addEventListener('pagehide', () => (leaving = true));
  // back from the back-forward cache
  addEventListener('pageshow', () => (leaving = false));
}
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const never = new Promise<never>(() => undefined);

async function request(call: Call, opts: RequestOptions, extra: Record<string, string>): Promise<{ status: number; data: unknown }> {
  const headers = new Headers({ Accept: 'application/json, text/plain, */*', ...extra });
  const token = currentToken();
  if (token && !headers.has('X-Access-Token')) headers.set('X-Access-Token', token);
  const tenant = String(currentTenant() || 0);
  headers.set('tenant-id', tenant);
  headers.set('X-Tenant-Id', tenant);
  // the server answers its messages in the interface language
  headers.set('Accept-Language', currentLocale());
  const body = bodyOf(call.data, headers);
  const timeout = opts.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const abort = new AbortController();
  let timedOut = false;
  const timer = timeout > 0 ? setTimeout(() => ((timedOut = true), abort.abort()), timeout) : undefined;
  try {
    const res = await fetch(urlOf(call), { method: call.method.toUpperCase(), headers, body, signal: abort.signal });
    const data = await readBody(res, opts.responseType ?? 'json');
    if (res.status < 200 || res.status >= 300) throw { status: res.status, data, message: `Request failed with status code ${res.status}` } satisfies Failure;
    return { status: res.status, data };
  } catch (e) {
    if (timedOut) throw { status: 0, timeout: true, message: `timeout of ${timeout}ms exceeded` } satisfies Failure;
    if (!(e instanceof Error)) throw e;
    await nextTask();
    if (leaving) return never;
    throw { status: 0, message: 'Network Error' } satisfies Failure;
  } finally {
    clearTimeout(timer);
  }
}

function isEnvelope(body: unknown): body is ApiResult<unknown> {
  return !!body && typeof body === 'object' && 'code' in body && ('result' in body || 'success' in body);
}

function isOk(body: ApiResult<unknown>): boolean {
  const code = Number(body.code);
  return code === 200 || code === 0;
}

/** Blob answers may carry a JSON envelope (an error, usually); read it so it is handled alike. */
async function readBlobEnvelope(data: unknown): Promise<unknown> {
  if (typeof Blob !== 'undefined' && data instanceof Blob && /json/i.test(data.type)) {
    try {
      return JSON.parse(await blobText(data));
    } catch {
      return data;
    }
  }
  return data;
}

async function toHttpError(e: unknown): Promise<HttpError> {
  if (e instanceof HttpError) return e;
  const f = e as Failure;
  const body = await readBlobEnvelope(f.data);
  const envelope = isEnvelope(body) ? body : undefined;
  return new HttpError(f.status ?? 0, envelope?.message || f.message || '请求失败', envelope, !!f.timeout);
}

async function send<T>(call: Call, opts: RequestOptions = {}): Promise<ApiResult<T> | Blob> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.signed || isSignedCall(call.url)) Object.assign(headers, signRequest(call.url, call.params, call.data));
  try {
    const res = await request(call, opts, headers);
    const body = await readBlobEnvelope(res.data);
    if (body instanceof Blob) return body;
    if (isEnvelope(body) && !isOk(body)) {
      throw new HttpError(res.status, body.message || '操作失败', body);
    }
    return body as ApiResult<T>;
  } catch (e) {
    const err = await toHttpError(e);
    if (!opts.silent) reportHttpError(err);
    throw err;
  }
}

async function envelope<T>(call: Call, opts?: RequestOptions): Promise<ApiResult<T>> {
  const body = await send<T>(call, opts);
  if (body instanceof Blob) throw new HttpError(200, '意外的文件响应');
  return body;
}

async function result<T>(call: Call, opts?: RequestOptions): Promise<T> {
  return (await envelope<T>(call, opts)).result;
}

type Params = Record<string, unknown>;

/** Calls that resolve to the envelope's `result`. */
export const http = {
  get: <T>(url: string, params?: Params, opts?: RequestOptions) => result<T>({ method: 'get', url, params }, opts),
  post: <T>(url: string, data?: unknown, opts?: RequestOptions) => result<T>({ method: 'post', url, data }, opts),
  put: <T>(url: string, data?: unknown, opts?: RequestOptions) => result<T>({ method: 'put', url, data }, opts),
  delete: <T>(url: string, params?: Params, opts?: RequestOptions) => result<T>({ method: 'delete', url, params }, opts),
  /** Calls that resolve to the whole envelope (when `message` matters, e.g. uploads). */
  raw: {
    get: <T>(url: string, params?: Params, opts?: RequestOptions) => envelope<T>({ method: 'get', url, params }, opts),
    post: <T>(url: string, data?: unknown, opts?: RequestOptions) => envelope<T>({ method: 'post', url, data }, opts),
    put: <T>(url: string, data?: unknown, opts?: RequestOptions) => envelope<T>({ method: 'put', url, data }, opts),
    delete: <T>(url: string, params?: Params, opts?: RequestOptions) => envelope<T>({ method: 'delete', url, params }, opts),
  },
  /** Downloads; an error envelope sent as a blob is reported like any other failure. */
  async blob(url: string, params?: Params, opts?: RequestOptions): Promise<Blob> {
    const body = await send<unknown>({ method: 'get', url, params }, { ...opts, responseType: 'blob' });
    if (body instanceof Blob) return body;
    return new Blob([JSON.stringify(body)], { type: 'application/json' });
  },
};
