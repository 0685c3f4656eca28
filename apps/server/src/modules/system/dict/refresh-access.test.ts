import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';

// Issue 10: flushing the server's dictionary cache needs the 刷新缓存 button of 数据字典
// (system:dict:refresh), which the administrator holds.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
});
afterAll(() => t.close());

describe('/sys/dict/refleshCache', () => {
  it('is refused to a signed-in user without the button and answers its holders', async () => {
    await createUser(t.db, { username: 'cache_plain', password: 'Plain#2026', menuKeys: ['system.dict', 'system.dict.list'] });
    await createUser(t.db, { username: 'cache_keeper', password: 'Plain#2026', menuKeys: ['system.dict.refresh'] });
    const plain = await login(t.app, 'cache_plain', 'Plain#2026');
    const keeper = await login(t.app, 'cache_keeper', 'Plain#2026');
    const refused = await apiCall(t.app, plain, 'GET', '/sys/dict/refleshCache');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 510 });
    expect((await apiCall(t.app, keeper, 'GET', '/sys/dict/refleshCache')).body).toMatchObject({ success: true, message: '刷新缓存完成！' });
    expect((await apiCall(t.app, admin, 'GET', '/sys/dict/refleshCache')).body).toMatchObject({ success: true, message: '刷新缓存完成！' });
    // reading the dictionaries themselves stays open to everyone signed in
    expect((await apiCall(t.app, plain, 'GET', '/sys/dict/queryAllDictItems')).body.success).toBe(true);
  });
});
