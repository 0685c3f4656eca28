import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from './s3';

// The S3 driver against s3rver, an S3-compatible server run by this test on a free port over a temp folder.
let dir: string;
let server: S3rver;
let storage: S3Storage;

const text = async (s: Readable | undefined) => {
  const chunks: Buffer[] = [];
  for await (const c of s!) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'anxue-s3-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', directory: join(dir, 's3'), silent: true, configureBuckets: [{ name: 'anxue-files', configs: [] }] });
  const { port } = await server.run();
  storage = new S3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'anxue-files',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    cacheDir: join(dir, 'cache'),
  });
});

afterAll(async () => {
  storage?.destroy();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('S3Storage', () => {
  it('saves under a safe generated name and reads it back whole, by range and by its first bytes', async () => {
    const path = await storage.save('../../etc/通知', '安全 手册.txt', Buffer.from('0123456789 安全第一'));
    expect(path).toMatch(/^etc\/安全_手册_\d+[0-9a-f]{16}\.txt$/);
    expect(await storage.stat(path)).toEqual({ size: Buffer.byteLength('0123456789 安全第一') });
    expect(await text(await storage.read(path))).toBe('0123456789 安全第一');
    expect(await text(await storage.read(path, { start: 2, end: 5 }))).toBe('2345');
    expect((await storage.head(path, 4))?.toString()).toBe('0123');
  });

  it('hands readers that need a file a local copy', async () => {
    const path = await storage.save('video', 'clip.mp4', Buffer.from('not really a video'));
    const local = await storage.resolve(path);
    expect(local?.startsWith(join(dir, 'cache'))).toBe(true);
    expect(await readFile(local!, 'utf8')).toBe('not really a video');
  });

  it('deletes a file, after which it is gone; unknown and unsafe paths are nothing', async () => {
    const path = await storage.save('temp', 'a.txt', Buffer.from('bye'));
    expect(await storage.delete(path)).toBe(true);
    expect(await storage.stat(path)).toBeUndefined();
    expect(await storage.read(path)).toBeUndefined();
    expect(await storage.delete(path)).toBe(false);
    expect(await storage.stat('../outside.txt')).toBeUndefined();
    expect(await storage.read('/etc/passwd')).toBeUndefined();
  });
});
