import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, login, type TestApp } from './helpers/test-app';

// Issue 10: headers of the HTML page, bodies that are not valid UTF-8 or are empty, and refusals from
// Node's HTTP parser, all answered in the envelope.

describe('the HTML page', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'anxue-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>%APP_TITLE%</title><script type="module" src="/assets/app.js"></script></head><body></body></html>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("app")');
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('is sent with a Content-Security-Policy that runs no inline script, nosniff and same-origin referrers', async () => {
    for (const url of ['/', '/index.html', '/system/user']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
      expect(directives['script-src']).toEqual(["'self'"]);
      expect(directives['frame-ancestors']).toEqual(["'self'"]);
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(directives['base-uri']).toEqual(["'self'"]);
      expect(directives['default-src']).toEqual(["'self'"]);
      expect(directives['connect-src']).toEqual(["'self'", 'ws:', 'wss:']);
      expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      // No inline script left in the page: every <script> either has a src or is a JSON data block.
      for (const tag of res.body.match(/<script[^>]*>/g) ?? []) expect(tag).toMatch(/\bsrc=|type="application\/json"/);
    }
  });

  it('API answers and built files carry nosniff too', async () => {
    for (const url of ['/api/health', '/assets/app.js', '/api/nothing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
    }
  });
});

describe('request bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a JSON body that is not valid UTF-8 → 400 in the envelope', async () => {
    const bad = Buffer.concat([Buffer.from('{"username":"adm'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('","password":"x"}')]);
    const res = await t.app.inject({ method: 'POST', url: '/api/sys/userLogin', payload: bad, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 500, message: '请求内容不是有效的 UTF-8 编码', result: null });
  });

  it('an empty JSON body counts as no body for every route; malformed JSON is still 400', async () => {
    const token = await login(t.app);
    // A route without a body answers as without a body.
    const none = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(none.json()).toMatchObject({ success: true });
    // A route that needs a body names the missing field instead of calling the JSON broken.
    // (a validation refusal, so HTTP 200 with success false)
    const noBody = await t.app.inject({ method: 'POST', url: '/api/sys/userLogin', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(noBody.statusCode).toBe(200);
    expect(noBody.json()).toMatchObject({ success: false, code: 500, message: '请求体：无效输入：期望 object，实际接收 空值(null)', result: null });
    const broken = await t.app.inject({ method: 'POST', url: '/api/sys/logout', headers: { ...auth(token), 'content-type': 'application/json' }, payload: '{' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ success: false, message: '请求内容不是有效的 JSON' });
    const poisoned = await t.app.inject({ method: 'POST', url: '/api/sys/userLogin', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"x":1}}' });
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json().success).toBe(false);
  });
});

describe('refusals of the HTTP parser (a listening server)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  function raw(request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (c) => (data += c));
      socket.on('end', () => resolve(data));
      socket.on('close', () => resolve(data));
      socket.on('error', (e) => (data ? resolve(data) : reject(e)));
      socket.write(request);
    });
  }

  function parse(answer: string) {
    const [head, body] = answer.split('\r\n\r\n');
    const status = Number(head.split(' ')[1]);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1]);
    return { status, head, body, length };
  }

  it('header fields too large → 431 in the envelope', async () => {
    const answer = parse(await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: 500, message: '请求头过大', result: null });
    expect(answer.length).toBe(Buffer.byteLength(answer.body));
  });

  it('a broken request → 400 in the envelope', async () => {
    const answer = parse(await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, message: '请求参数不正确' });
  });

  it('ordinary requests still work on the same server', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { success: boolean }).success).toBe(true);
  });
});
