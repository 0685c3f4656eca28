// Upload of one file for upload/file/image cells (spec/02 §4 Upload cell, §7 POST /sys/common/upload).
import { downloadStored, imageUrl, readUploadAnswer, UNKNOWN_ERROR, uploadFile as sendFile, type UploadOutcome } from '../../lib/files';
import type { GridColumn, UploadedValue } from './types';

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

/** An upload cell's value for the server's answer (see readUploadAnswer). */
export function settleUpload(base: UploadedValue, status: number, body: string, responseName = 'message'): UploadedValue {
  return toCellValue(base, readUploadAnswer(status, body, responseName));
}

function toCellValue(base: UploadedValue, outcome: UploadOutcome): UploadedValue {
  if (outcome.ok) return { ...base, status: 'done', percent: 100, path: outcome.path, message: undefined };
  if (outcome.aborted) return { ...base, status: 'removed', percent: 0 };
  return { ...base, status: 'error', percent: 0, message: outcome.message || UNKNOWN_ERROR };
}

/** Sends the file through the shared uploader; onProgress hears every state, the promise gives the final one. */
export function uploadFile(
  file: File,
  column: GridColumn,
  onProgress: (v: UploadedValue) => void,
): { done: Promise<UploadedValue>; abort(): void } {
  const base: UploadedValue = { name: file.name, type: file.type, size: file.size, status: 'uploading', percent: 0 };
  onProgress(base);
  const task = sendFile(file, {
    action: column.action,
    data: column.data,
    responseName: column.responseName,
    withToken: !!column.token,
    onProgress: (percent) => onProgress({ ...base, percent }),
  });
  return { done: task.done.then((outcome) => toCellValue(base, outcome)), abort: task.abort };
}
