import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { connectDatabase, migrateToLatest, seedDatabase } from '../db';

// GET {apiBase}/ready, which a load balancer polls: 200 while the database (and Redis, when configured)
// answer, else 503 without saying which part is down.
const redisUrl = process.env.TEST_REDIS_URL;
const NOT_READY = { success: false, code: 503, message: '服务未就绪' };

describe('readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(redisUrl ? { REDIS_URL: redisUrl } : {});
  });
  afterAll(() => t.close());

  it('answers 200 without a token while the database (and Redis when configured) answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, result: { status: 'UP' } });
  });
});

/** A TCP relay to Redis that the test can cut, as a network failure would. */
async function redisRelay(target: URL) {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cut: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((ok) => server.close(ok));
    },
  };
}

describe.skipIf(!redisUrl)('readiness when Redis goes away (TEST_REDIS_URL)', () => {
  let t: TestApp;
  let relay: Awaited<ReturnType<typeof redisRelay>>;
  beforeAll(async () => {
    relay = await redisRelay(new URL(redisUrl!));
    t = await createTestApp({ REDIS_URL: relay.url });
  });
  afterAll(async () => {
    await relay.cut().catch(() => {});
    await t.close();
  });

  it('answers 503 once the configured Redis stops answering, naming nothing', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    await relay.cut();
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject(NOT_READY);
    expect(res.body).not.toMatch(/redis|127\.0\.0\.1/i);
    // the process itself is alive
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('readiness when the database goes away', () => {
  it('answers 503 once the database is gone', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'anxue-ready-'));
    const handle = connectDatabase({ sqliteFile: join(dataDir, 'app.db') });
    await migrateToLatest(handle.db);
    await seedDatabase(handle.db, { adminPassword: 'Ready#2026-test' });
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: join(dataDir, 'no-dist') });
    const app = await buildApp(config, { database: handle, logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      await handle.close();
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject(NOT_READY);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
