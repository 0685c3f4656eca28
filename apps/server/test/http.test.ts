import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, auth, createTestApp, login, type TestApp } from './helpers/test-app';

const STACK = /\bat .+\(.+:\d+:\d+\)|node_modules|\.ts:\d+/;

describe('answers to bad requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.app.get('/api/test/boom', { config: { public: true } }, async () => {
      throw new Error('secret internal detail');
    });
  });
  afterAll(() => t.close());

  it('malformed JSON → 400 in the envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sys/userLogin', payload: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 500, message: '请求内容不是有效的 JSON', result: null });
    expect(typeof res.json().timestamp).toBe('number');
  });

  it('a wrong type is refused with a Chinese message naming the field', async () => {
    // a number would be read as its text, as the original's JSON reader does; an object is no text at all
    const res = await t.app.inject({ method: 'POST', url: '/api/sys/userLogin', payload: { username: { name: 'admin' }, password: 'x' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, code: 500, result: null });
    expect(res.json().message).toMatch(/^参数 username：.*[\u4e00-\u9fa5]/);
  });

  it('a missing field says it may not be empty', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sys/userLogin', payload: { username: 'admin' } });
    expect(res.json().message).toBe('参数 password：不能为空');
  });

  it('an oversized body → 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sys/userLogin',
      payload: JSON.stringify({ username: 'admin', password: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: '请求内容过大' });
  });

  it('an unknown API route → 404 路径不存在', async () => {
    for (const [method, url] of [['GET', '/api/sys/nothing'], ['POST', '/api/sys/userLogin/extra'], ['DELETE', '/api/sys/userLogin']] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 404, message: '路径不存在，请检查路径是否正确' });
    }
  });

  it('an internal fault → 500 with the generic message and no detail or stack trace', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ success: false, code: 500, message: '操作失败，服务器内部错误' });
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toMatch(STACK);
  });

  it('no error answer carries a stack trace', async () => {
    const token = await login(t.app);
    // [answer, the HTTP status it keeps]: refusals of the request itself and token problems keep
    // theirs, business refusals (validation included) answer HTTP 200 with success false.
    const probes = [
      [t.app.inject({ method: 'POST', url: '/api/sys/userLogin', payload: '[1,2', headers: { 'content-type': 'application/json' } }), 400],
      [t.app.inject({ method: 'POST', url: '/api/sys/userLogin', payload: 'x', headers: { 'content-type': 'application/xml' } }), 415],
      [t.app.inject({ method: 'POST', url: '/api/sys/selectDepart', payload: { orgCode: ['A01'] }, headers: auth(token) }), 200],
      [t.app.inject({ method: 'GET', url: '/api/sys/randomImage/' + 'x'.repeat(200) }), 200],
      [t.app.inject({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken', headers: auth('a.b.c') }), 401],
    ] as const;
    for (const [answer, status] of probes) {
      const res = await answer;
      expect(res.statusCode).toBe(status);
      expect(res.json().success).toBe(false);
      expect(res.json().message).not.toBe('操作失败，服务器内部错误');
      expect(res.body).not.toMatch(STACK);
    }
  });

  it('health answers without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ success: true, result: { status: 'UP' } });
  });

  it('without a built web app, / says to run npm run build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.body).toContain('npm run build');
  });
});

describe('the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'anxue-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>%APP_TITLE%</title><script type="module" src="/assets/app.js"></script></head><body></body></html>',
    );
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("app")');
    t = await createTestApp({ WEB_DIST: dist, APP_TITLE: '测试<标题>', LOGIN_CAPTCHA: 'off', SIGNATURE_SECRET: 'test-signature-secret' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html with the runtime config before the first script and the title filled in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>测试&lt;标题&gt;</title>');
    // A JSON data block, not an inline script: the page's CSP runs no inline script.
    const config = '<script type="application/json" id="app-config">{"apiBase":"/api","title":"测试\\u003c标题\\u003e","captcha":false,"signatureSecret":"test-signature-secret"}</script>';
    expect(res.body).toContain(`${config}<script type="module"`);
  });

  it('falls back to index.html for page paths, not for API paths or missing files', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/system/info?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="app-config"');
    expect((await t.app.inject({ method: 'GET', url: '/index.html' })).body).toContain('id="app-config"');
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('serves built files as they are, cached for long', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("app")');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('with LOGIN_CAPTCHA=off, signs in without a captcha', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sys/userLogin', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(res.json().success).toBe(true);
  });
});
