import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, newId, type DbHandle } from './index';
import { insertMany } from './bulkInsert';
import { testDatabases, type TestDatabase } from '../../../test/helpers/databases';

describe.each(testDatabases('bulk'))('insertMany on %s', (_dialect, open) => {
  let database: TestDatabase;
  let handle: DbHandle;
  beforeAll(async () => {
    database = await open();
    handle = database.handle;
    await migrateToLatest(handle.db);
  });
  afterAll(() => database.drop());

  const users = (ids: string[]) => handle.db.selectFrom('sysUser').select(['id', 'username', 'realname', 'sex', 'status', 'delFlag', 'loginTenantId']).where('id', 'in', ids).orderBy('username').execute();

  it('writes each row as given: Chinese text, quotes, numbers, nulls', async () => {
    const rows = Array.from({ length: 1500 }, (_, i) => ({
      id: newId(),
      username: `bulk${String(i).padStart(4, '0')}`,
      realname: i === 0 ? '张三 "老张" \\ 李四\n' : `用户${i}`,
      password: 'x',
      sex: i % 3 === 0 ? null : (i % 2) + 1,
      status: 2,
    }));
    await insertMany(handle.db, 'sysUser', rows);
    const back = await users(rows.map((r) => r.id));
    expect(back).toHaveLength(1500);
    expect(back[0]).toEqual({ id: rows[0].id, username: 'bulk0000', realname: '张三 "老张" \\ 李四\n', sex: null, status: 2, delFlag: 0, loginTenantId: 0 });
    expect(back[1]).toMatchObject({ username: 'bulk0001', realname: '用户1', sex: 2 });
  });

  it('gives a column a row leaves out (or undefined) its default, not null', async () => {
    const rows = [
      { id: newId(), username: 'mixed1', password: 'x', status: 3 },
      { id: newId(), username: 'mixed2', password: 'x', status: undefined },
      { id: newId(), username: 'mixed3', password: 'x' },
    ];
    await insertMany(handle.db, 'sysUser', rows);
    expect((await users(rows.map((r) => r.id))).map((u) => u.status)).toEqual([3, 1, 1]);
  });

  it('writes nothing when one row breaks a rule', async () => {
    const before = (await handle.db.selectFrom('sysUser').select('id').execute()).length;
    const rows = [
      { id: newId(), username: 'dup-a', password: 'x' },
      { id: newId(), username: 'dup-a', password: 'x' },
    ];
    await expect(insertMany(handle.db, 'sysUser', rows)).rejects.toThrow();
    expect((await handle.db.selectFrom('sysUser').select('id').execute()).length).toBe(before);
  });
});
