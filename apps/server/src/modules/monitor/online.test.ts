import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, createUser, login, type TestApp } from '../../../test/helpers/test-app';

// 在线用户 through the real server: the list of live sessions and force logout, permissions, tenants,
// and nobody forcing out a user who holds more than they do.
let t: TestApp;
let admin: string;
const pw = 'Online#2026x';
const ONLINE_KEYS = ['monitor.online', 'monitor.online.list', 'monitor.online.forceLogout'];

async function signIn(name: string, opts: { menuKeys?: string[]; tenants?: number[] } = {}) {
  await createUser(t.db, { username: name, password: pw, ...opts });
  return login(t.app, name, pw);
}
const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) => apiCall(t.app, token, method, url, payload);
const sessions = async (token: string, username?: string) => {
  const res = await call(token, 'GET', `/sys/online/list?pageSize=100${username ? `&username=${username}` : ''}`);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
  return res.body.result as { records: Array<{ token: string; username: string; realname: string; loginTime: string; ip: string; current: boolean }>; total: number };
};
const whoAmI = (token: string) => call(token, 'GET', '/sys/user/getUserInfo');

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  await t.db.insertInto('sysTenant').values({ id: 3200, name: '另一所学校', status: 1 }).execute();
});
afterAll(() => t.close());

describe('在线用户', () => {
  it('lists the sessions signed in now, with their session id and never the token', async () => {
    const pupil = await signIn('online_pupil');
    const list = await sessions(admin, 'online_pupil');
    expect(list.total).toBe(1);
    const row = list.records[0]!;
    expect(row).toMatchObject({ username: 'online_pupil', realname: 'online_pupil', current: false });
    expect(row.loginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.stringify(list)).not.toContain(pupil);
    // the caller's own session is marked
    expect((await sessions(admin, 'admin')).records.some((r) => r.current)).toBe(true);
  });

  it('force logout refuses that token at once and removes it from the list; other sessions of the user stay', async () => {
    const first = await signIn('online_forced');
    const second = await login(t.app, 'online_forced', pw);
    expect((await whoAmI(first)).status).toBe(200);
    const before = await sessions(admin, 'online_forced');
    expect(before.total).toBe(2);
    // the session id is the token's jti
    const target = JSON.parse(Buffer.from(first.split('.')[1]!, 'base64url').toString()).jti as string;
    expect(before.records.map((r) => r.token)).toContain(target);
    const res = await call(admin, 'POST', '/sys/online/forceLogout', { token: target });
    expect(res).toEqual({ status: 200, body: expect.objectContaining({ success: true, message: '退出登录成功！' }) });
    expect((await whoAmI(first)).status).toBe(401);
    expect((await whoAmI(second)).status).toBe(200);
    const after = await sessions(admin, 'online_forced');
    expect(after.records.map((r) => r.token)).toEqual(before.records.map((r) => r.token).filter((id) => id !== target));
    // forcing out a session that is gone says so
    expect((await call(admin, 'POST', '/sys/online/forceLogout', { token: target })).body).toMatchObject({ success: false, message: 'Token无效!' });
  });

  it('refuses a user without the codes with 403 / 510', async () => {
    const plain = await signIn('online_plain');
    for (const res of [await call(plain, 'GET', '/sys/online/list'), await call(plain, 'POST', '/sys/online/forceLogout', { token: 'x' })]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 510 });
    }
  });

  it('an operator cannot force out a user holding more than they do (the administrator), only users holding less', async () => {
    const operator = await signIn('online_operator', { menuKeys: ONLINE_KEYS });
    const lesser = await signIn('online_lesser');
    const adminSession = (await sessions(operator, 'admin')).records[0]!.token;
    const refused = await call(operator, 'POST', '/sys/online/forceLogout', { token: adminSession });
    expect(refused).toEqual({ status: 200, body: expect.objectContaining({ success: false, message: '不能强制退出权限多于您的用户' }) });
    expect((await whoAmI(admin)).status).toBe(200);
    const lesserSession = (await sessions(operator, 'online_lesser')).records[0]!.token;
    expect((await call(operator, 'POST', '/sys/online/forceLogout', { token: lesserSession })).body).toMatchObject({ success: true });
    expect((await whoAmI(lesser)).status).toBe(401);
  });

  it("keeps an operator to their tenant: another tenant's sessions are neither listed nor forced out", async () => {
    const operator = await signIn('online_op2', { menuKeys: ONLINE_KEYS });
    const stranger = await signIn('online_stranger', { tenants: [3200] });
    expect((await sessions(operator, 'online_stranger')).total).toBe(0);
    const id = (await t.db.selectFrom('sysUserToken').select('id').where('username', '=', 'online_stranger').executeTakeFirstOrThrow()).id;
    expect((await call(operator, 'POST', '/sys/online/forceLogout', { token: id })).body).toMatchObject({ success: false, message: 'Token无效!' });
    expect((await whoAmI(stranger)).status).toBe(200);
  });
});
