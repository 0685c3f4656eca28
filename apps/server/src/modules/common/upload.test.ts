import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, login, type TestApp } from '../../../test/helpers/test-app';

// The upload abuse suite: wrong types, oversized files, traversal names, script posing as an image.
// None may be stored, and nothing stored may come back as active content.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function form(parts: Array<{ name: string; value?: string; filename?: string; data?: Buffer; type?: string }>) {
  const boundary = '----anxue' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if (p.filename !== undefined) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        p.data ?? Buffer.alloc(0),
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value ?? ''}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

let t: TestApp;
let admin: string;
const uploadRoot = () => join(t.config.dataDir, 'upload');

function storedFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string, prefix = '') => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name), `${prefix}${e.name}/`);
      else out.push(`${prefix}${e.name}`);
    }
  };
  walk(uploadRoot());
  return out;
}

async function upload(file: { filename: string; data: Buffer; type?: string }, fields: Record<string, string> = {}, token = admin) {
  const { payload, contentType } = form([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', ...file },
  ]);
  return t.app.inject({ method: 'POST', url: '/api/sys/common/upload', payload, headers: { ...auth(token), 'content-type': contentType } });
}

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_MB: '1' });
  admin = await login(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('POST /sys/common/upload', () => {
  it('stores an image under its biz folder and answers the relative path in message', async () => {
    const res = await upload({ filename: '头像.png', data: PNG, type: 'image/png' }, { biz: 'avatar', isup: '1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.message).toMatch(/^avatar\/头像_\d+[0-9a-f]{16}\.png$/);
    expect(body.result).toMatchObject({ path: body.message, name: '头像.png', size: PNG.length, type: 'image/png' });
    expect(storedFiles()).toContain(body.message);
  });

  it('puts editor images in the jeditor folder whatever biz says', async () => {
    const res = await upload({ filename: 'a.jpg', data: JPEG }, { biz: 'other', jeditor: '1' });
    expect(res.json().message).toMatch(/^jeditor\//);
  });

  it('accepts documents whose content matches their extension', async () => {
    const res = await upload({ filename: '说明.pdf', data: PDF });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/^temp\/说明_.*\.pdf$/);
  });

  it('requires a signed-in user', async () => {
    const { payload, contentType } = form([{ name: 'file', filename: 'a.png', data: PNG }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/sys/common/upload', payload, headers: { 'content-type': contentType } });
    expect(res.statusCode).toBe(401);
  });
});

describe('upload abuse', () => {
  const refused = [
    { what: 'an HTML page', filename: 'x.html', data: Buffer.from('<html><script>alert(1)</script></html>'), message: '不允许上传该类型的文件: .html' },
    { what: 'an SVG with script', filename: 'x.svg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), message: '不允许上传该类型的文件: .svg' },
    { what: 'script posing as a png', filename: 'x.png', data: Buffer.from('<script>alert(document.cookie)</script>'), message: '文件内容与扩展名不符' },
    { what: 'HTML posing as a jpg', filename: 'x.jpg', data: Buffer.from('<!doctype html><img src=x onerror=alert(1)>'), message: '文件内容与扩展名不符' },
    { what: 'a png with markup inside (polyglot)', filename: 'x.png', data: Buffer.concat([PNG, Buffer.from('<script>alert(1)</script>')]), message: '文件内容与扩展名不符' },
    { what: 'HTML posing as text', filename: 'x.txt', data: Buffer.from('<html><body onload=alert(1)>'), message: '文件内容与扩展名不符' },
    { what: 'a javascript: link as text', filename: 'x.txt', data: Buffer.from('click javascript:alert(1)'), message: '文件内容与扩展名不符' },
    { what: 'an executable', filename: 'x.exe', data: Buffer.from('MZ\x90\x00\x03'), message: '不允许上传该类型的文件: .exe' },
    { what: 'a shell script', filename: 'x.sh', data: Buffer.from('#!/bin/sh\nrm -rf /'), message: '不允许上传该类型的文件: .sh' },
    { what: 'a php file renamed to png', filename: 'x.php.png', data: Buffer.from('<?php system($_GET["c"]); ?>'), message: '文件内容与扩展名不符' },
    { what: 'a pdf named .png', filename: 'x.png', data: PDF, message: '文件内容与扩展名不符' },
    { what: 'a png named .pdf', filename: 'x.pdf', data: PNG, message: '文件内容与扩展名不符' },
    { what: 'no extension', filename: 'README', data: Buffer.from('hello'), message: '不允许上传该类型的文件' },
    { what: 'an empty file', filename: 'x.txt', data: Buffer.alloc(0), message: '文件为空' },
  ];
  for (const c of refused) {
    it(`refuses ${c.what} and stores nothing`, async () => {
      const before = storedFiles();
      const res = await upload({ filename: c.filename, data: c.data });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: false, message: c.message, result: null });
      expect(storedFiles()).toEqual(before);
    });
  }

  it('refuses a file over the size limit with the limit in the message', async () => {
    const before = storedFiles();
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10, 0)]);
    const res = await upload({ filename: 'big.png', data: big });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, message: '文件大小超出1MB限制' });
    expect(storedFiles()).toEqual(before);
  });

  it('answers 未上传任何文件 when no file part is sent', async () => {
    const { payload, contentType } = form([{ name: 'biz', value: 'temp' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/sys/common/upload', payload, headers: { ...auth(admin), 'content-type': contentType } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, message: '未上传任何文件' });
  });

  it('keeps traversal in biz and file names inside the upload folder', async () => {
    for (const [biz, filename] of [
      ['../../etc', '../../../evil.png'],
      ['..\\..\\windows', '..\\..\\evil.png'],
      ['/abs/olute', '/tmp/evil.png'],
      ['%2e%2e/%2e%2e', 'a/../../b.png'],
    ]) {
      const res = await upload({ filename, data: PNG }, { biz });
      expect(res.statusCode).toBe(200);
      const path: string = res.json().message;
      expect(path).not.toContain('..');
      expect(path.startsWith('/')).toBe(false);
      expect(storedFiles()).toContain(path);
    }
    expect(existsSync(join(t.config.dataDir, 'evil.png'))).toBe(false);
    expect(existsSync(join(t.config.dataDir, '..', 'evil.png'))).toBe(false);
  });
});

describe('reading files back', () => {
  let imagePath: string;
  let pdfPath: string;
  beforeAll(async () => {
    imagePath = (await upload({ filename: 'p.png', data: PNG })).json().message;
    pdfPath = (await upload({ filename: 'd.pdf', data: PDF })).json().message;
  });

  it('serves an image inline with its type, nosniff and a sandbox policy', async () => {
    const res = await t.app.inject({ url: `/api/sys/common/static/${imagePath}`, headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it('sends other files as downloads only', async () => {
    const res = await t.app.inject({ url: `/api/sys/common/static/${pdfPath}`, headers: auth(admin) });
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('needs a token for /static, but shows images to anyone through /view', async () => {
    expect((await t.app.inject({ url: `/api/sys/common/static/${imagePath}` })).statusCode).toBe(401);
    const view = await t.app.inject({ url: `/api/sys/common/view/${encodeURI(imagePath)}` });
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('image/png');
  });

  it('never shows a non-image through /view', async () => {
    const res = await t.app.inject({ url: `/api/sys/common/view/${pdfPath}` });
    // a file address (an <img> tag, a download) is refused by its HTTP status
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ success: false, code: 404, message: '文件不存在', result: null });
  });

  it('reads nothing outside the upload folder', async () => {
    // A literal ../ is resolved away with the URL, leaving an unknown route; anything else reaches the
    // route, which answers 文件不存在. Both are HTTP 404: file addresses keep their status.
    const unknownRoute = { status: 404, message: '路径不存在，请检查路径是否正确' };
    const noFile = { status: 404, message: '文件不存在' };
    for (const [p, expected] of [
      ['../app.db', unknownRoute],
      ['..%2fapp.db', noFile],
      ['%2e%2e%2fapp.db', noFile],
      ['....//app.db', noFile],
      ['/etc/passwd', noFile],
      ['%2fetc%2fpasswd', noFile],
      ['temp/../../app.db', unknownRoute],
    ] as const) {
      for (const route of ['static', 'view']) {
        const res = await t.app.inject({ url: `/api/sys/common/${route}/${p}`, headers: auth(admin) });
        expect(res.statusCode, `${route}/${p}`).toBe(expected.status);
        expect(res.headers['content-type'], `${route}/${p}`).toContain('application/json');
        expect(res.json(), `${route}/${p}`).toMatchObject({ success: false, code: 404, message: expected.message, result: null });
      }
    }
  });
});
