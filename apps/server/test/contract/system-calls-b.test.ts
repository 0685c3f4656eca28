import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, seedId } from '../../src/core/db';
import { xlsxBuffer } from '../../src/core/excel';
import { apiCall, auth, createTestApp, createUser, login, type TestApp } from '../helpers/test-app';

// Calls of the original Vue 3 client (jeecgboot-vue3 3.9) for departments, categories, the dictionary
// recycle bin and the home-page configuration, replayed as the client sends them (method, path, params,
// body) and answered field by field, with the refusals for missing rights and other tenants.
let t: TestApp;
let admin: string;
/** Signed in, no role: what the pickers of any form may read. */
let viewer: string;
/** Another tenant's administrator of departments, categories and home pages. */
let other: string;
/** Holds the dictionary page's 查询 only. */
let dictReader: string;
let postId: string;
const A01 = seedId('depart.A01');
const A01A01 = seedId('depart.A01A01');
const get = (token: string, url: string) => apiCall(t.app, token, 'GET', url);

function multipart(filename: string, data: Buffer) {
  const boundary = '----anxue' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  await t.db.insertInto('sysTenant').values({ id: 2000, name: '二中', status: 1 }).execute();
  await t.db.insertInto('sysDepart').values({ id: newId(), departName: '二中', orgCode: 'B01', orgCategory: '1', departOrder: 0, status: '1', tenantId: 2000 }).execute();
  await createUser(t.db, { username: 'viewer', password: 'Viewer#2026' });
  await createUser(t.db, { username: 'dict_reader', password: 'Reader#2026', menuKeys: ['system.dict', 'system.dict.list'] });
  await createUser(t.db, {
    username: 'other2000',
    password: 'Other#2026x',
    tenants: [2000],
    menuKeys: ['system.depart', 'system.depart.list', 'system.depart.exportXls', 'system.category', 'system.category.list', 'system.roleIndex', 'system.roleIndex.list', 'system.roleIndex.add'],
  });
  viewer = await login(t.app, 'viewer', 'Viewer#2026');
  dictReader = await login(t.app, 'dict_reader', 'Reader#2026');
  other = await login(t.app, 'other2000', 'Other#2026x');
  // a 岗位 (org category 3) under 研发部, added as the department page adds it
  const added = await apiCall(t.app, admin, 'POST', '/sys/sysDepart/add', { parentId: A01A01, departName: 'Java工程师', orgCategory: '3' });
  expect(added.body.success).toBe(true);
  postId = added.body.result.id;
});
afterAll(() => t.close());

describe('departments', () => {
  it('getDepartPathNameByOrgCode answers the path of names, by org code or by id (compUtils)', async () => {
    const byCode = await get(admin, '/sys/sysDepart/getDepartPathNameByOrgCode?orgCode=A01A01&depId=');
    expect(byCode.body).toMatchObject({ success: true, code: 200, result: '总公司/研发部' });
    const byId = await get(viewer, `/sys/sysDepart/getDepartPathNameByOrgCode?orgCode=&depId=${postId}`);
    expect(byId.body.result).toBe('总公司/研发部/Java工程师');
    // an abbreviation stands for the name, as in the original
    await t.db.updateTable('sysDepart').set({ departNameAbbr: '总部' }).where('id', '=', A01).execute();
    expect((await get(viewer, '/sys/sysDepart/getDepartPathNameByOrgCode?orgCode=A01A01')).body.result).toBe('总部/研发部');
    await t.db.updateTable('sysDepart').set({ departNameAbbr: null }).where('id', '=', A01).execute();
    expect((await get(viewer, '/sys/sysDepart/getDepartPathNameByOrgCode?orgCode=Z99')).body).toMatchObject({ success: true, result: '' });
    // another tenant's department is unknown to this caller
    expect((await get(other, '/sys/sysDepart/getDepartPathNameByOrgCode?orgCode=A01A01')).body.result).toBe('');
    expect((await get(other, '/sys/sysDepart/getDepartPathNameByOrgCode?orgCode=B01')).body.result).toBe('二中');
  });

  it('queryAllParentId answers, per asked id or code, the ids from the top down and their departments (useTreeBiz)', async () => {
    const res = await get(admin, `/sys/sysDepart/queryAllParentId?departId=${A01A01},${postId}`);
    expect(res.body.success).toBe(true);
    expect(res.body.result[A01A01].parentIds).toEqual([A01, A01A01]);
    expect(res.body.result[postId].parentIds).toEqual([A01, A01A01, postId]);
    expect(res.body.result[postId].parentMap[A01]).toMatchObject({ id: A01, departName: '总公司', orgCode: 'A01', key: A01, title: '总公司', isLeaf: false });
    const byCode = await get(viewer, '/sys/sysDepart/queryAllParentId?orgCode=A01A01');
    expect(byCode.body.result.A01A01.parentIds).toEqual([A01, A01A01]);
    // a picker user reads the picker's fields only
    expect(byCode.body.result.A01A01.parentMap[A01]).not.toHaveProperty('mobile');
    expect((await get(viewer, '/sys/sysDepart/queryAllParentId')).body).toMatchObject({ success: false, message: 'departId 和 orgCode 不能都为空！' });
    expect((await get(other, `/sys/sysDepart/queryAllParentId?departId=${A01A01}`)).body.result[A01A01]).toEqual({ parentIds: [], parentMap: {} });
  });

  it('queryDepartAndPostTreeSync answers one level of departments with their posts (DepartLeftTree, DeptSelectModal)', async () => {
    const roots = await get(admin, '/sys/sysDepart/queryDepartAndPostTreeSync');
    expect(roots.body.success).toBe(true);
    expect(roots.body.result.map((n: { id: string }) => n.id)).toEqual([A01]);
    expect(roots.body.result[0]).toMatchObject({ key: A01, value: A01, title: '总公司', departName: '总公司', orgCode: 'A01', orgCategory: '1', isLeaf: false });
    const level = await get(admin, `/sys/sysDepart/queryDepartAndPostTreeSync?pid=${A01A01}`);
    expect(level.body.result).toEqual([expect.objectContaining({ id: postId, departName: 'Java工程师', orgCategory: '3', orgCode: 'A01A01A01', isLeaf: true, parentId: A01A01 })]);
    const chosen = await get(admin, `/sys/sysDepart/queryDepartAndPostTreeSync?departIds=${A01},${A01A01}`);
    expect(chosen.body.result.map((n: { id: string }) => n.id)).toEqual([A01]);
    const echo = await get(viewer, '/sys/sysDepart/queryDepartAndPostTreeSync?ids=A01A01&primaryKey=orgCode');
    expect(echo.body.result.map((n: { id: string }) => n.id)).toEqual([A01A01]);
    expect(echo.body.result[0]).not.toHaveProperty('address');
    const named = await get(viewer, `/sys/sysDepart/queryDepartAndPostTreeSync?name=${encodeURIComponent('工程师')}`);
    expect(named.body.result.map((n: { id: string }) => n.id)).toEqual([postId]);
    expect((await get(other, '/sys/sysDepart/queryDepartAndPostTreeSync')).body.result.map((n: { orgCode: string }) => n.orgCode)).toEqual(['B01']);
    expect((await get(viewer, '/sys/sysDepart/queryDepartAndPostTreeSync?primaryKey=name')).body).toMatchObject({ success: false, message: expect.stringContaining('primaryKey') });
  });

  it("exportXls streams the caller's tenant's departments with their paths; it needs the 导出 button", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sys/sysDepart/exportXls', headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0].getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows[0].slice(0, 2)).toEqual(['部门路径', '部门名称']);
    const paths = rows.slice(1).map((r) => r[0]);
    expect(paths).toEqual(expect.arrayContaining(['总公司', '总公司/研发部', '总公司/研发部/Java工程师']));
    expect(paths).not.toContain('二中');
    expect(rows.find((r) => r[0] === '总公司/研发部/Java工程师')![5]).toBe('岗位');
    const otherRes = await t.app.inject({ method: 'GET', url: '/api/sys/sysDepart/exportXls', headers: auth(other) });
    const otherBook = new ExcelJS.Workbook();
    await otherBook.xlsx.load(otherRes.rawPayload as unknown as ArrayBuffer);
    expect(otherBook.worksheets[0].getRow(2).getCell(1).value).toBe('二中');
    expect((await t.app.inject({ method: 'GET', url: '/api/sys/sysDepart/exportXls', headers: auth(viewer) })).statusCode).toBe(403);
  });

  it('importExcel adds departments under the parents their paths name, with generated org codes, and reports the rest', async () => {
    const sheet = await xlsxBuffer(
      [{ field: 'path', title: '部门路径' }, { field: 'name', title: '部门名称' }, { field: 'code', title: '机构编码' }, { field: 'cat', title: '机构类别' }],
      [
        { path: '总公司/测试部/测试一组', name: '测试一组', code: 'X99', cat: '' },
        { path: '总公司/测试部', name: '测试部', code: '', cat: '部门' },
        { path: '不存在/某部', name: '某部', code: '', cat: '' },
        { path: '总公司/研发部', name: '研发部', code: '', cat: '' },
      ],
    );
    const { payload, headers } = multipart('部门.xlsx', sheet);
    const res = await t.app.inject({ method: 'POST', url: '/api/sys/sysDepart/importExcel', headers: { ...auth(admin), ...headers }, payload });
    expect(res.json()).toMatchObject({
      success: true,
      code: 201,
      message: '文件导入成功，但有错误。',
      result: { totalCount: 4, successCount: 2, errorCount: 2, msg: '总上传行数：4，已导入行数：2，错误行数：2', fileName: '部门导入错误信息.xlsx', fileUrl: expect.stringMatching(/^import-errors\//) },
    });
    const made = await t.db.selectFrom('sysDepart').select(['departName', 'orgCode', 'parentId', 'id', 'tenantId', 'orgCategory']).where('departName', 'in', ['测试部', '测试一组']).execute();
    const dept = made.find((r) => r.departName === '测试部')!;
    const team = made.find((r) => r.departName === '测试一组')!;
    expect(dept).toMatchObject({ parentId: A01, tenantId: 1000, orgCategory: '2' });
    expect(dept.orgCode).toMatch(/^A01[A-Z]\d\d$/);
    expect(team.parentId).toBe(dept.id);
    expect(team.orgCode).toBe(`${dept.orgCode}A01`);
    const { payload: p2, headers: h2 } = multipart('部门.xlsx', sheet);
    const refused = await t.app.inject({ method: 'POST', url: '/api/sys/sysDepart/importExcel', headers: { ...auth(other), ...h2 }, payload: p2 });
    expect(refused.statusCode).toBe(403);
  });
});

describe('categories', () => {
  it('getChildListBatch answers the children of several parents as one page (category index.vue)', async () => {
    const a01 = seedId('category.A01');
    const a02 = seedId('category.A02');
    const ids = (await t.db.selectFrom('sysCategory').select(['id', 'code']).where('code', 'in', ['A01', 'A02']).execute()).map((r) => r.id);
    expect(ids.sort()).toEqual([a01, a02].sort());
    const res = await get(admin, `/sys/category/getChildListBatch?parentIds=${a01},${a02}`);
    expect(res.body).toMatchObject({ success: true, result: { total: 5, current: 1, size: 10 } });
    expect(res.body.result.records.map((r: { code: string }) => r.code)).toEqual(['A01A01', 'A01A02', 'A01A03', 'A02A01', 'A02A02']);
    expect(res.body.result.records[0]).toMatchObject({ pid: a01, name: '消防安全', hasChild: '0' });
    expect((await get(other, `/sys/category/getChildListBatch?parentIds=${a01}`)).body.result.records).toEqual([]);
    expect((await get(viewer, `/sys/category/getChildListBatch?parentIds=${a01}`)).status).toBe(403);
    expect((await get(admin, '/sys/category/getChildListBatch')).body).toMatchObject({ success: false, message: expect.stringContaining('缺少parentIds') });
  });

  it('loadAllData answers a category tree as dictionary options (api/common loadCategoryData)', async () => {
    const res = await get(viewer, '/sys/category/loadAllData?code=A01');
    expect(res.body.success).toBe(true);
    expect(res.body.result).toHaveLength(4);
    expect(res.body.result[0]).toEqual({ value: seedId('category.A01'), text: '安全培训', title: '安全培训', label: '安全培训' });
    expect((await get(viewer, '/sys/category/loadAllData?code=0')).body.result.length).toBeGreaterThanOrEqual(7);
    expect((await get(viewer, '/sys/category/loadAllData?code=Z9')).body).toMatchObject({ success: false, message: '无数据,参数有误.[code]' });
    expect((await get(other, '/sys/category/loadAllData?code=A01')).body).toMatchObject({ success: false, message: '无数据,参数有误.[code]' });
    expect((await get(viewer, `/sys/category/loadAllData?code=${encodeURIComponent("A'")}`)).body.success).toBe(false);
  });
});

describe('dictionary recycle bin', () => {
  async function deletedDict(code: string) {
    expect((await apiCall(t.app, admin, 'POST', '/sys/dict/add', { dictName: `回收${code}`, dictCode: code })).body.success).toBe(true);
    const row = await t.db.selectFrom('sysDict').select('id').where('dictCode', '=', code).executeTakeFirstOrThrow();
    await apiCall(t.app, admin, 'POST', '/sys/dictItem/add', { dictId: row.id, itemText: '甲', itemValue: 'a' });
    expect((await apiCall(t.app, admin, 'DELETE', `/sys/dict/delete?id=${row.id}`)).body.success).toBe(true);
    return row.id;
  }

  it('lists deleted dictionaries, restores one (back/{id}) and several (putRecycleBin)', async () => {
    const one = await deletedDict('bin_one');
    const two = await deletedDict('bin_two');
    const list = await get(dictReader, '/sys/dict/deleteList');
    expect(list.body.success).toBe(true);
    expect(list.body.result.find((d: { id: string }) => d.id === one)).toMatchObject({ dictCode: 'bin_one', dictName: '回收bin_one', delFlag: 1 });
    expect((await apiCall(t.app, admin, 'PUT', `/sys/dict/back/${one}`)).body).toMatchObject({ success: true, message: '操作成功!' });
    expect((await get(admin, '/sys/dict/getDictItems/bin_one')).body.result).toEqual([expect.objectContaining({ value: 'a', text: '甲' })]);
    expect((await apiCall(t.app, admin, 'PUT', '/sys/dict/putRecycleBin', { ids: two })).body).toMatchObject({ success: true, message: '操作成功!' });
    const after = (await get(admin, '/sys/dict/deleteList')).body.result.map((d: { id: string }) => d.id);
    expect(after).not.toContain(one);
    expect(after).not.toContain(two);
    // a live dictionary is not in the bin
    expect((await apiCall(t.app, admin, 'PUT', `/sys/dict/back/${one}`)).body).toMatchObject({ success: false, message: '字典不存在或不在回收站中' });
    expect((await apiCall(t.app, admin, 'PUT', '/sys/dict/putRecycleBin', {})).body).toMatchObject({ success: false, message: expect.stringContaining('请选择一条记录！') });
    expect((await apiCall(t.app, dictReader, 'PUT', `/sys/dict/back/${one}`)).status).toBe(403);
    expect((await get(viewer, '/sys/dict/deleteList')).status).toBe(403);
  });

  it('removes deleted dictionaries for good with their items (deletePhysic/{id}, deleteRecycleBin)', async () => {
    const one = await deletedDict('bin_three');
    const two = await deletedDict('bin_four');
    const three = await deletedDict('bin_five');
    expect((await apiCall(t.app, dictReader, 'DELETE', `/sys/dict/deletePhysic/${one}`)).status).toBe(403);
    expect((await apiCall(t.app, admin, 'DELETE', `/sys/dict/deletePhysic/${one}`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await apiCall(t.app, admin, 'DELETE', `/sys/dict/deleteRecycleBin?ids=${two},${three}`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await t.db.selectFrom('sysDict').select('id').where('id', 'in', [one, two, three]).execute()).toEqual([]);
    expect(await t.db.selectFrom('sysDictItem').select('id').where('dictId', 'in', [one, two, three]).execute()).toEqual([]);
    // a live dictionary is never purged
    const live = await t.db.selectFrom('sysDict').select('id').where('dictCode', '=', 'sex').executeTakeFirstOrThrow();
    expect((await apiCall(t.app, admin, 'DELETE', `/sys/dict/deletePhysic/${live.id}`)).body).toMatchObject({ success: false, message: '字典不存在或不在回收站中' });
    expect((await apiCall(t.app, admin, 'DELETE', `/sys/dict/deleteRecycleBin?ids=${live.id}`)).body.success).toBe(false);
    expect(await t.db.selectFrom('sysDict').select('id').where('id', '=', live.id).executeTakeFirst()).toBeTruthy();
  });

  it('dictItemCheck answers whether a value is free within its dictionary (dict.data.ts)', async () => {
    const sex = await t.db.selectFrom('sysDict').select('id').where('dictCode', '=', 'sex').executeTakeFirstOrThrow();
    const item = await t.db.selectFrom('sysDictItem').select('id').where('dictId', '=', sex.id).where('itemValue', '=', '1').executeTakeFirstOrThrow();
    expect((await get(admin, `/sys/dictItem/dictItemCheck?dictId=${sex.id}&id=&itemValue=1`)).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await get(admin, `/sys/dictItem/dictItemCheck?dictId=${sex.id}&id=${item.id}&itemValue=1`)).body).toMatchObject({ success: true, message: '该值可用！' });
    expect((await get(admin, `/sys/dictItem/dictItemCheck?dictId=${sex.id}&itemValue=9`)).body).toMatchObject({ success: true, message: '该值可用！' });
    expect((await get(admin, '/sys/dictItem/dictItemCheck?itemValue=9')).body).toMatchObject({ success: false, message: expect.stringContaining('缺少字典id') });
    expect((await get(dictReader, `/sys/dictItem/dictItemCheck?dictId=${sex.id}&itemValue=1`)).status).toBe(403);
  });
});

describe('home-page configuration (首页配置)', () => {
  it('queryDefIndex answers the built-in default while nothing is configured (store/defIndex)', async () => {
    const res = await get(viewer, '/sys/sysRoleIndex/queryDefIndex');
    expect(res.body).toMatchObject({ success: true, code: 200 });
    expect(res.body.result).toMatchObject({ roleCode: 'DEF_INDEX_ALL', url: '/dashboard/analysis', component: 'dashboard/Analysis', route: true, status: '1', relationType: 'DEFAULT' });
    expect((await get(viewer, '/sys/sysRoleIndex/cleanDefaultIndexCache')).body).toMatchObject({ success: true });
  });

  it('adds, lists, reads by code, edits and deletes configurations (home.api.ts, role.api.ts)', async () => {
    const add = await apiCall(t.app, admin, 'POST', '/sys/sysRoleIndex/add', {
      relationType: 'ROLE', roleCode: 'admin', url: '/system/user', component: 'system/user/index', priority: 5, route: true, status: '1',
    });
    expect(add.body).toMatchObject({ success: true, message: '添加成功！' });
    const list = await get(admin, '/sys/sysRoleIndex/list?relationType=ROLE');
    expect(list.body.result).toMatchObject({ total: 1, current: 1 });
    const row = list.body.result.records[0];
    expect(row).toMatchObject({ roleCode: 'admin', url: '/system/user', component: 'system/user/index', priority: 5, route: true, status: '1', relationType: 'ROLE', relationType_dictText: '角色', createBy: 'admin' });
    expect(row).not.toHaveProperty('isRoute');
    const byCode = await get(admin, '/sys/sysRoleIndex/queryByCode?roleCode=admin');
    expect(byCode.body.result).toMatchObject({ id: row.id, url: '/system/user', route: true });
    expect((await get(admin, '/sys/sysRoleIndex/queryByCode?roleCode=nobody')).body).toMatchObject({ success: true, result: null });
    const edit = await apiCall(t.app, admin, 'PUT', '/sys/sysRoleIndex/edit', { ...row, relationType_dictText: undefined, url: '/system/role', route: false });
    expect(edit.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect((await get(admin, '/sys/sysRoleIndex/queryByCode?roleCode=admin')).body.result).toMatchObject({ url: '/system/role', route: false });
    // the role must be one of this tenant's
    expect((await apiCall(t.app, admin, 'POST', '/sys/sysRoleIndex/add', { relationType: 'ROLE', roleCode: 'nope', url: '/x', component: 'x/y' })).body).toMatchObject({ success: false, message: '角色“nope”不存在' });
    expect((await apiCall(t.app, admin, 'POST', '/sys/sysRoleIndex/add', { relationType: 'ROLE', roleCode: 'admin', component: 'x/y' })).body.success).toBe(false);
    expect((await apiCall(t.app, admin, 'DELETE', `/sys/sysRoleIndex/delete?id=${row.id}`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await get(admin, '/sys/sysRoleIndex/list')).body.result.total).toBe(0);
  });

  it('one enabled global default per tenant, answered by queryDefIndex to that tenant only', async () => {
    const def = (url: string) => ({ relationType: 'DEFAULT', roleCode: 'DEF_INDEX_ALL', url, component: 'dashboard/workbench/index', status: '1', route: true });
    expect((await apiCall(t.app, admin, 'POST', '/sys/sysRoleIndex/add', def('/dashboard/workbench'))).body.success).toBe(true);
    expect((await get(viewer, '/sys/sysRoleIndex/queryDefIndex')).body.result).toMatchObject({ roleCode: 'DEF_INDEX_ALL', url: '/dashboard/workbench', route: true, relationType: 'DEFAULT' });
    expect((await apiCall(t.app, admin, 'POST', '/sys/sysRoleIndex/add', def('/dashboard/second'))).body.success).toBe(true);
    const rows = (await get(admin, '/sys/sysRoleIndex/list?roleCode=DEF_INDEX_ALL')).body.result.records as Array<{ id: string; url: string; status: string }>;
    expect(rows.map((r) => [r.url, r.status]).sort()).toEqual([['/dashboard/second', '1'], ['/dashboard/workbench', '0']]);
    expect((await get(viewer, '/sys/sysRoleIndex/queryDefIndex')).body.result.url).toBe('/dashboard/second');
    // another tenant sees neither and still lands on the built-in default
    expect((await get(other, '/sys/sysRoleIndex/list')).body.result.total).toBe(0);
    expect((await get(other, '/sys/sysRoleIndex/queryDefIndex')).body.result.url).toBe('/dashboard/analysis');
    expect((await apiCall(t.app, other, 'DELETE', `/sys/sysRoleIndex/delete?id=${rows[0].id}`)).status).toBe(403);
    // a DEFAULT must be named DEF_INDEX_ALL
    expect((await apiCall(t.app, other, 'POST', '/sys/sysRoleIndex/add', { ...def('/x'), roleCode: 'admin' })).body.success).toBe(false);
    expect((await apiCall(t.app, admin, 'DELETE', `/sys/sysRoleIndex/deleteBatch?ids=${rows.map((r) => r.id).join(',')}`)).body).toMatchObject({ success: true });
    expect((await get(viewer, '/sys/sysRoleIndex/queryDefIndex')).body.result.url).toBe('/dashboard/analysis');
  });

  it('needs the page buttons for management', async () => {
    expect((await get(viewer, '/sys/sysRoleIndex/list')).status).toBe(403);
    expect((await get(viewer, '/sys/sysRoleIndex/queryByCode?roleCode=admin')).status).toBe(403);
    expect((await apiCall(t.app, viewer, 'POST', '/sys/sysRoleIndex/add', {})).status).toBe(403);
    expect((await apiCall(t.app, other, 'PUT', '/sys/sysRoleIndex/edit', {})).status).toBe(403);
  });
});
