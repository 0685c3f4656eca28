import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, auth, createTestApp, createUser, login, type TestApp } from '../../../../../test/helpers/test-app';
import { newId } from '../../../../core/db/time';
import { grantForm, makeForm } from '../records/testing';

// 权限控制 of an online form (issue 15), on SQLite and (TEST_DATABASE_URL) PostgreSQL: the designer puts
// a field, a button and a data rule under control and grants them to one role; a user of that role and a
// user of another role then use the generated API, and the server hides, ignores, refuses and filters.

let t: TestApp;
let admin: string;
let alice: string;
let bob: string;
let formId: string;
const roles: Record<string, string> = {};
const users: Record<string, string> = {};
const rowIds: Record<string, string> = {};
const PASSWORD = 'Online#2026-auth';

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) => apiCall(t.app, token, method, `/online/cgform/api${url}`, payload);
const stored = async (id: string) => (await (t.db.withoutPlugins() as Kysely<any>).selectFrom('hr_staff').selectAll().where('id', '=', id).executeTakeFirst()) as Record<string, any>;

async function userWithRole(username: string): Promise<{ token: string; roleId: string }> {
  const userId = await createUser(t.db, { username, password: PASSWORD, menuKeys: [] });
  users[username] = userId;
  await grantForm(t.db, userId, 'hr_staff');
  const { roleId } = await t.db.selectFrom('sysUserRole').select('roleId').where('userId', '=', userId).executeTakeFirstOrThrow();
  return { token: await login(t.app, username, PASSWORD), roleId };
}

async function exportHeader(token: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/online/cgform/api/exportXls/${formId}`, headers: auth(token) });
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as any);
  return (book.worksheets[0].getRow(1).values as unknown[]).filter(Boolean).map(String);
}

async function grant(kind: 'roleColumnAuth' | 'roleButtonAuth' | 'roleDataAuth', roleId: string, ids: string[], token = admin) {
  return api('POST', `/${kind}/${roleId}/${formId}`, { authId: JSON.stringify(ids), authMode: 'role' }, token);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  formId = await makeForm(t.app, admin, {
    tableName: 'hr_staff',
    title: '员工',
    fields: [
      { name: 'name', title: '姓名', length: 50, required: true },
      { name: 'salary', title: '薪资', dbType: 'int', query: true },
      { name: 'phone', title: '电话', length: 20 },
      { name: 'owner', title: '负责人', length: 50 },
    ],
  });
  for (const [key, row] of Object.entries({
    a1: { name: '甲', salary: 100, phone: '111', owner: 'auth_alice' },
    b1: { name: '乙', salary: 200, phone: '222', owner: 'auth_bob' },
    a2: { name: '丙', salary: 300, phone: '333', owner: 'auth_alice' },
  })) {
    const res = await api('POST', `/form/${formId}`, row);
    expect(res.body.success).toBe(true);
    rowIds[key] = res.body.result;
  }
  const a = await userWithRole('auth_alice');
  const b = await userWithRole('auth_bob');
  alice = a.token;
  bob = b.token;
  roles.alice = a.roleId;
  roles.bob = b.roleId;

  // 字段权限: salary wholly under control, phone only for editing
  expect((await api('PUT', '/authColumn', { cgformId: formId, code: 'salary', status: 1 })).body.success).toBe(true);
  expect((await api('POST', '/authColumn', { cgformId: formId, code: 'phone', switchFlag: 3, formEditable: true })).body.success).toBe(true);
  const fieldRules = (await api('GET', `/authPage/${formId}/1`)).body.result as Array<{ id: string; code: string; page: number; control: number; title: string }>;
  expect(fieldRules.map((r) => `${r.title}:${r.page}:${r.control}`).sort()).toEqual(['电话:5:3', '薪资:3:5', '薪资:5:3', '薪资:5:5']);
  expect((await grant('roleColumnAuth', roles.alice, fieldRules.map((r) => r.id))).body.success).toBe(true);

  // 按钮权限: delete only for alice's role
  const button = await api('POST', '/authButton', { cgformId: formId, code: 'delete', page: 3, type: 2, control: 5, status: 1 });
  expect(button.body.result).toMatchObject({ code: 'delete', status: 1 });
  expect((await grant('roleButtonAuth', roles.alice, [button.body.result.id])).body.success).toBe(true);

  // 数据权限: bob's role sees the rows he is in charge of
  const rule = await api('POST', '/authData', { cgformId: formId, ruleName: '本人负责', ruleColumn: 'owner', ruleOperator: '=', ruleValue: '#{sys_user_code}', status: 1 });
  expect(rule.body.success).toBe(true);
  expect((await api('GET', `/validAuthData/${formId}`)).body.result.map((r: any) => r.ruleName)).toEqual(['本人负责']);
  expect((await grant('roleDataAuth', roles.bob, [rule.body.result])).body.success).toBe(true);
});
afterAll(() => t?.close());

describe('rules the designer sets', () => {
  it('shows each field with its controls and each role with what it holds', async () => {
    const fields = (await api('GET', `/authColumn/${formId}`)).body.result as any[];
    expect(fields.find((f) => f.code === 'salary')).toMatchObject({ status: 1, listShow: true, formShow: true, formEditable: true, title: '薪资' });
    expect(fields.find((f) => f.code === 'phone')).toMatchObject({ status: 1, listShow: false, formShow: false, formEditable: true });
    expect(fields.find((f) => f.code === 'name')).toMatchObject({ status: 0, listShow: false });
    const held = await api('GET', `/roleAuth?roleId=${roles.alice}&cgformId=${formId}&type=1&authMode=role`);
    expect(held.body.result).toHaveLength(4);
    expect((await api('GET', `/roleAuth?roleId=${roles.bob}&cgformId=${formId}&type=1&authMode=role`)).body.result).toEqual([]);
    const buttons = (await api('GET', `/authButton/${formId}`)).body.result;
    expect(buttons.authList.map((b: any) => [b.code, b.status])).toEqual([['delete', 1]]);
  });

  it('refuses custom SQL, unknown columns and conditions', async () => {
    const base = { cgformId: formId, ruleName: 'x', ruleValue: '1' };
    expect((await api('POST', '/authData', { ...base, ruleOperator: 'USE_SQL_RULES', ruleValue: '1=1' })).body.success).toBe(false);
    expect((await api('POST', '/authData', { ...base, ruleColumn: 'password', ruleOperator: '=' })).body.success).toBe(false);
    expect((await api('POST', '/authData', { ...base, ruleColumn: 'owner', ruleOperator: 'OR 1=1' })).body.success).toBe(false);
    expect((await api('GET', `/authData/${formId}`)).body.result).toHaveLength(1);
  });

  it('lets only holders of the designer right manage rules, and only for roles of their tenant', async () => {
    expect(await api('PUT', '/authColumn', { cgformId: formId, code: 'name', status: 1 }, bob)).toMatchObject({ status: 403, body: { code: 510 } });
    expect(await grant('roleColumnAuth', roles.bob, [], bob)).toMatchObject({ status: 403, body: { code: 510 } });
    expect((await api('GET', `/authColumn/${formId}`, undefined, bob)).status).toBe(403);

    await t.db.insertInto('sysTenant').values({ id: 2400, name: '别的学校', status: 1 }).execute();
    const foreign = newId();
    await t.db.insertInto('sysRole').values({ id: foreign, roleCode: 'foreign_role', roleName: '别校角色', tenantId: 2400 }).execute();
    const fieldRule = (await api('GET', `/authPage/${formId}/1`)).body.result[0].id;
    expect((await grant('roleColumnAuth', foreign, [fieldRule])).body.success).toBe(false);
    expect((await api('GET', `/roleAuth?roleId=${foreign}&cgformId=${formId}&type=1`)).body.success).toBe(false);
    expect(await t.db.selectFrom('onlAuthRelation').select('id').where('roleId', '=', foreign).execute()).toEqual([]);
    // a rule of another kind or form is not granted through this form
    expect((await grant('roleButtonAuth', roles.bob, [fieldRule])).body.success).toBe(false);
  });
});

describe('what users of the form get', () => {
  it('hides a controlled field from the list, its columns and the export of a role not granted it', async () => {
    const cols = async (token: string) => (await api('GET', `/getColumns/${formId}`, undefined, token)).body.result;
    expect((await cols(alice)).columns.map((c: any) => c.dataIndex)).toContain('salary');
    expect((await cols(bob)).columns.map((c: any) => c.dataIndex)).not.toContain('salary');
    expect((await api('GET', `/getQueryInfoVue3/${formId}`, undefined, bob)).body.result.properties).not.toHaveProperty('salary');

    const aliceRows = (await api('GET', `/getData/${formId}`, undefined, alice)).body.result.records;
    expect(aliceRows.map((r: any) => r.salary).sort()).toEqual([100, 200, 300]);
    const bobRows = (await api('GET', `/getData/${formId}?salary=100`, undefined, bob)).body.result.records;
    expect(bobRows.every((r: any) => !('salary' in r))).toBe(true);

    expect(await exportHeader(alice)).toContain('薪资');
    const header = await exportHeader(bob);
    expect(header).toContain('姓名');
    expect(header).not.toContain('薪资');
  });

  it('hides it from the form and the detail, marks a field read-only, and ignores what is sent for them', async () => {
    const bobForm = (await api('GET', `/getFormItem/${formId}`, undefined, bob)).body.result.schema.properties;
    expect(bobForm).not.toHaveProperty('salary');
    expect(bobForm.phone.ui).toMatchObject({ widgetattrs: { disabled: true } });
    const aliceForm = (await api('GET', `/getFormItem/${formId}`, undefined, alice)).body.result.schema.properties;
    expect(aliceForm).toHaveProperty('salary');
    expect(aliceForm.phone.ui?.widgetattrs?.disabled).toBeFalsy();

    expect((await api('GET', `/detail/${formId}/${rowIds.b1}`, undefined, bob)).body.result).not.toHaveProperty('salary');
    expect((await api('GET', `/form/${formId}/${rowIds.b1}`, undefined, bob)).body.result).toMatchObject({ name: '乙', phone: '222' });
    expect((await api('GET', `/form/${formId}/${rowIds.b1}`, undefined, bob)).body.result).not.toHaveProperty('salary');

    const edit = await api('PUT', `/form/${formId}`, { id: rowIds.b1, name: '乙改', salary: 999, phone: '999' }, bob);
    expect(edit.body.success).toBe(true);
    expect(await stored(rowIds.b1)).toMatchObject({ name: '乙改', salary: 200, phone: '222' });
    const added = await api('POST', `/form/${formId}`, { name: '丁', salary: 5, phone: '444', owner: 'auth_bob' }, bob);
    expect(await stored(added.body.result)).toMatchObject({ name: '丁', salary: null, phone: null });

    expect((await api('PUT', `/form/${formId}`, { id: rowIds.a1, salary: 150, phone: '101' }, alice)).body.success).toBe(true);
    expect(await stored(rowIds.a1)).toMatchObject({ salary: 150, phone: '101' });
  });

  it('ignores a controlled column of an imported sheet for a role that may not edit it', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('员工');
    sheet.addRow(['姓名', '薪资', '电话', '负责人']);
    sheet.addRow(['戊', 777, '555', 'auth_bob']);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const boundary = '----auth' + Math.random().toString(16).slice(2);
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="staff.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/online/cgform/api/importXls/${formId}`,
      payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { ...auth(bob), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.json().success, res.body).toBe(true);
    const row = (await (t.db.withoutPlugins() as Kysely<any>).selectFrom('hr_staff').selectAll().where('name', '=', '戊').executeTakeFirst()) as Record<string, any>;
    expect(row).toMatchObject({ salary: null, phone: null, owner: 'auth_bob' });
    await (t.db.withoutPlugins() as Kysely<any>).deleteFrom('hr_staff').where('id', '=', row.id).execute();
  });

  it('hides a controlled button and refuses its action to a role not granted it', async () => {
    expect((await api('GET', `/getColumns/${formId}`, undefined, bob)).body.result.hideColumns).toContain('delete');
    expect((await api('GET', `/getColumns/${formId}`, undefined, alice)).body.result.hideColumns).not.toContain('delete');
    expect(await api('DELETE', `/form/${formId}/${rowIds.b1}`, undefined, bob)).toMatchObject({ status: 403, body: { success: false, code: 510 } });
    expect(await stored(rowIds.b1)).toBeTruthy();
    expect((await api('DELETE', `/form/${formId}/${rowIds.a2}`, undefined, alice)).body.success).toBe(true);
    expect(await stored(rowIds.a2)).toBeUndefined();
  });

  it("keeps a controlled custom button off the page of a role not granted it, by its code", async () => {
    const add = await apiCall(t.app, admin, 'POST', '/online/cgform/button/add', { cgformHeadId: formId, buttonCode: 'approve', buttonName: '审批', buttonStyle: 'button', optType: 'link', linkUrl: 'https://example.com/approve', buttonStatus: '1', orderNum: 1 });
    expect(add.body.success).toBe(true);
    const right = await t.db.selectFrom('sysPermission').select('id').where('perms', '=', 'online:form:hr_staff:btn:approve').executeTakeFirstOrThrow();
    for (const roleId of [roles.alice, roles.bob]) await t.db.insertInto('sysRolePermission').values({ id: newId(), roleId, permissionId: right.id }).execute();
    const offered = (await api('GET', `/authButton/${formId}`)).body.result.buttonList;
    expect(offered).toEqual([expect.objectContaining({ buttonCode: 'approve', buttonName: '审批' })]);
    const rule = await api('POST', '/authButton', { cgformId: formId, code: 'approve', page: 3 });
    const granted = (await api('GET', `/roleAuth?roleId=${roles.alice}&cgformId=${formId}&type=2`)).body.result.map((r: any) => r.authId);
    expect((await grant('roleButtonAuth', roles.alice, [...granted, rule.body.result.id])).body.success).toBe(true);
    const page = async (token: string) => (await api('GET', `/getColumns/${formId}`, undefined, token)).body.result;
    // the list's built-in buttons come with every page; the custom one only with its right
    const custom = (list: any[]) => list.filter((b) => b.buttonStyle !== 'built-in');
    expect(custom((await page(alice)).cgButtonList).map((b: any) => b.buttonCode)).toEqual(['approve']);
    expect(custom((await page(bob)).cgButtonList)).toEqual([]);
    expect((await page(bob)).hideColumns).toContain('approve');
    expect((await api('GET', `/authPage/${formId}/2`)).body.result.map((r: any) => r.title).sort()).toEqual(['删除', '审批']);
  });

  it('limits a role granted a data rule to the matching rows, for reads and writes', async () => {
    const bobRows = (await api('GET', `/getData/${formId}?pageSize=-521`, undefined, bob)).body.result.records;
    expect(bobRows.map((r: any) => r.owner)).toEqual(['auth_bob', 'auth_bob']);
    expect((await api('GET', `/getData/${formId}?pageSize=-521`, undefined, alice)).body.result.total).toBe(3);
    expect((await api('GET', `/detail/${formId}/${rowIds.a1}`, undefined, bob)).body).toMatchObject({ success: false, message: '未找到对应数据' });
    expect((await api('PUT', `/form/${formId}`, { id: rowIds.a1, name: '越权' }, bob)).body.success).toBe(false);
    expect((await stored(rowIds.a1)).name).toBe('甲');
  });

  it('grants a rule to one user or to a department as well (人员授权 / 部门授权 of the original client), within the tenant', async () => {
    const listRule = (await api('GET', `/authPage/${formId}/1`)).body.result.find((r: any) => r.code === 'salary' && r.page === 3).id;
    const seesSalary = async () => (await api('GET', `/getColumns/${formId}`, undefined, bob)).body.result.columns.some((c: any) => c.dataIndex === 'salary');
    expect(await seesSalary()).toBe(false);
    const byUser = await api('POST', `/roleColumnAuth/${users.auth_bob}/${formId}`, { authId: JSON.stringify([listRule]), authMode: 'user' });
    expect(byUser.body.success).toBe(true);
    expect(await seesSalary()).toBe(true);
    expect((await api('GET', `/roleAuth?roleId=${users.auth_bob}&cgformId=${formId}&type=1&authMode=user`)).body.result).toHaveLength(1);
    expect((await api('POST', `/roleColumnAuth/${users.auth_bob}/${formId}`, { authId: '[]', authMode: 'user' })).body.success).toBe(true);
    expect(await seesSalary()).toBe(false);

    const depart = await t.db.selectFrom('sysDepart').select(['id', 'tenantId']).where('delFlag', '=', '0').where('tenantId', '=', 1000).executeTakeFirstOrThrow();
    await t.db.insertInto('sysUserDepart').values({ id: newId(), userId: users.auth_bob, depId: depart.id }).execute();
    expect((await api('POST', `/roleColumnAuth/${depart.id}/${formId}`, { authId: JSON.stringify([listRule]), authMode: 'depart' })).body.success).toBe(true);
    expect(await seesSalary()).toBe(true);

    const outsider = await createUser(t.db, { username: 'auth_outsider', password: PASSWORD, tenants: [2400] });
    expect((await api('POST', `/roleColumnAuth/${outsider}/${formId}`, { authId: JSON.stringify([listRule]), authMode: 'user' })).body.success).toBe(false);
    expect((await api('POST', `/roleColumnAuth/${roles.bob}/${formId}`, { authId: '[]', authMode: 'everyone' })).body.success).toBe(false);
  });

  it('lifts the rules once the designer switches them off', async () => {
    expect((await api('PUT', '/authColumn/batch', [{ cgformId: formId, code: 'salary', status: 0 }, { cgformId: formId, code: 'phone', status: 0 }])).body.success).toBe(true);
    const rule = (await api('GET', `/authData/${formId}`)).body.result[0];
    expect((await api('PUT', '/authData', { ...rule, status: 0 })).body.success).toBe(true);
    const rows = (await api('GET', `/getData/${formId}?pageSize=-521`, undefined, bob)).body.result.records;
    expect(rows.length).toBe(3);
    expect(rows.every((r: any) => 'salary' in r)).toBe(true);
  });
});

describe('a sub table under rules', () => {
  it('hides a controlled sub field from the rows and the grid, and keeps its stored values when the rows are saved again', async () => {
    const teamId = await makeForm(t.app, admin, { tableName: 'hr_team', title: '小组', tableType: 2, fields: [{ name: 'team_name', title: '组名', length: 30 }] });
    const memberId = await makeForm(t.app, admin, {
      tableName: 'hr_member',
      title: '组员',
      tableType: 3,
      relationType: 0,
      fields: [
        { name: 'team_id', title: '小组', length: 32, mainTable: 'hr_team', mainField: 'id', form: false },
        { name: 'member', title: '组员', length: 30 },
        { name: 'wage', title: '工资', dbType: 'int' },
      ],
    });
    await grantForm(t.db, users.auth_bob, 'hr_team');
    const team = await api('POST', `/form/${teamId}`, { team_name: '一组', hr_member: [{ member: '张', wage: 10 }] });
    expect(team.body.success).toBe(true);
    // under rule and granted to nobody: hidden from everybody, the designer included
    expect((await api('PUT', '/authColumn', { cgformId: memberId, code: 'wage', status: 1 })).body.success).toBe(true);

    const read = (await api('GET', `/form/${teamId}/${team.body.result}`, undefined, bob)).body.result;
    expect(read.hr_member).toHaveLength(1);
    expect(read.hr_member[0]).not.toHaveProperty('wage');
    expect((await api('GET', `/subform/list/hr_member/${team.body.result}`, undefined, bob)).body.result[0]).not.toHaveProperty('wage');
    const grid = (await api('GET', `/getFormItem/${teamId}`, undefined, bob)).body.result.schema.properties.hr_member.columns.map((c: any) => c.key);
    expect(grid).toEqual(['member']);
    expect((await api('GET', `/getFormItem/${teamId}`, undefined, admin)).body.result.schema.properties.hr_member.columns.map((c: any) => c.key)).toEqual(['member']);

    const saved = await api('PUT', `/form/${teamId}`, { id: team.body.result, team_name: '一组', hr_member: [{ id: read.hr_member[0].id, member: '章', wage: 99 }] }, bob);
    expect(saved.body.success).toBe(true);
    const rows = (await (t.db.withoutPlugins() as Kysely<any>).selectFrom('hr_member').selectAll().execute()) as Array<Record<string, any>>;
    expect(rows.map((r) => [r.member, r.wage])).toEqual([['章', 10]]);
  });
});
