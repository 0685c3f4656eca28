import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_TEXT, createTestApp, createUser, drawCaptcha, type TestApp } from '../../../../test/helpers/test-app';

// Issue 10: with TRUST_PROXY naming the reverse proxy, the lock-out counts per forwarded client address.
// (A file of its own: one test app per file at a time, as the PostgreSQL test schemas require.)

const LOCKED = '该用户登录失败次数过多，请于10分钟后再次登录！';

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => p.close());

  it('counts per forwarded client address', async () => {
    await createUser(p.db, { username: 'proxied', password: 'Proxied#pass1' });
    const attempt = async (password: string, client: string) => {
      const checkKey = await drawCaptcha(p.app);
      return p.app.inject({
        method: 'POST',
        url: '/api/sys/userLogin',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client },
        payload: { username: 'proxied', password, captcha: CAPTCHA_TEXT, checkKey },
      });
    };
    for (let i = 0; i < 5; i++) await attempt(`wrong${i}`, '198.51.100.66');
    expect((await attempt('Proxied#pass1', '198.51.100.66')).json().message).toBe(LOCKED);
    expect((await attempt('Proxied#pass1', '198.51.100.67')).json().success).toBe(true);
  });
});
