import { afterAll, beforeAll, expect, it } from 'vitest';
import { auth, createTestApp, login, type TestApp } from '../../../test/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('listByUser answers the empty notice lists to a signed-in user', async () => {
  const token = await login(t.app);
  const res = await t.app.inject({ method: 'GET', url: '/api/sys/annountCement/listByUser?pageSize=5', headers: auth(token) });
  expect(res.json()).toMatchObject({ success: true, result: { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 } });
  expect((await t.app.inject({ method: 'GET', url: '/api/sys/annountCement/listByUser' })).statusCode).toBe(401);
});
