import { randomBytes } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { isAbsolute, join, normalize, relative, resolve, sep } from 'node:path';

/**
 * Files on local disk under one root that is never a served folder; paths handed out are relative.
 * Names carry 64 random bits, so a path cannot be guessed from another one.
 */
export class LocalStorage {
  readonly root: string;
  constructor(root: string) {
    this.root = resolve(root);
  }

  /** Stores bytes under a biz folder with a generated name; returns the relative path. */
  async save(biz: string, originalName: string, data: Buffer): Promise<string> {
    const folder = safeSegment(biz) || 'temp';
    const ext = (/\.([A-Za-z0-9]{1,8})$/.exec(originalName)?.[1] ?? 'bin').toLowerCase();
    const base = originalName.replace(/\.[^.]*$/, '').replace(/[^\p{L}\p{N}_-]+/gu, '_').slice(0, 40) || 'file';
    const name = `${base}_${Date.now()}${randomBytes(8).toString('hex')}.${ext}`;
    const dir = join(this.root, folder);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, name), data, { flag: 'wx' });
    return `${folder}/${name}`;
  }

  /** Absolute path of a stored file, or undefined when the path leaves the root or does not exist. */
  async resolve(relPath: string): Promise<string | undefined> {
    if (!relPath || relPath.includes('\0') || isAbsolute(relPath)) return undefined;
    const full = resolve(this.root, normalize(relPath));
    const rel = relative(this.root, full);
    if (!rel || rel.startsWith('..') || isAbsolute(rel) || rel.split(sep).includes('..')) return undefined;
    try {
      return (await stat(full)).isFile() ? full : undefined;
    } catch {
      return undefined;
    }
  }
}

/** A single folder name from a client-chosen biz path: letters, digits, _ and - only. */
export function safeSegment(s: string): string {
  return s
    .split(/[\\/]+/)
    .filter((p) => p && p !== '.' && p !== '..')
    .map((p) => p.replace(/[^A-Za-z0-9_-]/g, ''))
    .filter(Boolean)
    .join('/')
    .slice(0, 64);
}
