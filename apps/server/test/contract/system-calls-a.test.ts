import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, seedId } from '../../src/core/db';
import { apiCall, auth, createTestApp, createUser, login, type HttpMethod, type TestApp } from '../helpers/test-app';

// Calls of the original platform's Vue 3 client (jeecgboot-vue3 3.9) that our own pages name differently:
// the user page (user.api.ts), role pickers (role.api.ts, RoleSelectModal), personal settings
// (UserSetting.api.ts), the menu form (menu.api.ts) and the 系统表白名单 page (SysTableWhiteList.api.ts).
// Each is replayed as that client sends it, its answer checked field by field, with the permission and
// tenant refusals. Business refusals answer HTTP 200 with success false; a missing permission HTTP 403/510.

let t: TestApp;
let admin: string;
const OTHER_TENANT = 2000;
const call = (method: HttpMethod, url: string, payload?: object, token = admin) => apiCall(t.app, token, method, url, payload);
/** The client's list requests carry a cache-buster `_t` and the sort of its table. */
const listQuery = (extra = '') => `_t=${Date.now()}&column=createTime&order=desc&pageNo=1&pageSize=10${extra}`;

async function tokenOf(username: string, menuKeys: string[], opts: { tenants?: number[]; departCodes?: string[] } = {}) {
  const password = 'Calls#2026a';
  const id = await createUser(t.db, { username, password, menuKeys, ...opts });
  return { id, token: await login(t.app, username, password) };
}

function expectRefused(res: { status: number; body: any }) {
  expect(res.status).toBe(403);
  expect(res.body).toMatchObject({ success: false, code: 510 });
}

let otherTenantUser: string;
let plainUser: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  await t.db.insertInto('sysTenant').values({ id: OTHER_TENANT, name: '第二租户', status: 1 }).execute();
  otherTenantUser = await createUser(t.db, { username: 'other_tenant_u', password: 'Other#2026a', tenants: [OTHER_TENANT], departCodes: ['A01'] });
  plainUser = await createUser(t.db, { username: 'plain_u', password: 'Plain#2026a', departCodes: ['A01A01'] });
});
afterAll(() => t.close());

describe('user page (user.api.ts)', () => {
  it('listNoCareTenant: GET /sys/user/listAll answers the user list page, still of the caller\'s tenant', async () => {
    const res = await call('GET', `/sys/user/listAll?${listQuery()}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 200 });
    const page = res.body.result;
    expect(Object.keys(page).sort()).toEqual(['current', 'pages', 'records', 'size', 'total']);
    expect(page).toMatchObject({ current: 1, size: 10 });
    const same = (await call('GET', `/sys/user/list?${listQuery()}`)).body.result;
    expect(page.total).toBe(same.total);
    expect(page.records.map((r: any) => r.id)).toEqual(same.records.map((r: any) => r.id));
    const plain = page.records.find((r: any) => r.username === 'plain_u');
    expect(plain).toMatchObject({ id: plainUser, realname: 'plain_u', status: 1, status_dictText: '正常', orgCodeTxt: '研发部' });
    expect(plain).not.toHaveProperty('password');
    expect(page.records.map((r: any) => r.username)).not.toContain('other_tenant_u');
    // the search form's filters work as on the list
    const searched = (await call('GET', `/sys/user/listAll?${listQuery('&username=plain_u')}`)).body.result;
    expect(searched.records.map((r: any) => r.id)).toEqual([plainUser]);
  });

  it('listAll needs the user list right', async () => {
    const { token } = await tokenOf('no_user_list', ['system', 'system.role', 'system.role.list']);
    expectRefused(await call('GET', `/sys/user/listAll?${listQuery()}`, undefined, token));
  });

  it('getRecycleBinList: GET /sys/user/recycleBin answers the deleted users as a plain array', async () => {
    const gone = await createUser(t.db, { username: 'gone_u', password: 'Gone#2026aa' });
    expect((await call('DELETE', `/sys/user/delete?id=${gone}`)).body.success).toBe(true);
    const elsewhere = await createUser(t.db, { username: 'gone_other', password: 'Gone#2026aa', tenants: [OTHER_TENANT] });
    await t.db.updateTable('sysUser').set({ delFlag: 1 }).where('id', '=', elsewhere).execute();

    const res = await call('GET', `/sys/user/recycleBin?_t=${Date.now()}`);
    expect(res.body).toMatchObject({ success: true, code: 200 });
    expect(Array.isArray(res.body.result)).toBe(true);
    const row = res.body.result.find((r: any) => r.id === gone);
    // the columns of recycleColumns: username, realname, avatar, sex
    expect(row).toMatchObject({ username: 'gone_u', realname: 'gone_u', avatar: null, sex: null });
    expect(row).not.toHaveProperty('password');
    expect(res.body.result.map((r: any) => r.username)).not.toContain('gone_other');
    // the same rows as our recycleBinList
    expect((await call('GET', '/sys/user/recycleBinList')).body.result).toEqual(res.body.result);

    const { token } = await tokenOf('no_recycle', ['system', 'system.user', 'system.user.list']);
    expectRefused(await call('GET', '/sys/user/recycleBin', undefined, token));
  });

  it('getUserDepartList: GET /sys/user/userDepartList answers { key, value, code, title } of the user\'s departments', async () => {
    const res = await call('GET', `/sys/user/userDepartList?userId=${plainUser}`);
    expect(res.body).toMatchObject({ success: true, code: 200 });
    expect(res.body.result).toEqual([{ key: seedId('depart.A01A01'), value: seedId('depart.A01A01'), code: 'A01A01', title: '研发部', children: [] }]);

    const noDepart = await createUser(t.db, { username: 'no_depart_u', password: 'NoDep#2026a' });
    expect((await call('GET', `/sys/user/userDepartList?userId=${noDepart}`)).body).toMatchObject({ success: true, result: [] });
  });

  it('userDepartList keeps to the caller\'s tenant and refuses bad input and callers without the right', async () => {
    // a user of another tenant is not found, whatever departments that user has
    expect((await call('GET', `/sys/user/userDepartList?userId=${otherTenantUser}`)).body).toMatchObject({ success: false, message: '未找到对应用户' });
    // a department of another tenant is not shown for a user who belongs to both
    const both = await createUser(t.db, { username: 'both_tenants_u', password: 'Both#2026aa', tenants: [1000, OTHER_TENANT], departCodes: ['A01A01'] });
    const foreign = newId();
    await t.db.insertInto('sysDepart').values({ id: foreign, departName: '外租户部门', orgCode: 'B01', orgCategory: '1', tenantId: OTHER_TENANT, delFlag: '0' }).execute();
    await t.db.insertInto('sysUserDepart').values({ id: newId(), userId: both, depId: foreign }).execute();
    expect((await call('GET', `/sys/user/userDepartList?userId=${both}`)).body.result.map((d: any) => d.code)).toEqual(['A01A01']);

    expect((await call('GET', '/sys/user/userDepartList')).body).toMatchObject({ success: false, message: '参数 userId：缺少userId' });
    const { token } = await tokenOf('no_user_list2', ['system', 'system.position', 'system.position.list']);
    expectRefused(await call('GET', `/sys/user/userDepartList?userId=${plainUser}`, undefined, token));
  });
});

describe('role pickers (role.api.ts, RoleSelectModal, user.data.ts)', () => {
  let foreignRole: string;
  beforeAll(async () => {
    foreignRole = newId();
    await t.db.insertInto('sysRole').values({ id: foreignRole, roleCode: 'foreign_role', roleName: '外租户角色', tenantId: OTHER_TENANT }).execute();
  });

  it('GET /sys/role/listByTenant answers the role list page of the caller\'s tenant', async () => {
    const res = await call('GET', `/sys/role/listByTenant?${listQuery()}`);
    expect(res.body).toMatchObject({ success: true, code: 200 });
    const page = res.body.result;
    expect(Object.keys(page).sort()).toEqual(['current', 'pages', 'records', 'size', 'total']);
    const mine = await t.db.selectFrom('sysRole').select('id').where('tenantId', '=', 1000).execute();
    expect(page.total).toBe(mine.length);
    expect(page.records.find((r: any) => r.roleCode === 'admin')).toMatchObject({ id: seedId('role.admin'), roleName: '管理员', roleCode: 'admin', description: '拥有全部权限' });
    expect(page.records.map((r: any) => r.id)).not.toContain(foreignRole);
    // the select's search by name
    const searched = (await call('GET', `/sys/role/listByTenant?${listQuery(`&roleName=${encodeURIComponent('管理员')}`)}`)).body.result;
    expect(searched.records.map((r: any) => r.roleCode)).toEqual(['admin']);
  });

  it('getAllRolesListNoByTenant: GET /sys/role/queryallNoByTenant answers every role of the caller\'s tenant', async () => {
    const res = await call('GET', '/sys/role/queryallNoByTenant');
    expect(res.body).toMatchObject({ success: true, code: 200 });
    // the user form's select reads roleName (label) and id (value)
    expect(res.body.result.find((r: any) => r.roleCode === 'admin')).toMatchObject({ id: seedId('role.admin'), roleName: '管理员' });
    expect(res.body.result.map((r: any) => r.id)).not.toContain(foreignRole);
    expect(res.body.result).toEqual((await call('GET', '/sys/role/queryall')).body.result);
  });

  it('both need the role list or the grant right', async () => {
    const { token } = await tokenOf('no_role_list', ['system', 'system.position', 'system.position.list']);
    expectRefused(await call('GET', `/sys/role/listByTenant?${listQuery()}`, undefined, token));
    expectRefused(await call('GET', '/sys/role/queryallNoByTenant', undefined, token));
    const granter = await tokenOf('granter_only', ['system', 'system.user', 'system.user.grantRole']);
    expect((await call('GET', '/sys/role/queryallNoByTenant', undefined, granter.token)).body.success).toBe(true);
  });
});

describe('personal settings (UserSetting.api.ts)', () => {
  it('queryNameByCodes: GET /sys/position/queryByCodes answers the named positions of the caller\'s tenant to any signed-in user', async () => {
    for (const [code, name, tenantId] of [['CALL_P1', '班主任', 1000], ['CALL_P2', '教务', 1000], ['CALL_P3', '外租户职务', OTHER_TENANT]] as const) {
      await t.db.insertInto('sysPosition').values({ id: newId(), code, name, postRank: '3', tenantId }).execute();
    }
    const { token } = await tokenOf('no_rights_u', []);
    const res = await call('GET', '/sys/position/queryByCodes?codes=CALL_P2,CALL_P1,CALL_P3,nope', undefined, token);
    expect(res.body).toMatchObject({ success: true, code: 200 });
    expect(res.body.result).toEqual([
      { id: expect.any(String), code: 'CALL_P1', name: '班主任', postRank: '3', postRank_dictText: '中级' },
      { id: expect.any(String), code: 'CALL_P2', name: '教务', postRank: '3', postRank_dictText: '中级' },
    ]);
    expect((await call('GET', '/sys/position/queryByCodes?codes=', undefined, token)).body).toMatchObject({ success: true, result: [] });
    expect((await call('GET', '/sys/position/queryByCodes', undefined, token)).body).toMatchObject({ success: false, message: '参数 codes：请提供职务编码' });
    const many = Array.from({ length: 201 }, (_, i) => `C${i}`).join(',');
    expect((await call('GET', `/sys/position/queryByCodes?codes=${many}`, undefined, token)).body).toMatchObject({ success: false, message: '一次最多查询200个职务' });
    // without a token: 401
    expect((await t.app.inject({ method: 'GET', url: '/api/sys/position/queryByCodes?codes=CALL_P1' })).statusCode).toBe(401);
  });
});

describe('menu form (menu.api.ts)', () => {
  it('getCheckPermDuplication: GET /sys/permission/checkPermDuplication as the original answers it', async () => {
    // a new menu (no id) on a path a menu already has
    const taken = await call('GET', '/sys/permission/checkPermDuplication?url=%2Fsystem%2Fuser&alwaysShow=false');
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ success: false, code: 500, message: '访问路径不允许重复，请重定义！' });
    // editing that menu itself
    const own = await call('GET', `/sys/permission/checkPermDuplication?id=${seedId('menu.system.user')}&url=%2Fsystem%2Fuser&alwaysShow=false`);
    expect(own.body).toMatchObject({ success: true, code: 200, message: '该值可用！', result: '该值可用！' });
    // an aggregate route may share the path
    expect((await call('GET', '/sys/permission/checkPermDuplication?url=%2Fsystem%2Fuser&alwaysShow=true')).body.success).toBe(true);
    // a path no menu has; alwaysShow left out counts as false
    expect((await call('GET', '/sys/permission/checkPermDuplication?url=%2Fsystem%2Fnew-page')).body).toMatchObject({ success: true, message: '该值可用！' });
    // a deleted menu does not hold its path
    const deleted = newId();
    await t.db.insertInto('sysPermission').values({ id: deleted, name: '已删除', url: '/system/deleted-page', component: 'x', menuType: 1, delFlag: 1 }).execute();
    expect((await call('GET', '/sys/permission/checkPermDuplication?url=%2Fsystem%2Fdeleted-page&alwaysShow=false')).body.success).toBe(true);
  });

  it('refuses a missing path and callers who may neither add nor edit menus', async () => {
    expect((await call('GET', '/sys/permission/checkPermDuplication?alwaysShow=false')).body).toMatchObject({ success: false, message: '参数 url：请输入访问路径' });
    expect((await call('GET', '/sys/permission/checkPermDuplication?url=%2Fx&alwaysShow=maybe')).body).toMatchObject({ success: false, message: '参数 alwaysShow：聚合路由只能是true或false' });
    const { token } = await tokenOf('menu_reader', ['system', 'system.permission', 'system.permission.list']);
    expectRefused(await call('GET', '/sys/permission/checkPermDuplication?url=%2Fx&alwaysShow=false', undefined, token));
    const editor = await tokenOf('menu_editor', ['system', 'system.permission', 'system.permission.edit']);
    expect((await call('GET', '/sys/permission/checkPermDuplication?url=%2Fx&alwaysShow=false', undefined, editor.token)).body.success).toBe(true);
  });
});

describe('系统表白名单 (SysTableWhiteList.api.ts) over the dictionary sources', () => {
  const W = '/sys/tableWhiteList';

  it('list answers the page with the original\'s field names, filtered like the page filters', async () => {
    const res = await call('GET', `${W}/list?${listQuery('&pageSize=50')}`);
    expect(res.body).toMatchObject({ success: true, code: 200 });
    const page = res.body.result;
    expect(Object.keys(page).sort()).toEqual(['current', 'pages', 'records', 'size', 'total']);
    const role = page.records.find((r: any) => r.tableName === 'sys_role');
    expect(role).toMatchObject({ id: expect.any(String), tableName: 'sys_role', fieldName: 'id,role_name,role_code', status: '1', createTime: expect.any(String) });
    expect(page.total).toBe((await call('GET', '/sys/dictSource/list?pageSize=50')).body.result.total);
    expect((await call('GET', `${W}/list?${listQuery('&tableName=sys_role')}`)).body.result.records.map((r: any) => r.tableName)).toEqual(['sys_role']);
    expect((await call('GET', `${W}/list?${listQuery(`&fieldName=${encodeURIComponent('*role_code*')}`)}`)).body.result.records.map((r: any) => r.tableName)).toEqual(['sys_role']);
    expect((await call('GET', `${W}/list?${listQuery('&status=1')}`)).body.result.total).toBe(page.total);
    expect((await call('GET', `${W}/list?${listQuery('&status=0')}`)).body.result).toMatchObject({ total: 0, records: [] });
  });

  it('add, edit (POST, as the client saves), delete and deleteBatch write the dictionary sources', async () => {
    const add = await call('POST', `${W}/add`, { tableName: 'sys_permission', fieldName: 'id,name', status: '1' });
    expect(add.body).toMatchObject({ success: true, code: 200, message: '添加成功！' });
    const row = (await call('GET', `${W}/list?${listQuery('&tableName=sys_permission')}`)).body.result.records[0];
    expect(row).toMatchObject({ tableName: 'sys_permission', fieldName: 'id,name', status: '1', createBy: 'admin' });
    // the sources' own checks apply
    expect((await call('POST', `${W}/add`, { tableName: 'no_such_table', fieldName: 'id', status: '1' })).body).toMatchObject({ success: false, message: '数据表不存在: no_such_table' });
    expect((await call('POST', `${W}/add`, { tableName: 'sys_depart', fieldName: 'id', status: '1' })).body).toMatchObject({ success: false, message: '表名“sys_depart”已存在' });
    expect((await call('POST', `${W}/add`, { tableName: 'sys_log', status: '1' })).body).toMatchObject({ success: false, message: '参数 fieldName：请输入允许的字段名' });
    expect((await call('POST', `${W}/add`, { tableName: 'sys_log', fieldName: 'id', status: '0' })).body).toMatchObject({ success: false, message: '字典数据源不能禁用，不再允许的表请删除' });

    const edit = await call('POST', `${W}/edit`, { id: row.id, tableName: 'sys_permission', fieldName: 'id,name,perms', status: '1' });
    expect(edit.body).toMatchObject({ success: true, message: '编辑成功！' });
    expect((await call('PUT', `${W}/edit`, { id: row.id, fieldName: 'id,name,password' })).body).toMatchObject({ success: false, message: '敏感字段不允许作为字典数据源: password' });
    const source = (await call('GET', '/sys/dictSource/list?tableName=sys_permission')).body.result.records[0];
    expect(source).toMatchObject({ id: row.id, fields: 'id,name,perms', updateBy: 'admin' });
    // the new declaration is in force at once
    const items = (await call('GET', '/sys/dict/getDictItems/sys_permission,name,perms')).body;
    expect(items.success).toBe(true);

    expect((await call('DELETE', `${W}/delete?id=${row.id}`)).body).toMatchObject({ success: true, message: '删除成功！' });
    expect((await call('GET', `${W}/list?${listQuery('&tableName=sys_permission')}`)).body.result.total).toBe(0);
    expect((await call('GET', '/sys/dict/getDictItems/sys_permission,name,perms')).body).toMatchObject({ success: false, message: '字典表或字段未被授权: sys_permission' });

    await call('POST', `${W}/add`, { tableName: 'sys_permission', fieldName: 'id,name' });
    await call('POST', `${W}/add`, { tableName: 'sys_dict', fieldName: 'id,dict_name' });
    const ids = (await call('GET', `${W}/list?${listQuery('&tableName=sys_permission,sys_dict')}`)).body.result.records.map((r: any) => r.id);
    expect(ids).toHaveLength(2);
    // the client joins the selected keys into ?ids=a,b
    expect((await call('DELETE', `${W}/deleteBatch?ids=${ids.join(',')}`)).body).toMatchObject({ success: true, message: '批量删除成功！' });
    expect((await call('DELETE', `${W}/deleteBatch?ids=nope`)).body).toMatchObject({ success: false, message: '未找到对应字典数据源' });
    expect((await call('DELETE', `${W}/delete`)).body).toMatchObject({ success: false, message: '参数 id：缺少id' });
  });

  it('exports the sources as a spreadsheet and imports one, each row checked like an add', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api${W}/exportXls?tableName=sys_role`, headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as any);
    const rows = (wb.worksheets[0].getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    expect(rows[0].slice(0, 2)).toEqual(['表名', '可读字段']);
    expect(rows[1].slice(0, 2)).toEqual(['sys_role', 'id,role_name,role_code']);

    const upload = new ExcelJS.Workbook();
    const sheet = upload.addWorksheet('Sheet1');
    sheet.addRow(['表名', '可读字段']);
    sheet.addRow(['sys_log', 'id,log_content']);
    sheet.addRow(['sys_user', 'id,password']);
    const file = Buffer.from(await upload.xlsx.writeBuffer());
    const boundary = '----calls' + Math.random().toString(16).slice(2);
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="white.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const imported = await t.app.inject({ method: 'POST', url: `/api${W}/importExcel`, payload, headers: { ...auth(admin), 'content-type': `multipart/form-data; boundary=${boundary}` } });
    const body = imported.json();
    expect(body, imported.body).toMatchObject({ success: true, code: 201 });
    expect(body.result.msg).toContain('错误行数：1');
    expect((await call('GET', `${W}/list?${listQuery('&tableName=sys_log')}`)).body.result.records[0]).toMatchObject({ tableName: 'sys_log', fieldName: 'id,log_content' });
    await call('DELETE', `${W}/delete?id=${(await call('GET', `${W}/list?tableName=sys_log`)).body.result.records[0].id}`);
  });

  it('takes the rights of the dictionary sources: list (and export) to read, add (and import) to add', async () => {
    const { token } = await tokenOf('source_reader', ['system', 'system.dictSource', 'system.dictSource.list']);
    expect((await call('GET', `${W}/list?${listQuery()}`, undefined, token)).body.success).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api${W}/exportXls`, headers: auth(token) })).statusCode).toBe(200);
    expectRefused(await call('POST', `${W}/add`, { tableName: 'sys_log', fieldName: 'id' }, token));
    expectRefused(await call('POST', `${W}/edit`, { id: 'x', fieldName: 'id' }, token));
    expectRefused(await call('DELETE', `${W}/delete?id=x`, undefined, token));
    expectRefused(await call('DELETE', `${W}/deleteBatch?ids=x`, undefined, token));
    expectRefused(await call('POST', `${W}/importExcel`, undefined, token));
    const { token: none } = await tokenOf('source_none', ['system', 'system.dict', 'system.dict.list']);
    expectRefused(await call('GET', `${W}/list`, undefined, none));
    expectRefused(await call('GET', `${W}/exportXls`, undefined, none));
  });
});

describe('the tenant dictionary sys_tenant,name,id (the user form\'s 租户 select)', () => {
  const url = '/sys/dict/getDictItems/sys_tenant,name,id';

  it('is seeded as a dictionary source of id and name', async () => {
    const row = (await call('GET', `/sys/tableWhiteList/list?tableName=sys_tenant`)).body.result.records[0];
    expect(row).toMatchObject({ tableName: 'sys_tenant', fieldName: 'id,name', status: '1' });
  });

  it('answers every tenant to holders of the tenant list right', async () => {
    const all = await t.db.selectFrom('sysTenant').select(['id', 'name']).where('delFlag', '=', 0).orderBy('id').execute();
    const res = await call('GET', url);
    expect(res.body).toMatchObject({ success: true, code: 200 });
    expect(res.body.result).toEqual(all.map((x) => ({ value: String(x.id), text: x.name, title: x.name, label: x.name })));
    expect(res.body.result.map((o: any) => o.value)).toEqual(expect.arrayContaining(['1000', String(OTHER_TENANT)]));
  });

  it('answers others only the tenants they belong to', async () => {
    const one = await tokenOf('tenant_one', [], { tenants: [1000] });
    expect((await call('GET', url, undefined, one.token)).body.result).toEqual([{ value: '1000', text: '默认租户', title: '默认租户', label: '默认租户' }]);
    const two = await tokenOf('tenant_two', [], { tenants: [1000, OTHER_TENANT] });
    expect((await call('GET', url, undefined, two.token)).body.result.map((o: any) => o.value)).toEqual(['1000', String(OTHER_TENANT)]);
    // a membership that has ended (status 2) no longer counts
    await t.db.updateTable('sysUserTenant').set({ status: '2' }).where('userId', '=', two.id).where('tenantId', '=', OTHER_TENANT).execute();
    expect((await call('GET', url, undefined, two.token)).body.result.map((o: any) => o.value)).toEqual(['1000']);
    // the texts of chosen values follow the same rule
    const texts = await call('GET', `/sys/dict/loadDictItem/sys_tenant,name,id?key=1000,${OTHER_TENANT}`, undefined, one.token);
    expect(texts.body.result).toEqual(['默认租户', String(OTHER_TENANT)]);
  });
});
