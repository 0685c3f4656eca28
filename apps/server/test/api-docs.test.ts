import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, login, type TestApp } from './helpers/test-app';

// Issue 10: the API document is not handed to anonymous visitors. API_DOCS=off (default): not served;
// on: signed-in users only; public: anyone (development).

describe('API_DOCS unset (off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 in the envelope for the page and the document, even to a signed-in user', async () => {
    const token = await login(t.app);
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
      for (const headers of [{}, auth(token)]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: 404 });
      }
    }
  });
});

describe('API_DOCS=on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ API_DOCS: 'on' });
  });
  afterAll(() => t.close());

  it('refuses the page and the document without a token (401 in the envelope)', async () => {
    for (const url of ['/api/docs/', '/api/docs/json', '/api/docs/yaml']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 401 });
      expect(res.body).not.toContain('/api/sys/userLogin');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: auth('a.b.c') })).statusCode).toBe(401);
  });

  it('serves them to a signed-in user', async () => {
    const token = await login(t.app);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/', headers: auth(token) });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/https?:\/\/(cdn|unpkg)/);
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: auth(token) });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths).toHaveProperty('/api/sys/userLogin');
  });
});

describe('API_DOCS=public', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ API_DOCS: 'public' });
  });
  afterAll(() => t.close());

  it('serves the page and the document without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths).toHaveProperty('/api/sys/userLogin');
  });
});
