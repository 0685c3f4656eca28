// Contains-filters of the user list from the trigram index (issue 18), on SQLite (FTS5) and, with
// TEST_DATABASE_URL, PostgreSQL (pg_trgm): the same answers as a scan, kept through adds, renames and
// deletions; the SQLite index is used for a selective text and left for a text that matches many rows.
// MySQL/MariaDB (TEST_MYSQL_URL) has no trigram index: the same answers, from a scan.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, seedDatabase, seedId, type DbHandle } from '../../../core/db';
import { testDatabases, type TestDatabase } from '../../../../test/helpers/databases';
import { textIndexedFilters, TEXT_INDEX_SELECTIVE } from '../../../core/query';
import { listUsers, tenantUserService } from './user-list';

const targets = testDatabases('us');

describe.each(targets)('user list contains-filters on %s', (dialect, open) => {
  let handle: DbHandle;
  let database: TestDatabase;
  const svc = tenantUserService();
  const caller = { id: seedId('user.admin'), username: 'admin', orgCode: 'A01', tenantId: 1000 } as const;
  const names = async (params: Record<string, string>) =>
    (await listUsers(handle.db, svc, caller as never, { pageNo: '1', pageSize: '50', column: 'username', order: 'asc', ...params })).records.map((r) => r.username);

  async function addUsers(rows: Array<{ username: string; realname: string; phone?: string; email?: string; workNo?: string }>) {
    await handle.db.transaction().execute(async (trx) => {
      for (const [i, r] of rows.entries()) {
        const id = `us${r.username}`.slice(0, 32);
        await trx.insertInto('sysUser').values({ id, ...r, password: 'x', status: 1, delFlag: 0, createTime: `2026-01-01 00:00:${String(i % 60).padStart(2, '0')}` }).execute();
        await trx.insertInto('sysUserTenant').values({ id: `ut${id}`.slice(0, 32), userId: id, tenantId: 1000, status: '1' }).execute();
      }
    });
  }

  beforeAll(async () => {
    database = await open();
    handle = database.handle;
    await migrateToLatest(handle.db);
    await seedDatabase(handle.db, { adminPassword: 'Admin#2026-search' });
    await addUsers([
      { username: 'ada77001', realname: '张伟芳', phone: '13912345678', email: 'ada.zhang@school.cn', workNo: 'T2023-0417' },
      { username: 'ada77002', realname: '李娜', phone: '13800005678', email: 'lina@corp.cn', workNo: 'S2024-0001' },
      { username: 'bob77001', realname: '王强' },
      { username: 'carol_1', realname: 'Carol 100%' },
    ]);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('finds users by a part of their phone, e-mail or work number (advanced query), as a scan would', async () => {
    expect(await names({ phone: '*5678*' })).toEqual(['ada77001', 'ada77002']);
    expect(await names({ phone: '*912345*' })).toEqual(['ada77001']);
    expect(await names({ email: '*ZHANG@sch*' })).toEqual(['ada77001']);
    expect(await names({ email: '*corp*' })).toEqual(['ada77002']);
    expect(await names({ workNo: '*2023-04*' })).toEqual(['ada77001']);
    expect(await names({ workNo: '*0001*' })).toEqual(['ada77002']);
    expect(await names({ email: '*nobody*' })).toEqual([]);
  });

  it('finds what a scan finds, in any case, and keeps up with renames and deletions', async () => {
    expect(await names({ username: '*a77*' })).toEqual(['ada77001', 'ada77002']);
    expect(await names({ username: '*ADA7700*' })).toEqual(['ada77001', 'ada77002']);
    expect(await names({ username: '*77001*' })).toEqual(['ada77001', 'bob77001']);
    expect(await names({ realname: '*张伟芳*' })).toEqual(['ada77001']);
    // texts the index cannot answer (two characters; a wildcard of its own) are scanned, with the same rules
    expect(await names({ realname: '*李娜*' })).toEqual(['ada77002']);
    expect(await names({ realname: '*100%*' })).toEqual(['carol_1']);
    expect(await names({ username: '*l_1*' })).toEqual(['carol_1']);

    await handle.db.updateTable('sysUser').set({ username: 'eve77009' }).where('username', '=', 'ada77002').execute();
    expect(await names({ username: '*a77*' })).toEqual(['ada77001']);
    expect(await names({ username: '*e77*' })).toEqual(['eve77009']);
    await handle.db.deleteFrom('sysUserTenant').where('userId', '=', 'usbob77001').execute();
    await handle.db.deleteFrom('sysUser').where('username', '=', 'bob77001').execute();
    expect(await names({ username: '*77001*' })).toEqual(['ada77001']);
  });

  const indexTest = {
    sqlite: 'answers a selective text from the FTS5 index and walks the list for a common one',
    postgres: 'has a trigram index on account, name and phone (not e-mail or work number), answers a selective text from it and walks the list for a common one',
    mysql: 'has no text index to ask: every contains-filter is a scan',
  };
  it(indexTest[dialect], async () => {
    const fields = svc.def.fields;
    const filter = (value: string) => [{ field: 'username', rule: 'like' as const, value }];
    if (dialect === 'mysql') {
      expect((await textIndexedFilters(handle.db, fields, filter('a77'), 'sysUser')).size).toBe(0);
      expect(await names({ username: '*77001*' })).toEqual(['ada77001']);
      return;
    }
    if (dialect === 'postgres') {
      const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes where schemaname = current_schema() and indexname like 'sys_user_text_%'`.execute(handle.db);
      expect(rows.map((r) => r.indexname).sort()).toEqual(['sys_user_text_phone', 'sys_user_text_realname', 'sys_user_text_username']);
    }
    expect([...(await textIndexedFilters(handle.db, fields, filter('A77'), 'sysUser')).values()]).toEqual([expect.arrayContaining(['usada77001'])]);
    await addUsers(Array.from({ length: TEXT_INDEX_SELECTIVE + 1 }, (_, i) => ({ username: `many${i}`, realname: '多' })));
    expect((await textIndexedFilters(handle.db, fields, filter('many'), 'sysUser')).size).toBe(0);
    expect((await listUsers(handle.db, svc, caller as never, { username: '*many*', pageSize: '10' })).total).toBe(TEXT_INDEX_SELECTIVE + 1);
    // a page of a selective text, from the index, with its exact count
    const page = await listUsers(handle.db, svc, caller as never, { username: '*ny20*', pageSize: '3', column: 'username', order: 'asc' });
    expect(page.records.map((r) => r.username)).toEqual(['many20', 'many200', 'many2000']);
    expect(page.total).toBe(1 + 10 + 1);
    // its later pages, the last one short, and a page past the end: the same count each time
    const pageOf = (pageNo: number) => listUsers(handle.db, svc, caller as never, { username: '*ny20*', pageSize: '5', pageNo: String(pageNo), column: 'username', order: 'asc' });
    const second = await pageOf(2);
    expect(second.records.map((r) => r.username)).toEqual(['many203', 'many204', 'many205', 'many206', 'many207']);
    expect(second).toMatchObject({ total: 12, pages: 3 });
    expect(second.records[0]).not.toHaveProperty('listCountOver');
    const last = await pageOf(3);
    expect(last.records.map((r) => r.username)).toEqual(['many208', 'many209']);
    expect(last.total).toBe(12);
    expect(await pageOf(9)).toMatchObject({ records: [], total: 12 });
  });
});
