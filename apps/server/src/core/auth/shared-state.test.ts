import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_TEXT, createTestApp, createUser, type TestApp } from '../../../test/helpers/test-app';
import { newId, seedId } from '../db';
import { LOCK_AFTER_FAILURES, LOCK_MS } from './login-attempts';
import { CAPTCHA_TTL_MS } from './captcha';

// The session state several nodes share behaves the same in the database (no REDIS_URL) and in Redis
// (TEST_REDIS_URL): tokens, captchas, lock-out counters, the permission epoch.
const redisUrl = process.env.TEST_REDIS_URL;
const backends = [{ name: 'database', env: {} as Record<string, string> }, ...(redisUrl ? [{ name: 'Redis', env: { REDIS_URL: redisUrl } }] : [])];

describe.each(backends)('shared session state in the $name', ({ env }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(env);
  });
  afterAll(() => t.close());

  const record = (userId: string, jti = newId()) => ({ jti, userId, username: 'u', expiresAt: new Date(t.clock.now().getTime() + 3600_000), clientIp: '10.0.0.1' });

  it('honours a token for its user until revoked or expired, and lists it as a session row', async () => {
    const { store } = t.app.ctx.tokens;
    const userId = await createUser(t.db, { username: 'store_tok', password: 'StoreTok#2026' });
    const r = record(userId);
    await store.save(r, t.clock.now());
    expect(await store.isActive(r.jti, userId, t.clock.now())).toBe(true);
    expect(await store.isActive(r.jti, 'someone-else', t.clock.now())).toBe(false);
    expect(await store.isActive(r.jti, userId, new Date(r.expiresAt.getTime() + 1))).toBe(false);
    expect((await t.db.selectFrom('sysUserToken').select('clientIp').where('id', '=', r.jti).executeTakeFirstOrThrow()).clientIp).toBe('10.0.0.1');
    await store.revoke(r.jti);
    expect(await store.isActive(r.jti, userId, t.clock.now())).toBe(false);
    expect(await t.db.selectFrom('sysUserToken').select('id').where('id', '=', r.jti).execute()).toEqual([]);
  });

  it("revokes all of a user's tokens but the one kept, and counts them", async () => {
    const { store } = t.app.ctx.tokens;
    const userId = await createUser(t.db, { username: 'store_all', password: 'StoreAll#2026' });
    const other = await createUser(t.db, { username: 'store_other', password: 'StoreOther#2026' });
    const [keep, gone1, gone2, theirs] = [record(userId), record(userId), record(userId), record(other)];
    for (const r of [keep, gone1, gone2, theirs]) await store.save(r, t.clock.now());
    expect(await store.revokeUser(userId, keep.jti)).toBe(2);
    const active = async (r: typeof keep) => store.isActive(r.jti, r.userId, t.clock.now());
    expect([await active(keep), await active(gone1), await active(gone2), await active(theirs)]).toEqual([true, false, false, true]);
    expect(await store.revokeUser(userId)).toBe(1);
    expect(await active(keep)).toBe(false);
  });

  it('checks a captcha once, ignoring case; a wrong answer uses it up; a late one is missing', async () => {
    const { captcha } = t.app.ctx;
    await captcha.create('ck-right');
    expect(await captcha.check('ck-right', CAPTCHA_TEXT.toUpperCase())).toBe('ok');
    expect(await captcha.check('ck-right', CAPTCHA_TEXT)).toBe('missing');
    await captcha.create('ck-wrong');
    expect(await captcha.check('ck-wrong', 'nope')).toBe('wrong');
    expect(await captcha.check('ck-wrong', CAPTCHA_TEXT)).toBe('missing');
    await captcha.create('ck-keep');
    expect(await captcha.check('ck-keep', CAPTCHA_TEXT, { keepIfRight: true })).toBe('ok');
    expect(await captcha.check('ck-keep', CAPTCHA_TEXT)).toBe('ok');
    await captcha.create('ck-late');
    t.clock.advance(CAPTCHA_TTL_MS + 1000);
    expect(await captcha.check('ck-late', CAPTCHA_TEXT)).toBe('missing');
  });

  it('of two concurrent checks of one captcha only one passes', async () => {
    const { captcha } = t.app.ctx;
    await captcha.create('ck-race');
    const outcomes = await Promise.all([captcha.check('ck-race', CAPTCHA_TEXT), captcha.check('ck-race', CAPTCHA_TEXT)]);
    expect(outcomes.sort()).toEqual(['missing', 'ok']);
  });

  it('locks a name for an address after five failures, also when they arrive at once, for ten minutes', async () => {
    const attempts = t.app.ctx.loginAttempts;
    const key = { username: 'Race_Name', clientIp: '192.0.2.1' };
    const locks = await Promise.all(Array.from({ length: LOCK_AFTER_FAILURES }, () => attempts.recordFailure(key, t.clock.now())));
    expect(locks.some(Boolean)).toBe(true);
    expect(await attempts.isLocked({ username: ' race_name ', clientIp: '192.0.2.1' }, t.clock.now())).toBe(true);
    expect(await attempts.isLocked({ ...key, clientIp: '192.0.2.2' }, t.clock.now())).toBe(false);
    t.clock.advance(LOCK_MS + 1000);
    expect(await attempts.isLocked(key, t.clock.now())).toBe(false);
  });

  it('forgets a run of failures older than ten minutes, and on clear or an administrator unlock', async () => {
    const attempts = t.app.ctx.loginAttempts;
    const key = { username: 'slow_guess', clientIp: '192.0.2.9' };
    for (let i = 0; i < LOCK_AFTER_FAILURES - 1; i++) await attempts.recordFailure(key, t.clock.now());
    t.clock.advance(LOCK_MS + 1000);
    expect(await attempts.recordFailure(key, t.clock.now())).toBe(false);
    for (let i = 0; i < LOCK_AFTER_FAILURES - 2; i++) expect(await attempts.recordFailure(key, t.clock.now())).toBe(false);
    await attempts.clear(key);
    expect(await attempts.recordFailure(key, t.clock.now())).toBe(false);
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) await attempts.recordFailure({ ...key, clientIp: '192.0.2.10' }, t.clock.now());
    expect(await attempts.isLocked({ ...key, clientIp: '192.0.2.10' }, t.clock.now())).toBe(true);
    await attempts.clearName('SLOW_GUESS');
    expect(await attempts.isLocked({ ...key, clientIp: '192.0.2.10' }, t.clock.now())).toBe(false);
  });

  it('moves the permission epoch when a grant changes, not otherwise', async () => {
    const epochs = t.app.ctx.permissionEpochs;
    const before = await epochs.current();
    await epochs.afterWrite();
    expect(await epochs.current()).toBe(before);
    const userId = await createUser(t.db, { username: 'epoch_user', password: 'EpochUser#2026' });
    await t.db.insertInto('sysUserRole').values({ id: newId(), userId, roleId: seedId('role.admin') }).execute();
    await epochs.afterWrite();
    expect(await epochs.current()).not.toBe(before);
  });
});

describe.skipIf(!redisUrl)('the permission epoch in Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: redisUrl! });
  });
  afterAll(() => t.close());

  it('never counts again from where it was when Redis lost the key', async () => {
    const redis = t.app.ctx.redis!;
    const epochs = t.app.ctx.permissionEpochs;
    for (let i = 0; i < 3; i++) await redis.client.incr(redis.key('perm-epoch'));
    const before = await epochs.current();
    await redis.client.del(redis.key('perm-epoch'));
    expect(await epochs.current()).toBeGreaterThan(before);
  });
});
