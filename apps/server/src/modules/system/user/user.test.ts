import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, createUser, login, loginRaw, type TestApp } from '../../../../test/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { username: 'pw_user', password: 'Original#1' });
  await createUser(t.db, { username: 'other_user', password: 'Other#pass1' });
});
afterAll(() => t.close());

const change = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/sys/user/updatePassword', headers: auth(token), payload });

describe('updatePassword', () => {
  it('refuses a wrong old password', async () => {
    const token = await login(t.app, 'pw_user', 'Original#1');
    const res = await change(token, { username: 'pw_user', oldpassword: 'nope', password: 'NewPass#123', confirmpassword: 'NewPass#123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, message: '旧密码输入错误' });
  });

  it('refuses a confirmation that differs', async () => {
    const token = await login(t.app, 'pw_user', 'Original#1');
    const res = await change(token, { username: 'pw_user', oldpassword: 'Original#1', password: 'NewPass#123', confirmpassword: 'NewPass#124' });
    expect(res.json()).toMatchObject({ success: false, message: '两次输入的密码不一样！' });
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const token = await login(t.app, 'pw_user', 'Original#1');
    const res = await change(token, { username: 'pw_user', oldpassword: 'Original#1', password: 'short', confirmpassword: 'short' });
    expect(res.json()).toMatchObject({ success: false, message: '密码至少8位' });
  });

  it('names a missing field', async () => {
    const token = await login(t.app, 'pw_user', 'Original#1');
    const res = await change(token, { username: 'pw_user', password: 'NewPass#123', confirmpassword: 'NewPass#123' });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toContain('oldpassword');
  });

  it('cannot change another user’s password, even knowing it', async () => {
    const token = await login(t.app, 'pw_user', 'Original#1');
    const res = await change(token, { username: 'other_user', oldpassword: 'Other#pass1', password: 'Hijack#1234', confirmpassword: 'Hijack#1234' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, message: '只能修改当前登录用户的密码' });
    expect((await loginRaw(t.app, 'other_user', 'Other#pass1')).json().success).toBe(true);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const other = await login(t.app, 'pw_user', 'Original#1');
    const current = await login(t.app, 'pw_user', 'Original#1');
    const res = await change(current, { username: 'pw_user', oldpassword: 'Original#1', password: 'Changed#2026', confirmpassword: 'Changed#2026' });
    expect(res.json()).toMatchObject({ success: true, message: '密码修改成功！' });
    const probe = (tok: string) => t.app.inject({ method: 'GET', url: '/api/sys/dict/queryAllDictItems', headers: auth(tok) });
    expect((await probe(current)).statusCode).toBe(200);
    expect((await probe(other)).statusCode).toBe(401);
    expect((await loginRaw(t.app, 'pw_user', 'Original#1')).json().message).toBe('用户名或密码错误');
    expect((await loginRaw(t.app, 'pw_user', 'Changed#2026')).json().success).toBe(true);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sys/user/updatePassword', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
