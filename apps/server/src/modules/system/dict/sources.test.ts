import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, login, type TestApp, apiCall, type HttpMethod } from '../../../../test/helpers/test-app';

// 字典数据源: the declarations that open tables to table dictionaries, checked against the schema.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
});
afterAll(() => t.close());

const call = (method: HttpMethod, url: string, payload?: object) => apiCall(t.app, admin, method, url, payload);
const sourceId = async (tableName: string) => (await t.db.selectFrom('sysDictSource').select('id').where('tableName', '=', tableName).executeTakeFirstOrThrow()).id;

describe('dictionary sources', () => {
  it('are seeded with the default tables and columns', async () => {
    const list = (await call('GET', '/sys/dictSource/list?pageSize=50')).body.result.records;
    expect(Object.fromEntries(list.map((r: any) => [r.tableName, r.fields]))).toEqual({
      sys_category: 'id,pid,name,code,has_child',
      sys_depart: 'id,depart_name,org_code,parent_id',
      sys_position: 'id,code,name',
      sys_role: 'id,role_name,role_code',
      sys_tenant: 'id,name',
      sys_user: 'id,username,realname,org_code',
    });
  });

  it('refuses tables and columns that do not exist, sensitive columns and protected tables', async () => {
    const cases: Array<[object, string]> = [
      [{ tableName: 'no_such_table', fields: 'id' }, '数据表不存在: no_such_table'],
      [{ tableName: 'sys_permission', fields: 'id,nope' }, '数据表 sys_permission 中不存在字段: nope'],
      [{ tableName: 'sys_permission', fields: '' }, '可读字段不能为空'],
      [{ tableName: 'sys_install', fields: 'key' }, '该表不允许作为字典数据源: sys_install'],
      [{ tableName: 'sys_user_token', fields: 'id' }, '该表不允许作为字典数据源: sys_user_token'],
      [{ tableName: 'Sys_Permission', fields: 'id' }, '表名只能包含小写字母、数字和下划线，并以字母开头'],
      [{ tableName: 'sys_permission t', fields: 'id' }, '表名只能包含小写字母、数字和下划线，并以字母开头'],
      [{ tableName: 'sys_permission', fields: 'id,name;drop' }, '字段名不合法: name;drop'],
      [{ tableName: 'sys_user', fields: 'realname' }, '表名“sys_user”已存在'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/sys/dictSource/add', payload);
      expect(res.body.message, JSON.stringify(payload)).toBe(message);
      expect(res.body.success, JSON.stringify(payload)).toBe(false);
      expect(res.status).toBe(200);
    }
    const userSource = await sourceId('sys_user');
    for (const [fields, sensitive] of [['username,password', 'password'], ['username,salt', 'salt'], ['client_secret', 'client_secret'], ['access_token', 'access_token']]) {
      const res = await call('PUT', '/sys/dictSource/edit', { id: userSource, fields });
      expect(res.status, fields).toBe(200);
      expect(res.body, fields).toMatchObject({ success: false, message: `敏感字段不允许作为字典数据源: ${sensitive}` });
    }
    expect((await call('PUT', '/sys/dictSource/edit', { id: userSource, fields: 'username,password' })).body.message).toBe('敏感字段不允许作为字典数据源: password');
  });

  it('opens a newly declared table at once, and closes it again when deleted', async () => {
    const read = () => t.app.inject({ method: 'GET', url: '/api/sys/dict/getDictItems/sys_permission,name,perms', headers: auth(admin) });
    expect((await read()).json().message).toBe('字典表或字段未被授权: sys_permission');
    const add = await call('POST', '/sys/dictSource/add', { tableName: 'sys_permission', fields: ' id , name,perms ', description: '菜单' });
    expect(add.body).toMatchObject({ success: true });
    expect((await call('GET', '/sys/dictSource/list?tableName=sys_permission')).body.result.records[0].fields).toBe('id,name,perms');
    const items = (await read()).json().result;
    expect(items).toContainEqual({ value: 'system:position:add', text: '添加', title: '添加', label: '添加' });
    const id = await sourceId('sys_permission');
    expect((await call('PUT', '/sys/dictSource/edit', { id, fields: 'id,name' })).body.success).toBe(true);
    expect((await read()).json().message).toBe('字典表或字段未被授权: perms');
    expect((await call('DELETE', `/sys/dictSource/delete?id=${id}`)).body.success).toBe(true);
    expect((await read()).json().message).toBe('字典表或字段未被授权: sys_permission');
  });

  it('ignores a sensitive column written into the table behind the application', async () => {
    await t.db.updateTable('sysDictSource').set({ fields: 'id,username,password' }).where('tableName', '=', 'sys_user').execute();
    await call('GET', '/sys/dict/refleshCache');
    const res = await t.app.inject({ method: 'GET', url: '/api/sys/dict/getDictItems/sys_user,password,username', headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toBe('字典表或字段未被授权: password');
  });
});
