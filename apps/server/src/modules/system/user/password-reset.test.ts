import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, createUser, login, loginRaw, type TestApp } from '../../../../test/helpers/test-app';

// 重置密码 (the original client's batch action on the user list): a random password per user, answered once,
// sessions ended; never the caller, the first administrator, or someone holding rights the caller lacks.
let t: TestApp;
let admin: string;
const PASSWORD = 'Reset#2026-old';

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  await createUser(t.db, { username: 'rp_li', password: PASSWORD, menuKeys: ['account', 'account.center'] });
  await createUser(t.db, { username: 'rp_wang', password: PASSWORD, menuKeys: ['account', 'account.center'] });
});
afterAll(async () => t?.close());

const reset = (usernames: string, token = admin) => apiCall(t.app, token, 'PUT', `/sys/user/resetPassword?usernames=${encodeURIComponent(usernames)}`);

describe('resetPassword', () => {
  it('gives each user a new random password once, ends their sessions and refuses the old one', async () => {
    const session = await login(t.app, 'rp_li', PASSWORD);
    const res = await reset('rp_li,rp_wang');
    expect(res.body).toMatchObject({ success: true, message: '操作成功!' });
    const given = res.body.result as Array<{ username: string; password: string }>;
    expect(given.map((g) => g.username).sort()).toEqual(['rp_li', 'rp_wang']);
    for (const g of given) expect(g.password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[#%+=@]).{12}$/);
    expect(given[0]!.password).not.toBe(given[1]!.password);
    expect((await apiCall(t.app, session, 'GET', '/sys/user/getUserInfo')).status).toBe(401);
    expect((await loginRaw(t.app, 'rp_li', PASSWORD)).json().success).toBe(false);
    const li = given.find((g) => g.username === 'rp_li')!;
    expect((await loginRaw(t.app, 'rp_li', li.password)).json().success).toBe(true);
  });

  it('refuses the caller, the first administrator, unknown names, and users holding more rights', async () => {
    expect((await reset('admin')).body).toMatchObject({ success: false, message: '不能重置当前登录用户的密码，请在个人设置中修改' });
    expect((await reset('nobody_here')).body.message).toBe('用户“nobody_here”不存在');

    // a user manager without 角色管理 cannot take over an account that has it
    await createUser(t.db, { username: 'rp_manager', password: PASSWORD, menuKeys: ['system', 'system.user', 'system.user.list', 'system.user.resetPassword', 'system.user.changePassword'] });
    await createUser(t.db, { username: 'rp_roles', password: PASSWORD, menuKeys: ['system', 'system.role', 'system.role.list'] });
    const manager = await login(t.app, 'rp_manager', PASSWORD);
    expect((await reset('admin', manager)).body.message).toBe('不能重置超级管理员账号的密码');
    expect((await reset('rp_roles', manager)).body).toMatchObject({ success: false, message: '不能修改权限多于您的用户“rp_roles”的密码' });
    expect((await apiCall(t.app, manager, 'PUT', '/sys/user/changePassword', { username: 'rp_roles', password: 'Taken#2026-x', confirmpassword: 'Taken#2026-x' })).body.message).toBe('不能修改权限多于您的用户“rp_roles”的密码');
    expect((await loginRaw(t.app, 'rp_roles', PASSWORD)).json().success).toBe(true);
    // a user with fewer rights is the manager's to reset
    expect((await reset('rp_wang', manager)).body.success).toBe(true);
  });
});
