import { totalmem } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, auth, createTestApp, createUser, login, type TestApp } from '../../../test/helpers/test-app';

// 性能监控 through the real server: the request trace with secrets masked, /metrics in Prometheus text,
// the figures of the machine, the Node.js runtime, disks and the database, and Redis when absent.
let t: TestApp;
let admin: string;
let plain: string;
const pw = 'Monitor#2026x';

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  admin = await login(t.app);
  await createUser(t.db, { username: 'monitor_plain', password: pw });
  plain = await login(t.app, 'monitor_plain', pw);
});
afterAll(() => t.close());

type Trace = { request: { method: string; uri: string }; response: { status: number }; timeTaken: number; timestamp: string; principal: { name: string } | null };
const traces = async (query = 'all') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/actuator/jeecghttptrace/${query}`, headers: auth(admin) });
  expect(res.statusCode).toBe(200);
  return res.json().traces as Trace[];
};

describe('请求追踪', () => {
  it('records a request with its status and latency, masking password and token query values', async () => {
    await t.app.inject({ method: 'GET', url: '/api/sys/user/getUserInfo?keyword=ab&password=Secret%231&token=tok123&X-Access-Token=abc', headers: auth(admin) });
    const found = (await traces()).find((e) => e.request.uri.startsWith('/api/sys/user/getUserInfo?keyword'))!;
    expect(found).toMatchObject({
      request: { method: 'GET', uri: '/api/sys/user/getUserInfo?keyword=ab&password=******&token=******&X-Access-Token=******' },
      response: { status: 200 },
      principal: { name: 'admin' },
    });
    expect(found.timeTaken).toBeGreaterThanOrEqual(0);
    expect(Date.parse(found.timestamp)).toBeGreaterThan(0);
    expect(JSON.stringify(await traces())).not.toMatch(/Secret|tok123/);
  });

  it("filters by status and sorts as the original's query; the trace calls themselves are not traced", async () => {
    await t.app.inject({ method: 'GET', url: '/api/sys/online/list', headers: auth(plain) });
    await t.app.inject({ method: 'GET', url: '/api/no/such/call', headers: auth(admin) });
    const errors = await traces('error');
    expect(errors.map((e) => e.request.uri)).toContain('/api/no/such/call');
    expect(errors.every((e) => e.response.status >= 404 && e.response.status < 501)).toBe(true);
    const warnings = await traces('warn');
    expect(warnings.map((e) => `${e.response.status} ${e.request.uri}`)).toContain('403 /api/sys/online/list');
    expect((await traces('success')).every((e) => e.response.status === 200)).toBe(true);
    const slowestFirst = (await traces('all/timeTaken/desc')).map((e) => e.timeTaken);
    expect(slowestFirst).toEqual([...slowestFirst].sort((a, b) => b - a));
    expect((await traces()).some((e) => e.request.uri.includes('httptrace'))).toBe(false);
  });
});

describe('/metrics', () => {
  it('answers Prometheus text with process, runtime and HTTP metrics to a holder of the code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d+$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",status="200"\} \d+$/m);
    expect(text).toMatch(/^anxue_online_sessions [1-9]\d*$/m);
    // every sample line is "name{labels} number"
    for (const line of text.trim().split('\n').filter((l) => !l.startsWith('#'))) expect(line).toMatch(/^[a-z_][a-z0-9_]*(\{[^}]*\})? -?[\d.e+-]+$/);
  });

  it('refuses a user without the code (403 / 510) and a caller without a token (401)', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth(plain) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 510 });
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
  });
});

describe('服务器信息', () => {
  it('answers the Node.js runtime in numbers', async () => {
    const { body } = await apiCall(t.app, admin, 'GET', '/sys/actuator/runtime/info');
    const rt = body.result;
    expect(rt.nodeVersion).toBe(process.version);
    for (const n of [rt.rss, rt.heapUsed, rt.heapTotal, rt.heapLimit]) expect(n).toBeGreaterThan(0);
    for (const n of Object.values(rt.eventLoopDelay)) expect(typeof n).toBe('number');
    expect(rt.handles.length).toBeGreaterThan(0);
    expect(rt.handles[0]).toEqual({ type: expect.any(String), count: expect.any(Number) });
    expect(Array.isArray(rt.gc)).toBe(true);
  });

  it('answers the machine, the disks and the database', async () => {
    const sys = (await apiCall(t.app, admin, 'GET', '/sys/actuator/system/info')).body.result;
    expect(sys.cpuCount).toBeGreaterThan(0);
    expect(sys.memoryTotal).toBeGreaterThan(sys.memoryFree);
    expect(sys.loadAverage).toHaveLength(3);
    expect(sys.processUptimeSeconds).toBeGreaterThanOrEqual(0);
    const disks = (await apiCall(t.app, admin, 'GET', '/sys/actuator/redis/queryDiskInfo')).body;
    expect(disks).toMatchObject({ success: true, message: '查询成功' });
    expect(disks.result[0]).toEqual({ name: t.config.dataDir, max: expect.any(Number), rest: expect.any(Number), restPPT: expect.any(Number) });
    const database = (await apiCall(t.app, admin, 'GET', '/sys/actuator/database/info')).body.result;
    expect(database.dialect).toBe(t.dialect);
    expect(database.sizeBytes).toBeGreaterThan(0);
    expect(database.tableCount).toBeGreaterThan(10);
    if (t.dialect === 'postgres') expect(database.connections).toBeGreaterThan(0);
  });

  it("answers the original's actuator metrics in Spring's shape (every name of its page: actuator.test.ts) and its memory call", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/actuator/metrics/system.cpu.count', headers: auth(admin) });
    expect(res.json()).toEqual({
      name: 'system.cpu.count',
      description: expect.any(String),
      baseUnit: null,
      measurements: [{ statistic: 'VALUE', value: expect.any(Number) }],
      availableTags: [],
    });
    const memory = (await apiCall(t.app, admin, 'GET', '/sys/actuator/memory/info')).body.result;
    expect(memory['memory.runtime.used']).toBeGreaterThan(0);
    expect(memory['memory.physical.total']).toBe(totalmem());
  });

  it('says Redis is not configured when there is none, and refuses the figures without the code', async () => {
    expect((await apiCall(t.app, admin, 'GET', '/sys/actuator/redis/info')).body).toMatchObject({ success: true, result: [], message: expect.stringContaining('REDIS_URL') });
    const refused = await apiCall(t.app, plain, 'GET', '/sys/actuator/runtime/info');
    expect(refused).toMatchObject({ status: 403, body: { code: 510 } });
  });
});
