import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, createUser, login, type HttpMethod, type TestApp } from '../../../../test/helpers/test-app';
import { dictStore } from './cache';
import { isPersonalColumn, isSensitiveColumn } from './declarations';
import { demandSensitiveCheck } from '../duplicate/check';

// Issue 10: what a signed-in user may read through table dictionaries and the duplicate check. Phone
// numbers, e-mail addresses, ID numbers and every column an administrator marks sensitive are never
// read by a dictionary; a duplicate check on them answers only the table's editors.
let t: TestApp;
let admin: string;
let plain: string;
let userEditor: string;
let departEditor: string;

const PASSWORD = 'User#2026x';
const q = encodeURIComponent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  await t.db.updateTable('sysUser').set({ phone: '13800000000', email: 'admin@example.com' }).where('username', '=', 'admin').execute();
  await createUser(t.db, { username: 'plain', password: PASSWORD, menuKeys: [] });
  await createUser(t.db, { username: 'usereditor', password: PASSWORD, menuKeys: ['system.user', 'system.user.edit'] });
  await createUser(t.db, { username: 'departeditor', password: PASSWORD, menuKeys: ['system.depart', 'system.depart.edit'] });
  plain = await login(t.app, 'plain', PASSWORD);
  userEditor = await login(t.app, 'usereditor', PASSWORD);
  departEditor = await login(t.app, 'departeditor', PASSWORD);
});
afterAll(() => t.close());

const call = (token: string, method: HttpMethod, url: string, payload?: object) => apiCall(t.app, token, method, url, payload);
const sourceId = async (tableName: string) => (await t.db.selectFrom('sysDictSource').select('id').where('tableName', '=', tableName).executeTakeFirstOrThrow()).id;

/** Every dictionary read naming `column` of `table` (as text, as code, in the condition). */
function dictReads(table: string, column: string, other: string): string[] {
  return [
    `/sys/dict/getDictItems/${q(`${table},${column},${other}`)}`,
    `/sys/dict/getDictItems/${q(`${table},${other},${column}`)}`,
    `/sys/dict/getDictItems/${q(`${table},${other},${other},${column}='x'`)}`,
    `/sys/dict/loadDict/${q(`${table},${column},${other}`)}?keyword=1`,
    `/sys/dict/loadDict/${q(`${table},${other},${column}`)}?keyword=a`,
    `/sys/dict/loadDictItem/${q(`${table},${column},${other}`)}?key=admin`,
    `/sys/dict/loadDictItem/${q(`${table},${other},${column}`)}?key=13800000000`,
    `/sys/dict/loadTreeData?tableName=${table}&text=${column}&code=${other}&pidField=${other}`,
    `/sys/dict/loadTreeData?tableName=${table}&text=${other}&code=${column}&pidField=${other}`,
    `/sys/dict/loadTreeData?tableName=${table}&text=${other}&code=${other}&pidField=${other}&condition=${q(JSON.stringify({ [column]: 'x' }))}`,
  ];
}

async function expectRefused(token: string, urls: string[], column: string) {
  for (const url of urls) {
    const res = await call(token, 'GET', url);
    expect(res.body.success, url).toBe(false);
    expect(JSON.stringify(res.body), url).not.toContain('13800000000');
    expect(JSON.stringify(res.body), url).not.toContain('admin@example.com');
    expect(res.body.message, url).toMatch(new RegExp(`未被授权: (${column}|sys_user)`));
  }
}

describe('table dictionaries never read personal data', () => {
  it('the seeded user source offers no phone or e-mail; they are declared sensitive', async () => {
    const row = await t.db.selectFrom('sysDictSource').selectAll().where('tableName', '=', 'sys_user').executeTakeFirstOrThrow();
    expect(row.fields).toBe('id,username,realname,org_code');
    expect(row.sensitiveFields).toBe('phone,email');
    expect(row.sensitivePerms).toBe('system:user:add,system:user:edit');
  });

  it('refuses phone and e-mail in every dictionary read, for a plain user and the administrator alike', async () => {
    for (const token of [plain, admin]) {
      await expectRefused(token, dictReads('sys_user', 'phone', 'username'), 'phone');
      await expectRefused(token, dictReads('sys_user', 'email', 'username'), 'email');
    }
    // the readable columns still answer
    const ok = await call(plain, 'GET', `/sys/dict/getDictItems/${q('sys_user,realname,username')}`);
    expect(ok.body.success).toBe(true);
    expect(ok.body.result).toContainEqual(expect.objectContaining({ value: 'admin' }));
  });

  it('refuses personal data even when written into the readable columns behind the application', async () => {
    await t.db.updateTable('sysDictSource').set({ fields: 'id,username,realname,phone,email,org_code', sensitiveFields: null }).where('tableName', '=', 'sys_user').execute();
    await call(admin, 'GET', '/sys/dict/refleshCache');
    await expectRefused(plain, dictReads('sys_user', 'phone', 'username'), 'phone');
    await expectRefused(plain, dictReads('sys_user', 'email', 'username'), 'email');
    await t.db.updateTable('sysDictSource').set({ fields: 'id,username,realname,org_code', sensitiveFields: 'phone,email' }).where('tableName', '=', 'sys_user').execute();
    await call(admin, 'GET', '/sys/dict/refleshCache');
  });

  it('knows personal data by its built-in names, snake_case or camelCase', () => {
    for (const name of ['phone', 'mobile', 'telephone', 'tel', 'office_tel', 'email', 'e_mail', 'idCard', 'id_card', 'idcard', 'id_number', 'passport_no']) {
      expect(isPersonalColumn(name), name).toBe(true);
      expect(isSensitiveColumn(name), name).toBe(true);
    }
    for (const name of ['password', 'salt', 'access_token']) expect(isSensitiveColumn(name), name).toBe(true);
    for (const name of ['username', 'realname', 'org_code', 'user_identity', 'title', 'hotel', 'depart_name']) expect(isSensitiveColumn(name), name).toBe(false);
  });
});

describe('the sensitive columns of a dictionary source', () => {
  it('are saved and edited on the source; personal data is refused among the readable columns', async () => {
    const id = await sourceId('sys_user');
    const phoneReadable = await call(admin, 'PUT', '/sys/dictSource/edit', { id, fields: 'id,username,phone' });
    expect(phoneReadable.status).toBe(200);
    expect(phoneReadable.body.success).toBe(false);
    expect(phoneReadable.body.message).toBe('个人信息字段不能作为可读字段（可填入敏感字段）: phone');
    const both = await call(admin, 'PUT', '/sys/dictSource/edit', { id, fields: 'id,username,realname', sensitiveFields: 'realname' });
    expect(both.body.message).toBe('字段不能既可读又敏感: realname');
    const secret = await call(admin, 'PUT', '/sys/dictSource/edit', { id, sensitiveFields: 'phone,password' });
    expect(secret.body.message).toBe('敏感字段不允许作为字典数据源: password');
    const badCode = await call(admin, 'PUT', '/sys/dictSource/edit', { id, sensitivePerms: 'system:user:edit;drop' });
    expect(badCode.body.message).toBe('权限编码不合法: system:user:edit;drop');
    const list = (await call(admin, 'GET', '/sys/dictSource/list?tableName=sys_user')).body.result.records[0];
    expect(list).toMatchObject({ fields: 'id,username,realname,org_code', sensitiveFields: 'phone,email', sensitivePerms: 'system:user:add,system:user:edit' });
  });

  it('a column the administrator marks sensitive is no longer read by any dictionary', async () => {
    const read = () => call(plain, 'GET', `/sys/dict/getDictItems/${q('sys_depart,depart_name,org_code')}`);
    expect((await read()).body.success).toBe(true);
    const id = await sourceId('sys_depart');
    const edit = await call(admin, 'PUT', '/sys/dictSource/edit', {
      id,
      fields: 'id,depart_name,parent_id',
      sensitiveFields: 'org_code',
      sensitivePerms: 'system:depart:edit',
    });
    expect(edit.body.success).toBe(true);
    expect((await read()).body.message).toBe('字典表或字段未被授权: org_code');
    await expectRefused(plain, dictReads('sys_depart', 'org_code', 'id').slice(0, 7), 'org_code');
  });
});

describe('the duplicate check of a sensitive column', () => {
  const check = (token: string, tableName: string, fieldName: string, fieldVal: string) =>
    call(token, 'GET', `/sys/duplicate/check?${new URLSearchParams({ tableName, fieldName, fieldVal })}`);

  it('answers phone and e-mail of users only to those who may add or edit users', async () => {
    for (const [field, value] of [
      ['phone', '13800000000'],
      ['email', 'admin@example.com'],
    ]) {
      const refused = await check(plain, 'sys_user', field, value);
      expect(refused.status, field).toBe(403);
      expect(refused.body).toMatchObject({ success: false, code: 510 });
      expect((await check(departEditor, 'sys_user', field, value)).status).toBe(403);
      expect((await check(userEditor, 'sys_user', field, value)).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
      expect((await check(admin, 'sys_user', field, value)).body.success).toBe(false);
      expect((await check(admin, 'sys_user', field, `x${value}`)).body.success).toBe(true);
    }
    // the account name is not personal data: anyone signed in may ask
    expect((await check(plain, 'sys_user', 'username', 'admin')).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
  });

  it('answers a column marked sensitive on its source only to holders of the codes it declares', async () => {
    // sys_depart.org_code was marked sensitive above, opened by system:depart:edit
    expect((await check(plain, 'sys_depart', 'org_code', 'A01')).status).toBe(403);
    expect((await check(userEditor, 'sys_depart', 'org_code', 'A01')).status).toBe(403);
    expect((await check(departEditor, 'sys_depart', 'orgCode', 'A01')).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    // without any declared code nobody may check it
    await t.db.updateTable('sysDictSource').set({ sensitivePerms: null }).where('tableName', '=', 'sys_depart').execute();
    await call(admin, 'GET', '/sys/dict/refleshCache');
    expect((await check(departEditor, 'sys_depart', 'org_code', 'A01')).status).toBe(403);
    expect((await check(admin, 'sys_depart', 'org_code', 'A01')).status).toBe(403);
  });

  it('demandSensitiveCheck tells other endpoints (checkOnlyUser) the same rule', async () => {
    const store = dictStore(t.db);
    const holder = (codes: string[]) => ({ permissions: async () => new Set(codes) });
    await expect(demandSensitiveCheck(store, holder([]), 'sys_user', 'phone')).rejects.toMatchObject({ status: 403, code: 510 });
    await expect(demandSensitiveCheck(store, holder([]), 'sys_user', 'email')).rejects.toMatchObject({ status: 403 });
    await expect(demandSensitiveCheck(store, holder(['system:user:edit']), 'sys_user', 'phone')).resolves.toBeUndefined();
    await expect(demandSensitiveCheck(store, holder(['system:user:add']), 'sys_user', 'email')).resolves.toBeUndefined();
    await expect(demandSensitiveCheck(store, holder([]), 'sys_user', 'username')).resolves.toBeUndefined();
    await expect(demandSensitiveCheck(store, holder([]), 'sys_user', 'workNo')).resolves.toBeUndefined();
  });
});
