// POST /sys/common/upload with progress (XMLHttpRequest: fetch cannot report upload progress).
import { appConfig } from '../runtimeConfig';
import { currentTenant, currentToken } from '../session/store';

export const UPLOAD_ACTION = '/sys/common/upload';
export const UNKNOWN_ERROR = '未知错误';

export interface UploadOptions {
  /** Sub-folder on the server (default temp). */
  biz?: string;
  /** Extra form fields (jeditor: '1' for editor images). */
  data?: Record<string, string>;
  /** Another upload address (absolute, or under the API base). */
  action?: string;
  /** Field of the answer holding the stored path (default message). */
  responseName?: string;
  /** Sends the access token (default true; grid upload columns send it only when they say so). */
  withToken?: boolean;
  onProgress?: (percent: number) => void;
}

export type UploadOutcome = { ok: true; path: string; message?: string } | { ok: false; message: string; aborted?: boolean };

/** Reads the server's answer: a failed status, success false or a missing path make it a failure. */
export function readUploadAnswer(status: number, text: string, responseName = 'message'): UploadOutcome {
  let body: Record<string, unknown> | undefined;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = undefined;
  }
  const message = typeof body?.message === 'string' && body.message ? body.message : undefined;
  if (status < 200 || status >= 300 || !body || body.success === false) return { ok: false, message: message ?? UNKNOWN_ERROR };
  const path = body[responseName];
  if (typeof path !== 'string' || !path) return { ok: false, message: message ?? UNKNOWN_ERROR };
  return { ok: true, path, message };
}

export function uploadFile(file: File, opts: UploadOptions = {}): { done: Promise<UploadOutcome>; abort(): void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadOutcome>((resolve) => {
    const form = new FormData();
    form.append('isup', '1');
    form.append('biz', opts.biz ?? 'temp');
    for (const [k, v] of Object.entries(opts.data ?? {})) form.set(k, v);
    form.append('file', file);
    const action = opts.action ?? UPLOAD_ACTION;
    xhr.open('POST', /^https?:\/\//.test(action) ? action : `${appConfig().apiBase}${action}`);
    const token = opts.withToken === false ? '' : currentToken();
    if (token) xhr.setRequestHeader('X-Access-Token', token);
    xhr.setRequestHeader('tenant-id', String(currentTenant() || 0));
    xhr.upload.onprogress = (ev) => {
      // 99 at most until the server answers: sent is not stored yet.
      if (ev.lengthComputable) opts.onProgress?.(Math.min(99, Math.round((ev.loaded / ev.total) * 100)));
    };
    xhr.onload = () => resolve(readUploadAnswer(xhr.status, xhr.responseText, opts.responseName ?? 'message'));
    xhr.onerror = () => resolve({ ok: false, message: UNKNOWN_ERROR });
    xhr.onabort = () => resolve({ ok: false, message: '已取消', aborted: true });
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
