import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import mysql from 'mysql2/promise';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, seedId } from '../../../core/db';
import { apiCall, auth, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';
import { REPORT_LIMITS, reportTarget } from './report-runner';

// SQL reports (issue 15): the designer's calls, a report with parameters, query fields, totals over the
// whole result, export, charts, data sources, permissions, and every way of writing through report SQL
// refused with nothing changed.

let t: TestApp;
let admin: string;
const MYSQL_URL = process.env.TEST_MYSQL_URL;

const SALES_SQL = "select id, region, amount, sale_date from rpt_sales where (coalesce(${skip}, '') = '' or region <> ${skip}) order by sale_date";

async function addReport(token: string, head: Record<string, unknown>, items: Array<Record<string, unknown>> = [], params: Array<Record<string, unknown>> = []) {
  return apiCall(t.app, token, 'POST', '/online/cgreport/head/add', { head, items, params });
}

async function reportId(code: string) {
  return (await t.db.selectFrom('onlCgreportHead').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

async function counts() {
  const roles = await t.db.selectFrom('sysRole').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const sales = await t.db.selectFrom('rptSales' as never).select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const users = await t.db.selectFrom('sysUser').select(['username', 'password']).orderBy('username').execute();
  return JSON.stringify({ roles: Number(roles.n), sales: Number((sales as any).n), users });
}

beforeAll(async () => {
  // the MySQL data source below is on 127.0.0.1, which only the operator's switch lets a data source reach
  t = await createTestApp({ DATASOURCE_PRIVATE_HOSTS: 'on' });
  admin = await login(t.app);
  await t.db.schema
    .createTable('rpt_sales')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('region', 'varchar(20)')
    .addColumn('amount', 'integer')
    .addColumn('sale_date', 'varchar(10)')
    .execute();
  const rows: Array<[string, number, string]> = [
    ['东区', 10, '2026-01-01'],
    ['西区', 32, '2026-01-02'],
    ['东区', 5, '2026-01-03'],
    ['北区', 7, '2026-01-04'],
    ['西区', 1, '2026-01-05'],
  ];
  for (const [i, [region, amount, saleDate]] of rows.entries()) {
    await t.db.insertInto('rptSales' as never).values({ id: `s${i + 1}`, region, amount, saleDate } as never).execute();
  }
  // report SQL reads only what the allow-list (表白名单) declares
  const declared = await apiCall(t.app, admin, 'POST', '/sys/tableWhiteList/add', { tableName: 'rpt_sales', fieldName: 'id,region,amount,sale_date' });
  expect(declared.body.success).toBe(true);
});
afterAll(() => t.close());

describe('the report designer', () => {
  it('parses the SQL into columns and parameters, saves the report with them and lists it', async () => {
    const parsed = await apiCall(t.app, admin, 'GET', `/online/cgreport/head/parseSql?sql=${encodeURIComponent(SALES_SQL)}`);
    expect(parsed.body.success).toBe(true);
    expect(parsed.body.result.fields.map((f: any) => [f.fieldName, f.fieldType])).toEqual([
      ['id', 'String'],
      ['region', 'String'],
      ['amount', 'Integer'],
      ['sale_date', 'Date'],
    ]);
    expect(parsed.body.result.params).toEqual([{ paramName: 'skip', paramTxt: 'skip', paramValue: '', orderNum: 1 }]);

    const items = parsed.body.result.fields.map((f: any) => ({
      ...f,
      fieldTxt: { id: '编号', region: '地区', amount: '金额', sale_date: '日期' }[f.fieldName as string],
      isSearch: f.fieldName === 'region' || f.fieldName === 'sale_date' ? '1' : '0',
      searchMode: f.fieldName === 'sale_date' ? 'group' : 'single',
      isTotal: f.fieldName === 'amount' ? '1' : '0',
    }));
    const saved = await addReport(
      admin,
      { code: 'rpt_sales', name: '销售统计', cgrSql: SALES_SQL, chartType: 'bar', chartFieldX: 'region', chartFieldsY: 'amount' },
      items,
      [{ paramName: 'skip', paramTxt: '排除地区', paramValue: '' }],
    );
    expect(saved.body).toMatchObject({ success: true, message: '添加成功！' });
    const id = await reportId('rpt_sales');

    const list = await apiCall(t.app, admin, 'GET', '/online/cgreport/head/list?code=rpt_sales');
    expect(list.body.result.records).toMatchObject([{ id, code: 'rpt_sales', name: '销售统计', cgrSql: SALES_SQL, chartType: 'bar' }]);
    const itemRows = await apiCall(t.app, admin, 'GET', `/online/cgreport/item/listByHeadId?headId=${id}`);
    expect(itemRows.body.result.map((i: any) => [i.fieldName, i.isTotal, i.searchMode])).toEqual([
      ['id', '0', 'single'],
      ['region', '0', 'single'],
      ['amount', '1', 'single'],
      ['sale_date', '0', 'group'],
    ]);
    const paramRows = await apiCall(t.app, admin, 'GET', `/online/cgreport/param/listByHeadId?headId=${id}`);
    expect(paramRows.body.result).toMatchObject([{ paramName: 'skip', paramTxt: '排除地区' }]);
    expect((await apiCall(t.app, admin, 'GET', `/online/cgreport/api/getParamsInfo/${id}`)).body.result).toMatchObject([{ paramName: 'skip' }]);

    // a second report of the same code is refused; editAll renames it and keeps its columns
    expect((await addReport(admin, { code: 'rpt_sales', name: '重复', cgrSql: 'select 1 as n' })).body).toMatchObject({ success: false, message: '报表编码已存在!' });
  });

  it('answers pages with parameters, query fields, sorting, and totals over the whole result', async () => {
    const id = await reportId('rpt_sales');
    const page = (q: string) => apiCall(t.app, admin, 'GET', `/online/cgreport/api/getData/${id}?${q}`);
    const first = await page('pageNo=1&pageSize=2');
    expect(first.body.result).toMatchObject({ total: 5, current: 1, size: 2, totals: { amount: 55 } });
    expect(first.body.result.records.map((r: any) => r.id)).toEqual(['s1', 's2']);
    // the parameter is bound: 西区 is left out, and a quote is only a value
    const noWest = await page(`self_skip=${encodeURIComponent('西区')}&column=amount&order=desc`);
    expect(noWest.body.result.records.map((r: any) => [r.region, r.amount])).toEqual([
      ['东区', 10],
      ['北区', 7],
      ['东区', 5],
    ]);
    expect(noWest.body.result.totals).toEqual({ amount: 22 });
    expect((await page(`self_skip=${encodeURIComponent("x' or '1'='1")}`)).body.result.total).toBe(5);
    // text field: contains; range field: _begin/_end
    const east = await page(`region=${encodeURIComponent('东')}&sale_date_begin=2026-01-02&sale_date_end=2026-01-05`);
    expect(east.body.result.records.map((r: any) => r.id)).toEqual(['s3']);
    expect(east.body.result.totals).toEqual({ amount: 5 });
    // the popup's force_<field>
    expect((await page('force_id=s2,s4')).body.result.records.map((r: any) => r.id)).toEqual(['s2', 's4']);
    // sorting only on a declared column
    expect((await page('column=nope&order=asc')).body.result.records[0].id).toBe('s1');

    const info = await apiCall(t.app, admin, 'GET', `/online/cgreport/api/getQueryInfo/${id}`);
    expect(info.body.result.map((f: any) => [f.field, f.mode])).toEqual([
      ['region', 'single'],
      ['sale_date', 'range'],
    ]);
    const cols = await apiCall(t.app, admin, 'GET', '/online/cgreport/api/getRpColumns/rpt_sales');
    expect(cols.body.result.columns.map((c: any) => [c.dataIndex, c.title, c.isTotal])).toEqual([
      ['id', '编号', '0'],
      ['region', '地区', '0'],
      ['amount', '金额', '1'],
      ['sale_date', '日期', '0'],
    ]);
    const both = await apiCall(t.app, admin, 'GET', `/online/cgreport/api/getColumnsAndData/${id}?pageSize=3`);
    expect(both.body.result).toMatchObject({ cgreportHeadName: '销售统计', isGroupTitle: false, data: { total: 5, totals: { amount: 55 } } });
    expect(both.body.result.data.records).toHaveLength(3);

    const pack = await apiCall(t.app, admin, 'GET', '/online/api/cgreportGetDataPackage?code=rpt_sales&dictCode=id&dictText=region&dataList=s2,s4');
    expect(pack.body.result.map((r: any) => [r.value, r.text])).toEqual([
      ['s2', '西区'],
      ['s4', '北区'],
    ]);

    const chart = await apiCall(t.app, admin, 'GET', `/online/cgreport/api/getChartData/${id}`);
    expect(chart.body.result).toMatchObject({ chartType: 'bar', xField: 'region', categories: ['东区', '西区', '东区', '北区', '西区'], series: [{ field: 'amount', name: '金额', data: [10, 32, 5, 7, 1] }] });
  });

  it('exports every row with the totals row', async () => {
    const id = await reportId('rpt_sales');
    const res = await t.app.inject({ method: 'GET', url: `/api/online/cgreport/api/exportXls/${id}?self_skip=${encodeURIComponent('北区')}`, headers: auth(admin) });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as never);
    const sheet = book.worksheets[0];
    const values = sheet.getSheetValues().slice(1).map((r: any) => (r as unknown[]).slice(1));
    expect(values[0]).toEqual(['编号', '地区', '金额', '日期']);
    expect(values.slice(1, -1).map((r) => r[0])).toEqual(['s1', 's2', 's3', 's5']);
    expect(values[values.length - 1]).toEqual(['合计', undefined, 48]);
    const many = await t.app.inject({ method: 'GET', url: `/api/online/cgreport/api/exportManySheetXls/${id}`, headers: auth(admin) });
    expect(many.statusCode).toBe(200);
  });

  it('edits the head, columns and parameters in one call and deletes the report with its permission', async () => {
    const add = await addReport(admin, { code: 'rpt_tmp', name: '临时', cgrSql: 'select role_code, role_name from sys_role' }, [{ fieldName: 'role_code', fieldTxt: '编码' }]);
    expect(add.body.success).toBe(true);
    const id = await reportId('rpt_tmp');
    const edit = await apiCall(t.app, admin, 'PUT', '/online/cgreport/head/editAll', {
      head: { id, code: 'rpt_tmp2', name: '临时2', cgrSql: 'select role_code, role_name from sys_role where role_code = ${code}' },
      items: [{ fieldName: 'role_code', fieldTxt: '编码' }, { fieldName: 'role_name', fieldTxt: '名称' }],
      params: [{ paramName: 'code', paramTxt: '编码', paramValue: 'admin' }],
    });
    expect(edit.body).toMatchObject({ success: true });
    const data = await apiCall(t.app, admin, 'GET', `/online/cgreport/api/getData/${id}`);
    expect(data.body.result.records).toEqual([{ role_code: 'admin', role_name: expect.any(String) }]);
    expect(await t.db.selectFrom('sysPermission').select('perms').where('perms', 'in', ['online:report:rpt_tmp', 'online:report:rpt_tmp2']).execute()).toEqual([{ perms: 'online:report:rpt_tmp2' }]);
    const del = await apiCall(t.app, admin, 'DELETE', `/online/cgreport/head/delete?id=${id}`);
    expect(del.body.success).toBe(true);
    expect(await t.db.selectFrom('sysPermission').select('perms').where('perms', '=', 'online:report:rpt_tmp2').execute()).toEqual([]);
    expect(await t.db.selectFrom('onlCgreportItem').select('id').where('cgrheadId', '=', id).execute()).toEqual([]);
  });
});

describe('report SQL cannot write, reach system catalogs or read secrets', () => {
  const WRITES = [
    "insert into sys_role (id, role_code, role_name) values ('x', 'x', 'x')",
    "update sys_role set role_name = 'x'",
    'delete from rpt_sales',
    'drop table rpt_sales',
    'select 1; delete from rpt_sales',
    'select 1 as n; drop table rpt_sales',
    "select * from rpt_sales where id = ''; delete from rpt_sales; --'",
    'with gone as (delete from rpt_sales returning id) select id from gone',
    'with x as (select 1) update rpt_sales set amount = 0',
    'pragma writable_schema = 1',
    'select * from pragma_table_info(\'sys_user\')',
    "attach database 'x.db' as x",
    "select load_extension('x')",
    "select writefile('x.txt', 'x')",
    "select set_config('search_path', 'public', false)",
    "select nextval('seq')",
    'select pg_terminate_backend(1)',
    "select lo_import('/etc/passwd')",
    "select dblink_exec('x', 'delete from rpt_sales')",
    "select query_to_xml('select password from sys_user', true, true, '')",
    "select ts_stat('select username from sys_user')",
    'select name from sqlite_master',
    'select table_name from information_schema.tables',
    'select relname from pg_catalog.pg_class',
    'select id into rpt_copy from rpt_sales',
    'select id from rpt_sales for update',
    'create table rpt_x as select 1 as n',
    'select * from sys_install',
    'select id from sys_user_token',
    '/*! delete from rpt_sales */ select 1 as n',
  ];
  // a quoted name: on MySQL a string (checked on its own there)
  const QUOTED_PASSWORD = 'select "password" from sys_user';
  const SECRETS = [
    'select username, password from sys_user',
    'select username, salt from sys_user',
    'select * from sys_user',
    'select u.* from sys_user u',
    'select u from sys_user u',
    'select row_to_json(u) as j from sys_user u',
    'select * from (select username from sys_user) t',
    'select code, db_password from sys_data_source',
    QUOTED_PASSWORD,
    'select mobile, code_hash from sys_sms_code',
    'select mobile from sys_sms_code',
    'select id, code_verifier from sys_third_login_flow',
    'select * from sys_third_app_config',
    'select name, client_secret from sys_third_app_config',
  ];

  it('refuses each in parseSql and on save with a clear message, and nothing changes', { timeout: 60_000 }, async () => {
    const before = await counts();
    for (const sql of [...WRITES, ...SECRETS].filter((q) => t.dialect !== 'mysql' || q !== QUOTED_PASSWORD)) {
      const parsed = await apiCall(t.app, admin, 'GET', `/online/cgreport/head/parseSql?sql=${encodeURIComponent(sql)}`);
      expect(parsed.body.success, sql).toBe(false);
      expect(parsed.body.message, sql).toMatch(/^报表 SQL 不允许：/);
      const saved = await addReport(admin, { code: `bad_${Math.random().toString(36).slice(2, 8)}`, name: '坏报表', cgrSql: sql });
      expect(saved.body.success, sql).toBe(false);
      expect(saved.body.message, sql).toMatch(/^报表 SQL 不允许：/);
    }
    expect(await counts()).toBe(before);
    expect((await apiCall(t.app, admin, 'GET', '/online/cgreport/head/parseSql?sql=' + encodeURIComponent('select username from sys_user'))).body.message).not.toMatch(/password/);
    if (t.dialect === 'mysql') {
      // MySQL reads "password" as the word itself: the report may run, and answers the word, never a hash
      expect((await addReport(admin, { code: 'rpt_quoted', name: '引号', cgrSql: 'select "password" as p from sys_user' })).body.success).toBe(true);
      const rows = (await apiCall(t.app, admin, 'GET', `/online/cgreport/api/getData/${await reportId('rpt_quoted')}?pageSize=5`)).body.result.records;
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(r.p).toBe('password');
    }
  });

  it('reads sys_user through named columns only', async () => {
    const parsed = await apiCall(t.app, admin, 'GET', `/online/cgreport/head/parseSql?sql=${encodeURIComponent('select u.username, u.realname from sys_user u where u.org_code is not null')}`);
    expect(parsed.body.result.fields.map((f: any) => f.fieldName)).toEqual(['username', 'realname']);
  });

  it('a stored report whose SQL writes (written around the designer) is refused when it runs, and nothing changes', async () => {
    const before = await counts();
    for (const [i, sql] of ['delete from rpt_sales', 'select 1 as n; delete from rpt_sales', 'with g as (delete from rpt_sales returning id) select id from g'].entries()) {
      const id = newId();
      await t.db.insertInto('onlCgreportHead').values({ id, code: `sneaky${i}`, name: 'x', sourceTable: '', cgrSql: sql } as never).execute();
      const button = newId();
      await t.db.insertInto('sysPermission').values({ id: button, parentId: null, name: 'x', menuType: 2, perms: `online:report:sneaky${i}`, status: '1' }).execute();
      await t.db.insertInto('sysRolePermission').values({ id: newId(), roleId: seedId('role.admin'), permissionId: button }).execute();
      const res = await apiCall(t.app, admin, 'GET', `/online/cgreport/api/getData/${id}`);
      expect(res.body.success, sql).toBe(false);
    }
    expect(await counts()).toBe(before);
  });

  it('the database itself refuses a write that reaches it (read-only connection or transaction)', async () => {
    const before = await counts();
    const target = await reportTarget({ db: t.db, config: t.config, dialect: t.dialect }, null, { id: 'x', username: 'admin', orgCode: null, tenantId: 1000, allTenants: false } as never);
    const one = t.dialect === 'postgres' ? '$1' : '?';
    // read-only, and on PostgreSQL also a role that holds no right but to select the allow-list's views
    const refused = /只能执行只读查询|不在表白名单中/;
    await expect(target.run(`delete from rpt_sales where 1 = ${one}`, [1], 10)).rejects.toThrow(refused);
    await expect(target.run(t.dialect === 'postgres' ? 'with g as (delete from rpt_sales returning id) select id from g where 1 = $1' : 'delete from rpt_sales where 1 = ? returning id', [1], 10)).rejects.toThrow(refused);
    expect(await counts()).toBe(before);
  });

  it('stops a query that runs too long', async () => {
    const saved = REPORT_LIMITS.timeoutMs;
    REPORT_LIMITS.timeoutMs = 300;
    try {
      // MariaDB stops a recursion after max_recursive_iterations (1,000) rows: there a cross join of its
      // rows takes long (no table beyond the allow-list's views is readable)
      const sql =
        t.dialect === 'mysql'
          ? 'with recursive r(n) as (select 1 union all select n + 1 from r where n < 1000) select count(*) as c from r a, r b, r c'
          : 'with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) as c from r';
      const res = await apiCall(t.app, admin, 'GET', `/online/cgreport/head/parseSql?sql=${encodeURIComponent(sql)}`);
      expect(res.body).toMatchObject({ success: false, message: '报表查询超时，已终止（请缩小查询范围）' });
    } finally {
      REPORT_LIMITS.timeoutMs = saved;
    }
  });
});

describe('system variables, data sources and permissions', () => {
  it('binds #{sys_user_code} and #{tenant_id}', async () => {
    const sql = 'select username, realname, #{tenant_id} as tenant from sys_user where username = #{sys_user_code}';
    const add = await addReport(admin, { code: 'rpt_me', name: '我', cgrSql: sql }, [{ fieldName: 'username' }, { fieldName: 'realname' }, { fieldName: 'tenant' }]);
    expect(add.body.success).toBe(true);
    const data = await apiCall(t.app, admin, 'GET', `/online/cgreport/api/getData/${await reportId('rpt_me')}`);
    expect(data.body.result.records.map((r: any) => [r.username, Number(r.tenant)])).toEqual([['admin', 1000]]);
  });

  it('runs a report on an SQLite data-source file', async () => {
    mkdirSync(join(t.config.dataDir, 'datasource'), { recursive: true });
    const file = new Database(join(t.config.dataDir, 'datasource', 'shop.db'));
    file.exec("create table orders (item text, qty integer); insert into orders values ('笔', 3), ('本', 4), ('笔', 5);");
    file.close();
    expect((await apiCall(t.app, admin, 'POST', '/sys/dataSource/add', { code: 'shop', name: '商店', dbType: 'sqlite', dbUrl: 'shop.db' })).body.success).toBe(true);
    const sql = 'select item, sum(qty) as qty from orders where item like ${item} group by item';
    const parsed = await apiCall(t.app, admin, 'GET', `/online/cgreport/head/parseSql?sql=${encodeURIComponent(sql)}&dbKey=shop`);
    expect(parsed.body.result.fields.map((f: any) => f.fieldName)).toEqual(['item', 'qty']);
    await addReport(admin, { code: 'rpt_shop', name: '商店', cgrSql: sql, dbSource: 'shop' }, [{ fieldName: 'item' }, { fieldName: 'qty', isTotal: '1' }], [{ paramName: 'item', paramValue: '%' }]);
    const data = await apiCall(t.app, admin, 'GET', `/online/cgreport/api/getData/${await reportId('rpt_shop')}?column=qty&order=desc`);
    expect(data.body.result.records).toEqual([
      { item: '笔', qty: 8 },
      { item: '本', qty: 4 },
    ]);
    expect(data.body.result.totals).toEqual({ qty: 12 });
    // still read-only on the data source
    const bad = await apiCall(t.app, admin, 'GET', `/online/cgreport/head/parseSql?dbKey=shop&sql=${encodeURIComponent('delete from orders')}`);
    expect(bad.body.success).toBe(false);
  });

  it.skipIf(!MYSQL_URL)('runs a report on a MariaDB/MySQL data source', async () => {
    const u = new URL(MYSQL_URL!);
    const conn = await mysql.createConnection({ host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username), password: decodeURIComponent(u.password), database: u.pathname.slice(1) });
    const table = `rpt_${Math.random().toString(36).slice(2, 8)}`;
    await conn.query(`create table ${table} (name varchar(20), n int)`);
    await conn.query(`insert into ${table} values ('a', 1), ('b', 2), ('c', 3)`);
    try {
      await apiCall(t.app, admin, 'POST', '/sys/dataSource/add', {
        code: 'maria',
        name: 'maria',
        dbType: 'mysql',
        dbUrl: `mysql://${u.hostname}:${u.port || 3306}/${u.pathname.slice(1)}`,
        dbUsername: decodeURIComponent(u.username),
        dbPassword: decodeURIComponent(u.password),
      });
      const sql = `select name, n from ${table} where n >= \${min} and name like '%\${part}%'`;
      const add = await addReport(admin, { code: 'rpt_maria', name: 'maria', cgrSql: sql, dbSource: 'maria' }, [{ fieldName: 'name' }, { fieldName: 'n', isTotal: '1' }], [{ paramName: 'min', paramValue: '2' }, { paramName: 'part', paramValue: '' }]);
      expect(add.body.success).toBe(true);
      const data = await apiCall(t.app, admin, 'GET', `/online/cgreport/api/getData/${await reportId('rpt_maria')}?column=n&order=asc`);
      expect(data.body.result.records).toEqual([
        { name: 'b', n: 2 },
        { name: 'c', n: 3 },
      ]);
      expect(data.body.result.totals).toEqual({ n: 5 });
      const bad = await apiCall(t.app, admin, 'GET', `/online/cgreport/head/parseSql?dbKey=maria&sql=${encodeURIComponent(`select sleep(5) from ${table}`)}`);
      expect(bad.body.success).toBe(false);
      const [[{ c }]] = (await conn.query(`select count(*) as c from ${table}`)) as any;
      expect(Number(c)).toBe(3);
    } finally {
      await conn.query(`drop table ${table}`);
      await conn.end();
    }
  });

  it('the designer needs online:cgreport codes; a new report is readable by its creator’s roles only', async () => {
    await createUser(t.db, { username: 'designer', password: 'Designer#2026', menuKeys: ['online.dev.cgreport', 'online.dev.cgreport.list', 'online.dev.cgreport.add'] });
    await createUser(t.db, { username: 'viewer', password: 'Viewer#2026', menuKeys: ['online.dev.cgreport', 'online.dev.cgreport.list'] });
    const designer = await login(t.app, 'designer', 'Designer#2026');
    const viewer = await login(t.app, 'viewer', 'Viewer#2026');
    const refused = await addReport(viewer, { code: 'rpt_v', name: 'v', cgrSql: 'select 1 as n' }, [{ fieldName: 'n' }]);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(510);
    expect((await apiCall(t.app, viewer, 'GET', '/online/cgreport/head/parseSql?sql=select+1+as+n')).status).toBe(403);
    expect((await apiCall(t.app, viewer, 'GET', '/online/cgreport/head/list')).body.success).toBe(true);

    expect((await addReport(designer, { code: 'rpt_d', name: '设计者的报表', cgrSql: 'select 1 as n' }, [{ fieldName: 'n' }])).body.success).toBe(true);
    const id = await reportId('rpt_d');
    expect((await apiCall(t.app, designer, 'GET', `/online/cgreport/api/getData/${id}`)).body.result.records).toEqual([{ n: 1 }]);
    const other = await apiCall(t.app, viewer, 'GET', `/online/cgreport/api/getData/${id}`);
    expect(other.status).toBe(403);
    expect(other.body.code).toBe(510);
    // the designer may not delete without online:cgreport:delete
    expect((await apiCall(t.app, designer, 'DELETE', `/online/cgreport/head/delete?id=${id}`)).status).toBe(403);
  });
});
