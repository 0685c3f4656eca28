import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, seedId } from '../../../core/db';
import { auth, createTestApp, createUser, login, loginRaw, type TestApp } from '../../../../test/helpers/test-app';
import { caller, multipart, sheetRows, xlsx } from '../content/testing';

// 导入花名册, 打印登录卡, a teacher's reset and the first sign-in that must change the password.
let t: TestApp;
let admin: ReturnType<typeof caller>;
let adminToken: string;
const HEADER = ['年级', '班级', '姓名', '学号', '家长手机号'];

const upload = async (rows: unknown[][], token = adminToken) => t.app.inject({ method: 'POST', url: '/api/students/class/importRoster', ...multipart(await xlsx(rows), '花名册.xlsx', token) });
const userCount = async () => Number((await t.db.selectFrom('sysUser').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const classNamed = (name: string) => t.db.selectFrom('stuClass').select(['id', 'grade']).where('name', '=', name).execute();

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app);
  admin = caller(t, adminToken);
});
afterAll(() => t.close());

describe('roster import', () => {
  it('refuses the whole file when a row is bad, with the error report', async () => {
    const before = await userCount();
    const res = await upload([HEADER, ['一年级', '1班', '张三', 'S001', '13800000001'], ['一年级', '1班', '', 'S002', ''], ['一年级', '1班', '李四', 'S001', ''], ['一年级', '1班', '王五', 'S003', '123']]);
    const body = res.json();
    expect(body).toMatchObject({ success: false, message: '导入失败：文件导入完成，共4行，成功0行，失败3行' });
    expect(await userCount()).toBe(before);
    expect(await classNamed('1班')).toHaveLength(0);
    const report = await sheetRows((await t.app.inject({ method: 'GET', url: `/api/sys/common/static/${body.result.fileUrl}`, headers: auth(adminToken) })).rawPayload);
    expect(report[0]).toEqual(['行号', ...HEADER, '错误信息']);
    expect(report.slice(1).map((r) => [r[0], r.at(-1)])).toEqual([
      [3, '姓名不能为空'],
      [4, '学号“S001”与第2行重复'],
      [5, '家长手机号格式不正确'],
    ]);
  });

  it('creates the classes, one student account per row with a first password, and the memberships', async () => {
    const taken = await createUser(t.db, { username: 'S003', password: 'Pass#2026x' });
    const res = await upload([HEADER, ['一年级', '1班', '张三', 'S001', '13800000001'], ['一年级', '1班', '李四', 'S002', ''], ['一年级', '2班', '王五', 'S003', null]]);
    const body = res.json();
    expect(body).toMatchObject({ success: true, result: { classesCreated: 2, created: 3, updated: 0 } });
    const cards = body.result.cards as Array<{ username: string; password: string; realname: string }>;
    // S003 was someone else's account name: the tenant's derivation
    expect(cards.map((c) => c.username)).toEqual(['S001', 'S002', 'S003-1000']);
    // the card prints the grade's name
    expect(body.result.cards[0]).toMatchObject({ grade: '一年级', className: '1班' });
    expect(taken).toBeTruthy();
    const [one] = await classNamed('1班');
    // the 年级 dictionary's value, not the typed text
    expect(one.grade).toBe('1');
    const detail = (await admin.get(`/students/class/queryById?id=${one.id}`)).body.result;
    expect(detail.students.map((s: any) => s.realname).sort()).toEqual(['张三', '李四']);
    const stored = await t.db.selectFrom('sysUser').select(['password', 'pwdMustChange']).where('username', '=', 'S001').executeTakeFirstOrThrow();
    expect(stored.pwdMustChange).toBe(1);
    expect(stored.password).not.toContain(cards[0].password);
    expect((await t.db.selectFrom('stuStudent').select('parentPhone').where('studentNo', '=', 'S001').executeTakeFirstOrThrow()).parentPhone).toBe('13800000001');

    // the first sign-in works, opens only the account's own calls, and the change clears the flag
    const signIn = (await loginRaw(t.app, 'S001', cards[0].password)).json();
    expect(signIn).toMatchObject({ success: true, result: { userInfo: { pwdMustChange: 1 } } });
    const token = signIn.result.token;
    expect((await t.app.inject({ method: 'GET', url: '/api/students/study/activities', headers: auth(token) })).statusCode).toBe(403);
    const changed = await t.app.inject({ method: 'PUT', url: '/api/sys/user/updatePassword', headers: auth(token), payload: { username: 'S001', oldpassword: cards[0].password, password: 'Mine#2026ok', confirmpassword: 'Mine#2026ok' } });
    expect(changed.json().success).toBe(true);
    expect((await t.db.selectFrom('sysUser').select('pwdMustChange').where('username', '=', 'S001').executeTakeFirstOrThrow()).pwdMustChange).toBe(0);
  });

  it('imported again, renames and moves students instead of duplicating them, and keeps their passwords', async () => {
    const before = await userCount();
    const hash = (await t.db.selectFrom('sysUser').select('password').where('username', '=', 'S002').executeTakeFirstOrThrow()).password;
    const res = await upload([HEADER, ['一年级', '1班', '张三', 'S001', ''], ['一年级', '2班', '李小四', 'S002', ''], ['一年级', '2班', '王五', 'S003', '']]);
    expect(res.json()).toMatchObject({ success: true, result: { classesCreated: 0, created: 0, updated: 3, cards: [] } });
    expect(await userCount()).toBe(before);
    const s2 = await t.db.selectFrom('sysUser').select(['password', 'realname', 'id']).where('username', '=', 'S002').executeTakeFirstOrThrow();
    expect(s2).toMatchObject({ password: hash, realname: '李小四' });
    const places = await t.db.selectFrom('stuClassMember as m').innerJoin('stuClass as c', 'c.id', 'm.classId').select('c.name').where('m.userId', '=', s2.id).execute();
    expect(places.map((p) => p.name)).toEqual(['2班']);
  });
});

describe('roster grades and the grant right', () => {
  it('reads 年级 as the dictionary: its texts, its values, common spellings; an unknown grade is refused on its row', async () => {
    const refused = (await upload([HEADER, ['初一', 'G班', '甲', 'G001', ''], ['13年级', 'G班', '乙', 'G002', ''], ['大一', 'G班', '丙', 'G003', '']])).json();
    expect(refused).toMatchObject({ success: false });
    const report = await sheetRows((await t.app.inject({ method: 'GET', url: `/api/sys/common/static/${refused.result.fileUrl}`, headers: auth(adminToken) })).rawPayload);
    expect(report.slice(1).map((r) => [r[0], r[1], r.at(-1)])).toEqual([
      [3, '13年级', '年级“13年级”不是年级字典中的年级（一年级至高三，或1至12）'],
      [4, '大一', '年级“大一”不是年级字典中的年级（一年级至高三，或1至12）'],
    ]);
    const res = await upload([HEADER, ['初一', 'G班', '甲', 'G001', ''], ['七年级', 'G班', '乙', 'G002', ''], ['7', 'G班', '丙', 'G003', ''], ['高三', 'H班', '丁', 'G004', ''], ['1年级', '1班', '戊', 'G005', ''], ['初中2年级', 'I班', '己', 'G006', '']]);
    // 1年级 1班 is the class 一年级 1班 made above
    expect(res.json()).toMatchObject({ success: true, result: { classesCreated: 3, created: 6 } });
    expect((await classNamed('G班')).map((c) => c.grade)).toEqual(['7']);
    expect((await classNamed('H班')).map((c) => c.grade)).toEqual(['12']);
    expect((await classNamed('I班')).map((c) => c.grade)).toEqual(['8']);
    expect(await classNamed('1班')).toHaveLength(1);
  });

  it('is refused to a user who may import classes but not grant the student role', async () => {
    await createUser(t.db, { username: 'class_importer', password: 'Pass#2026x', menuKeys: ['education', 'education.class', 'education.class.list', 'education.class.add', 'education.class.importExcel'] });
    const token = await login(t.app, 'class_importer', 'Pass#2026x');
    const before = await userCount();
    const res = await upload([HEADER, ['一年级', 'R班', '赵六', 'R001', '']], token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, message: '导入花名册会给学生分配“学生”角色，您没有分配角色的权限' });
    expect(await userCount()).toBe(before);
    // the grant right alone does not hand out a role carrying rights the importer lacks
    await createUser(t.db, { username: 'class_granter', password: 'Pass#2026x', menuKeys: ['education', 'education.class', 'education.class.add', 'education.class.importExcel', 'system', 'system.user', 'system.user.grantRole'] });
    const granterToken = await login(t.app, 'class_granter', 'Pass#2026x');
    const users = await userCount();
    const granter = await upload([HEADER, ['一年级', 'R班', '赵六', 'R001', '']], granterToken);
    expect(granter.statusCode).toBe(403);
    expect(granter.json().message).toMatch(/^不能分配或收回角色“.+”：该角色含有您本人没有的权限$/);
    expect(await userCount()).toBe(users);
    expect(await classNamed('R班')).toHaveLength(0);
  });

  it('verifyIzDefaultPwd answers yes while a first password must be changed', async () => {
    const res = (await upload([HEADER, ['二年级', 'V班', '孙七', 'V001', '']])).json();
    const card = res.result.cards[0];
    const token = (await loginRaw(t.app, card.username, card.password)).json().result.token;
    const ask = async () => (await t.app.inject({ method: 'GET', url: '/api/sys/user/verifyIzDefaultPwd', headers: auth(token) })).json();
    expect(await ask()).toMatchObject({ success: true, message: 'yes', result: 'yes' });
    await t.app.inject({ method: 'PUT', url: '/api/sys/user/updatePassword', headers: auth(token), payload: { username: card.username, oldpassword: card.password, password: 'Mine#2026ok', confirmpassword: 'Mine#2026ok' } });
    expect(await ask()).toMatchObject({ success: true, message: 'no', result: 'no' });
    expect((await t.app.inject({ method: 'GET', url: '/api/sys/user/verifyIzDefaultPwd', headers: auth(adminToken) })).json()).toMatchObject({ message: 'no' });
  });
});

describe('login cards and resets', () => {
  let classId: string;
  let teacherToken: string;
  let otherToken: string;
  beforeAll(async () => {
    [{ id: classId }] = await classNamed('2班');
    const teacher = await createUser(t.db, { username: '班主任', password: 'Pass#2026x' });
    await createUser(t.db, { username: '别班老师', password: 'Pass#2026x' });
    for (const name of ['班主任', '别班老师']) {
      const id = (await t.db.selectFrom('sysUser').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id;
      await t.db.insertInto('sysUserRole').values({ id: newId(), userId: id, roleId: seedId('role.teacher'), tenantId: 1000 }).execute();
    }
    await t.db.insertInto('stuClassMember').values({ id: newId(), classId, userId: teacher, memberRole: 'teacher', tenantId: 1000 }).execute();
    teacherToken = await login(t.app, '班主任', 'Pass#2026x');
    otherToken = await login(t.app, '别班老师', 'Pass#2026x');
  });

  it('regenerate only the passwords not yet changed, for the class teacher; never a stored one', async () => {
    const res = await caller(t, teacherToken).post('/students/class/loginCards', { classId });
    expect(res.body).toMatchObject({ success: true, result: { grade: '一年级' } });
    const cards = res.body.result.cards as Array<{ username: string; password: string }>;
    // S002 (李小四) and S003-1000 had not changed theirs; S001 changed and is in 1班 anyway
    expect(cards.map((c) => c.username).sort()).toEqual(['S002', 'S003-1000']);
    const again = (await caller(t, teacherToken).post('/students/class/loginCards', { classId })).body.result.cards as typeof cards;
    expect(again.find((c) => c.username === 'S002')!.password).not.toBe(cards.find((c) => c.username === 'S002')!.password);
    // the first card's password no longer works, the new one does and still must be changed
    expect((await loginRaw(t.app, 'S002', cards.find((c) => c.username === 'S002')!.password)).json().success).toBe(false);
    expect((await loginRaw(t.app, 'S002', again.find((c) => c.username === 'S002')!.password)).json()).toMatchObject({ success: true, result: { userInfo: { pwdMustChange: 1 } } });
  });

  it('are refused to another class’s teacher; a reset is one student, shown once, must change', async () => {
    expect((await caller(t, otherToken).post('/students/class/loginCards', { classId })).status).toBe(403);
    const s3 = (await t.db.selectFrom('sysUser').select('id').where('username', '=', 'S003-1000').executeTakeFirstOrThrow()).id;
    expect((await caller(t, otherToken).post('/students/class/resetStudentPassword', { classId, userId: s3 })).status).toBe(403);
    const reset = await caller(t, teacherToken).post('/students/class/resetStudentPassword', { classId, userId: s3 });
    expect(reset.body).toMatchObject({ success: true, result: { username: 'S003-1000' } });
    expect((await loginRaw(t.app, 'S003-1000', reset.body.result.password)).json()).toMatchObject({ success: true, result: { userInfo: { pwdMustChange: 1 } } });
    // someone not of this class is not reset through it
    const s1 = (await t.db.selectFrom('sysUser').select('id').where('username', '=', 'S001').executeTakeFirstOrThrow()).id;
    expect((await caller(t, teacherToken).post('/students/class/resetStudentPassword', { classId, userId: s1 })).body).toMatchObject({ success: false, message: '所选用户不是本班学生' });
    // the teacher is not a class manager: no roster import
    expect((await upload([HEADER, ['一年级', '9班', '赵六', 'S009', '']], teacherToken)).statusCode).toBe(403);
  });
});
