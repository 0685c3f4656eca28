import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, seedId } from '../../src/core/db';
import { clientDictsAndRoutes } from '../../src/core/db/migrations/0045-client-dicts-and-routes';
import { messageImport } from '../../src/core/db/migrations/0049-message-import';
import { apiCall, createTestApp, createUser, login, type TestApp } from '../helpers/test-app';

// Calls of the original Vue 3 client (jeecgboot-vue3 3.9.3) that it sends in shapes of its own, replayed
// as it sends them and answered with the keys its code reads.
let t: TestApp;
let admin: string;
/** Signed in, no role. */
let plain: string;
const get = (url: string) => apiCall(t.app, admin, 'GET', url);

const field = (dbFieldName: string, extra: Record<string, unknown> = {}) => ({
  dbFieldName, dbFieldTxt: dbFieldName, dbType: 'string', dbLength: 50, dbPointLength: 0, dbIsKey: '0', dbIsNull: '1', dbIsPersist: '1', isShowForm: '1', isShowList: '1', fieldShowType: 'text', ...extra,
});
/** A synced online form (功能测试-like): demo_gadget with a unique code. */
let formId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  await createUser(t.db, { username: 'plain393', password: 'Plain#2026x' });
  plain = await login(t.app, 'plain393', 'Plain#2026x');
  const fields = [field('id', { dbIsKey: '1', dbIsNull: '0', isShowForm: '0', isShowList: '0', dbLength: 36 }), field('create_by'), field('create_time', { dbType: 'Datetime', dbLength: 0 }), field('code', { fieldValidType: 'only' }), field('name')];
  const add = await apiCall(t.app, admin, 'POST', '/online/cgform/api/addAll', { head: { tableType: 1, isTree: 'N', tableName: 'demo_gadget', tableTxt: '小工具' }, fields, indexs: [], deleteFieldIds: [], deleteIndexIds: [] });
  expect(add.body).toMatchObject({ success: true });
  formId = add.body.result;
  expect((await apiCall(t.app, admin, 'POST', `/online/cgform/api/doDbSynch/${formId}/normal`)).body).toMatchObject({ success: true });
});
afterAll(() => t.close());

describe('positions (职务级别)', () => {
  it('adds {name, postLevel} without a code: a code is generated and postLevel read back', async () => {
    const add = await apiCall(t.app, admin, 'POST', '/sys/position/add', { name: '教研组长', postLevel: 3 });
    expect(add.body).toMatchObject({ success: true });
    const row = (await get(`/sys/position/list?name=${encodeURIComponent('教研组长')}`)).body.result.records[0];
    expect(row).toMatchObject({ name: '教研组长', postLevel: 3 });
    expect(row.code).toMatch(/^[a-z0-9]{10}$/);
    const edit = await apiCall(t.app, admin, 'PUT', '/sys/position/edit', { id: row.id, name: '教研组长', postLevel: 2, code: '' });
    expect(edit.body.success).toBe(true);
    const again = (await get(`/sys/position/queryById?id=${row.id}`)).body.result;
    expect(again).toMatchObject({ code: row.code, postLevel: 2 });
  });
});

describe('bodies read as the original reads JSON', () => {
  it('sign-in with checkKey -1 (a number, before the captcha loads) is a wrong captcha, not a refused body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sys/login', payload: { username: 'admin', password: 'x', captcha: 'abcd', checkKey: -1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, message: '验证码无效' });
  });

  it('a resource add takes numbers for its text fields', async () => {
    const add = await apiCall(t.app, admin, 'POST', '/sys/position/add', { name: 2026, postRank: 4 });
    expect(add.body).toMatchObject({ success: true });
    const row = (await get('/sys/position/list?name=2026')).body.result.records[0];
    expect(row).toMatchObject({ name: '2026', postRank: '4', postLevel: 4 });
  });
});

describe('page sizes (the pickers ask for 200, 1000 and 99999)', () => {
  it('every list answers a page of at most 1000 rows, never an error', async () => {
    for (const url of ['/sys/position/list', '/sys/user/list', '/sys/role/list', '/sys/quartzJob/list', '/sys/annountCement/list', '/sys/tenant/list', '/online/cgform/head/list', '/sys/user/queryByOrgCodeForAddressList', '/sys/sysDepartPermission/list']) {
      for (const size of [200, 1000, 99999]) {
        const res = await get(`${url}?pageNo=1&pageSize=${size}`);
        if (res.status === 404) continue;
        expect(res.body, `${url} ${size}`).toMatchObject({ success: true });
        if (res.body.result?.size !== undefined) expect(res.body.result.size, `${url} ${size}`).toBe(Math.min(size, 1000));
      }
    }
  });
});

describe('jobs named by the original class names', () => {
  it('adds and runs SampleJob, SampleParamJob and AsyncJob as our sample job', async () => {
    for (const cls of ['SampleJob', 'SampleParamJob', 'AsyncJob']) {
      const jobClassName = `org.jeecg.modules.quartz.job.${cls}`;
      const add = await apiCall(t.app, admin, 'POST', '/sys/quartzJob/add', { jobClassName, cronExpression: '0/1 * * * * ? *', parameter: 'world', description: cls, status: -1 });
      expect(add.body, cls).toMatchObject({ success: true });
      const job = (await get(`/sys/quartzJob/list?jobClassName=${jobClassName}`)).body.result.records[0];
      expect(job).toMatchObject({ jobClassName });
      expect((await get(`/sys/quartzJob/execute?id=${job.id}`)).body).toMatchObject({ success: true });
    }
  });
});

describe('header and monitor pages', () => {
  it('刷新缓存 also calls /drag/page/refreshCache: answered as done', async () => {
    expect((await get('/drag/page/refreshCache')).body).toMatchObject({ success: true, code: 200 });
  });

  it('Redis监控 without Redis: the keys its page reads, empty (history.dbSize/memory, info list, raw keysSize/memoryInfo)', async () => {
    const history = (await get('/sys/actuator/redis/metrics/history')).body;
    expect(history).toMatchObject({ success: true, result: { dbSize: [], memory: [], configured: false } });
    expect(Array.isArray((await get('/sys/actuator/redis/info')).body.result)).toBe(true);
    expect((await get('/sys/actuator/redis/keysSize')).body).toMatchObject({ dbSize: 0, create_time: expect.any(Number) });
    expect((await get('/sys/actuator/redis/memoryInfo')).body).toMatchObject({ used_memory: 0, create_time: expect.any(Number) });
  });
});

describe('duplicate checks of the client (duplicateCheckRule / duplicateCheckDelay)', () => {
  const check = (token: string, tableName: string, fieldName: string, fieldVal: string) =>
    apiCall(t.app, token, 'GET', `/sys/duplicate/check?${new URLSearchParams({ tableName, fieldName, fieldVal })}`);

  it('answers every table and column the client checks before saving, taken or free', async () => {
    await apiCall(t.app, admin, 'POST', '/online/cgreport/head/add', { code: 'rpt393', name: '报表', cgrSql: 'select id from sys_user' });
    const pairs: Array<[string, string]> = [
      ['sys_user', 'username'], ['sys_user', 'work_no'], ['sys_user', 'phone'], ['sys_user', 'email'], ['sys_dict', 'dict_code'], ['sys_check_rule', 'rule_code'],
      ['sys_fill_rule', 'rule_code'], ['sys_depart_role', 'role_code'], ['sys_sms_template', 'template_code'], ['onl_cgform_head', 'table_name'],
      ['onl_cgreport_head', 'code'], ['onl_graphreport_head', 'code'], ['demo_gadget', 'code'],
    ];
    for (const [table, column] of pairs) {
      const res = await check(admin, table, column, 'zz-free-393');
      expect(res.body, `${table}.${column}`).toMatchObject({ success: true, message: '该值可用！' });
    }
    expect((await check(admin, 'onl_cgform_head', 'table_name', 'demo_gadget')).body).toMatchObject({ success: false, code: 400 });
    await apiCall(t.app, admin, 'POST', '/online/cgform/api/form/' + formId, { code: 'G-1', name: 'x' });
    expect((await check(admin, 'demo_gadget', 'code', 'G-1')).body).toMatchObject({ success: false, code: 400 });
  });

  it("answers those of other people's records only to the page's add/edit holders", async () => {
    for (const [table, column] of [['sys_sms_template', 'template_code'], ['onl_cgform_head', 'table_name'], ['onl_cgreport_head', 'code'], ['demo_gadget', 'code']]) {
      const res = await check(plain, table, column, 'x');
      expect(res.status, `${table}.${column}`).toBe(403);
    }
    expect((await check(admin, 'onl_cgform_field', 'db_field_name', 'x')).body).toMatchObject({ success: false, message: '不支持对该表或字段做重复校验' });
  });
});

describe('online form list (getColumns)', () => {
  it("answers the built-in buttons the list reads by code (cgBIBtnMap[code].enabled from buttonStatus '1')", async () => {
    const res = await get(`/online/cgform/api/getColumns/${formId}`);
    expect(res.body.success).toBe(true);
    const builtIn = new Map((res.body.result.cgButtonList as any[]).filter((b) => b.buttonStyle === 'built-in').map((b) => [b.buttonCode, b]));
    for (const code of ['add', 'edit', 'delete', 'detail', 'batch_delete', 'import', 'export', 'query', 'reset', 'super_query', 'form_confirm', 'bpm', 'aigc_mock_data']) {
      expect(builtIn.get(code), code).toMatchObject({ buttonCode: code, buttonName: expect.any(String), buttonStatus: expect.stringMatching(/^[01]$/) });
      expect(builtIn.get(code)).toHaveProperty('buttonIcon');
    }
    expect(builtIn.get('add').buttonStatus).toBe('1');
    expect(builtIn.get('bpm').buttonStatus).toBe('0');
  });
});

describe('user list (部门, 负责部门, 主岗位, 兼职岗位)', () => {
  it('answers belongDepIds, departIds, mainDepPostId and otherDepPostId with their names', async () => {
    const A01 = seedId('depart.A01');
    const A01A01 = seedId('depart.A01A01');
    const post = async (departName: string) => (await apiCall(t.app, admin, 'POST', '/sys/sysDepart/add', { parentId: A01A01, departName, orgCategory: '3' })).body.result.id as string;
    const [p1, p2] = [await post('前端岗'), await post('测试岗')];
    await createUser(t.db, { username: 'staff393', password: 'Staff#2026x' });
    const user = await t.db.selectFrom('sysUser').select('id').where('username', '=', 'staff393').executeTakeFirstOrThrow();
    await t.db.deleteFrom('sysUserDepart').where('userId', '=', user.id).execute();
    await t.db.insertInto('sysUserDepart').values([A01A01, p1, p2].map((depId) => ({ id: newId(), userId: user.id, depId }))).execute();
    await t.db.updateTable('sysUser').set({ departIds: A01, userIdentity: 2 }).where('id', '=', user.id).execute();
    const row = (await get('/sys/user/list?username=staff393')).body.result.records[0];
    expect(row.belongDepIds.split(',').sort()).toEqual([A01A01, p1, p2].sort());
    expect(row).toMatchObject({ departIds: A01, departIds_dictText: '总公司', mainDepPostId: expect.any(String), mainDepPostId_dictText: expect.any(String), otherDepPostId: expect.any(String) });
    expect([row.mainDepPostId, row.otherDepPostId].sort()).toEqual([p1, p2].sort());
    expect(row.orgCodeTxt).toContain('研发部');
  });
});

describe('user form (UserDrawer): 负责部门, 主岗位 and 兼职岗位 are saved', () => {
  it('adds and edits a 上级 with the departments in charge (an array) and posts, and answers them in the list', async () => {
    const root = await t.db.selectFrom('sysDepart').select('id').where('orgCode', '=', 'A01').executeTakeFirstOrThrow();
    const add = async (body: Record<string, unknown>) => (await apiCall(t.app, admin, 'POST', '/sys/sysDepart/add', body)).body.result.id as string;
    const grade = await add({ parentId: root.id, departName: '初一年级组' });
    const head = await add({ parentId: grade, departName: '年级组长岗', orgCategory: '3' });
    const clerk = await add({ parentId: grade, departName: '干事岗', orgCategory: '3' });
    const body = {
      username: 'grade393', realname: '年级组长', password: 'Grade#2026x', confirmPassword: 'Grade#2026x', phone: '13912345093',
      selecteddeparts: grade, userIdentity: 2, departIds: [grade], mainDepPostId: head, otherDepPostId: clerk,
    };
    const saved = await apiCall(t.app, admin, 'POST', '/sys/user/add', body);
    expect(saved.body).toMatchObject({ success: true });
    const row = () => get('/sys/user/list?username=grade393').then((r) => r.body.result.records[0]);
    expect(await row()).toMatchObject({ userIdentity: 2, departIds: grade, departIds_dictText: '初一年级组', mainDepPostId: head, mainDepPostId_dictText: '年级组长岗', otherDepPostId: clerk });
    const id = (await row()).id;
    // an ordinary user is in charge of nothing; dropping the other post leaves the main one
    const edit = await apiCall(t.app, admin, 'PUT', '/sys/user/edit', { id, username: 'grade393', realname: '年级组长', phone: '13912345093', selecteddeparts: grade, userIdentity: 1, departIds: '', mainDepPostId: head, otherDepPostId: '' });
    expect(edit.body).toMatchObject({ success: true });
    expect(await row()).toMatchObject({ userIdentity: 1, departIds: null, mainDepPostId: head, otherDepPostId: null });
    const bad = await apiCall(t.app, admin, 'PUT', '/sys/user/edit', { id, username: 'grade393', realname: '年级组长', selecteddeparts: grade, mainDepPostId: grade });
    expect(bad.body).toMatchObject({ success: false, message: '选择的岗位不存在' });
  });
});

describe('dictionaries the client reads by code, and the routes it opens by itself', () => {
  const CODES = ['messageHref', 'rangeDate', 'notice_type', 'msg_type', 'msgCategory', 'dict_item_status', 'user_position', 'activiti_sync', 'trade', 'company_size', 'company_rank', 'company_department', 'database_type', 'ol_form_biz_type'];

  it('sysAllDictItems carries each, as {value, text} lists (我的消息 spreads messageHref)', async () => {
    const dicts = (await get('/sys/user/getUserInfo')).body.result.sysAllDictItems;
    for (const code of CODES) {
      expect(Array.isArray(dicts[code]), code).toBe(true);
      expect(dicts[code].length, code).toBeGreaterThan(0);
    }
    expect(dicts.messageHref).toEqual(expect.arrayContaining([expect.objectContaining({ value: 'bpm', text: '/task/myHandleTaskInfo' })]));
    expect(dicts.rangeDate.map((i: any) => i.value)).toEqual(['jt', 'zt', 'qt', 'bz', 'sz', 'by', 'sy', '7day', 'zdy']);
  });

  it('every user has /system/usersetting and /monitor/mynews as routes', async () => {
    const paths = (menu: any[]): string[] => menu.flatMap((m) => [m.path, ...paths(m.children ?? [])]);
    const mine = paths((await apiCall(t.app, plain, 'GET', '/sys/permission/getUserPermissionByToken')).body.result.menu);
    expect(mine).toEqual(expect.arrayContaining(['/system/usersetting', '/monitor/mynews']));
  });

  it('the migration gives an install seeded before them the same dictionaries and routes', async () => {
    const raw = t.db.withoutPlugins() as unknown as Kysely<any>;
    await clientDictsAndRoutes.down!(raw);
    const items = () => raw.selectFrom('sys_dict_item as i').innerJoin('sys_dict as d', 'd.id', 'i.dict_id').select('i.item_value').where('d.dict_code', '=', 'messageHref').execute();
    expect(await items()).toEqual([]);
    await clientDictsAndRoutes.up(raw);
    expect((await items()).length).toBe(5);
    expect((await raw.selectFrom('sys_permission').select('url').where('url', 'in', ['/system/usersetting', '/monitor/mynews']).execute()).length).toBe(2);
  });
});

describe('部门用户 (views/system/departUser)', () => {
  const depart = async (parentId: string, departName: string) => {
    const res = await apiCall(t.app, admin, 'POST', '/sys/sysDepart/add', { parentId, departName });
    expect(res.body.success).toBe(true);
    return res.body.result.id as string;
  };

  it('lists a department’s members with sub-departments, adds existing users and removes them with their department roles', async () => {
    const root = await t.db.selectFrom('sysDepart').select('id').where('orgCode', '=', 'A01').executeTakeFirstOrThrow();
    const office = await depart(root.id, '总务处');
    const canteen = await depart(office, '食堂');
    const cook = await createUser(t.db, { username: 'cook393', password: 'Cook#2026x' });
    const clerk = await createUser(t.db, { username: 'clerk393', password: 'Clerk#2026x' });

    const add = await apiCall(t.app, admin, 'POST', '/sys/user/editSysDepartWithUser', { depId: canteen, userIdList: [cook] });
    expect(add.body).toMatchObject({ success: true, message: '添加成功!' });
    expect((await apiCall(t.app, admin, 'POST', '/sys/user/editSysDepartWithUser', { depId: office, userIdList: [clerk, cook] })).body.success).toBe(true);
    // adding again leaves one membership
    expect((await apiCall(t.app, admin, 'POST', '/sys/user/editSysDepartWithUser', { depId: office, userIdList: [clerk] })).body.success).toBe(true);
    expect(await t.db.selectFrom('sysUserDepart').select('id').where('depId', '=', office).where('userId', '=', clerk).execute()).toHaveLength(1);

    // the columns DepartUserInfoTab shows: username, realname, orgCode (department names), sex_dictText, phone
    const list = (await get(`/sys/user/departUserList?depId=${office}&pageNo=1&pageSize=10`)).body;
    expect(list.success).toBe(true);
    expect(list.result.total).toBe(2);
    const cookRow = list.result.records.find((r: any) => r.id === cook);
    expect(cookRow).toMatchObject({ username: 'cook393', realname: 'cook393' });
    expect(cookRow.orgCode.split(',').sort()).toEqual(['总务处', '食堂'].sort());
    expect(Object.keys(cookRow)).toEqual(expect.arrayContaining(['sex_dictText', 'phone']));
    expect((await get(`/sys/user/departUserList?depId=${canteen}`)).body.result.records.map((r: any) => r.id)).toEqual([cook]);
    expect((await get(`/sys/user/departUserList?depId=${office}&username=clerk`)).body.result.records.map((r: any) => r.id)).toEqual([clerk]);

    // a department role of the office that the cook holds goes with the membership
    const role = await apiCall(t.app, admin, 'POST', '/sys/sysDepartRole/add', { departId: office, roleName: '采购', roleCode: 'buyer393' });
    expect(role.body.success).toBe(true);
    const roleId = (await t.db.selectFrom('sysDepartRole').select('id').where('roleCode', '=', 'buyer393').executeTakeFirstOrThrow()).id;
    // the 部门角色 list shows the department by departId_dictText
    expect((await get(`/sys/sysDepartRole/list?deptId=${office}`)).body.result.records[0]).toMatchObject({ roleName: '采购', departId_dictText: '总务处' });
    expect((await apiCall(t.app, admin, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: cook, newRoleId: roleId, oldRoleId: '' })).body.success).toBe(true);

    const remove = await apiCall(t.app, admin, 'DELETE', `/sys/user/deleteUserInDepartBatch?depId=${office}&userIds=${cook}`);
    expect(remove.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await t.db.selectFrom('sysDepartRoleUser').select('id').where('userId', '=', cook).execute()).toEqual([]);
    expect((await get(`/sys/user/departUserList?depId=${office}`)).body.result.records.map((r: any) => r.id)).toEqual(expect.arrayContaining([clerk]));
    // still in the canteen, which is under the office
    expect((await get(`/sys/user/departUserList?depId=${canteen}`)).body.result.total).toBe(1);
    const again = await apiCall(t.app, admin, 'DELETE', `/sys/user/deleteUserInDepartBatch?depId=${office}&userIds=${cook}`);
    expect(again.body).toMatchObject({ success: false, message: '删除失败，目标用户不在当前部门！' });
  });

  it('the page opens for the administrator, the 上级 of the top department (identity in the message, as the client reads it)', async () => {
    const tree = (await get('/sys/sysDepart/queryMyDeptTreeList')).body;
    expect(tree).toMatchObject({ success: true, message: '2' });
    expect(tree.result.map((n: any) => n.orgCode)).toEqual(['A01']);
    // without a department the list is that of the departments in charge
    const all = (await get('/sys/user/departUserList')).body.result;
    expect(all.records.map((r: any) => r.username)).toContain('admin');
    const mine = (await apiCall(t.app, plain, 'GET', '/sys/sysDepart/queryMyDeptTreeList')).body;
    expect(mine).toMatchObject({ success: true, message: '1' });
  });

  it('refuses unknown departments and users, and callers without the user rights', async () => {
    expect((await apiCall(t.app, admin, 'POST', '/sys/user/editSysDepartWithUser', { depId: 'nope', userIdList: [newId()] })).body).toMatchObject({ success: false, message: '未找到对应部门' });
    const root = await t.db.selectFrom('sysDepart').select('id').where('orgCode', '=', 'A01').executeTakeFirstOrThrow();
    expect((await apiCall(t.app, admin, 'POST', '/sys/user/editSysDepartWithUser', { depId: root.id, userIdList: ['no-such-user'] })).body).toMatchObject({ success: false, message: '选择的用户不存在' });
    expect((await apiCall(t.app, admin, 'POST', '/sys/user/editSysDepartWithUser', { depId: root.id, userIdList: [] })).body).toMatchObject({ success: false, message: expect.stringContaining('请选择用户') });
    expect((await apiCall(t.app, plain, 'GET', `/sys/user/departUserList?depId=${root.id}`)).body.success).toBe(false);
    expect((await apiCall(t.app, plain, 'DELETE', `/sys/user/deleteUserInDepartBatch?depId=${root.id}&userIds=x`)).body.success).toBe(false);
  });

  it('部门角色 → 数据权限: offers the department’s rules for the menu and saves the role’s choice within them', async () => {
    const root = await t.db.selectFrom('sysDepart').select('id').where('orgCode', '=', 'A01').executeTakeFirstOrThrow();
    const menu = await t.db.selectFrom('sysPermission').select('id').where('menuType', '=', 1).where('delFlag', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    const rule = (name: string) => ({ id: newId(), permissionId: menu.id, ruleName: name, ruleColumn: 'create_by', ruleConditions: '=', ruleValue: '#{sys_user_code}', status: '1' });
    const [mine, other] = [rule('本人'), rule('全部')];
    await t.db.insertInto('sysPermissionDataRule').values([mine, other] as any).execute();
    await t.db.deleteFrom('sysDepartPermission').where('departId', '=', root.id).where('permissionId', '=', menu.id).execute();
    await t.db.insertInto('sysDepartPermission').values({ id: newId(), departId: root.id, permissionId: menu.id, dataRuleIds: mine.id }).execute();
    const role = await apiCall(t.app, admin, 'POST', '/sys/sysDepartRole/add', { departId: root.id, roleName: '校办', roleCode: 'office393' });
    expect(role.body.success).toBe(true);
    const roleId = (await t.db.selectFrom('sysDepartRole').select('id').where('roleCode', '=', 'office393').executeTakeFirstOrThrow()).id;

    const url = `/sys/sysDepartRole/datarule/${menu.id}/${root.id}/${roleId}`;
    const before = (await get(url)).body;
    expect(before.success).toBe(true);
    expect(before.result.datarule.map((r: any) => r.id)).toEqual([mine.id]);
    expect(before.result.drChecked).toBe('');

    // saving before the role holds the menu is refused as the original refuses it
    expect((await apiCall(t.app, admin, 'POST', '/sys/sysDepartRole/datarule', { permissionId: menu.id, roleId, dataRuleIds: mine.id })).body).toMatchObject({ success: false, message: '请先保存角色菜单权限!' });
    await t.db.insertInto('sysDepartRolePermission').values({ id: newId(), departId: root.id, roleId, permissionId: menu.id }).execute();
    expect((await apiCall(t.app, admin, 'POST', '/sys/sysDepartRole/datarule', { permissionId: menu.id, roleId, dataRuleIds: other.id })).body).toMatchObject({ success: false, message: '所选数据规则不在部门的授权范围内' });
    expect((await apiCall(t.app, admin, 'POST', '/sys/sysDepartRole/datarule', { permissionId: menu.id, roleId, dataRuleIds: `${mine.id},` })).body).toMatchObject({ success: true });
    expect((await get(url)).body.result.drChecked).toBe(mine.id);
    expect((await apiCall(t.app, plain, 'GET', url)).body.success).toBe(false);
  });
});

describe('消息管理 import (sys/message/sysMessage/importExcel, sent without its leading slash)', () => {
  it('imports an exported sheet back as queued messages', async () => {
    const add = await apiCall(t.app, admin, 'POST', '/sys/message/sysMessage/add', { esTitle: '导入测试', esContent: '明天停课', esReceiver: 'admin', esType: 'system' });
    expect(add.body.success).toBe(true);
    const count = async () => Number((await t.db.selectFrom('sysSms').select((eb) => eb.fn.countAll<number>().as('n')).where('esTitle', '=', '导入测试').executeTakeFirstOrThrow()).n);
    expect(await count()).toBe(1);
    const sheet = await t.app.inject({ method: 'GET', url: '/api/sys/message/sysMessage/exportXls', headers: { 'x-access-token': admin } });
    expect(sheet.statusCode).toBe(200);
    const boundary = '----anxue393';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="messages.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sys/message/sysMessage/importExcel',
      payload: Buffer.concat([Buffer.from(head), sheet.rawPayload, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'x-access-token': admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.json()).toMatchObject({ success: true });
    expect(await count()).toBe(2);
  });

  it('an install seeded before the button gets 导入 for every role that may add messages', async () => {
    const raw = t.db.withoutPlugins() as unknown as Kysely<any>;
    const button = seedId('menu.message.manage.importExcel');
    const role = await createUser(t.db, { username: 'sender393', password: 'Sender#2026x', menuKeys: ['message.manage', 'message.manage.add'] });
    const roleId = (await t.db.selectFrom('sysUserRole').select('roleId').where('userId', '=', role).executeTakeFirstOrThrow()).roleId;
    await messageImport.down!(raw);
    expect(await t.db.selectFrom('sysPermission').select('id').where('id', '=', button).execute()).toEqual([]);
    await messageImport.up(raw);
    expect(await t.db.selectFrom('sysPermission').select('perms').where('id', '=', button).executeTakeFirst()).toEqual({ perms: 'system:message:importExcel' });
    expect(await t.db.selectFrom('sysRolePermission').select('id').where('roleId', '=', roleId).where('permissionId', '=', button).execute()).toHaveLength(1);
  });
});
