import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, login, type TestApp } from '../../../test/helpers/test-app';

// Lesson videos are larger than other uploads: their own limit (UPLOAD_VIDEO_MAX_MB), the content still checked.
const SAMPLE = readFileSync(fileURLToPath(new URL('../../../assets/students/crossing.webm', import.meta.url)));
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const MB = 1024 * 1024;
let t: TestApp;
let admin: string;

function upload(name: string, data: Buffer) {
  const boundary = '----anxue' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\nstudents\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return t.app.inject({
    method: 'POST',
    url: '/api/sys/common/upload',
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { ...auth(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}
const padded = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length)]);

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_MB: '1', UPLOAD_VIDEO_MAX_MB: '3' });
  admin = await login(t.app);
});
afterAll(() => t.close());

describe('video uploads', () => {
  it('takes a video above the general limit and up to its own', async () => {
    const res = await upload('lesson.webm', padded(SAMPLE, 2 * MB));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, result: { size: 2 * MB, type: 'video/webm' } });
  });

  it('refuses a larger video, and any other file above the general limit', async () => {
    const big = await upload('lesson.webm', padded(SAMPLE, 4 * MB));
    expect(big.statusCode).toBe(200);
    expect(big.json()).toMatchObject({ success: false, message: '文件大小超出3MB限制' });
    const picture = await upload('poster.png', padded(PNG, 2 * MB));
    expect(picture.statusCode).toBe(200);
    expect(picture.json()).toMatchObject({ success: false, message: '文件大小超出1MB限制' });
  });

  it('does not let a file named like a video through without video content', async () => {
    const fake = await upload('lesson.webm', padded(PNG, 2 * MB));
    expect(fake.statusCode).toBe(200);
    expect(fake.json().success).toBe(false);
  });
});
