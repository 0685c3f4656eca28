import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, createUser, login, loginRaw, type TestApp } from '../../../test/helpers/test-app';
import { formatDateTime } from '../../core/db';

let t: TestApp;
let admin: string;

async function get(url: string, token = admin) {
  const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: auth(token) });
  return { status: res.statusCode, body: res.json() };
}
const records = async (query: string) => (await get(`/sys/log/list?${query}`)).body.result.records as any[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
});
afterAll(() => t.close());

describe('login log', () => {
  it('records sign-ins, refused sign-ins and sign-outs with address and user agent', async () => {
    await createUser(t.db, { username: 'logme', password: 'Logme#2026' });
    const token = await login(t.app, 'logme', 'Logme#2026');
    expect((await loginRaw(t.app, 'logme', 'wrong-pass')).json().success).toBe(false);
    await t.app.inject({ method: 'GET', url: '/api/sys/logout', headers: { ...auth(token), 'user-agent': 'TestBrowser/1.0' } });
    const rows = await records('logType=1&username=logme&column=createTime&order=asc&pageSize=50');
    expect(rows.map((r) => r.outcome)).toEqual(['成功', '失败：用户名或密码错误', '成功']);
    expect(rows[0]).toMatchObject({ logContent: '用户名: logme,登录成功！', ip: '127.0.0.1', logType_dictText: '登录日志' });
    expect(rows[1].logContent).toBe('登录失败，用户名: logme，用户名或密码错误');
    expect(rows[2]).toMatchObject({ logContent: '用户名: logme,退出成功！', userAgent: 'TestBrowser/1.0' });
  });
});

describe('operation log', () => {
  it('records a write with its passwords masked, who made it, how long it took and its outcome', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sys/user/add',
      headers: auth(admin),
      payload: { username: 'masked1', realname: '掩码', password: 'Very#Secret-2026', confirmPassword: 'Very#Secret-2026', selectedroles: '', selecteddeparts: '' },
    });
    expect(res.json().success).toBe(true);
    const [row] = await records('logType=2&requestUrl=/api/sys/user/add');
    expect(row).toMatchObject({ username: 'admin', requestType: 'POST', operateType: 2, operateType_dictText: '添加', outcome: '成功' });
    expect(row.requestParam).toContain('"password":"******"');
    expect(row.requestParam).toContain('"confirmPassword":"******"');
    expect(row.requestParam).toContain('"username":"masked1"');
    expect(row.requestParam).not.toContain('Very#Secret-2026');
    expect(row.costTime).toBeGreaterThanOrEqual(0);
    expect(row.logContent).toBeTruthy();
  });

  it('records a refused write as a failure with its message; reads are not recorded', async () => {
    await t.app.inject({ method: 'POST', url: '/api/sys/position/add', headers: auth(admin), payload: { code: 'LOGP' } });
    const [row] = await records('logType=2&requestUrl=/api/sys/position/add');
    expect(row.outcome).toBe('失败：职务名称不能为空');
    await get('/sys/position/list');
    expect(await records('logType=2&requestUrl=/api/sys/position/list')).toEqual([]);
  });

  it('filters by type, keyword, time range and operation type, and exports', async () => {
    await t.db.insertInto('sysLog').values([
      { id: 'old-op', logType: 2, operateType: 4, logContent: '删除了旧的东西', createTime: '2026-01-02 10:00:00', tenantId: 1000 },
      { id: 'old-login', logType: 1, logContent: '用户名: old,登录成功！', outcome: '成功', createTime: '2026-01-03 10:00:00', tenantId: 1000 },
    ]).execute();
    expect((await records('logType=2&keyWord=旧的')).map((r) => r.id)).toEqual(['old-op']);
    expect((await records('logType=1&createTime_begin=2026-01-01&createTime_end=2026-01-05')).map((r) => r.id)).toEqual(['old-login']);
    expect((await records('logType=2&operateType=4&createTime_end=2026-01-05')).map((r) => r.id)).toEqual(['old-op']);
    const xls = await t.app.inject({ method: 'GET', url: '/api/sys/log/exportXls?logType=2&keyWord=旧的', headers: auth(admin) });
    expect(xls.statusCode).toBe(200);
    expect(xls.headers['content-type']).toContain('spreadsheetml');
  });

  it("shows only the caller's tenant and needs the log codes", async () => {
    await t.db.insertInto('sysTenant').values({ id: 2000, name: '另一租户', status: 1 }).execute();
    await createUser(t.db, { username: 'other14', password: 'Other#2026', tenants: [2000] });
    await login(t.app, 'other14', 'Other#2026');
    expect(await records('logType=1&username=other14')).toEqual([]);
    await createUser(t.db, { username: 'nolog14', password: 'Nolog#2026' });
    const nobody = await login(t.app, 'nolog14', 'Nolog#2026');
    expect(await get('/sys/log/list', nobody)).toMatchObject({ status: 403, body: { code: 510 } });
    expect((await t.app.inject({ method: 'GET', url: '/api/sys/log/exportXls', headers: auth(nobody) })).statusCode).toBe(403);
  });
});

describe('dashboard figures', () => {
  it("answers today's and total sign-ins and today's addresses (/sys/loginfo)", async () => {
    const before = (await get('/sys/loginfo')).body;
    expect(before).toMatchObject({ success: true, result: { totalVisitCount: expect.any(Number), todayVisitCount: expect.any(Number), todayIp: 1 } });
    await login(t.app);
    const after = (await get('/sys/loginfo')).body.result;
    expect(after.totalVisitCount).toBe(before.result.totalVisitCount + 1);
    expect(after.todayVisitCount).toBe(before.result.todayVisitCount + 1);
  });

  it('answers the last seven days for the chart (/sys/visitInfo)', async () => {
    const { body } = await get('/sys/visitInfo');
    const days = body.result as Array<{ tian: string; type: string; visit: number; ip: number }>;
    expect(days).toHaveLength(7);
    const today = formatDateTime(t.clock.now()).slice(0, 10);
    expect(days[6]).toMatchObject({ tian: today, type: today.slice(5), ip: 1 });
    const info = (await get('/sys/loginfo')).body.result;
    expect(days[6].visit).toBe(info.todayVisitCount);
    expect(days.slice(0, 6).every((d) => d.visit === 0)).toBe(true);
  });
});
