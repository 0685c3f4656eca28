import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, auth, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';
import { multipart, sheetRows, xlsx } from '../../students/content/testing';
import { graphPermission } from './graph-permission';

// Online图表 (issue 15), on SQLite and (TEST_DATABASE_URL) PostgreSQL: a chart's SQL is checked by the
// report guard before it is stored (no write of any kind gets through), its data comes back in the
// original's shape filtered by its parameters and query fields, and only holders of its code read it.

let t: TestApp;
let admin: string;
let graphId: string;
const raw = () => t.db.withoutPlugins() as Kysely<any>;
const enc = encodeURIComponent;

const graph = (extra: Record<string, unknown> = {}) => ({
  name: '区域销售',
  code: 'sales_by_region',
  cgrSql: "select region, sum(amount) as amount, count(*) as orders from ext_sales where kind = '${kind}' group by region order by region",
  xaxisField: 'region',
  yaxisField: 'amount,orders',
  graphType: 'bar,pie',
  displayTemplate: 'tab',
  dataType: 'sql',
  onlGraphreportItemList: [
    { fieldName: 'region', fieldTxt: '区域', fieldType: 'String', isShow: 'Y', searchFlag: 'Y', searchMode: 'single' },
    { fieldName: 'amount', fieldTxt: '金额', fieldType: 'Integer', isShow: 'Y', isTotal: 'Y', searchFlag: 'Y', searchMode: 'group' },
    { fieldName: 'orders', fieldTxt: '单数', fieldType: 'Integer', isShow: 'Y' },
  ],
  paramsList: [{ paramName: 'kind', paramTxt: '类别', paramValue: 'retail' }],
  ...extra,
});

const salesRows = async () => (await raw().selectFrom('ext_sales').selectAll().orderBy('region').orderBy('amount').execute()).map((r) => [r.region, Number(r.amount), r.kind]);

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  await sql`create table ext_sales (region varchar(20), amount integer, kind varchar(10))`.execute(raw());
  await sql`insert into ext_sales (region, amount, kind) values ('东区', 10, 'retail'), ('东区', 5, 'retail'), ('西区', 7, 'retail'), ('西区', 100, 'bulk'), ('南区', 1, 'bulk')`.execute(raw());
  // chart SQL reads only what the allow-list (表白名单) declares
  expect((await apiCall(t.app, admin, 'POST', '/sys/tableWhiteList/add', { tableName: 'ext_sales', fieldName: 'region,amount,kind' })).body.success).toBe(true);
  const add = await apiCall(t.app, admin, 'POST', '/online/graphreport/head/add', graph());
  expect(add.body.success).toBe(true);
  graphId = add.body.result;
});
afterAll(() => t.close());

describe('graph SQL', () => {
  it('refuses every write and changes nothing', async () => {
    const before = await salesRows();
    const writes = [
      "insert into ext_sales (region, amount, kind) values ('北区', 1, 'x')",
      "update ext_sales set amount = 0",
      'delete from ext_sales',
      'drop table ext_sales',
      'select * from ext_sales; delete from ext_sales',
      'with gone as (delete from ext_sales returning *) select * from gone',
      'select region from ext_sales for update',
      'select * from sys_install',
      'select username, password from sys_user',
    ];
    for (const [i, cgrSql] of writes.entries()) {
      const res = await apiCall(t.app, admin, 'POST', '/online/graphreport/head/add', graph({ code: `bad_${i}`, cgrSql, onlGraphreportItemList: [], paramsList: [] }));
      expect(res.body.success, cgrSql).toBe(false);
      expect(res.body.message, cgrSql).toMatch(/SQL/);
      const parse = await apiCall(t.app, admin, 'POST', '/online/graphreport/head/parseField', { type: 'SQL', data: cgrSql });
      expect(parse.body.success, cgrSql).toBe(false);
    }
    expect(await t.db.selectFrom('onlGraphreportHead').select('code').where('code', 'like', 'bad_%').execute()).toEqual([]);
    expect(await salesRows()).toEqual(before);
  });

  it('refuses JSON and API data', async () => {
    const res = await apiCall(t.app, admin, 'POST', '/online/graphreport/head/add', graph({ code: 'json_chart', dataType: 'json', cgrSql: '[{"a":1}]' }));
    expect(res.body).toMatchObject({ success: false, message: expect.stringContaining('只支持 SQL') });
  });

  it('parseField answers the columns and parameters of a SELECT', async () => {
    const res = await apiCall(t.app, admin, 'POST', '/online/graphreport/head/parseField', { type: 'SQL', data: graph().cgrSql });
    expect(res.body.success).toBe(true);
    expect(res.body.result.fields.map((f: any) => f.fieldName)).toEqual(['region', 'amount', 'orders']);
    expect(res.body.result.params.map((p: any) => p.paramName)).toEqual(['kind']);
  });
});

describe('getChartsData', () => {
  it('answers head, data, items and dictOptions, with the parameter default', async () => {
    const res = await apiCall(t.app, admin, 'GET', `/online/graphreport/api/getChartsData?id=${graphId}`);
    expect(res.body.success).toBe(true);
    const { head, data, items, dictOptions } = res.body.result;
    expect(head).toMatchObject({ id: graphId, code: 'sales_by_region', xaxisField: 'region', yaxisField: 'amount,orders', graphType: 'bar,pie', dataType: 'sql' });
    expect(data.map((r: any) => [r.region, Number(r.amount), Number(r.orders)])).toEqual([
      ['东区', 15, 2],
      ['西区', 7, 1],
    ]);
    expect(items.map((i: any) => [i.fieldName, i.searchFlag, i.isShow])).toEqual([
      ['region', 'Y', 'Y'],
      ['amount', 'Y', 'Y'],
      ['orders', 'N', 'Y'],
    ]);
    expect(dictOptions).toEqual({});
  });

  it('binds self_ parameters and applies the query fields the chart page sends', async () => {
    const bulk = await apiCall(t.app, admin, 'GET', `/online/graphreport/api/getChartsData?id=${graphId}&self_kind=bulk`);
    expect(bulk.body.result.data.map((r: any) => [r.region, Number(r.amount)])).toEqual([
      ['南区', 1],
      ['西区', 100],
    ]);
    // a parameter value is bound, never spliced
    const injected = await apiCall(t.app, admin, 'GET', `/online/graphreport/api/getChartsData?id=${graphId}&self_kind=${enc("x' or '1'='1")}`);
    expect(injected.body.result.data).toEqual([]);
    const params = enc(JSON.stringify([{ fieldName: 'amount', searchMode: 'group', value: [10, null] }]));
    const filtered = await apiCall(t.app, admin, 'GET', `/online/graphreport/api/getChartsData?id=${graphId}&params=${params}`);
    expect(filtered.body.result.data.map((r: any) => r.region)).toEqual(['东区']);
  });

  it('is refused to a user without the chart code, and an unknown id tells nothing', async () => {
    await createUser(t.db, { username: 'graph_viewer', password: 'Graph#2026-viewer' });
    const token = await login(t.app, 'graph_viewer', 'Graph#2026-viewer');
    for (const id of [graphId, 'no-such-chart']) {
      const res = await apiCall(t.app, token, 'GET', `/online/graphreport/api/getChartsData?id=${id}`);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(510);
    }
    const right = await t.db.selectFrom('sysPermission').select('perms').where('perms', '=', graphPermission('sales_by_region')).executeTakeFirst();
    expect(right).toBeDefined();
  });

  it('exports the charts and imports them back; an imported chart’s SQL is guarded like a saved one', async () => {
    const file = await t.app.inject({ method: 'GET', url: '/api/online/graphreport/head/exportXls?code=sales_by_region', headers: auth(admin) });
    expect(file.statusCode).toBe(200);
    const rows = await sheetRows(file.rawPayload);
    expect(rows[0]).toEqual(expect.arrayContaining(['图表名称', '编码', '查询SQL', 'X轴字段', 'Y轴字段']));
    const head = rows[0] as string[];
    const at = (title: string) => head.indexOf(title);
    const copy = [...(rows[1] as unknown[])];
    copy[at('编码')] = 'sales_copy';
    const bad = [...copy];
    bad[at('编码')] = 'sales_bad';
    bad[at('查询SQL')] = 'delete from ext_sales';
    const sheet = await xlsx([head, copy, bad]);
    const res = await t.app.inject({ method: 'POST', url: '/api/online/graphreport/head/importExcel', ...multipart(sheet, '图表.xlsx', admin) });
    expect(res.json()).toMatchObject({ success: true, message: expect.stringContaining('成功1行，失败1行') });
    const codes = (await t.db.selectFrom('onlGraphreportHead').select('code').where('code', 'like', 'sales_%').orderBy('code').execute()).map((r) => r.code);
    expect(codes).toEqual(['sales_by_region', 'sales_copy']);
    expect(await t.db.selectFrom('sysPermission').select('perms').where('perms', '=', graphPermission('sales_copy')).executeTakeFirst()).toBeDefined();
    const copied = (await t.db.selectFrom('onlGraphreportHead').select('id').where('code', '=', 'sales_copy').executeTakeFirstOrThrow()).id;
    const data = await apiCall(t.app, admin, 'GET', `/online/graphreport/api/getChartsData?id=${copied}&self_kind=retail`);
    expect(data.body.result.data.map((r: any) => r.region)).toEqual(['东区', '西区']);
  });

  it('editing and deleting keep the chart code in step', async () => {
    const items = await apiCall(t.app, admin, 'GET', `/online/graphreport/head/queryOnlGraphreportItemByMainId?id=${graphId}`);
    expect(items.body.result).toHaveLength(3);
    const edit = await apiCall(t.app, admin, 'PUT', '/online/graphreport/head/edit', graph({ id: graphId, code: 'sales_chart', graphType: ['line'] }));
    expect(edit.body.success).toBe(true);
    expect(await t.db.selectFrom('sysPermission').select('perms').where('perms', 'in', [graphPermission('sales_by_region'), graphPermission('sales_chart')]).execute()).toEqual([{ perms: graphPermission('sales_chart') }]);
    const del = await apiCall(t.app, admin, 'DELETE', `/online/graphreport/head/delete?id=${graphId}`);
    expect(del.body.success).toBe(true);
    expect(await t.db.selectFrom('sysPermission').select('perms').where('perms', '=', graphPermission('sales_chart')).execute()).toEqual([]);
    expect(await t.db.selectFrom('onlGraphreportItem').select('id').where('graphreportHeadId', '=', graphId).execute()).toEqual([]);
  });
});
