import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, createUser, DEFAULT_TENANT, login, type TestApp } from '../../../test/helpers/test-app';
import { TEST_MYSQL_URL, TEST_POSTGRES_URL } from '../../../test/helpers/databases';
import { dataSourcesOf, PASSWORD_MASK, PasswordBox } from '.';

const PG_URL = TEST_POSTGRES_URL;
const MYSQL_URL = TEST_MYSQL_URL;

/** A data source form for a database URL such as postgres://user:pw@host:5432/db. */
function formOf(url: string, dbType: string, code: string) {
  const u = new URL(url);
  const scheme = dbType === 'postgresql' ? 'postgresql' : 'mysql';
  return {
    code,
    name: `${dbType} ${code}`,
    dbType,
    dbUrl: `jdbc:${scheme}://${u.hostname}:${u.port || (dbType === 'postgresql' ? 5432 : 3306)}/${u.pathname.slice(1)}`,
    dbUsername: decodeURIComponent(u.username),
    dbPassword: decodeURIComponent(u.password),
  };
}

describe('多数据源管理', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    const sqlite = new Database(join(t.config.dataDir, 'reports.db'));
    sqlite.exec("create table sales (region text, amount integer); insert into sales values ('东区', 10), ('西区', 32);");
    sqlite.close();
  });
  afterAll(() => t.close());

  it('stores the password sealed with the install secret and never answers it', async () => {
    const add = await apiCall(t.app, admin, 'POST', '/sys/dataSource/add', {
      code: 'sealed', name: '加密测试', dbType: 'postgresql', dbUrl: 'postgresql://127.0.0.1:5432/anydb', dbUsername: 'u1', dbPassword: 'S3cret-pass!',
    });
    expect(add.body).toMatchObject({ success: true, message: '添加成功！' });
    const stored = await t.db.selectFrom('sysDataSource').selectAll().where('code', '=', 'sealed').executeTakeFirstOrThrow();
    expect(stored.dbPassword).not.toContain('S3cret-pass!');
    expect(stored.dbPassword).toMatch(/^v1:/);

    const byId = await apiCall(t.app, admin, 'GET', `/sys/dataSource/queryById?id=${stored.id}`);
    expect(byId.body.result).toMatchObject({ code: 'sealed', dbPassword: PASSWORD_MASK, dbType_dictText: 'PostgreSQL' });
    const list = await apiCall(t.app, admin, 'GET', '/sys/dataSource/list?name=*加密*');
    expect(JSON.stringify(list.body)).not.toContain('S3cret-pass!');
    expect(list.body.result.records).toHaveLength(1);

    // the install's key opens it; sending the mask back on edit keeps it
    const sources = await dataSourcesOf({ db: t.db, config: t.config });
    expect(await sources.storedPassword(stored.id, { tenantId: DEFAULT_TENANT })).toBe('S3cret-pass!');
    const edit = await apiCall(t.app, admin, 'PUT', '/sys/dataSource/edit', { id: stored.id, name: '加密测试2', dbPassword: PASSWORD_MASK });
    expect(edit.body.success).toBe(true);
    expect(await sources.storedPassword(stored.id, { tenantId: DEFAULT_TENANT })).toBe('S3cret-pass!');
    await apiCall(t.app, admin, 'PUT', '/sys/dataSource/edit', { id: stored.id, dbPassword: 'Changed#1' });
    expect(await sources.storedPassword(stored.id, { tenantId: DEFAULT_TENANT })).toBe('Changed#1');

    // another install's secret, or the same ciphertext on another row, does not open it
    const again = await t.db.selectFrom('sysDataSource').select('dbPassword').where('id', '=', stored.id).executeTakeFirstOrThrow();
    expect(new PasswordBox('another-install-secret').open(again.dbPassword!, stored.id)).toBeNull();
    expect(sources.box.open(again.dbPassword!, 'another-row')).toBeNull();
  });

  it('refuses unsupported types, credentials in the address and duplicate codes', async () => {
    const base = { name: 'x', dbUrl: 'postgresql://127.0.0.1/db' };
    expect((await apiCall(t.app, admin, 'POST', '/sys/dataSource/add', { ...base, code: 'o1', dbType: '2' })).body.message).toBe(
      '暂不支持该数据库类型（可选 PostgreSQL、MySQL/MariaDB、SQLite）',
    );
    expect((await apiCall(t.app, admin, 'POST', '/sys/dataSource/add', { ...base, code: 'o2', dbType: 'postgresql', dbUrl: 'postgresql://u:p@127.0.0.1/db' })).body.message).toBe(
      '请勿在数据源地址中填写用户名和密码',
    );
    await apiCall(t.app, admin, 'POST', '/sys/dataSource/add', { ...base, code: 'dup', dbType: 'postgresql' });
    expect((await apiCall(t.app, admin, 'POST', '/sys/dataSource/add', { ...base, code: 'dup', dbType: 'postgresql' })).body.message).toBe('数据源编码“dup”已存在');
  });

  it('opens SQLite files inside the data folder only, read-only', async () => {
    const ok = await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', { dbType: 'sqlite', dbUrl: 'reports.db' });
    expect(ok.body).toMatchObject({ success: true, message: '数据库连接成功' });
    const outside = await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', { dbType: 'sqlite', dbUrl: '../../../etc/passwd' });
    expect(outside.body.success).toBe(false);
    expect(outside.body.message).toMatch(/SQLite 文件(必须位于数据目录之内|不存在)/);
    writeFileSync(join(t.config.dataDir, 'not-a-db.txt'), 'hello');
    expect((await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', { dbType: 'sqlite', dbUrl: 'not-a-db.txt' })).body.message).toBe(
      '连接失败：该文件不是 SQLite 数据库',
    );

    // the reports' way in: a SELECT on a chosen data source; writes and second statements are refused
    await apiCall(t.app, admin, 'POST', '/sys/dataSource/add', { code: 'sales', name: '销售库', dbType: 'sqlite', dbUrl: 'reports.db' });
    const sources = await dataSourcesOf({ db: t.db, config: t.config });
    const tenant = { tenantId: DEFAULT_TENANT };
    expect(await sources.query('sales', tenant, 'select region, amount from sales where amount > ? order by amount', [5])).toEqual([
      { region: '东区', amount: 10 },
      { region: '西区', amount: 32 },
    ]);
    await expect(sources.query('sales', tenant, 'delete from sales')).rejects.toThrow('报表 SQL 只能是查询语句（SELECT）');
    await expect(sources.query('sales', tenant, 'select 1; delete from sales')).rejects.toThrow('报表 SQL 只能包含一条语句');
    await expect(sources.query('sales', { tenantId: 2000 }, 'select 1')).rejects.toThrow('数据源“sales”不存在');
    const options = await apiCall(t.app, admin, 'GET', '/sys/dataSource/options');
    expect(options.body.result).toContainEqual({ value: 'sales', label: '销售库', text: '销售库' });
  });

  it.skipIf(!PG_URL)('tests a PostgreSQL connection, with a clear message for a wrong password', async () => {
    const form = formOf(PG_URL!, 'postgresql', 'pg_ok');
    const good = await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', form);
    expect(good.body).toMatchObject({ success: true, message: '数据库连接成功' });
    // the local test server trusts 127.0.0.1 (pg_hba), so a wrong password would pass there; an unknown
    // role is refused by any configuration and is reported the same way
    const bad = await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', { ...form, dbUsername: 'no_such_role_ds', dbPassword: 'wrong-password' });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ success: false, message: '连接失败：用户名或密码错误' });

    // a saved source is tested with its stored password when the form holds only the mask
    await apiCall(t.app, admin, 'POST', '/sys/dataSource/add', form);
    const row = await t.db.selectFrom('sysDataSource').select('id').where('code', '=', 'pg_ok').executeTakeFirstOrThrow();
    const masked = await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', { ...form, id: row.id, dbPassword: PASSWORD_MASK });
    expect(masked.body.success).toBe(true);

    // reports run in a read-only transaction: a data-modifying CTE is refused by the database itself
    const sources = await dataSourcesOf({ db: t.db, config: t.config });
    expect(await sources.query('pg_ok', { tenantId: DEFAULT_TENANT }, 'select $1::int + 1 as n', [41])).toEqual([{ n: 42 }]);
    await expect(sources.query('pg_ok', { tenantId: DEFAULT_TENANT }, 'with x as (insert into pg_temp.nope values (1) returning 1) select * from x')).rejects.toThrow(/连接失败|read-only|只读/);
  });

  it.skipIf(!MYSQL_URL)('tests a MySQL/MariaDB connection, with a clear message for a wrong password', async () => {
    const form = formOf(MYSQL_URL!, 'mysql', 'my_ok');
    const good = await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', form);
    expect(good.body).toMatchObject({ success: true, message: '数据库连接成功' });
    const bad = await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', { ...form, dbPassword: 'wrong-password' });
    expect(bad.body).toMatchObject({ success: false, message: '连接失败：用户名或密码错误' });
    await apiCall(t.app, admin, 'POST', '/sys/dataSource/add', form);
    const sources = await dataSourcesOf({ db: t.db, config: t.config });
    expect(await sources.query('my_ok', { tenantId: DEFAULT_TENANT }, 'select ? + 1 as n', [41])).toEqual([{ n: 42 }]);
  });

  it('refuses callers without the rights (403/510) and keeps tenants apart', async () => {
    await createUser(t.db, { username: 'ds_nobody', password: 'Nobody#2026' });
    const nobody = await login(t.app, 'ds_nobody', 'Nobody#2026');
    for (const [method, url] of [
      ['GET', '/sys/dataSource/list'],
      ['GET', '/sys/dataSource/options'],
      ['POST', '/sys/dataSource/add'],
      ['POST', '/online/cgreport/api/testConnection'],
    ] as const) {
      const res = await apiCall(t.app, nobody, method, url, method === 'POST' ? { dbType: 'sqlite', dbUrl: 'reports.db' } : undefined);
      expect(res.status, url).toBe(403);
      expect(res.body.code).toBe(510);
    }

    await t.db.insertInto('sysTenant').values({ id: 2000, name: '另一租户', status: 1 }).execute();
    await createUser(t.db, {
      username: 'ds_other', password: 'Other#2026x', tenants: [2000],
      menuKeys: ['system', 'system.datasource', 'system.datasource.list', 'system.datasource.add', 'system.datasource.edit'],
    });
    const other = await login(t.app, 'ds_other', 'Other#2026x');
    expect((await apiCall(t.app, other, 'GET', '/sys/dataSource/list')).body.result.records).toEqual([]);
    const mine = await t.db.selectFrom('sysDataSource').select('id').where('code', '=', 'sealed').executeTakeFirstOrThrow();
    expect((await apiCall(t.app, other, 'GET', `/sys/dataSource/queryById?id=${mine.id}`)).body.success).toBe(false);
    const probe = await apiCall(t.app, other, 'POST', '/online/cgreport/api/testConnection', { id: mine.id, dbType: 'postgresql', dbUrl: 'postgresql://127.0.0.1/x', dbPassword: PASSWORD_MASK });
    expect(probe.body).toMatchObject({ success: false, message: '未找到对应数据源' });
    // the same code is free in another tenant
    const add = await apiCall(t.app, other, 'POST', '/sys/dataSource/add', { code: 'sealed', name: '别家', dbType: 'sqlite', dbUrl: 'reports.db' });
    expect(add.body.success).toBe(true);
  });
});
