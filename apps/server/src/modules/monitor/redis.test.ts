import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, login, type TestApp } from '../../../test/helpers/test-app';
import { REDIS_NOT_CONFIGURED } from './redis';

// Redis监控 reads the Redis the install is configured with: a real one when TEST_REDIS_URL is set.
const redisUrl = process.env.TEST_REDIS_URL;

describe('Redis监控 without Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says Redis is not configured, in the shapes the page reads', async () => {
    const admin = await login(t.app);
    const res = await apiCall(t.app, admin, 'GET', '/sys/actuator/redis/info');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: REDIS_NOT_CONFIGURED, result: [] });
    expect((await apiCall(t.app, admin, 'GET', '/sys/actuator/redis/metrics/history')).body).toMatchObject({ success: true, result: { dbSize: [], memory: [], configured: false } });
    expect((await apiCall(t.app, admin, 'GET', '/sys/actuator/redis/keysSize')).body).toMatchObject({ dbSize: 0, configured: false, create_time: expect.any(Number) });
    expect((await apiCall(t.app, admin, 'GET', '/sys/actuator/redis/memoryInfo')).body).toMatchObject({ used_memory: 0, configured: false, create_time: expect.any(Number) });
  });
});

describe.skipIf(!redisUrl)('Redis监控 with Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: redisUrl! });
  });
  afterAll(() => t.close());

  it("answers the server's info, key count, memory and the hour's history", async () => {
    const admin = await login(t.app);
    const info = await apiCall(t.app, admin, 'GET', '/sys/actuator/redis/info');
    expect(info.body.success).toBe(true);
    const rows = info.body.result as Array<{ key: string; value: string; description: string }>;
    expect(rows.find((r) => r.key === 'redis_version')?.value).toMatch(/^\d+\.\d+/);
    expect(rows.find((r) => r.key === 'redis_version')?.description).toBe('Server');
    const keys = await apiCall(t.app, admin, 'GET', '/sys/actuator/redis/keysSize');
    expect(keys.body).toMatchObject({ dbSize: expect.any(Number), create_time: expect.any(Number) });
    const memory = await apiCall(t.app, admin, 'GET', '/sys/actuator/redis/memoryInfo');
    expect(memory.body.used_memory).toBeGreaterThan(0);
    const history = await apiCall(t.app, admin, 'GET', '/sys/actuator/redis/metrics/history');
    expect(history.body.result).toMatchObject({ dbSize: expect.any(Array), memory: expect.any(Array) });
  });
});
