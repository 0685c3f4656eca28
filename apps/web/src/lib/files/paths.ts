// Addresses of stored files. The server hands out relative paths (temp/a_1700000000000abcd….png);
// signed-in reads go through /sys/common/static, and images shown in <img> through /sys/common/view,
// which serves verified images only and needs no token header.
import { appConfig } from '../runtimeConfig';

const IMAGE_EXT = /\.(png|jpe?g|gif|webp|bmp)$/i;
// The suffix the server adds to keep names unique: _<13-digit ms><16 hex>.
const STORED_SUFFIX = /_\d{13}[0-9a-f]{16}(?=\.[^.]+$)/;

const isAbsolute = (path: string) => /^(https?:|data:|blob:)/i.test(path);
const clean = (path: string) => path.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/');

export function isImagePath(path: string): boolean {
  return IMAGE_EXT.test(path.split('?')[0]);
}

/** URL for reading a stored file with the token header (downloads through the http client). */
export function staticPath(path: string): string {
  return `/sys/common/static/${clean(path)}`;
}

/** URL an <img> can load: stored images through /view, absolute addresses as they are. */
export function imageUrl(path: string): string {
  if (isAbsolute(path)) return path;
  return `${appConfig().apiBase}/sys/common/view/${clean(path)}`;
}

/** The name a user gave the file, without the uniqueness suffix the server added. */
export function displayName(path: string): string {
  const base = path.split(/[\\/]/).pop() || path;
  return base.replace(STORED_SUFFIX, '');
}

/** Comma-joined paths (the stored form of upload fields) as a list. */
export function splitPaths(value: string | null | undefined): string[] {
  return (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}
