import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MASK } from '../../src/modules/datasource';
import { TEST_MYSQL_URL } from '../helpers/databases';
import { apiCall, createTestApp, createUser, login, type TestApp } from '../helpers/test-app';

// What the 3.9 client's pages did when walked against this server (add, edit, delete, the list after
// each), replayed as the client sends it and checked on every key its code reads.
let t: TestApp;
let admin: string;
const get = (url: string, token = admin) => apiCall(t.app, token, 'GET', url);

const field = (dbFieldName: string, extra: Record<string, unknown> = {}) => ({
  dbFieldName, dbFieldTxt: dbFieldName, dbType: 'string', dbLength: 50, dbPointLength: 0, dbIsKey: '0', dbIsNull: '1', dbIsPersist: '1', isShowForm: '1', isShowList: '1', fieldShowType: 'text', ...extra,
});
let formId: string;

beforeAll(async () => {
  // the data sources below live on the test servers at 127.0.0.1
  t = await createTestApp({ DATASOURCE_PRIVATE_HOSTS: 'on' });
  admin = await login(t.app);
  const fields = [field('id', { dbIsKey: '1', dbIsNull: '0', isShowForm: '0', isShowList: '0', dbLength: 36 }), field('create_time', { dbType: 'Datetime', dbLength: 0 }), field('name')];
  const add = await apiCall(t.app, admin, 'POST', '/online/cgform/api/addAll', { head: { tableType: 1, isTree: 'N', tableName: 'walk_row', tableTxt: '走查' }, fields, indexs: [], deleteFieldIds: [], deleteIndexIds: [] });
  formId = add.body.result;
  expect((await apiCall(t.app, admin, 'POST', `/online/cgform/api/doDbSynch/${formId}/normal`)).body).toMatchObject({ success: true });
});
afterAll(() => t.close());

describe('page 0 is the first page (the online list asks for it after deleting the last row there is)', () => {
  it('the generated list answers page 1 for pageNo=0, with its rows', async () => {
    for (const name of ['甲', '乙']) expect((await apiCall(t.app, admin, 'POST', `/online/cgform/api/form/${formId}?tabletype=1`, { name })).body.success).toBe(true);
    const first = (await get(`/online/cgform/api/getData/${formId}?hasQuery=true&column=id&order=asc&pageNo=1&pageSize=10`)).body;
    const zero = (await get(`/online/cgform/api/getData/${formId}?hasQuery=true&column=id&order=asc&pageNo=0&pageSize=10`)).body;
    expect(zero).toMatchObject({ success: true, result: { current: 1, total: 2 } });
    expect(zero.result.records).toEqual(first.result.records);
    expect((await get(`/online/cgform/api/getData/${formId}?pageNo=-3`)).body.result.current).toBe(1);
    // not a number is still refused in the original's envelope
    expect((await get(`/online/cgform/api/getData/${formId}?pageNo=abc`)).body).toMatchObject({ success: false, message: 'pageNo 必须是不小于 1 的整数' });
  });

  it('rows carry jeecg_row_key, the key the list selects by, and 批量删除 deletes the selected keys', async () => {
    const page = (await get(`/online/cgform/api/getData/${formId}?hasQuery=true&column=id&order=asc&pageNo=1&pageSize=10`)).body.result;
    expect(page.records.length).toBeGreaterThan(1);
    for (const r of page.records) expect(r.jeecg_row_key).toBe(r.id);
    expect(new Set(page.records.map((r: { jeecg_row_key: string }) => r.jeecg_row_key)).size).toBe(page.records.length);
    const keys = page.records.map((r: { jeecg_row_key: string }) => r.jeecg_row_key).join(',');
    expect((await apiCall(t.app, admin, 'DELETE', `/online/cgform/api/form/${formId}/${keys}`)).body).toMatchObject({ success: true });
    expect((await get(`/online/cgform/api/getData/${formId}?pageNo=0`)).body.result).toMatchObject({ total: 0, current: 1 });
    expect((await get(`/online/cgform/api/getTreeData/${formId}?pageNo=1`)).body).toMatchObject({ success: true });
  });

  it('every paged list of the client answers pageNo=0 as page 1', async () => {
    const dep = await t.db.selectFrom('sysDepart').select(['id', 'orgCode']).orderBy('orgCode').executeTakeFirstOrThrow();
    const lists = [
      '/sys/role/list', '/sys/user/list', '/sys/position/list', '/sys/quartzJob/list', '/sys/annountCement/list', '/sys/online/list',
      `/sys/addressbook/list?departId=${dep.id}`, '/sys/tenant/getTenantUserList?userTenantId=1000', '/sys/tenant/getTenantPageListByUserId',
      `/sys/user/departUserList?depId=${dep.id}`, `/sys/user/queryDepartPostUserPageList?departId=${dep.id}`, `/sys/user/queryDepartUserByOrgCode?orgCode=${dep.orgCode}`,
      `/sys/sysDepart/getDepartmentHead?departId=${dep.id}`, '/sys/user/selectUserList', '/online/cgform/head/queryTables?pageSize=5',
    ];
    for (const url of lists) {
      const res = await get(`${url}${url.includes('?') ? '&' : '?'}pageNo=0`);
      expect(res.body, url).toMatchObject({ success: true });
      expect(res.body.result.current, url).toBe(1);
    }
  });
});

describe('我的部门 (/system/departUser), the original\'s page of a department\'s 负责人', () => {
  it('is a hidden route of the administrator\'s menus the client registers, with the component it maps', async () => {
    const menu = (await get('/sys/permission/getUserPermissionByToken')).body.result.menu;
    const flat = (items: Array<Record<string, any>>): Array<Record<string, any>> => items.flatMap((m) => [m, ...flat(m.children ?? [])]);
    const page = flat(menu).find((m) => m.path === '/system/departUser');
    expect(page).toMatchObject({ component: 'system/departUser/index', hidden: true, meta: { title: '我的部门' } });
  });
});

describe('user select (/sys/user/selectUserList: comments\' @, role and department pickers)', () => {
  let plain: string;
  beforeAll(async () => {
    await createUser(t.db, { username: 'walk_zhang', password: 'Walk#2026x', departCodes: ['A01A01'] });
    await createUser(t.db, { username: 'walk_li', password: 'Walk#2026x', departCodes: ['A01'] });
    await createUser(t.db, { username: 'walk_frozen', password: 'Walk#2026x', status: 2, departCodes: ['A01A01'] });
    await t.db.insertInto('sysTenant').values({ id: 2093, name: '租户2093', status: 1 }).execute();
    await createUser(t.db, { username: 'walk_other', password: 'Walk#2026x', tenants: [2093] });
    await createUser(t.db, { username: 'walk_norole', password: 'Walk#2026x' });
    plain = await login(t.app, 'walk_norole', 'Walk#2026x');
  });
  const names = (body: { result: { records: Array<{ username: string }> } }) => body.result.records.map((r) => r.username);

  it('answers the page and the keys the picker reads (id, username, realname, avatar, orgCodeTxt), no contact details', async () => {
    const body = (await get('/sys/user/selectUserList?pageNo=1&pageSize=10&keyword=walk_')).body;
    expect(body).toMatchObject({ success: true, result: { total: 3, current: 1, size: 10 } });
    expect(names(body).sort()).toEqual(['walk_li', 'walk_norole', 'walk_zhang']);
    const zhang = body.result.records.find((r: { username: string }) => r.username === 'walk_zhang');
    for (const key of ['id', 'username', 'realname', 'avatar', 'orgCodeTxt']) expect(zhang, key).toHaveProperty(key);
    expect(zhang.orgCodeTxt).toBeTruthy();
    for (const key of ['phone', 'email', 'password', 'salt']) expect(zhang, key).not.toHaveProperty(key);
  });

  it('filters by department (and the departments below it), role, excluded ids and account list', async () => {
    const top = await t.db.selectFrom('sysDepart').select('id').where('orgCode', '=', 'A01').executeTakeFirstOrThrow();
    const sub = await t.db.selectFrom('sysDepart').select('id').where('orgCode', '=', 'A01A01').executeTakeFirstOrThrow();
    expect(names((await get(`/sys/user/selectUserList?departId=${top.id}&keyword=walk_`)).body).sort()).toEqual(['walk_li', 'walk_zhang']);
    expect(names((await get(`/sys/user/selectUserList?departId=${sub.id}&keyword=walk_`)).body)).toEqual(['walk_zhang']);
    const zhang = await t.db.selectFrom('sysUser').select('id').where('username', '=', 'walk_zhang').executeTakeFirstOrThrow();
    expect(names((await get(`/sys/user/selectUserList?departId=${top.id}&keyword=walk_&excludeUserIdList=${zhang.id}`)).body)).toEqual(['walk_li']);
    expect(names((await get('/sys/user/selectUserList?includeUsernameList=walk_li,walk_other,walk_frozen')).body)).toEqual(['walk_li']);
    const role = await t.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'admin').executeTakeFirstOrThrow();
    expect(names((await get(`/sys/user/selectUserList?roleId=${role.id}`)).body)).toContain('admin');
    expect(names((await get(`/sys/user/selectUserList?roleId=${role.id}&keyword=walk_`)).body)).toEqual([]);
  });

  it('a signed-in user without a role sees the same picker of their own tenant; numbers as text are read', async () => {
    const body = (await get('/sys/user/selectUserList?pageNo=1&pageSize=99&keyword=walk', plain)).body;
    expect(body).toMatchObject({ success: true, result: { size: 99 } });
    expect(names(body)).not.toContain('walk_other');
    expect((await get('/sys/user/selectUserList?pageSize=abc')).body).toMatchObject({ success: false });
  });
});

describe.skipIf(!TEST_MYSQL_URL)('数据源管理 测试 on an edit (the 3.9 client sends the masked form without its id)', () => {
  const account = `walk_ds_${process.pid}`;
  const secret = 'Walk#Ds2026';
  let root: mysql.Connection;
  let form: Record<string, string>;
  beforeAll(async () => {
    root = await mysql.createConnection(TEST_MYSQL_URL!);
    const u = new URL(TEST_MYSQL_URL!);
    const database = u.pathname.slice(1);
    await root.query(`create user if not exists '${account}'@'%' identified by '${secret}'`);
    await root.query(`grant select on \`${database}\`.* to '${account}'@'%'`);
    form = { code: 'walk_my', name: '走查库', dbType: '4', dbDriver: 'com.mysql.cj.jdbc.Driver', dbUrl: `jdbc:mysql://${u.hostname}:${u.port || 3306}/${database}`, dbUsername: account, dbPassword: secret };
  });
  afterAll(async () => {
    await root.query(`drop user if exists '${account}'@'%'`);
    await root.end();
  });

  it('tests with the stored password of the one source of that address and user', async () => {
    const added = (await apiCall(t.app, admin, 'POST', '/sys/dataSource/add', form)).body;
    expect(added, added.message).toMatchObject({ success: true });
    const row = (await get('/sys/dataSource/list?code=walk_my')).body.result.records[0];
    const shown = (await get(`/sys/dataSource/queryById?id=${row.id}`)).body.result;
    expect(shown.dbPassword).toBe(PASSWORD_MASK);
    // what the client's 测试 button posts: the form's connection fields, the mask, no id
    const probe = { dbType: shown.dbType, dbDriver: shown.dbDriver, dbUrl: shown.dbUrl, dbUsername: shown.dbUsername, dbPassword: shown.dbPassword };
    expect((await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', probe)).body).toMatchObject({ success: true, message: '数据库连接成功' });
    // a wrong password typed into the form is tried as typed
    expect((await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', { ...probe, dbPassword: 'wrong' })).body).toMatchObject({ success: false, message: '连接失败：用户名或密码错误' });
    // another address or user never borrows the stored password
    expect((await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', { ...probe, dbUsername: 'root_walk' })).body.success).toBe(false);
    // two sources of that address and user: which one is meant is unknown, nothing is borrowed
    await apiCall(t.app, admin, 'POST', '/sys/dataSource/add', { ...form, code: 'walk_my2', dbPassword: 'other' });
    expect((await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', probe)).body).toMatchObject({ success: false, message: '连接失败：用户名或密码错误' });
  });
});
