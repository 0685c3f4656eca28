import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, seedId } from '../../src/core/db';
import { clientDictsAndRoutes } from '../../src/core/db/migrations/0045-client-dicts-and-routes';
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
    const raw = t.db.withoutPlugins();
    await clientDictsAndRoutes.down!(raw);
    const items = () => raw.selectFrom('sys_dict_item as i').innerJoin('sys_dict as d', 'd.id', 'i.dict_id').select('i.item_value').where('d.dict_code', '=', 'messageHref').execute();
    expect(await items()).toEqual([]);
    await clientDictsAndRoutes.up(raw);
    expect((await items()).length).toBe(5);
    expect((await raw.selectFrom('sys_permission').select('url').where('url', 'in', ['/system/usersetting', '/monitor/mynews']).execute()).length).toBe(2);
  });
});
