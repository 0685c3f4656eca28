import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, login, apiCall, type TestApp } from '../../../../test/helpers/test-app';
import { seedDemoData } from './seed';

// Issue 19: a fresh install's pages are not empty (positions, orders, people with roles), the demo data is
// seeded once, and never over data that is already there.
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const count = async (table: 'sysPosition' | 'demoOrder' | 'sysUser') =>
  Number((await t!.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('demo data', () => {
  it('fills the position, order and user lists once, with people in departments and roles', async () => {
    t = await createTestApp();
    const admin = await login(t.app);
    expect((await apiCall(t.app, admin, 'GET', '/sys/position/list')).body.result.total).toBe(0);

    expect(await seedDemoData(t.db, new Date('2026-11-24T08:00:00Z'))).toBe(true);
    const positions = (await apiCall(t.app, admin, 'GET', '/sys/position/list')).body.result;
    expect(positions.records.map((p: { name: string }) => p.name).sort()).toEqual(['专员', '工程师', '总经理', '教师', '部门经理'].sort());
    const orders = (await apiCall(t.app, admin, 'GET', '/demo/order/list')).body.result;
    expect(orders.total).toBe(3);
    const teachers = (await apiCall(t.app, admin, 'GET', '/sys/user/list?realname=' + encodeURIComponent('陈静'))).body.result.records;
    expect(teachers).toHaveLength(1);
    expect(teachers[0].orgCodeTxt).toBe('教务处');
    const roles = (await apiCall(t.app, admin, 'GET', `/sys/user/queryUserRole?userid=${teachers[0].id}`)).body.result;
    const teacherRole = await t.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'teacher').executeTakeFirstOrThrow();
    expect(roles).toEqual([teacherRole.id]);

    // once per install
    const before = { users: await count('sysUser'), orders: await count('demoOrder'), positions: await count('sysPosition') };
    expect(await seedDemoData(t.db, new Date())).toBe(false);
    expect({ users: await count('sysUser'), orders: await count('demoOrder'), positions: await count('sysPosition') }).toEqual(before);
  });

  it('leaves alone what an install already has: its positions, orders and accounts', async () => {
    t = await createTestApp();
    const admin = await login(t.app);
    expect((await apiCall(t.app, admin, 'POST', '/sys/position/add', { code: 'OWN', name: '自己的职务', postRank: '1' })).body.success).toBe(true);
    expect((await apiCall(t.app, admin, 'POST', '/sys/user/add', { username: 'chenjing', realname: '本来的陈静', password: 'Chen#2026x', confirmPassword: 'Chen#2026x' })).body.success).toBe(true);

    expect(await seedDemoData(t.db, new Date())).toBe(true);
    const positions = (await apiCall(t.app, admin, 'GET', '/sys/position/list')).body.result.records.map((p: { name: string }) => p.name);
    expect(positions).toEqual(['自己的职务']);
    const chen = (await apiCall(t.app, admin, 'GET', '/sys/user/list?username=chenjing')).body.result.records;
    expect(chen.map((u: { realname: string }) => u.realname)).toEqual(['本来的陈静']);
    // the other people and the orders still come
    expect((await apiCall(t.app, admin, 'GET', '/sys/user/list?username=wangqiang')).body.result.total).toBe(1);
    expect(await count('demoOrder')).toBe(3);
  });
});
