import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, newId, type DbHandle } from './index';
import { insertMany, prepareInsertTogether } from './bulkInsert';
import { isUniqueViolation, uniqueViolationOf } from './errors';
import { testDatabases, type TestDatabase } from '../../../test/helpers/databases';

describe.each(testDatabases('bulk'))('bulk writes on %s', (dialect, open) => {
  let database: TestDatabase;
  let handle: DbHandle;
  beforeAll(async () => {
    database = await open();
    handle = database.handle;
    await migrateToLatest(handle.db);
    await handle.db.insertInto('sysTenant').values({ id: 1000, name: '测试租户' }).execute();
  });
  afterAll(() => database.drop());

  describe('insertMany', () => {
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

  // On PostgreSQL the parts go in as COPY statements of one query (copyIn.ts); elsewhere as insertMany.
  describe('prepareInsertTogether', () => {
    const users = (ids: string[]) => handle.db.selectFrom('sysUser').select(['id', 'username', 'realname', 'workNo', 'sex', 'status', 'delFlag']).where('id', 'in', ids).orderBy('username').execute();
    const memberships = (ids: string[]) => handle.db.selectFrom('sysUserTenant').select(['userId', 'tenantId', 'status']).where('userId', 'in', ids).execute();

    it('writes the rows of each part as given, a later part naming rows of an earlier one', async () => {
      const awkward = ['tab\there', 'line\nbreak', 'return\r', 'back\\slash', '\\N', 'N', '', '张三 "老张"', "it's", '\\.'];
      const rows = Array.from({ length: 1200 }, (_, i) => ({
        id: newId(),
        username: `tog${String(i).padStart(4, '0')}`,
        realname: i < awkward.length ? awkward[i] : `用户${i}`,
        workNo: i % 4 === 0 ? null : `T${i}`,
        password: 'x',
        sex: i % 3 === 0 ? null : (i % 2) + 1,
        status: 2,
        delFlag: 0,
      }));
      // the last user leaves status out: its default, not null
      const { status: _, ...withoutStatus } = rows[1199];
      const parts = [
        { table: 'sysUser', rows: [...rows.slice(0, 1199), withoutStatus] },
        { table: 'sysUserTenant', rows: rows.map((r) => ({ id: newId(), userId: r.id, tenantId: 1000, status: '1' })) },
      ];
      await prepareInsertTogether(handle.db, parts)();
      const back = await users(rows.map((r) => r.id));
      expect(back).toHaveLength(1200);
      for (let i = 0; i < awkward.length; i++) expect(back[i]).toEqual({ id: rows[i].id, username: rows[i].username, realname: awkward[i], workNo: rows[i].workNo, sex: rows[i].sex, status: 2, delFlag: 0 });
      expect(back[1199]).toMatchObject({ username: 'tog1199', status: 1 });
      const members = await memberships(rows.map((r) => r.id));
      expect(members).toHaveLength(1200);
      expect(members.every((m) => m.tenantId === 1000 && m.status === '1')).toBe(true);
    });

    it('refuses the whole write on a taken unique value, naming it, and the connection goes on', async () => {
      const taken = { id: newId(), username: 'tog-taken', password: 'x' };
      await insertMany(handle.db, 'sysUser', [taken]);
      const fresh = Array.from({ length: 3 }, (_, i) => ({ id: newId(), username: `tog-new${i}`, password: 'x' }));
      const parts = [
        { table: 'sysUser', rows: [...fresh, { id: newId(), username: 'tog-taken', password: 'x' }] },
        { table: 'sysUserTenant', rows: fresh.map((r) => ({ id: newId(), userId: r.id, tenantId: 1000, status: '1' })) },
      ];
      await handle.db.connection().execute(async (conn) => {
        const err = await prepareInsertTogether(conn, parts)().then(() => undefined, (e: unknown) => e);
        expect(isUniqueViolation(err)).toBe(true);
        // SQLite's import stage names the field itself
        if (dialect !== 'sqlite') expect(uniqueViolationOf(err)?.value).toBe('tog-taken');
        // the same connection answers the next statement, with nothing of either part written
        expect(await conn.selectFrom('sysUser').select('id').where('username', 'like', 'tog-new%').execute()).toEqual([]);
        expect(await memberships(fresh.map((r) => r.id))).toEqual([]);
      });
    });
  });
});
