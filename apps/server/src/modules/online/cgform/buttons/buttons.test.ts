import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, createUser, login, type TestApp } from '../../../../../test/helpers/test-app';
import { grantForm, makeForm } from '../records/testing';
import { buttonPermission } from './button-permission';

// 自定义按钮 of online forms (issue 15), on SQLite and (TEST_DATABASE_URL) PostgreSQL: a button is managed
// with the designer's rights, has its own right that the server demands, an update button changes only the
// chosen rows through the form's validation, and a link button never leads to a javascript: address.

let t: TestApp;
let admin: string;
let headId: string;
const PASSWORD = 'Buttons#2026-online';

const rows = async () => (await (t.db.withoutPlugins() as Kysely<any>).selectFrom('biz_task').selectAll().orderBy('title').execute()) as Array<Record<string, any>>;
const button = (extra: Record<string, unknown>) => ({ cgformHeadId: headId, buttonName: '按钮', buttonStyle: 'button', buttonStatus: '1', orderNum: 1, ...extra });

async function addRow(title: string, status = 'open') {
  const res = await apiCall(t.app, admin, 'POST', `/online/cgform/api/form/${headId}`, { title, status });
  expect(res.body.success).toBe(true);
  return res.body.result as string;
}

/** Grants a user the right of one permission code (as 角色授权 does), through the user's own role. */
async function grantCode(userId: string, perms: string) {
  const role = await t.db.selectFrom('sysUserRole').select('roleId').where('userId', '=', userId).executeTakeFirstOrThrow();
  const p = await t.db.selectFrom('sysPermission').select('id').where('perms', '=', perms).executeTakeFirstOrThrow();
  await t.db.insertInto('sysRolePermission').values({ id: `${p.id.slice(-16)}${role.roleId.slice(-16)}`, roleId: role.roleId, permissionId: p.id }).execute();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  headId = await makeForm(t.app, admin, {
    tableName: 'biz_task',
    title: '任务',
    fields: [
      { name: 'title', title: '标题', length: 50, required: true },
      { name: 'status', title: '状态', length: 10, validType: '*' },
      { name: 'score', title: '分数', dbType: 'int' },
    ],
  });
});
afterAll(() => t.close());

describe('managing buttons', () => {
  it('adds an update button with its own right, lists it and offers it on the generated page', async () => {
    const add = await apiCall(t.app, admin, 'POST', '/online/cgform/button/add', button({ buttonCode: 'close', buttonName: '关闭任务', optType: 'update', updateValues: { status: 'closed' } }));
    expect(add.body).toMatchObject({ success: true });
    const list = await apiCall(t.app, admin, 'GET', `/online/cgform/button/list/${headId}`);
    expect(list.body.result.records).toEqual([expect.objectContaining({ buttonCode: 'close', optType: 'update', updateValues: { status: 'closed' } })]);
    const right = await t.db.selectFrom('sysPermission').select('perms').where('perms', '=', buttonPermission('biz_task', 'close')).executeTakeFirst();
    expect(right?.perms).toBe('online:form:biz_task:btn:close');
    const columns = await apiCall(t.app, admin, 'GET', `/online/cgform/api/getColumns/${headId}`);
    // named as the original client runs it through doButton
    expect(columns.body.result.cgButtonList.filter((b: any) => b.buttonStyle !== 'built-in')).toEqual([expect.objectContaining({ buttonCode: 'close', buttonName: '关闭任务', buttonStyle: 'button', optType: 'action' })]);
  });

  it('refuses built-in codes, fields the form cannot write and JS buttons', async () => {
    const builtIn = await apiCall(t.app, admin, 'POST', '/online/cgform/button/add', button({ buttonCode: 'delete', optType: 'update', updateValues: { status: 'x' } }));
    expect(builtIn.body).toMatchObject({ success: false, message: expect.stringContaining('不可使用内置按钮编码') });
    const idField = await apiCall(t.app, admin, 'POST', '/online/cgform/button/add', button({ buttonCode: 'steal', optType: 'update', updateValues: { id: 'other' } }));
    expect(idField.body).toMatchObject({ success: false, message: '字段 id 不是表单可修改的字段' });
    const tenant = await apiCall(t.app, admin, 'POST', '/online/cgform/button/add', button({ buttonCode: 'move', optType: 'update', updateValues: { tenant_id: 1 } }));
    expect(tenant.body.success).toBe(false);
    const js = await apiCall(t.app, admin, 'POST', '/online/cgform/button/add', button({ buttonCode: 'script', optType: 'js' }));
    expect(js.body).toMatchObject({ success: false, message: expect.stringContaining('不支持 JS 或 SQL 增强') });
    const list = await apiCall(t.app, admin, 'GET', `/online/cgform/button/list/${headId}`);
    expect(list.body.result.records.map((b: any) => b.buttonCode)).toEqual(['close']);
  });

  it('rejects link buttons leading to javascript:, data: or other hosts through the path', async () => {
    for (const linkUrl of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>1</script>', '//evil.example/x', '/\\evil.example', 'java\tscript:alert(1)']) {
      const res = await apiCall(t.app, admin, 'POST', '/online/cgform/button/add', button({ buttonCode: 'bad', buttonStyle: 'link', optType: 'link', linkUrl }));
      expect(res.body, linkUrl).toMatchObject({ success: false, message: expect.stringContaining('链接地址') });
    }
    const good = await apiCall(t.app, admin, 'POST', '/online/cgform/button/add', button({ buttonCode: 'open', buttonStyle: 'link', optType: 'link', linkUrl: 'https://example.com/task?id=${id}' }));
    expect(good.body.success).toBe(true);
    const edit = await apiCall(t.app, admin, 'PUT', '/online/cgform/button/edit', button({ id: good.body.result, buttonCode: 'open', buttonStyle: 'link', optType: 'link', linkUrl: 'javascript:void(0)' }));
    expect(edit.body).toMatchObject({ success: false, message: expect.stringContaining('不允许 javascript:') });
  });
});

describe('doButton', () => {
  it('update changes only the chosen rows, validated as an edit', async () => {
    const a = await addRow('A');
    const b = await addRow('B');
    await addRow('C');
    const res = await apiCall(t.app, admin, 'POST', '/online/cgform/api/doButton', { formId: headId, buttonCode: 'close', dataId: `${a},${b}` });
    expect(res.body).toMatchObject({ success: true, result: 2 });
    expect((await rows()).map((r) => [r.title, r.status])).toEqual([
      ['A', 'closed'],
      ['B', 'closed'],
      ['C', 'open'],
    ]);
    expect((await rows()).find((r) => r.title === 'A')?.update_by).toBe('admin');
  });

  it('changes nothing when one chosen row is not there', async () => {
    const c = (await rows()).find((r) => r.title === 'C')!.id;
    const res = await apiCall(t.app, admin, 'POST', '/online/cgform/api/doButton', { formId: headId, buttonCode: 'close', dataId: `${c},no-such-row` });
    expect(res.body).toMatchObject({ success: false, message: '未找到对应数据' });
    expect((await rows()).find((r) => r.title === 'C')?.status).toBe('open');
  });

  it('is refused without the button right, even with the form edit right, and works once granted', async () => {
    const userId = await createUser(t.db, { username: 'btn_user', password: PASSWORD });
    await grantForm(t.db, userId, 'biz_task', ['list', 'edit']);
    const token = await login(t.app, 'btn_user', PASSWORD);
    const c = (await rows()).find((r) => r.title === 'C')!.id;
    const columns = await apiCall(t.app, token, 'GET', `/online/cgform/api/getColumns/${headId}`);
    expect(columns.body.result.cgButtonList.filter((b: any) => b.buttonStyle !== 'built-in')).toEqual([]);
    const refused = await apiCall(t.app, token, 'POST', '/online/cgform/api/doButton', { formId: headId, buttonCode: 'close', dataId: c });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(510);
    expect((await rows()).find((r) => r.title === 'C')?.status).toBe('open');

    await grantCode(userId, buttonPermission('biz_task', 'close'));
    const again = await login(t.app, 'btn_user', PASSWORD);
    const done = await apiCall(t.app, again, 'POST', '/online/cgform/api/doButton', { formId: headId, buttonCode: 'close', dataId: c });
    expect(done.body).toMatchObject({ success: true, result: 1 });
    expect((await rows()).find((r) => r.title === 'C')?.status).toBe('closed');
  });

  it('removing the button removes its right', async () => {
    const list = await apiCall(t.app, admin, 'GET', `/online/cgform/button/list/${headId}`);
    const close = list.body.result.records.find((b: any) => b.buttonCode === 'close');
    const del = await apiCall(t.app, admin, 'DELETE', `/online/cgform/button/delete?id=${close.id}`);
    expect(del.body.success).toBe(true);
    expect(await t.db.selectFrom('sysPermission').select('id').where('perms', '=', buttonPermission('biz_task', 'close')).executeTakeFirst()).toBeUndefined();
    const res = await apiCall(t.app, admin, 'POST', '/online/cgform/api/doButton', { formId: headId, buttonCode: 'close', dataId: 'x' });
    expect(res.status).toBe(403);
  });
});

describe('doButton under 权限控制', () => {
  it('follows a button rule by the button code and the data rules of the caller’s role', async () => {
    const add = await apiCall(t.app, admin, 'POST', '/online/cgform/button/add', button({ buttonCode: 'reopen', buttonName: '重开', optType: 'update', updateValues: { status: 'open' } }));
    expect(add.body.success).toBe(true);
    const userId = await createUser(t.db, { username: 'btn_ruled', password: PASSWORD, menuKeys: [] });
    await grantForm(t.db, userId, 'biz_task', ['list', 'edit']);
    await grantCode(userId, buttonPermission('biz_task', 'reopen'));
    const { roleId } = await t.db.selectFrom('sysUserRole').select('roleId').where('userId', '=', userId).executeTakeFirstOrThrow();
    const token = await login(t.app, 'btn_ruled', PASSWORD);
    const idOf = async (title: string) => (await rows()).find((r) => r.title === title)!.id as string;

    // the role sees only the row titled C
    const rule = await apiCall(t.app, admin, 'POST', '/online/cgform/api/authData', { cgformId: headId, ruleName: '只看C', ruleColumn: 'title', ruleOperator: '=', ruleValue: 'C', status: 1 });
    expect(rule.body.success).toBe(true);
    const granted = await apiCall(t.app, admin, 'POST', `/online/cgform/api/roleDataAuth/${roleId}/${headId}`, { authId: JSON.stringify([rule.body.result]), authMode: 'role' });
    expect(granted.body.success).toBe(true);
    const outside = await apiCall(t.app, token, 'POST', '/online/cgform/api/doButton', { formId: headId, buttonCode: 'reopen', dataId: await idOf('A') });
    expect(outside.body).toMatchObject({ success: false, message: '未找到对应数据' });
    expect((await rows()).find((r) => r.title === 'A')?.status).toBe('closed');
    const inside = await apiCall(t.app, token, 'POST', '/online/cgform/api/doButton', { formId: headId, buttonCode: 'reopen', dataId: await idOf('C') });
    expect(inside.body).toMatchObject({ success: true, result: 1 });
    expect((await rows()).find((r) => r.title === 'C')?.status).toBe('open');

    // once the button is under control and not granted to the role, its action is refused
    const controlled = await apiCall(t.app, admin, 'POST', '/online/cgform/api/authButton', { cgformId: headId, code: 'reopen', page: 3 });
    expect(controlled.body.success).toBe(true);
    const refused = await apiCall(t.app, token, 'POST', '/online/cgform/api/doButton', { formId: headId, buttonCode: 'reopen', dataId: await idOf('C') });
    expect(refused.status).toBe(403);
  });
});
