// The one http client (spec/01 §7): headers, the _t stamp, the envelope and the error catalogue.
import axios, { AxiosError, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import { REQUEST_TIMEOUT_MS } from '@anxue/shared/constants';
import type { ApiResult } from '@anxue/shared/wire';
import { currentLocale } from '../i18n';
import { appConfig } from '../runtimeConfig';
import { currentTenant, currentToken } from '../session/store';
import { HttpError, reportHttpError } from './errors';
import { blobText } from './blobText';
import { isSignedCall } from '@anxue/shared/signed-calls';
import { signRequest } from './sign';

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

const client = axios.create({ timeout: REQUEST_TIMEOUT_MS });

// Dictionary item lookups are cacheable, so they are the one GET without the _t stamp.
const NO_STAMP = /\/sys\/dict\/getDictItems\//;

client.interceptors.request.use((config: InternalAxiosRequestConfig) => {
  config.baseURL = appConfig().apiBase;
  const token = currentToken();
  if (token && !config.headers.has('X-Access-Token')) config.headers.set('X-Access-Token', token);
  const tenant = String(currentTenant() || 0);
  config.headers.set('tenant-id', tenant);
  config.headers.set('X-Tenant-Id', tenant);
  // the server answers its messages in the interface language
  config.headers.set('Accept-Language', currentLocale());
  if ((config.method ?? 'get').toLowerCase() === 'get' && !NO_STAMP.test(config.url ?? '')) {
    config.params = { _t: Math.floor(Date.now() / 1000), ...(config.params ?? {}) };
  }
  return config;
});

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
  const ax = e as AxiosError;
  const timeout = ax.code === 'ECONNABORTED' || ax.code === 'ETIMEDOUT';
  const status = ax.response?.status ?? 0;
  const body = await readBlobEnvelope(ax.response?.data);
  const envelope = isEnvelope(body) ? body : undefined;
  return new HttpError(status, envelope?.message || ax.message || '请求失败', envelope, timeout);
}

async function send<T>(config: AxiosRequestConfig, opts: RequestOptions = {}): Promise<ApiResult<T> | Blob> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.signed || isSignedCall(config.url ?? '')) Object.assign(headers, signRequest(config.url ?? '', config.params, config.data));
  try {
    const res = await client.request({
      ...config,
      headers,
      responseType: opts.responseType ?? 'json',
      timeout: opts.timeoutMs ?? REQUEST_TIMEOUT_MS,
    });
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

async function envelope<T>(config: AxiosRequestConfig, opts?: RequestOptions): Promise<ApiResult<T>> {
  const body = await send<T>(config, opts);
  if (body instanceof Blob) throw new HttpError(200, '意外的文件响应');
  return body;
}

async function result<T>(config: AxiosRequestConfig, opts?: RequestOptions): Promise<T> {
  return (await envelope<T>(config, opts)).result;
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
