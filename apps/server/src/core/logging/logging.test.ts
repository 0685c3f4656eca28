import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, auth, CAPTCHA_TEXT, createTestApp, drawCaptcha, login, type TestApp } from '../../../test/helpers/test-app';
import { prettyLine, prettyStream, resolveLogFormat, withoutSecrets, writeRecord } from '.';

// The server's log as an operator reads it: one format, request lines at the level LOG_REQUESTS gives, no secrets.

function capture() {
  const lines: string[] = [];
  return {
    lines,
    stream: { write: (chunk: string) => void lines.push(...chunk.split('\n').filter(Boolean)) },
    records: () => lines.map((l) => JSON.parse(l) as Record<string, any>),
    text: () => lines.join('\n'),
  };
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('request lines', () => {
  it('by default (LOG_REQUESTS=debug at LOG_LEVEL=info) a successful request writes nothing, a refused one one JSON line', async () => {
    const log = capture();
    t = await createTestApp({}, { logger: { level: 'info', stream: log.stream } });
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(log.lines).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/no/such/thing' })).statusCode).toBe(404);
    const lines = log.records().filter((r) => r.res);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, msg: expect.stringMatching(/^GET \/api\/no\/such\/thing 404 \d+ms$/), res: { statusCode: 404 }, req: { method: 'GET', url: '/api/no/such/thing' } });
  });

  it('at LOG_LEVEL=debug every request is one line (no separate "incoming request" line)', async () => {
    const log = capture();
    t = await createTestApp({}, { logger: { level: 'debug', stream: log.stream } });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const lines = log.records().filter((r) => r.req);
    expect(lines.map((r) => [r.level, r.msg.replace(/\d+ms$/, 'ms')])).toEqual([
      [20, 'GET /api/health 200 ms'],
      [20, 'GET /api/health 200 ms'],
    ]);
  });

  it('LOG_REQUESTS=info writes each request at info; off writes none', async () => {
    const on = capture();
    t = await createTestApp({ LOG_REQUESTS: 'info' }, { logger: { level: 'info', stream: on.stream } });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(on.records().map((r) => [r.level, r.res?.statusCode])).toEqual([[30, 200]]);
    await t.close();

    const off = capture();
    t = await createTestApp({ LOG_REQUESTS: 'off' }, { logger: { level: 'debug', stream: off.stream } });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(off.records().filter((r) => r.req || r.res)).toEqual([]);
  });
});

describe('secrets never reach the log', () => {
  it('tokens, cookies, passwords and secret query values are masked in request lines and in what code logs', async () => {
    const log = capture();
    t = await createTestApp({ LOG_REQUESTS: 'info' }, { logger: { level: 'debug', stream: log.stream } });
    const token = await login(t.app);
    // a password sent as a query parameter (the original's forgotten-password call does) and a token in the URL
    await t.app.inject({ method: 'GET', url: '/api/sys/user/list?password=Query-Secret-1&token=Url-Token-1&realname=x', headers: { ...auth(token), authorization: 'Bearer Header-Secret-1', cookie: 'sid=Cookie-Secret-1' } });
    // a failed sign-in: its body carries a password
    const checkKey = await drawCaptcha(t.app);
    await t.app.inject({ method: 'POST', url: '/api/sys/userLogin', payload: { username: 'admin', password: 'Wrong-Password-1', captcha: CAPTCHA_TEXT, checkKey } });
    // code that logs a request's headers or a form
    t.app.log.warn({ headers: { authorization: 'Bearer Logged-Secret-1', 'x-access-token': token, cookie: 'a=Logged-Cookie-1' }, form: { username: 'u', password: 'Form-Password-1', oldpassword: 'Old-Password-1', nested: [{ dbPassword: 'Db-Password-1', secretKey: 'Key-1' }] } }, 'something happened');

    const text = log.text();
    for (const secret of [token, ADMIN_PASSWORD, 'Query-Secret-1', 'Url-Token-1', 'Header-Secret-1', 'Cookie-Secret-1', 'Wrong-Password-1', 'Logged-Secret-1', 'Logged-Cookie-1', 'Form-Password-1', 'Old-Password-1', 'Db-Password-1', 'Key-1']) {
      expect(text).not.toContain(secret);
    }
    const list = log.records().find((r) => r.req?.url?.startsWith('/api/sys/user/list'));
    expect(list?.req.url).toBe('/api/sys/user/list?password=******&token=******&realname=x');
    const logged = log.records().find((r) => r.msg === 'something happened');
    expect(logged).toMatchObject({ headers: { authorization: '******', 'x-access-token': '******', cookie: '******' }, form: { username: 'u', password: '******', nested: [{ dbPassword: '******', secretKey: '******' }] } });
    // every line is one JSON record
    expect(log.lines.length).toBeGreaterThan(3);
  });

  it('masking copies: the logged object itself is left as it was', () => {
    const form = { username: 'u', password: 'p', list: [{ token: 't' }] };
    const clean = withoutSecrets(form);
    expect(clean).toEqual({ username: 'u', password: '******', list: [{ token: '******' }] });
    expect(form).toEqual({ username: 'u', password: 'p', list: [{ token: 't' }] });
  });
});

describe('the readable format', () => {
  it('is chosen on a terminal and by LOG_FORMAT; JSON lines otherwise', () => {
    expect(resolveLogFormat(undefined, { isTTY: true })).toBe('pretty');
    expect(resolveLogFormat(undefined, { isTTY: false })).toBe('json');
    expect(resolveLogFormat('json', { isTTY: true })).toBe('json');
    expect(resolveLogFormat('pretty', { isTTY: false })).toBe('pretty');
  });

  it('writes the server records as time, level, message and fields, without JSON', async () => {
    const out: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (out.push(String(chunk)), done()) });
    t = await createTestApp({ LOG_REQUESTS: 'info' }, { logger: { level: 'info', stream: prettyStream(sink) } });
    await t.app.inject({ method: 'GET', url: '/api/health?token=abc' });
    const line = out.join('').trim();
    expect(line).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}GET \/api\/health\?token=\*{6} 200 \d+ms {2}from=127\.0\.0\.1 reqId=req-\d+$/);
    expect(line).not.toContain('abc');
  });

  it('shows an error with its stack under the line', () => {
    const err = new Error('disk full');
    const line = prettyLine({ level: 50, time: Date.UTC(2026, 0, 2, 3, 4, 5), msg: 'upload failed', err: { type: 'Error', message: err.message, stack: err.stack }, path: 'a b.txt' });
    expect(line.split('\n')[0]).toMatch(/^\d\d:\d\d:05\.000 ERROR upload failed {2}err="disk full" path="a b.txt"$/);
    expect(line).toContain('\n    Error: disk full\n    ');
  });

  it("the start's own lines are one record each, in the same format", () => {
    const json: string[] = [];
    const jsonOut = new Writable({ write: (chunk, _enc, done) => (json.push(String(chunk)), done()) });
    writeRecord('json', 'warn', 'First start: password: Xy12', {}, { out: jsonOut });
    expect(json).toHaveLength(1);
    expect(JSON.parse(json[0]!)).toMatchObject({ level: 40, msg: 'First start: password: Xy12', pid: process.pid });

    const pretty: string[] = [];
    const prettyOut = new Writable({ write: (chunk, _enc, done) => (pretty.push(String(chunk)), done()) });
    writeRecord('pretty', 'warn', 'one line', {}, { out: prettyOut, text: 'Demo accounts:\n  a password: 1\n  b password: 2' });
    expect(pretty.join('')).toMatch(/^\d\d:\d\d:\d\d\.\d{3} WARN {2}Demo accounts:\n {2}a password: 1\n {2}b password: 2\n$/);
  });
});
