import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDY_PERMISSION, TEACH_PERMISSION } from '@anxue/shared';
import { newId, seedId } from '../../../core/db';
import { apiCall, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';
import { grantCodes, insertClass } from '../study/test-kit';
import { CODE_ALPHABET, GUESS_LIMIT, nextGrade } from './class-code';
import { evaluatorMenuIds, keepEvaluatorMenusToAdmins } from '../../../core/db/seed/evaluator-menus';

// Joining a class by its code, the teacher's decision, promotion at year end and the member picker.
const PASSWORD = 'Class#code-2026';
let t: TestApp;
let admin: string;

async function student(username: string, tenants = [1000]) {
  const id = await createUser(t.db, { username, password: PASSWORD, menuKeys: [], tenants });
  await grantCodes(t.db, id, [STUDY_PERMISSION]);
  await t.db.insertInto('sysUserRole').values({ id: newId(), userId: id, roleId: seedId('role.student') }).execute();
  return { id, token: await login(t.app, username, PASSWORD) };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
});
afterAll(() => t.close());

describe('class codes', () => {
  it('joins, waits for the teacher, and is a member only once accepted; a refusal adds nobody', async () => {
    const teacherId = await createUser(t.db, { username: 'cc_teacher', password: PASSWORD, menuKeys: [] });
    await grantCodes(t.db, teacherId, [TEACH_PERMISSION]);
    const teacher = await login(t.app, 'cc_teacher', PASSWORD);
    const classId = await insertClass(t.db, '四年级二班', [{ userId: teacherId, role: 'teacher' }]);
    const shown = await apiCall(t.app, teacher, 'GET', `/students/teach/classCode?classId=${classId}`);
    const code: string = shown.body.result.code;
    expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{6}$`));
    // the back-office shows the same code
    expect((await apiCall(t.app, admin, 'GET', `/students/class/joinCode?id=${classId}`)).body.result.code).toBe(code);

    const s1 = await student('cc_s1');
    const s2 = await student('cc_s2');
    const joined = await apiCall(t.app, s1.token, 'POST', '/students/study/joinClass', { code: code.toLowerCase() });
    expect(joined.body.success, joined.body.message).toBe(true);
    await apiCall(t.app, s2.token, 'POST', '/students/study/joinClass', { code });
    const member = (userId: string) => t.db.selectFrom('stuClassMember').select('memberRole').where('classId', '=', classId).where('userId', '=', userId).executeTakeFirst();
    expect(await member(s1.id)).toBeUndefined();

    const pending = (await apiCall(t.app, teacher, 'GET', `/students/teach/classCode?classId=${classId}`)).body.result.requests as Array<{ id: string; userId: string }>;
    expect(pending.map((r) => r.userId).sort()).toEqual([s1.id, s2.id].sort());
    const r1 = pending.find((r) => r.userId === s1.id)!;
    const r2 = pending.find((r) => r.userId === s2.id)!;
    expect((await apiCall(t.app, teacher, 'POST', '/students/teach/decideJoin', { classId, requestId: r1.id, accept: true })).body.success).toBe(true);
    expect((await apiCall(t.app, admin, 'POST', '/students/class/decideJoin', { classId, requestId: r2.id, accept: false })).body.success).toBe(true);
    expect(await member(s1.id)).toEqual({ memberRole: 'student' });
    expect(await member(s2.id)).toBeUndefined();
    const mine = (await apiCall(t.app, s2.token, 'GET', '/students/study/myClasses')).body.result;
    expect(mine.requests).toEqual([{ classId, className: '四年级二班', status: 'refused' }]);
    // a member's class comes with its grade (the 年级 dictionary's value)
    await t.db.updateTable('stuClass').set({ grade: '4' }).where('id', '=', classId).execute();
    expect((await apiCall(t.app, s1.token, 'GET', '/students/study/myClasses')).body.result.classes).toEqual([{ classId, className: '四年级二班', grade: '4' }]);
    await t.db.updateTable('stuClass').set({ grade: '三年级' }).where('id', '=', classId).execute();
    expect((await apiCall(t.app, s1.token, 'GET', '/students/study/myClasses')).body.result.classes).toEqual([{ classId, className: '四年级二班', grade: '3' }]);
    // a second decision on the same request is refused
    expect((await apiCall(t.app, teacher, 'POST', '/students/teach/decideJoin', { classId, requestId: r1.id, accept: false })).body.success).toBe(false);
    // another teacher's class cannot be managed by this teacher
    const other = await insertClass(t.db, '别的班', []);
    expect((await apiCall(t.app, teacher, 'GET', `/students/teach/classCode?classId=${other}`)).body.success).toBe(false);

    // renewing: the old code stops working
    const renewed = (await apiCall(t.app, admin, 'POST', '/students/class/renewCode', { id: classId })).body.result.code;
    expect(renewed).not.toBe(code);
    const s3 = await student('cc_s3');
    expect((await apiCall(t.app, s3.token, 'POST', '/students/study/joinClass', { code })).body.message).toBe('班级码不正确');
    expect((await apiCall(t.app, s3.token, 'POST', '/students/study/joinClass', { code: renewed })).body.success).toBe(true);
  });

  it('refuses non-students and never finds another tenant’s class; wrong codes are limited per user', async () => {
    await t.db.insertInto('sysTenant').values({ id: 2000, name: '别的学校', status: 1 }).execute();
    const classId = await insertClass(t.db, '一年级一班', []);
    const code = (await apiCall(t.app, admin, 'GET', `/students/class/joinCode?id=${classId}`)).body.result.code;
    // a user of the tenant without the student role
    const staffId = await createUser(t.db, { username: 'cc_staff', password: PASSWORD, menuKeys: [] });
    await grantCodes(t.db, staffId, [STUDY_PERMISSION]);
    const staff = await login(t.app, 'cc_staff', PASSWORD);
    expect((await apiCall(t.app, staff, 'POST', '/students/study/joinClass', { code })).body.message).toBe('只有本单位的学生可以加入班级');
    // a student of another tenant: same answer as an unknown code
    const outsider = await student('cc_outsider', [2000]);
    expect((await apiCall(t.app, outsider.token, 'POST', '/students/study/joinClass', { code })).body.message).toBe('班级码不正确');
    expect(await t.db.selectFrom('stuClassJoin').select('id').where('userId', '=', outsider.id).executeTakeFirst()).toBeUndefined();

    const guesser = await student('cc_guesser');
    for (let i = 0; i < GUESS_LIMIT; i++) expect((await apiCall(t.app, guesser.token, 'POST', '/students/study/joinClass', { code: 'ZZZZZ2' })).body.message).toBe('班级码不正确');
    // the right code no longer helps within the hour
    expect((await apiCall(t.app, guesser.token, 'POST', '/students/study/joinClass', { code })).body.message).toBe('班级码错误次数过多，请一小时后再试');
    t.clock.advance(3600_000 + 1000);
    expect((await apiCall(t.app, guesser.token, 'POST', '/students/study/joinClass', { code })).body.success).toBe(true);
  });
});

describe('promotion', () => {
  it('knows the grade ladder: next grade within a stage, graduation at its end', () => {
    const known = new Set(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(nextGrade('1', known)).toBe('2');
    expect(nextGrade('5', known)).toBe('6');
    expect(nextGrade('6', known)).toBe('graduate');
    expect(nextGrade('7', known)).toBe('8');
    expect(nextGrade('9', known)).toBe('graduate');
    expect(nextGrade('三年级', known)).toBeNull();
    expect(nextGrade(null, known)).toBeNull();
  });

  it('moves classes up, archives the graduating one and keeps its members and attempts', async () => {
    const s = await student('pr_s1');
    const three = await insertClass(t.db, '三年级二班', [{ userId: s.id, role: 'student' }]);
    const six = await insertClass(t.db, '六年级一班', [{ userId: s.id, role: 'student' }]);
    await t.db.updateTable('stuClass').set({ grade: '3' }).where('id', '=', three).execute();
    await t.db.updateTable('stuClass').set({ grade: '6' }).where('id', '=', six).execute();
    await apiCall(t.app, admin, 'GET', `/students/class/joinCode?id=${six}`);
    const paperId = newId();
    await t.db.insertInto('stuPaper').values({ id: paperId, tenantId: 1000, title: '卷', description: null, mode: 'fixed', timeLimitMinutes: 10, passScore: 60, maxAttempts: 0, scoreRule: 'best', partialCredit: 0, shuffleOptions: 0, published: 1, openTime: null, closeTime: null } as any).execute();
    await t.db.insertInto('stuAttempt').values({ id: newId(), tenantId: 1000, paperId, userId: s.id, activityId: null, status: 'done', startedAt: Date.now() } as any).execute();

    const res = await apiCall(t.app, admin, 'POST', '/students/class/promote', { ids: [three, six] });
    expect(res.body.result).toEqual({ promoted: 1, graduated: 1, skipped: 0 });
    const rows = await t.db.selectFrom('stuClass').select(['id', 'grade', 'archived', 'joinCode']).where('id', 'in', [three, six]).execute();
    expect(rows.find((r) => r.id === three)).toMatchObject({ grade: '4', archived: 0 });
    expect(rows.find((r) => r.id === six)).toMatchObject({ grade: '6', archived: 1, joinCode: null });
    // records kept, viewable; out of the active list
    expect(await t.db.selectFrom('stuClassMember').select('id').where('classId', '=', six).execute()).toHaveLength(1);
    expect(await t.db.selectFrom('stuAttempt').select('id').where('userId', '=', s.id).execute()).toHaveLength(1);
    const active = (await apiCall(t.app, admin, 'GET', '/students/class/list?archived=0&pageSize=100')).body.result.records.map((r: { id: string }) => r.id);
    expect(active).toContain(three);
    expect(active).not.toContain(six);
    const archived = (await apiCall(t.app, admin, 'GET', '/students/class/list?archived=1&pageSize=100')).body.result.records.map((r: { id: string }) => r.id);
    expect(archived).toContain(six);
    expect((await apiCall(t.app, admin, 'GET', `/students/class/queryById?id=${six}`)).body.result.studentIds).toEqual([s.id]);
    // promoting a whole grade needs the class-management right
    const viewer = await createUser(t.db, { username: 'pr_viewer', password: PASSWORD, menuKeys: [] });
    await grantCodes(t.db, viewer, ['students:class:list']);
    expect((await apiCall(t.app, await login(t.app, 'pr_viewer', PASSWORD), 'POST', '/students/class/promote', { grade: '4' })).status).toBe(403);
  });
});

describe('member picker', () => {
  it('lists only the tenant’s students not yet in the class, searchable by name and student number', async () => {
    const a = await student('pk_a');
    const b = await student('pk_b');
    await t.db.updateTable('sysUser').set({ realname: '张小花', workNo: 'S2026001' }).where('id', '=', b.id).execute();
    await student('pk_other_tenant', [2000]);
    const classId = await insertClass(t.db, '二年级一班', [{ userId: a.id, role: 'student' }]);
    const list = async (q: string) => (await apiCall(t.app, admin, 'GET', `/students/class/studentOptions?classId=${classId}&pageSize=100${q}`)).body.result;
    const all = await list('');
    const names = all.records.map((r: { username: string }) => r.username);
    expect(names).toContain('pk_b');
    expect(names).not.toContain('pk_a');
    expect(names).not.toContain('admin');
    expect(names).not.toContain('pk_other_tenant');
    expect((await list('&username=*小花*')).records.map((r: { id: string }) => r.id)).toEqual([b.id]);
    expect((await list('&keyword=S2026')).records.map((r: { id: string }) => r.id)).toEqual([b.id]);
  });
});

describe('evaluator menus on a school install', () => {
  it('are taken from every role but the administrators', async () => {
    const ids = await evaluatorMenuIds(t.db);
    expect(ids.length).toBeGreaterThan(3);
    const role = (await t.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'teacher').executeTakeFirstOrThrow()).id;
    await t.db.insertInto('sysRolePermission').values({ id: newId(), roleId: role, permissionId: seedId('menu.demo') }).execute();
    await keepEvaluatorMenusToAdmins(t.db, '2026-01-01 00:00:00');
    const left = await t.db.selectFrom('sysRolePermission as rp').innerJoin('sysRole as r', 'r.id', 'rp.roleId').select('r.roleCode').distinct().where('rp.permissionId', 'in', ids).execute();
    expect(left.map((r) => r.roleCode)).toEqual(['admin']);
  });
});
