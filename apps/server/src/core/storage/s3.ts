import type * as S3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { lazyRequire } from '../lazy-require';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { safeRelPath, storedPath } from './naming';
import type { ByteRange, FileStorage } from './types';

const s3 = lazyRequire<typeof S3>('@aws-sdk/client-s3');

export interface S3Options {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (MinIO, most self-hosted servers) rather than in the host name. */
  forcePathStyle: boolean;
  /** Folder for local copies handed to readers that need a file on disk (resolve). */
  cacheDir: string;
}

const missing = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'NoSuchKey' || err?.name === 'NotFound' || err?.$metadata?.httpStatusCode === 404;
};

/** Files in an S3-compatible bucket, under the same relative names the local driver hands out. */
export class S3Storage implements FileStorage {
  readonly driver = 's3' as const;
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly cacheDir: string;

  constructor(opts: S3Options) {
    this.bucket = opts.bucket;
    this.cacheDir = resolve(opts.cacheDir);
    this.client = new (s3().S3Client)({
      endpoint: opts.endpoint,
      region: opts.region,
      forcePathStyle: opts.forcePathStyle,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      // Checksums only where S3 requires them: many S3-compatible servers reject the newer trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async save(biz: string, originalName: string, data: Buffer): Promise<string> {
    const key = storedPath(biz, originalName);
    await this.client.send(new (s3().PutObjectCommand)({ Bucket: this.bucket, Key: key, Body: data, ContentLength: data.length }));
    return key;
  }

  async stat(relPath: string) {
    const key = safeRelPath(relPath);
    if (!key) return undefined;
    try {
      const out = await this.client.send(new (s3().HeadObjectCommand)({ Bucket: this.bucket, Key: key }));
      return { size: Number(out.ContentLength ?? 0) };
    } catch (e) {
      if (missing(e)) return undefined;
      throw e;
    }
  }

  async read(relPath: string, range?: ByteRange): Promise<Readable | undefined> {
    const key = safeRelPath(relPath);
    if (!key) return undefined;
    try {
      const out = await this.client.send(
        new (s3().GetObjectCommand)({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return out.Body as Readable;
    } catch (e) {
      if (missing(e)) return undefined;
      throw e;
    }
  }

  async head(relPath: string, bytes: number): Promise<Buffer | undefined> {
    const size = (await this.stat(relPath))?.size;
    if (size === undefined) return undefined;
    if (size === 0) return Buffer.alloc(0);
    const stream = await this.read(relPath, { start: 0, end: Math.min(bytes, size) - 1 });
    if (!stream) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks).subarray(0, bytes);
  }

  async delete(relPath: string): Promise<boolean> {
    const key = safeRelPath(relPath);
    if (!key || !(await this.stat(key))) return false;
    await this.client.send(new (s3().DeleteObjectCommand)({ Bucket: this.bucket, Key: key }));
    await rm(join(this.cacheDir, key), { force: true });
    return true;
  }

  /** A local copy of the object (downloaded once, then reused: stored names are never rewritten). */
  async resolve(relPath: string): Promise<string | undefined> {
    const key = safeRelPath(relPath);
    if (!key) return undefined;
    const full = join(this.cacheDir, key);
    try {
      if ((await stat(full)).isFile()) return full;
    } catch {
      // not cached yet
    }
    const body = await this.read(key);
    if (!body) return undefined;
    await mkdir(dirname(full), { recursive: true });
    const part = `${full}.${randomBytes(4).toString('hex')}.part`;
    await pipeline(body, createWriteStream(part));
    await rename(part, full);
    return full;
  }

  /** Closes the client's connections (tests, shutdown). */
  destroy() {
    this.client.destroy();
  }
}
