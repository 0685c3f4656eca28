import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userResource } from '../../modules/system/user/resource';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { ValueFilter, uniqueValueFilters } from './unique-values';

// The filters an import asks before it looks a unique value up in the table: a value it was given is
// never missed (else the import would write a repeat and fail at the unique index), and one it was not
// given is almost always known absent (else every chunk would still ask the database).

describe('ValueFilter', () => {
  it('finds every value it was given, across its layers, and few it was not', () => {
    const filter = new ValueFilter(1000);
    for (let i = 0; i < 200_000; i++) filter.add(`user${i}`);
    let missed = 0;
    for (let i = 0; i < 200_000; i++) if (!filter.has(`user${i}`)) missed++;
    expect(missed).toBe(0);
    let perhaps = 0;
    for (let i = 0; i < 200_000; i++) if (filter.has(`other${i}`)) perhaps++;
    expect(perhaps).toBeLessThan(20);
    // a few bytes per value
    expect(filter.bytes).toBeLessThan(200_000 * 8);
  });

  it('met: answers false for a value the first time and records it, true after', () => {
    const filter = new ValueFilter();
    expect([filter.met('user1'), filter.met('user2'), filter.met('user1'), filter.has('user2')]).toEqual([false, false, true, true]);
  });

  it('tells apart strings that differ in case, width or a trailing space', () => {
    const filter = new ValueFilter();
    for (const v of ['Zhang', '张三', '13800000000']) filter.add(v);
    expect(['Zhang', '张三', '13800000000'].map((v) => filter.has(v))).toEqual([true, true, true]);
    expect(['zhang', 'Zhang ', '张三 ', '１3800000000'].map((v) => filter.has(v))).toEqual([false, false, false, false]);
  });
});

describe('the unique values a table holds', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const uniques = userResource.fields.filter((f) => f.unique);

  it('holds the values of every user, the recycle bin’s too, where the users are few', async () => {
    await t.db.insertInto('sysUser').values({ id: 'uvbinned000000000000000000000001', username: 'uv_binned', realname: '回收', workNo: 'UV-BIN', password: 'x', status: 1, delFlag: 1 }).execute();
    const filters = await uniqueValueFilters(t.db, userResource, uniques);
    expect(filters).toBeDefined();
    expect(filters!.get('username')!.has('admin')).toBe(true);
    expect(filters!.get('username')!.has('uv_binned')).toBe(true);
    expect(filters!.get('workNo')!.has('UV-BIN')).toBe(true);
    expect(filters!.get('username')!.has('uv_nobody')).toBe(false);
  });

  it('holds nothing where the table has more rows than it reads, so every value is looked up', async () => {
    const count = Number((await t.db.selectFrom('sysUser').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(await uniqueValueFilters(t.db, userResource, uniques, count - 1)).toBeUndefined();
    expect(await uniqueValueFilters(t.db, userResource, uniques, count)).toBeDefined();
  });
});
