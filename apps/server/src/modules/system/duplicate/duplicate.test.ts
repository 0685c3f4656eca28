import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../../core/db';
import { auth, createTestApp, login, type TestApp } from '../../../../test/helpers/test-app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  await t.db.updateTable('sysUser').set({ phone: '13800000000' }).where('username', '=', 'admin').execute();
});
afterAll(() => t.close());

async function check(params: Record<string, string>, token = admin) {
  const res = await t.app.inject({ method: 'GET', url: `/api/sys/duplicate/check?${new URLSearchParams(params)}`, headers: auth(token) });
  return { status: res.statusCode, body: res.json() };
}

describe('duplicate check', () => {
  it('says whether a value is taken by another row', async () => {
    const taken = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin' });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ success: false, code: 400, message: '该值不可用，系统中已存在！' });
    const free = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'nobody' });
    expect(free.body).toMatchObject({ success: true, message: '该值可用！' });
    const own = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin', dataId: seedId('user.admin') });
    expect(own.body).toMatchObject({ success: true, message: '该值可用！' });
    expect((await check({ tableName: 'sys_user', fieldName: 'phone', fieldVal: '13800000000' })).body.success).toBe(false);
    expect((await check({ tableName: 'sys_dict', fieldName: 'dict_code', fieldVal: 'sex' })).body.success).toBe(false);
    expect((await check({ tableName: 'sys_dict', fieldName: 'dictCode', fieldVal: 'sex' })).body.success).toBe(false);
    expect((await check({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'admin' })).body.success).toBe(false);
  });

  it('checks the columns of dictionary sources too (sys_depart.org_code is declared)', async () => {
    expect((await check({ tableName: 'sys_depart', fieldName: 'org_code', fieldVal: 'A01' })).body.success).toBe(false);
    expect((await check({ tableName: 'sys_depart', fieldName: 'org_code', fieldVal: 'Z99' })).body.success).toBe(true);
  });

  it('skips an empty value', async () => {
    expect((await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: '' })).body).toMatchObject({ success: true, message: '该值可用！' });
    expect((await check({ tableName: 'sys_user', fieldName: 'username' })).body).toMatchObject({ success: true, message: '该值可用！' });
  });

  it('refuses undeclared tables and fields', async () => {
    for (const [tableName, fieldName] of [
      ['sys_user', 'password'],
      ['sys_log', 'id'],
      ['sys_install', 'key'],
      ['sys_user', 'username) or (1=1'],
      ['no_table', 'code'],
      ['', 'username'],
    ]) {
      const res = await check({ tableName, fieldName, fieldVal: 'x' });
      expect(res.status, `${tableName}.${fieldName}`).toBe(200);
      expect(res.body.success, `${tableName}.${fieldName}`).toBe(false);
      expect(res.body.message).toBe('不支持对该表或字段做重复校验');
    }
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=admin' });
    expect(res.statusCode).toBe(401);
  });
});
