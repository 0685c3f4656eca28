import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, seedId } from '../../../core/db';
import { auth, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';

let t: TestApp;
let admin: string;
const list = async (query: string, token = admin) => t.app.inject({ method: 'GET', url: `/api/sys/addressbook/list?${query}`, headers: auth(token) });

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  await t.db.insertInto('sysPosition').values({ id: newId(), code: 'teacher', name: '教师', tenantId: 1000 }).execute();
  const top = await createUser(t.db, { username: 'head_master', password: 'Head#2026x', departCodes: ['A01'] });
  const rd = await createUser(t.db, { username: 'rd_engineer', password: 'Rd#2026xxx', departCodes: ['A01A01'] });
  await t.db.updateTable('sysUser').set({ realname: '李校长', post: 'teacher', workNo: '001' }).where('id', '=', top).execute();
  await t.db.updateTable('sysUser').set({ realname: '王工', workNo: '002' }).where('id', '=', rd).execute();
  const gone = await createUser(t.db, { username: 'gone_user', password: 'Gone#2026x', departCodes: ['A01'] });
  await t.db.updateTable('sysUser').set({ delFlag: 1 }).where('id', '=', gone).execute();
});
afterAll(() => t.close());

describe('address book', () => {
  it('lists a department and its sub-departments with department and position names', async () => {
    const res = await list(`departId=${seedId('depart.A01')}&pageSize=50`);
    const names = res.json().result.records.map((r: any) => r.username);
    expect(names).toEqual(expect.arrayContaining(['head_master', 'rd_engineer']));
    expect(names).not.toContain('gone_user');
    const head = res.json().result.records.find((r: any) => r.username === 'head_master');
    expect(head).toMatchObject({ realname: '李校长', departNames: '总公司', postText: '教师' });
    expect(head).not.toHaveProperty('password');
    const sub = (await list(`departId=${seedId('depart.A01A01')}&pageSize=50`)).json().result.records.map((r: any) => r.username);
    expect(sub).toContain('rd_engineer');
    expect(sub).not.toContain('head_master');
  });

  it('filters by name and refuses bad paging and users without the permission', async () => {
    const res = await list(`realname=${encodeURIComponent('王')}`);
    expect(res.json().result.records.map((r: any) => r.username)).toEqual(['rd_engineer']);
    const badPaging = await list('pageSize=abc');
    expect(badPaging.statusCode).toBe(200);
    expect(badPaging.json()).toMatchObject({ success: false, message: '参数 pageSize：pageSize 必须是整数' });
    await createUser(t.db, { username: 'no_book', password: 'NoBook#2026' });
    expect((await list('', await login(t.app, 'no_book', 'NoBook#2026'))).statusCode).toBe(403);
  });
});
