import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, login, type TestApp } from '../../../test/helpers/test-app';
import { ONLY_STORED_PDF } from './pdf-preview';

// The PDF viewer page of the original's iframes (/sys/common/pdf/pdfPreviewIframe): answered for a file
// of our storage, refused for anything else (an address elsewhere would make the page an open proxy);
// the file's bytes come only to a signed-in user, through the file preview route.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const VIEWER = '<!doctype html><html><head><title>%APP_TITLE%</title></head><body><div id="pdf-viewer"></div><script type="module" src="/assets/pdf-viewer.js"></script></body></html>';

let t: TestApp;
let dist: string;
let stored: string;

beforeAll(async () => {
  // a built web app holding the viewer page (the real one is apps/web/pdf-viewer.html built by Vite)
  dist = mkdtempSync(join(tmpdir(), 'anxue-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dist, 'pdf-viewer.html'), VIEWER);
  t = await createTestApp({ WEB_DIST: dist });
  stored = await t.app.ctx.storage.save('demo', '安全手册.pdf', PDF);
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const viewer = (file: string) => t.app.inject({ method: 'GET', url: `/api/sys/common/pdf/pdfPreviewIframe?file=${encodeURIComponent(file)}` });

describe('PDF 预览页', () => {
  it('answers the viewer page for a stored file, under the page CSP and with the API address', async () => {
    const res = await viewer(stored);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.body).toContain('<div id="pdf-viewer">');
    expect(res.body).toContain('"apiBase":"/api"');
    // the page names no file of its own: it reads the one in its address
    expect(res.body).not.toContain(stored);
  });

  it('serves the viewer page only through the route, never as a plain file', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pdf-viewer.html' });
    expect(res.body).not.toContain('<div id="pdf-viewer">');
  });

  it('refuses any address that is not a path of our storage', async () => {
    for (const file of ['http://169.254.169.254/latest/meta-data', 'https://example.com/a.pdf', '//example.com/a.pdf', 'file:///etc/passwd', '/etc/passwd', '../../etc/passwd', 'demo/../../secret.pdf', 'C:\\boot.ini']) {
      const res = await viewer(file);
      expect(res.statusCode, file).toBe(400);
      expect(res.json().message, file).toBe(ONLY_STORED_PDF);
    }
  });

  it('gives the file to a signed-in user only', async () => {
    const url = `/api/sys/common/static/${stored.split('/').map(encodeURIComponent).join('/')}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url, headers: auth(await login(t.app)) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
