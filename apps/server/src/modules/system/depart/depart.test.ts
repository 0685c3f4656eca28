import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, createUser, login, loginRaw, type TestApp } from '../../../../test/helpers/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app);
});
afterAll(() => t.close());

const departs = (tok = token) => t.app.inject({ method: 'GET', url: '/api/sys/user/getCurrentUserDeparts', headers: auth(tok) });
const select = (payload: object, method: 'POST' | 'PUT' = 'POST', tok = token) =>
  t.app.inject({ method, url: '/api/sys/selectDepart', headers: auth(tok), payload });

describe('departments of the signed-in user', () => {
  it('lists both seeded departments and the current one', async () => {
    const r = (await departs()).json().result;
    expect(r.orgCode).toBe('A01');
    expect(r.list).toEqual([
      { id: expect.any(String), orgCode: 'A01', departName: '总公司', parentId: null },
      { id: expect.any(String), orgCode: 'A01A01', departName: '研发部', parentId: r.list[0].id },
    ]);
  });

  it('switches to another of the user’s departments and answers the new user info', async () => {
    const res = await select({ orgCode: 'A01A01', username: 'admin' });
    expect(res.json()).toMatchObject({ success: true, result: { userInfo: { orgCode: 'A01A01', orgCodeTxt: '研发部' } } });
    expect(res.json().result.userInfo).not.toHaveProperty('password');
    expect((await departs()).json().result.orgCode).toBe('A01A01');
    expect((await select({ orgCode: 'A01' }, 'PUT')).json().result.userInfo.orgCode).toBe('A01');
  });

  it('refuses a department the user does not belong to', async () => {
    await createUser(t.db, { username: 'dep_user', password: 'Depart#pass1', departCodes: ['A01A01'] });
    const own = await login(t.app, 'dep_user', 'Depart#pass1');
    const res = await select({ orgCode: 'A01' }, 'POST', own);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, message: '您不属于该部门，不能切换到该部门' });
    const unknown = await select({ orgCode: 'NOPE' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ success: false, message: '您不属于该部门，不能切换到该部门' });
  });

  it('refuses to switch another user’s department', async () => {
    const res = await select({ orgCode: 'A01A01', username: 'dep_user' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, message: '只能切换当前登录用户的部门' });
  });

  it('a user with one department gets multi_depart 1 and that department', async () => {
    const res = await loginRaw(t.app, 'dep_user', 'Depart#pass1');
    expect(res.json().result).toMatchObject({ multi_depart: 1, userInfo: { orgCode: 'A01A01' }, tenantList: [{ id: 1000 }] });
  });

  it('needs an orgCode', async () => {
    const res = await select({});
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toContain('orgCode');
  });
});
