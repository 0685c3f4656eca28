import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { LOCK_MS } from '../src/core/auth';
import { apiCall, auth, CAPTCHA_TEXT, createTestApp, createUser, drawCaptcha, login, signInjectedCalls, type TestApp } from './helpers/test-app';

// Issue 18, several nodes: two apps on one database (and one Redis when TEST_REDIS_URL is set) share what a
// user's session depends on. Without Redis the database carries it; with Redis it lives there, and the test
// checks that it does.
const redisUrl = process.env.TEST_REDIS_URL;
const modes = [
  { name: 'on one database', env: {} as Record<string, string> },
  ...(redisUrl ? [{ name: 'on one database and one Redis', env: { REDIS_URL: redisUrl } }] : []),
];

const jtiOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti as string;

describe.each(modes)('two nodes $name', ({ env }) => {
  let a: TestApp;
  let nodeB: FastifyInstance;
  let redis: Redis | undefined;
  let admin = '';

  beforeAll(async () => {
    a = await createTestApp(env);
    // node B's own database object on the same connections: nothing a node keeps per database (its caches) is shared
    const dbB = a.db.withPlugin({ transformQuery: (args) => args.node, transformResult: async (args) => args.result });
    nodeB = await buildApp(a.config, { database: { db: dbB, dialect: a.dialect, close: async () => {} }, clock: a.clock, captchaText: () => CAPTCHA_TEXT, logger: false });
    await nodeB.ready();
    // node B's calls signed as the clients sign them, like node A's
    signInjectedCalls(nodeB);
    if (env.REDIS_URL) redis = new Redis(env.REDIS_URL);
    admin = await login(a.app);
  });
  afterAll(async () => {
    redis?.disconnect();
    await nodeB?.close();
    await a?.close();
  });

  const redisKeys = async (pattern: string) => (redis ? redis.keys(`${a.config.redisPrefix}${pattern}`) : []);
  const onB = (token: string, url: string) => nodeB.inject({ method: 'GET', url: `/api${url}`, headers: auth(token) });

  it('refuses on node B a token signed out on node A, at once', async () => {
    await createUser(a.db, { username: 'node_out', password: 'NodeOut#2026' });
    const token = await login(a.app, 'node_out', 'NodeOut#2026');
    expect((await onB(token, '/sys/user/getUserInfo')).statusCode).toBe(200);
    if (redis) expect(await redis.get(`${a.config.redisPrefix}token:${jtiOf(token)}`)).toMatch(/ \d+$/);
    expect((await a.app.inject({ method: 'POST', url: '/api/sys/logout', headers: auth(token) })).json().success).toBe(true);
    expect((await onB(token, '/sys/user/getUserInfo')).statusCode).toBe(401);
  });

  it('refuses on node B a session an administrator forced out on node A', async () => {
    await createUser(a.db, { username: 'node_forced', password: 'NodeForced#2026' });
    const token = await login(nodeB, 'node_forced', 'NodeForced#2026');
    expect((await onB(token, '/sys/user/getUserInfo')).statusCode).toBe(200);
    const list = await apiCall(a.app, admin, 'GET', '/sys/online/list?username=node_forced');
    // the session a node B sign-in started is listed on node A
    expect(list.body.result.records).toHaveLength(1);
    const forced = await apiCall(a.app, admin, 'POST', '/sys/online/forceLogout', { token: list.body.result.records[0].token });
    expect(forced.body).toMatchObject({ success: true });
    expect((await onB(token, '/sys/user/getUserInfo')).statusCode).toBe(401);
    expect((await apiCall(a.app, admin, 'GET', '/sys/online/list?username=node_forced')).body.result.records).toHaveLength(0);
  });

  it('sees on node B a role taken away on node A at the next request', async () => {
    const userId = await createUser(a.db, { username: 'node_role', password: 'NodeRole#2026', menuKeys: ['monitor.ossfile', 'monitor.ossfile.list'] });
    const token = await login(a.app, 'node_role', 'NodeRole#2026');
    // node B answers (and caches what the user may do)
    expect((await onB(token, '/sys/oss/file/list')).json().success).toBe(true);
    expect((await onB(token, '/sys/oss/file/list')).json().success).toBe(true);
    const roleId = (await a.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'r_node_role').executeTakeFirstOrThrow()).id;
    const removed = await apiCall(a.app, admin, 'DELETE', `/sys/user/deleteUserRole?roleId=${roleId}&userId=${userId}`);
    expect(removed.body).toMatchObject({ success: true });
    const refused = await onB(token, '/sys/oss/file/list');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 510 });
    // and given back on node A, node B lets the user in again
    const given = await apiCall(a.app, admin, 'POST', '/sys/user/addSysUserRole', { roleId, userIdList: [userId] });
    expect(given.body).toMatchObject({ success: true });
    expect((await onB(token, '/sys/oss/file/list')).json().success).toBe(true);
  });

  // Without Redis each node's bus is its own: node B's copy lasts until DICT_CACHE_TTL_MS, not checked here.
  it.skipIf(!env.REDIS_URL)('shows on node B a dictionary item added on node A, at once', async () => {
    const items = async () => (await onB(admin, '/sys/dict/getDictItems/sex')).json().result.map((i: { text: string }) => i.text);
    // node B caches the dictionaries
    expect(await items()).not.toContain('未说明');
    const sexId = (await a.db.selectFrom('sysDict').select('id').where('dictCode', '=', 'sex').executeTakeFirstOrThrow()).id;
    const added = await apiCall(a.app, admin, 'POST', '/sys/dictItem/add', { dictId: sexId, itemText: '未说明', itemValue: '9', sortOrder: 9 });
    expect(added.body).toMatchObject({ success: true });
    // the message goes through Redis: node B may answer a moment later
    await expect.poll(items, { timeout: 2000 }).toContain('未说明');
  });

  it('checks on node B a captcha drawn on node A, once', async () => {
    await createUser(a.db, { username: 'node_captcha', password: 'NodeCaptcha#2026' });
    const checkKey = await drawCaptcha(a.app);
    if (redis) {
      expect(await redisKeys(`captcha:${checkKey}`)).toHaveLength(1);
      expect(await a.db.selectFrom('sysCaptcha').select('checkKey').where('checkKey', '=', checkKey).execute()).toEqual([]);
    }
    const payload = { username: 'node_captcha', password: 'NodeCaptcha#2026', captcha: CAPTCHA_TEXT.toLowerCase(), checkKey };
    const first = await nodeB.inject({ method: 'POST', url: '/api/sys/userLogin', payload });
    expect(first.json()).toMatchObject({ success: true });
    // used up on node B, so node A refuses it too
    const again = await a.app.inject({ method: 'POST', url: '/api/sys/userLogin', payload });
    expect(again.json()).toMatchObject({ success: false, message: '验证码无效' });
  });

  it('locks on node B an account five wrong passwords locked on node A', async () => {
    await createUser(a.db, { username: 'node_lock', password: 'NodeLock#2026' });
    const signIn = async (app: FastifyInstance, password: string) => {
      const checkKey = await drawCaptcha(app);
      return (await app.inject({ method: 'POST', url: '/api/sys/userLogin', payload: { username: 'node_lock', password, captcha: CAPTCHA_TEXT, checkKey } })).json();
    };
    for (let i = 0; i < 5; i++) expect(await signIn(a.app, `wrong${i}`)).toMatchObject({ success: false, message: '用户名或密码错误' });
    expect(await signIn(nodeB, 'NodeLock#2026')).toMatchObject({ success: false, message: '该用户登录失败次数过多，请于10分钟后再次登录！' });
    if (redis) {
      expect(await redisKeys('attempt-lock:*')).toHaveLength(1);
      expect(await a.db.selectFrom('sysLoginAttempt').select('id').execute()).toEqual([]);
    }
    // the lock ends for both nodes after ten minutes
    a.clock.advance(LOCK_MS + 1000);
    expect(await signIn(nodeB, 'NodeLock#2026')).toMatchObject({ success: true });
  });
});
