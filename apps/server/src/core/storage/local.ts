import { createReadStream } from 'node:fs';
import { mkdir, open, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { safeRelPath, storedPath } from './naming';
import type { ByteRange, FileStorage } from './types';

export { safeSegment } from './naming';

/**
 * Files on local disk under one root that is never a served folder; paths handed out are relative.
 * Names carry 64 random bits, so a path cannot be guessed from another one.
 */
export class LocalStorage implements FileStorage {
  readonly driver = 'local' as const;
  readonly root: string;
  constructor(root: string) {
    this.root = resolve(root);
  }

  async save(biz: string, originalName: string, data: Buffer): Promise<string> {
    const rel = storedPath(biz, originalName);
    const full = join(this.root, rel);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, data, { flag: 'wx' });
    return rel;
  }

  /** Absolute path of a stored file, or undefined when the path leaves the root or does not exist. */
  async resolve(relPath: string): Promise<string | undefined> {
    const rel = safeRelPath(relPath);
    if (!rel) return undefined;
    const full = join(this.root, rel);
    try {
      return (await stat(full)).isFile() ? full : undefined;
    } catch {
      return undefined;
    }
  }

  async stat(relPath: string) {
    const full = await this.resolve(relPath);
    return full ? { size: (await stat(full)).size } : undefined;
  }

  async read(relPath: string, range?: ByteRange): Promise<Readable | undefined> {
    const full = await this.resolve(relPath);
    return full ? createReadStream(full, range ? { start: range.start, end: range.end } : {}) : undefined;
  }

  async head(relPath: string, bytes: number): Promise<Buffer | undefined> {
    const full = await this.resolve(relPath);
    if (!full) return undefined;
    const fh = await open(full, 'r');
    try {
      const buf = Buffer.alloc(bytes);
      const { bytesRead } = await fh.read(buf, 0, bytes, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  }

  async delete(relPath: string): Promise<boolean> {
    const full = await this.resolve(relPath);
    if (!full) return false;
    await unlink(full);
    return true;
  }
}
