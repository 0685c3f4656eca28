import { SESSION_TTL_MS } from '@anxue/shared';
import v8 from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, createUser, login, loginRaw, type TestApp } from '../../../test/helpers/test-app';

// The original client's 性能监控 page (views/monitor/server/server.api.ts) asks these actuator metrics;
// each must answer in Spring's shape with a number measured on this Node.js server.
const PAGE_METRICS = {
  server: ['system.cpu.count', 'system.cpu.usage', 'process.start.time', 'process.uptime', 'process.cpu.usage'],
  jvm: [
    'jvm.memory.max', 'jvm.memory.committed', 'jvm.memory.used', 'jvm.buffer.count', 'jvm.buffer.memory.used',
    'jvm.threads.daemon', 'jvm.threads.live', 'jvm.threads.peak', 'jvm.classes.loaded', 'jvm.classes.unloaded',
    'jvm.gc.live.data.size', 'jvm.gc.max.data.size', 'jvm.gc.memory.allocated', 'jvm.gc.memory.promoted', 'jvm.gc.pause',
  ],
  tomcat: ['tomcat.sessions.active.current', 'tomcat.sessions.active.max', 'tomcat.sessions.created', 'tomcat.sessions.expired', 'tomcat.sessions.rejected'],
  undertow: ['undertow.sessions.active.current', 'undertow.sessions.active.max', 'undertow.sessions.created', 'undertow.sessions.expired', 'undertow.sessions.rejected'],
};

let t: TestApp;
let admin: string;
const pw = 'Actuator#2026x';

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  admin = await login(t.app);
  await createUser(t.db, { username: 'actuator_plain', password: pw });
});
afterAll(() => t.close());

type Metric = { name: string; description: string; baseUnit: string | null; measurements: Array<{ statistic: string; value: number }>; availableTags: unknown[] };

async function metric(name: string, token = admin): Promise<Metric> {
  const res = await t.app.inject({ method: 'GET', url: `/api/actuator/metrics/${name}`, headers: auth(token) });
  expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
  return res.json();
}
const valueOf = async (name: string, token = admin) => (await metric(name, token)).measurements[0]!.value;

describe('the metrics of the original 性能监控 page', () => {
  it("answers every name the page asks for in Spring's shape, with a finite number", async () => {
    for (const name of Object.values(PAGE_METRICS).flat()) {
      const m = await metric(name);
      expect(m).toEqual({ name, description: expect.any(String), baseUnit: m.baseUnit, measurements: expect.any(Array), availableTags: [] });
      expect(m.description.length).toBeGreaterThan(10);
      expect(m.measurements.length).toBeGreaterThan(0);
      for (const x of m.measurements) expect(Number.isFinite(x.value), `${name} ${x.statistic}`).toBe(true);
    }
  });

  it('tells the runtime the numbers stand for, and says so where Node.js has none', async () => {
    expect((await metric('jvm.memory.used')).description).toContain('V8 heap in use');
    for (const name of ['jvm.buffer.count', 'jvm.classes.unloaded']) {
      const m = await metric(name);
      expect(m.description).toContain('Not applicable in Node.js');
      expect(m.measurements[0]!.value).toBe(0);
    }
    expect((await metric('tomcat.sessions.active.current')).description).toContain('token');
  });

  it('refuses a name it does not offer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/actuator/metrics/jvm.no.such', headers: auth(admin) });
    expect(res.json()).toMatchObject({ success: false, message: '没有指标 jvm.no.such' });
  });

  it('refuses a user without 性能监控 (403 / 510) and a caller without a token (401)', async () => {
    const plain = await login(t.app, 'actuator_plain', pw);
    const refused = await t.app.inject({ method: 'GET', url: '/api/actuator/metrics/jvm.memory.used', headers: auth(plain) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 510 });
    expect((await t.app.inject({ method: 'GET', url: '/api/actuator/metrics/tomcat.sessions.created' })).statusCode).toBe(401);
  });
});

describe('JVM 信息 from the Node.js runtime', () => {
  it('answers the V8 heap: in use within allocated within the limit', async () => {
    const used = await valueOf('jvm.memory.used');
    const committed = await valueOf('jvm.memory.committed');
    const max = await valueOf('jvm.memory.max');
    expect(used).toBeGreaterThan(0);
    expect(committed).toBeGreaterThan(0);
    expect(max).toBe(v8.getHeapStatistics().heap_size_limit);
    expect(committed).toBeLessThan(max);
    expect(await valueOf('jvm.gc.max.data.size')).toBe(max);
  });

  it('counts the threads of the process and the loaded modules', async () => {
    const live = await valueOf('jvm.threads.live');
    expect(live).toBeGreaterThanOrEqual(1);
    expect(await valueOf('jvm.threads.peak')).toBeGreaterThanOrEqual(live);
    expect(await valueOf('jvm.threads.daemon')).toBeGreaterThanOrEqual(0);
    expect(await valueOf('jvm.classes.loaded')).toBeGreaterThan(10);
  });

  it('counts garbage collections and the young-generation allocation between them as memory is allocated', async () => {
    const pauseBefore = (await metric('jvm.gc.pause')).measurements;
    const allocatedBefore = await valueOf('jvm.gc.memory.allocated');
    // allocate well beyond V8's young generation so that it is collected several times
    let keep: Array<{ n: number; s: string }> = [];
    for (let round = 0; round < 20; round++) {
      keep = [];
      for (let i = 0; i < 100_000; i++) keep.push({ n: i, s: `row ${i}` });
    }
    expect(keep).toHaveLength(100_000);
    const pause = (await metric('jvm.gc.pause')).measurements;
    expect(pause.map((m) => m.statistic)).toEqual(['COUNT', 'TOTAL_TIME', 'MAX']);
    expect(pause[0]!.value).toBeGreaterThan(pauseBefore[0]!.value);
    expect(pause[1]!.value).toBeGreaterThan(pauseBefore[1]!.value);
    expect(pause[2]!.value).toBeGreaterThan(0);
    expect(await valueOf('jvm.gc.memory.allocated')).toBeGreaterThan(allocatedBefore);
    expect(await valueOf('jvm.gc.memory.promoted')).toBeGreaterThanOrEqual(0);
  });
});

describe('Tomcat / Undertow 信息 from the signed-in sessions', () => {
  it('counts a sign-in as a session created and active, a refused one as rejected, a sign-out as neither expired nor active', async () => {
    const [active, created, rejected, expired] = await Promise.all(
      ['active.current', 'created', 'rejected', 'expired'].map((k) => valueOf(`tomcat.sessions.${k}`)),
    );
    const token = await login(t.app, 'actuator_plain', pw);
    expect(await valueOf('tomcat.sessions.active.current')).toBe(active + 1);
    expect(await valueOf('tomcat.sessions.created')).toBe(created + 1);
    expect(await valueOf('tomcat.sessions.active.max')).toBeGreaterThanOrEqual(active + 1);
    expect(await valueOf('undertow.sessions.active.current')).toBe(active + 1);

    expect((await loginRaw(t.app, 'actuator_plain', 'wrong-password')).json()).toMatchObject({ success: false });
    expect(await valueOf('tomcat.sessions.rejected')).toBe(rejected + 1);
    expect(await valueOf('tomcat.sessions.created')).toBe(created + 1);

    await t.app.inject({ method: 'POST', url: '/api/sys/logout', headers: auth(token) });
    expect(await valueOf('tomcat.sessions.active.current')).toBe(active);
    expect(await valueOf('tomcat.sessions.expired')).toBe(expired);
    expect(await valueOf('tomcat.sessions.active.max')).toBeGreaterThanOrEqual(active + 1);
  });

  it('counts the sessions that ran out as expired, also once the store purged them', async () => {
    const live = await valueOf('tomcat.sessions.active.current');
    const expired = await valueOf('tomcat.sessions.expired');
    expect(live).toBeGreaterThan(0);
    t.clock.advance(SESSION_TTL_MS + 60_000);
    // the next sign-in purges the expired tokens from the store
    admin = await login(t.app);
    expect(await valueOf('tomcat.sessions.expired')).toBe(expired + live);
    expect(await valueOf('undertow.sessions.expired')).toBe(expired + live);
    expect(await valueOf('tomcat.sessions.active.current')).toBe(1);
  });
});
