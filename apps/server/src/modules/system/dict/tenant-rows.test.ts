import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';
import { newId } from '../../../core/db';

// Table dictionaries read only the caller's tenant's rows, like every list does.
let t: TestApp;
const q = (s: string) => encodeURIComponent(s);
const values = async (token: string, dict: string) =>
  ((await apiCall(t.app, token, 'GET', `/sys/dict/getDictItems/${q(dict)}`)).body.result as Array<{ value: string }>).map((o) => o.value).sort();

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insertInto('sysTenant').values({ id: 2000, name: '二中', status: 1 }).execute();
  await t.db.insertInto('sysDepart').values({ id: newId(), departName: '二中教务处', orgCode: 'B01', orgCategory: '1', departOrder: 0, status: '1', tenantId: 2000 }).execute();
  await createUser(t.db, { username: 'teacher2000', password: 'Teacher#2026', tenants: [2000] });
  await createUser(t.db, { username: 'teacher1000', password: 'Teacher#2026' });
  await createUser(t.db, { username: 'nomad', password: 'Nomad#2026x', tenants: [] });
});
afterAll(() => t.close());

describe('table dictionaries and tenants', () => {
  it("answer the caller's tenant's users and departments only", async () => {
    const mine = await login(t.app, 'teacher2000', 'Teacher#2026');
    expect(await values(mine, 'sys_user,realname,username')).toEqual(['teacher2000']);
    expect(await values(mine, 'sys_depart,depart_name,org_code')).toEqual(['B01']);
    const other = await login(t.app, 'teacher1000', 'Teacher#2026');
    expect(await values(other, 'sys_user,realname,username')).toEqual(['admin', 'teacher1000']);
    expect(await values(other, 'sys_depart,depart_name,org_code')).not.toContain('B01');
  });

  it('answer nothing to a user in no tenant', async () => {
    const nomad = await login(t.app, 'nomad', 'Nomad#2026x');
    expect(await values(nomad, 'sys_user,realname,username')).toEqual([]);
    expect(await values(nomad, 'sys_depart,depart_name,org_code')).toEqual([]);
  });
});
