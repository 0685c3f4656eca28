import { randomBytes } from 'node:crypto';
import { isAbsolute, normalize } from 'node:path';

/** A folder path from a client-chosen biz path: letters, digits, _ and - only, no `..`. */
export function safeSegment(s: string): string {
  return s
    .split(/[\\/]+/)
    .filter((p) => p && p !== '.' && p !== '..')
    .map((p) => p.replace(/[^A-Za-z0-9_-]/g, ''))
    .filter(Boolean)
    .join('/')
    .slice(0, 64);
}

/**
 * The relative path a new file is stored under: a safe biz folder, a cleaned base name and 64 random
 * bits, so a path cannot be guessed from another one. Both drivers use it.
 */
export function storedPath(biz: string, originalName: string): string {
  const folder = safeSegment(biz) || 'temp';
  const ext = (/\.([A-Za-z0-9]{1,8})$/.exec(originalName)?.[1] ?? 'bin').toLowerCase();
  const base = originalName.replace(/\.[^.]*$/, '').replace(/[^\p{L}\p{N}_-]+/gu, '_').slice(0, 40) || 'file';
  return `${folder}/${base}_${Date.now()}${randomBytes(8).toString('hex')}.${ext}`;
}

/** A relative path normalised to forward slashes, or undefined when it is absolute, empty or leaves its root. */
export function safeRelPath(relPath: string): string | undefined {
  if (!relPath || relPath.includes('\0') || isAbsolute(relPath) || /^[A-Za-z]:/.test(relPath)) return undefined;
  const parts = normalize(relPath).split(/[\\/]+/).filter((p) => p && p !== '.');
  if (!parts.length || parts.includes('..')) return undefined;
  return parts.join('/');
}
