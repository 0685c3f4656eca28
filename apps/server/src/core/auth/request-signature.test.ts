import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, injectUnsigned, login, type TestApp } from '../../../test/helpers/test-app';

// The calls the original server checks the signature of (its signUrls and @SignatureCheck calls) are
// refused here too without a right, fresh X-Sign; the signature is computed independently of the server.
const SECRET = 'dictionary-signature-test';
let t: TestApp;
let admin: string;

const md5Sign = (params: Record<string, string>, secret = SECRET) =>
  createHash('md5')
    .update(JSON.stringify(Object.fromEntries(Object.keys(params).sort().map((k) => [k, params[k]]))) + secret)
    .digest('hex')
    .toUpperCase();

const get = (url: string, headers: Record<string, string> = {}) =>
  injectUnsigned(t.app, { method: 'GET', url: `/api${url}`, headers: { ...auth(admin), ...headers } }).then((r) => ({ status: r.statusCode, body: r.json() }));
const now = () => t.clock.now().getTime();

beforeAll(async () => {
  t = await createTestApp({ SIGNATURE_SECRET: SECRET });
  admin = await login(t.app);
});
afterAll(() => t.close());

describe('signed dictionary calls', () => {
  it('getDictItems answers only with a right signature of the last 300 s', async () => {
    expect((await get('/sys/dict/getDictItems/sex')).body).toMatchObject({ success: false, code: 500, message: 'Sign签名校验失败，请求参数不完整！' });
    const sign = md5Sign({});
    expect((await get('/sys/dict/getDictItems/sex', { 'x-sign': sign, 'x-timestamp': String(now() - 301_000) })).body).toMatchObject({
      success: false,
      message: '签名验证失败，请求时效性验证失败！',
    });
    expect((await get('/sys/dict/getDictItems/sex', { 'x-sign': md5Sign({}, 'not-the-secret'), 'x-timestamp': String(now()) })).body).toMatchObject({
      success: false,
      message: 'Sign签名校验失败！',
    });
    const fine = await get('/sys/dict/getDictItems/sex', { 'x-sign': sign, 'x-timestamp': String(now() - 60_000) });
    expect(fine.body).toMatchObject({ success: true });
    expect(fine.body.result.length).toBeGreaterThan(0);
  });

  it('a table dictionary signs its comma path as x-path-variable, and the query parameters', async () => {
    const dict = 'sys_user,realname,username';
    const ok = await get(`/sys/dict/loadDict/${dict}?keyword=${encodeURIComponent('管理')}&pageSize=5&_t=1`, {
      'x-sign': md5Sign({ 'x-path-variable': dict, keyword: '管理', pageSize: '5' }),
      'x-timestamp': String(now()),
    });
    expect(ok.body).toMatchObject({ success: true, result: [expect.objectContaining({ value: 'admin' })] });
    // the same signature for another keyword is refused
    const altered = await get(`/sys/dict/loadDict/${dict}?keyword=xyz&pageSize=5`, {
      'x-sign': md5Sign({ 'x-path-variable': dict, keyword: '管理', pageSize: '5' }),
      'x-timestamp': String(now()),
    });
    expect(altered.body).toMatchObject({ success: false, message: 'Sign签名校验失败！' });
  });

  it('loadDictItem and loadTreeData are signed calls; unsigned calls elsewhere are not refused', async () => {
    expect((await get('/sys/dict/loadDictItem/sex?key=1')).body.message).toBe('Sign签名校验失败，请求参数不完整！');
    expect((await get('/sys/dict/loadTreeData?tableName=sys_category&text=name&code=id&pid=0')).body.message).toBe('Sign签名校验失败，请求参数不完整！');
    expect((await get('/sys/dict/loadDictItem/sex?key=1', { 'x-sign': md5Sign({ key: '1' }), 'x-timestamp': String(now()) })).body).toMatchObject({
      success: true,
      result: ['男'],
    });
    expect((await get('/sys/dict/queryAllDictItems')).body.success).toBe(true);
  });

  it('a missing token is still a 401 before the signature is looked at', async () => {
    const res = await injectUnsigned(t.app, { method: 'GET', url: '/api/sys/dict/getDictItems/sex' });
    expect(res.statusCode).toBe(401);
  });
});
