import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, login, type TestApp } from '../../../test/helpers/test-app';

// The built app's files: a file the build compressed goes out compressed to a browser that takes brotli
// or gzip, as it is to one that does not; hashed assets are cached for a year, other files revalidated.
const SCRIPT = `export const big = ${JSON.stringify('安学云'.repeat(2000))};\n`;

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'anxue-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>%APP_TITLE%</title></head><body><div id="root"></div><script type="module" src="/assets/app-1a2b3c.js"></script></body></html>');
  writeFileSync(join(dist, 'assets', 'app-1a2b3c.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets', 'app-1a2b3c.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dist, 'assets', 'small-9f8e7d.css'), 'body{margin:0}');
  writeFileSync(join(dist, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
  writeFileSync(join(dist, 'assets', '.hidden.js'), 'export {};');
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the built app’s files', () => {
  it('sends a compressed file to a browser that takes brotli or gzip, and the plain file otherwise', async () => {
    const br = await get('/assets/app-1a2b3c.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(String(br.headers.vary ?? '')).toMatch(/accept-encoding/i);

    const gz = await get('/assets/app-1a2b3c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    for (const res of [br, gz, plain]) expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the page itself compressed to a browser that takes it, the same page as the plain one', async () => {
    for (const path of ['/', '/user/login', '/students/courseList']) {
      const plain = await get(path);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('<div id="root">');
      const br = await get(path, 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/text\/html/);
      expect(String(br.headers.vary ?? '')).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gz = await get(path, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('sends a file the build left uncompressed as it is, and revalidates files outside assets/', async () => {
    const css = await get('/assets/small-9f8e7d.css', 'gzip, deflate, br');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body).toBe('body{margin:0}');
    const icon = await get('/favicon.ico', 'br');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBeUndefined();
  });

  it('answers a path that is no built file as any unknown path: 404 in the envelope, or the page for a page path', async () => {
    for (const url of ['/assets/missing-0a1b2c.js', '/assets/.hidden.js', '/assets/..%2findex.html', '/assets/..%2f..%2fpackage.json', '/.env.js', '/assets/app-1a2b3c.js/x.js']) {
      for (const encoding of [undefined, 'br, gzip']) {
        const res = await get(url, encoding);
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ success: false, code: 404 });
      }
    }
    // no extension: a client-side route, as /students is
    for (const url of ['/assets/somewhere', '/assets/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/assets/small-9f8e7d.css' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('the page’s title from the first paint', () => {
  const page = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const config = JSON.parse(/<script type="application\/json" id="app-config">(.*?)<\/script>/.exec(res.body)![1]!) as Record<string, unknown>;
    return { title: /<title>(.*?)<\/title>/.exec(res.body)![1], config };
  };

  it('is the product name until 系统设置 names the install, then that name at once on every page path, escaped', async () => {
    const first = await page('/');
    expect(first.title).toBe('安学云');
    expect(Object.keys(first.config).filter((k) => k.startsWith('site') || k === 'footerText')).toEqual([]);
    const admin = await login(t.app);
    await apiCall(t.app, admin, 'PUT', '/sys/setting/edit', { siteName: '实验中学 <安全> & “教育”', footerText: '实验中学 版权所有' });
    for (const url of ['/', '/index.html', '/students/classStats', '/user/login']) {
      const { title, config } = await page(url);
      expect(title, url).toBe('实验中学 &lt;安全&gt; &amp; “教育”');
      // the page's own code starts from the same name and footer (no flash of the product's)
      expect(config, url).toMatchObject({ title: '安学云', siteName: '实验中学 <安全> & “教育”', footerText: '实验中学 版权所有' });
      expect(config.siteLogo, url).toBeUndefined();
    }
    // the JSON block cannot be closed by a name
    expect((await get('/')).body).not.toContain('<安全>');
    // cleared: the product name again, on the next page load
    await apiCall(t.app, admin, 'PUT', '/sys/setting/edit', { siteName: '', footerText: '' });
    const cleared = await page('/students');
    expect(cleared.title).toBe('安学云');
    expect(cleared.config.siteName).toBeUndefined();
  });
});
