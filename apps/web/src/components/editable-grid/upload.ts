// Upload of one file for upload/file/image cells (spec/02 §4 Upload cell, §7 POST /sys/common/upload).
// XMLHttpRequest rather than fetch, because only it reports upload progress.
import { downloadStored, imageUrl } from '../../lib/files';
import { appConfig } from '../../lib/runtimeConfig';
import { currentToken } from '../../lib/session/store';
import type { GridColumn, UploadedValue } from './types';

export const UNKNOWN_ERROR = '未知错误';
const DEFAULT_ACTION = '/sys/common/upload';

export function uploadAction(column: GridColumn): string {
  const action = column.action ?? DEFAULT_ACTION;
  return /^https?:\/\//.test(action) ? action : `${appConfig().apiBase}${action}`;
}

/** Where a cell shows a stored image: through /sys/common/view, which an <img> can load without a token. */
export function fileUrlOf(column: GridColumn, path: string): string {
  if (column.fileUrl) return column.fileUrl(path);
  return imageUrl(path);
}

/** Saves a cell's file: stored files are fetched with the token; other addresses open as they are. */
export async function downloadCellFile(column: GridColumn, path: string, name: string): Promise<void> {
  if (column.fileUrl || /^(https?:|data:)/.test(path)) {
    window.open(column.fileUrl ? column.fileUrl(path) : path, '_blank', 'noopener');
    return;
  }
  await downloadStored(path, name);
}

/** Cells show file names shortened to 5 characters plus an ellipsis (spec/02 §9). */
export function shortFileName(name: string): string {
  return name.length > 5 ? `${name.slice(0, 5)}…` : name;
}

export function nameFromPath(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}

/** Reads the server answer: success false or a missing path turn the upload into an error. */
export function settleUpload(base: UploadedValue, status: number, body: string, responseName = 'message'): UploadedValue {
  let json: Record<string, unknown> | null = null;
  try {
    json = JSON.parse(body) as Record<string, unknown>;
  } catch {
    json = null;
  }
  const serverMessage = json && typeof json.message === 'string' && json.message ? json.message : undefined;
  if (status < 200 || status >= 300 || !json) {
    return { ...base, status: 'error', percent: 0, message: serverMessage ?? UNKNOWN_ERROR };
  }
  if (json.success === false) return { ...base, status: 'error', percent: 100, message: serverMessage ?? UNKNOWN_ERROR };
  const path = json[responseName];
  if (typeof path !== 'string' || !path) return { ...base, status: 'error', percent: 100, message: serverMessage ?? UNKNOWN_ERROR };
  return { ...base, status: 'done', percent: 100, path, message: undefined };
}

/** Sends the file; onProgress hears every state, the promise gives the final one. */
export function uploadFile(
  file: File,
  column: GridColumn,
  onProgress: (v: UploadedValue) => void,
): { done: Promise<UploadedValue>; abort(): void } {
  const base: UploadedValue = { name: file.name, type: file.type, size: file.size, status: 'uploading', percent: 0 };
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadedValue>((resolve) => {
    const form = new FormData();
    form.append('file', file);
    form.append('isup', '1');
    form.append('biz', 'temp');
    for (const [k, v] of Object.entries(column.data ?? {})) form.set(k, v);
    xhr.open('POST', uploadAction(column));
    if (column.token) xhr.setRequestHeader('X-Access-Token', currentToken());
    xhr.upload.onprogress = (ev) => {
      if (!ev.lengthComputable) return;
      // 99 at most until the server answers: the file is sent but not stored yet.
      onProgress({ ...base, percent: Math.min(99, Math.round((ev.loaded / ev.total) * 100)) });
    };
    xhr.onload = () => resolve(settleUpload(base, xhr.status, xhr.responseText, column.responseName));
    xhr.onerror = () => resolve({ ...base, status: 'error', percent: 0, message: UNKNOWN_ERROR });
    xhr.onabort = () => resolve({ ...base, status: 'removed', percent: 0 });
    onProgress(base);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
