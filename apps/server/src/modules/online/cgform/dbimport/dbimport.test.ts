import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, DEFAULT_TENANT, login, type TestApp } from '../../../../../test/helpers/test-app';

// 从数据库导入表单 (issue 15), on SQLite and (TEST_DATABASE_URL) PostgreSQL: the tables offered never include
// the platform's own, and an imported table becomes a working, synced form with its rows kept.

let t: TestApp;
let admin: string;
const raw = () => t.db.withoutPlugins() as Kysely<any>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  await sql`create table ext_goods (id varchar(32) primary key, name varchar(50) not null, qty integer, price numeric(10,2), note text)`.execute(raw());
  await sql`create unique index ext_goods_name_uq on ext_goods (name)`.execute(raw());
  await sql`insert into ext_goods (id, name, qty, price, note) values ('g1', '螺丝', 5, 1.50, '库存'), ('g2', '螺母', 7, 0.80, null)`.execute(raw());
  // not importable: no string id key
  await sql`create table ext_counter (n integer primary key, label varchar(20))`.execute(raw());
  // not importable: a secret column
  await sql`create table ext_login (id varchar(32) primary key, password varchar(100))`.execute(raw());
});
afterAll(() => t.close());

const offered = async (query = '') => (await apiCall(t.app, admin, 'GET', `/online/cgform/head/queryTables${query}`)).body.result as Array<{ id: string }>;

describe('queryTables', () => {
  it('offers the tables a form can describe and never a system table', async () => {
    const names = (await offered()).map((r) => r.id);
    expect(names).toContain('ext_goods');
    expect(names).not.toContain('ext_counter');
    expect(names).not.toContain('ext_login');
    const system = names.filter((n) => /^(sys_|onl_|kysely_|sqlite_|pg_|stu_|qrtz_|oss_)/.test(n));
    expect(system).toEqual([]);
    // every table the database has that is a platform table is among those left out
    const all = t.dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(raw())).rows.map((r) => r.name)
      : (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = ${t.dialect === 'mysql' ? sql`database()` : sql`current_schema()`}`.execute(raw())).rows.map((r) => r.name);
    expect(all).toContain('sys_user');
    expect(all).toContain('onl_cgform_head');
  });

  it('filters by name and pages when asked', async () => {
    expect((await offered('?tableName=goods')).map((r) => r.id)).toEqual(['ext_goods']);
    expect((await offered('?tableName=nothing_like_this')).length).toBe(0);
    const page = await apiCall(t.app, admin, 'GET', '/online/cgform/head/queryTables?tableName=goods&pageNo=1&pageSize=5');
    expect(page.body.result).toMatchObject({ total: 1, records: [{ id: 'ext_goods' }] });
  });
});

describe('transTables', () => {
  it('refuses a system table and a table it cannot describe', async () => {
    for (const name of ['sys_user', 'onl_cgform_head', 'ext_counter', 'ext_login']) {
      const res = await apiCall(t.app, admin, 'POST', `/online/cgform/head/transTables/${name}`);
      expect(res.body.success, name).toBe(false);
    }
    expect(await t.db.selectFrom('onlCgformHead').select('id').where('tableName', 'in', ['sys_user', 'ext_counter', 'ext_login']).execute()).toEqual([]);
  });

  it('makes a synced form whose generated API lists, adds and edits rows', async () => {
    const res = await apiCall(t.app, admin, 'POST', '/online/cgform/head/transTables/ext_goods');
    expect(res.body.success).toBe(true);
    const [headId] = res.body.result as string[];
    const head = await t.db.selectFrom('onlCgformHead').selectAll().where('id', '=', headId).executeTakeFirstOrThrow();
    expect(head).toMatchObject({ tableName: 'ext_goods', isDbSynch: 'Y' });
    const fields = await apiCall(t.app, admin, 'GET', `/online/cgform/field/listByHeadId?headId=${headId}`);
    expect(fields.body.result.map((f: any) => [f.dbFieldName, f.dbType])).toEqual([
      ['id', 'string'],
      ['name', 'string'],
      ['qty', 'int'],
      ['price', 'BigDecimal'],
      ['note', 'Text'],
    ]);

    // the table's own index is kept as the form's, and still holds
    const indexes = await apiCall(t.app, admin, 'GET', `/online/cgform/index/listByHeadId?headId=${headId}`);
    expect(indexes.body.result.map((x: any) => [x.indexField, x.indexType])).toEqual([['name', 'unique']]);
    await expect(sql`insert into ext_goods (id, name, tenant_id) values ('g9', '螺丝', 0)`.execute(raw())).rejects.toThrow();

    // the rows already there belong to the importer's tenant and show on the generated page
    const list = await apiCall(t.app, admin, 'GET', `/online/cgform/api/getData/${headId}?column=id&order=asc`);
    expect(list.body.result.records.map((r: any) => [r.id, r.name, Number(r.qty)])).toEqual([
      ['g1', '螺丝', 5],
      ['g2', '螺母', 7],
    ]);
    const tenants = await raw().selectFrom('ext_goods').select('tenant_id').execute();
    expect(tenants.map((r) => Number(r.tenant_id))).toEqual([DEFAULT_TENANT, DEFAULT_TENANT]);

    const add = await apiCall(t.app, admin, 'POST', `/online/cgform/api/form/${headId}`, { name: '垫片', qty: 3, price: '0.20' });
    expect(add.body.success).toBe(true);
    const edit = await apiCall(t.app, admin, 'PUT', `/online/cgform/api/form/${headId}`, { id: 'g1', qty: 9 });
    expect(edit.body.success).toBe(true);
    const after = await raw().selectFrom('ext_goods').select(['id', 'name', 'qty']).orderBy('name').execute();
    expect(after.map((r) => [r.name, Number(r.qty)])).toEqual(expect.arrayContaining([['螺丝', 9], ['螺母', 7], ['垫片', 3]]));
    expect(after).toHaveLength(3);

    // no longer offered, and not imported twice
    expect((await offered()).map((r) => r.id)).not.toContain('ext_goods');
    const again = await apiCall(t.app, admin, 'POST', '/online/cgform/head/transTables/ext_goods');
    expect(again.body.success).toBe(false);
  });
});
