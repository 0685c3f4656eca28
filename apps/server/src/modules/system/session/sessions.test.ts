import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';

// 登录设备: a user sees only their own sessions, the current one marked, and signs one out (refused at once
// on its next request) or every other one; another user's session cannot be named.
let t: TestApp;
const PASSWORD = 'Session#2026-own';

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { username: 'sess_owner', password: PASSWORD });
  await createUser(t.db, { username: 'sess_other', password: PASSWORD });
});
afterAll(async () => t?.close());

const sessions = async (token: string) => (await apiCall(t.app, token, 'GET', '/sys/user/mySessions')).body.result as Array<{ id: string; current: boolean; ip: string | null }>;

describe('my sessions', () => {
  it('lists the own sessions, signs one out at once, then every other one', async () => {
    const laptop = await login(t.app, 'sess_owner', PASSWORD);
    const phone = await login(t.app, 'sess_owner', PASSWORD);
    const tablet = await login(t.app, 'sess_owner', PASSWORD);
    const other = await login(t.app, 'sess_other', PASSWORD);

    const mine = await sessions(laptop);
    expect(mine).toHaveLength(3);
    expect(mine.filter((s) => s.current)).toHaveLength(1);
    const otherUsers = await sessions(other);
    expect(otherUsers).toHaveLength(1);

    // the phone's session, named from the laptop
    const phoneId = (await sessions(phone)).find((s) => s.current)!.id;
    expect((await apiCall(t.app, laptop, 'POST', '/sys/user/mySessions/logout', { id: phoneId })).body).toMatchObject({ success: true, message: '已退出该设备' });
    expect((await apiCall(t.app, phone, 'GET', '/sys/user/mySessions')).status).toBe(401);
    expect(await sessions(laptop)).toHaveLength(2);

    // another user's session is not the caller's to end
    const otherId = otherUsers[0]!.id;
    expect((await apiCall(t.app, laptop, 'POST', '/sys/user/mySessions/logout', { id: otherId })).body).toMatchObject({ success: false, code: 500, message: '该设备已退出登录' });
    expect((await apiCall(t.app, other, 'GET', '/sys/user/mySessions')).status).toBe(200);

    expect((await apiCall(t.app, laptop, 'POST', '/sys/user/mySessions/logoutOthers')).body).toMatchObject({ success: true, result: 1, message: '已退出其他1个设备' });
    expect((await apiCall(t.app, tablet, 'GET', '/sys/user/mySessions')).status).toBe(401);
    expect((await sessions(laptop)).map((s) => s.current)).toEqual([true]);
    expect((await apiCall(t.app, other, 'GET', '/sys/user/mySessions')).status).toBe(200);
  });
});
