import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDY_PERMISSION, TEACH_PERMISSION, type AssignmentProgress } from '@anxue/shared';
import { FAMILY_PERMISSION, PARENT_ROLE, type ChildAssignment, type FamilyChild, type ParentLinkCode } from '@anxue/shared/family';
import { apiCall, createTestApp, createUser, DEFAULT_TENANT, login, type TestApp } from '../../../../test/helpers/test-app';
import { formatDateTime, newId, seedId } from '../../../core/db';
import { insertClass, insertCourse, insertLesson, insertPaper, insertQuestion, userWith } from '../study/test-kit';
import { FULL, NOT_A_PARENT, NOT_YOUR_CHILD, TOO_MANY_GUESSES, WRONG_CODE } from './links';
import { NO_RECEIPT, NO_SUCH_ASSIGNMENT, NOT_LINKED, NOT_TEACHER_OF_STUDENT } from './routes';

// The `log` SMS provider writes each text to the server log; the test reads the codes from there.
const sent: Array<{ to: string; text: string }> = [];
const logStream = {
  write(line: string) {
    const entry = JSON.parse(line);
    if (entry.sms) sent.push(entry.sms);
  },
};
const lastCode = (mobile: string) => {
  const m = [...sent].reverse().find((s) => s.to === mobile);
  return m ? /\d{6}/.exec(m.text)![0] : undefined;
};

let t: TestApp;
type U = { id: string; token: string };
let teacher: U, otherTeacher: U, alice: U, bob: U, dave: U;
let classA: string, classB: string, paperId: string, sceneId: string, lessonId: string;
let withReceipt: string, withoutReceipt: string, classBWork: string;
const OTHER_TENANT = 2400;
const PHONE = '13900000001';
const DAVE_PHONE = '13900000002';
const PASSWORD = 'Family#2026-pw';
const HOUR = 3_600_000;
let ipSeq = 0;
const at = (ms: number) => formatDateTime(new Date(ms));

const post = (token: string, url: string, body: unknown) => apiCall(t.app, token, 'POST', url, body);
const get = (token: string, url: string) => apiCall(t.app, token, 'GET', url);
const open = async (url: string, payload: object) => (await t.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress: `10.40.0.${++ipSeq}` })).json();

/** Asks for a sign-in code and signs in with it; answers the envelope of /sys/phoneLogin. */
async function phoneSignIn(mobile: string) {
  const before = sent.length;
  expect(await open('/sys/sms', { mobile, smsmode: '0' })).toMatchObject({ success: true });
  const code = sent.length > before ? lastCode(mobile) : '000000';
  return open('/sys/phoneLogin', { mobile, captcha: code! });
}

async function rosterStudent(username: string, parentPhone: string | null, tenantId = DEFAULT_TENANT): Promise<U> {
  const u = tenantId === DEFAULT_TENANT ? await userWith(t, username) : { id: await createUser(t.db, { username, password: PASSWORD, tenants: [tenantId] }), token: '' };
  await t.db.insertInto('stuStudent').values({ id: newId(), tenantId, userId: u.id, studentNo: username, parentPhone, createTime: at(Date.now()) }).execute();
  return u;
}

async function assignment(title: string, classId: string, receipt: boolean, by: U = teacher): Promise<string> {
  const now = t.clock.now().getTime();
  const r = await post(by.token, '/students/assignment/add', {
    title,
    classIds: [classId],
    items: [
      { kind: 'lesson', id: lessonId },
      { kind: 'paper', id: paperId },
    ],
    openTime: at(now - HOUR),
    dueTime: at(now + 24 * HOUR),
    receipt,
  });
  expect(r.body).toMatchObject({ success: true });
  return (await t.db.selectFrom('stuAssignment').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;
}

let parentToken = '';
let parentId = '';

beforeAll(async () => {
  t = await createTestApp({}, { logger: { level: 'info', stream: logStream } });
  const teach = [STUDY_PERMISSION, TEACH_PERMISSION, ...['list', 'add', 'edit', 'delete'].map((a) => `students:assignment:${a}`)];
  teacher = await userWith(t, 'fam_teacher', teach);
  otherTeacher = await userWith(t, 'fam_other', teach);
  alice = await rosterStudent('fam_alice', PHONE);
  bob = await rosterStudent('fam_bob', PHONE);
  dave = await rosterStudent('fam_dave', DAVE_PHONE);
  classA = await insertClass(t.db, '五年级一班', [{ userId: teacher.id, role: 'teacher' }, { userId: alice.id, role: 'student' }, { userId: bob.id, role: 'student' }]);
  classB = await insertClass(t.db, '五年级二班', [{ userId: otherTeacher.id, role: 'teacher' }, { userId: dave.id, role: 'student' }]);
  // the same number is a parent phone in another school too, which has no 家长 role (role codes are unique)
  await t.db.insertInto('sysTenant').values({ id: OTHER_TENANT, name: '另一所学校', status: 1 }).execute();
  await rosterStudent('fam_eve', PHONE, OTHER_TENANT);

  const courseId = await insertCourse(t.db, { title: '交通安全' });
  lessonId = await insertLesson(t.db, { courseId, title: '过马路', kind: 'article' });
  const q = await insertQuestion(t.db, { answer: 'A' });
  paperId = await insertPaper(t.db, { questions: [{ questionId: q, score: 100 }], passScore: 60 });
  sceneId = newId();
  await t.db.insertInto('stuHazardScene').values({ id: sceneId, tenantId: DEFAULT_TENANT, title: '厨房隐患', image: null, description: null, category: null, gradeBand: null, published: 1, createBy: null, createTime: null, updateBy: null, updateTime: null }).execute();
  withReceipt = await assignment('周末安全作业', classA, true);
  withoutReceipt = await assignment('课堂练习', classA, false);
  classBWork = await assignment('二班作业', classB, true, otherTeacher);
});
afterAll(() => t.close());

describe('a parent signs in with a phone code', () => {
  it('a number that is no roster parent phone gets no code and no account', async () => {
    const r = await phoneSignIn('13900000099');
    expect(r.success).toBe(false);
    expect(await t.db.selectFrom('sysUser').select('id').where('phone', '=', '13900000099').executeTakeFirst()).toBeUndefined();
  });

  it('the first sign-in makes a 家长 account linked to every child of the number in a tenant with that role', async () => {
    const r = await phoneSignIn(PHONE);
    expect(r).toMatchObject({ success: true });
    parentToken = r.result.token;
    const user = await t.db.selectFrom('sysUser').select(['id', 'username', 'realname', 'loginTenantId']).where('phone', '=', PHONE).executeTakeFirstOrThrow();
    parentId = user.id;
    expect(user).toMatchObject({ username: PHONE, realname: 'fam_alice家长', loginTenantId: DEFAULT_TENANT });
    const roles = await t.db.selectFrom('sysUserRole as ur').innerJoin('sysRole as r', 'r.id', 'ur.roleId').select(['r.roleCode', 'r.tenantId']).where('ur.userId', '=', parentId).orderBy('r.tenantId').execute();
    expect(roles).toEqual([{ roleCode: PARENT_ROLE, tenantId: DEFAULT_TENANT }]);
    const links = await t.db.selectFrom('stuParentLink').select(['studentId', 'tenantId', 'via']).where('parentId', '=', parentId).orderBy('studentId').execute();
    expect(links).toEqual([alice.id, bob.id].sort().map((studentId) => ({ studentId, tenantId: DEFAULT_TENANT, via: 'phone' })));
    const kids = (await get(parentToken, '/students/family/children')).body.result as FamilyChild[];
    expect(kids.map((k) => k.realname).sort()).toEqual(['fam_alice', 'fam_bob']);
    expect(kids.find((k) => k.id === alice.id)).toMatchObject({ classes: ['五年级一班'], todo: 2, overdue: 0, receiptsToSign: 1 });
  });

  it('signing in again makes no second account, and links a child added to the roster since', async () => {
    const carol = await rosterStudent('fam_carol', PHONE);
    // one code a minute per number
    t.clock.advance(61_000);
    const r = await phoneSignIn(PHONE);
    expect(r).toMatchObject({ success: true });
    expect(await t.db.selectFrom('sysUser').select('id').where('phone', '=', PHONE).execute()).toHaveLength(1);
    const kids = (await get(r.result.token, '/students/family/children')).body.result as FamilyChild[];
    expect(kids.map((k) => k.id)).toContain(carol.id);
  });

  it('the seeded 家长 role holds 我的孩子 and the family calls, and no study right', async () => {
    const perms = await t.db
      .selectFrom('sysRolePermission as rp')
      .innerJoin('sysPermission as p', 'p.id', 'rp.permissionId')
      .select(['p.perms', 'p.url'])
      .where('rp.roleId', '=', seedId(`role.${PARENT_ROLE}`))
      .execute();
    expect(perms.map((p) => p.perms).filter(Boolean)).toEqual([FAMILY_PERMISSION]);
    expect(perms.map((p) => p.url).filter(Boolean).sort()).toEqual(['/students', '/students/family']);
  });
});

describe('a parent sees their own children only', () => {
  it('another child’s id, in this tenant or another, is refused', async () => {
    expect((await get(parentToken, `/students/family/assignments?childId=${dave.id}`)).body).toMatchObject({ success: false, message: NOT_YOUR_CHILD });
    const eve = await t.db.selectFrom('sysUser').select('id').where('username', '=', 'fam_eve').executeTakeFirstOrThrow();
    expect((await get(parentToken, `/students/family/assignments?childId=${eve.id}`)).body).toMatchObject({ success: false, message: NOT_YOUR_CHILD });
    expect((await post(parentToken, '/students/family/receipt', { assignmentId: classBWork, childId: dave.id })).body).toMatchObject({ success: false, message: NOT_YOUR_CHILD });
  });

  it('an own child’s assignments come with their items, results and receipt state', async () => {
    // the child reads the lesson in their own account (an article without reading time is done on opening)
    expect((await get(alice.token, `/students/study/lesson?id=${lessonId}`)).body.success).toBe(true);
    const list = (await get(parentToken, `/students/family/assignments?childId=${alice.id}`)).body.result as ChildAssignment[];
    expect(list.map((a) => a.title).sort()).toEqual(['周末安全作业', '课堂练习']);
    const work = list.find((a) => a.id === withReceipt)!;
    expect(work).toMatchObject({ receipt: true, receiptAt: null, status: 'todo', left: 1 });
    expect(work.items.map((i) => [i.kind, i.done])).toEqual([
      ['lesson', true],
      ['paper', false],
    ]);
  });
});

describe('home-school receipts', () => {
  it('signed once for an own child’s work that asks for one; signing again changes nothing', async () => {
    const first = await post(parentToken, '/students/family/receipt', { assignmentId: withReceipt, childId: alice.id });
    expect(first.body).toMatchObject({ success: true, message: '回执已签收' });
    t.clock.advance(60_000);
    const again = await post(parentToken, '/students/family/receipt', { assignmentId: withReceipt, childId: alice.id });
    expect(again.body.result.signTime).toBe(first.body.result.signTime);
    expect(await t.db.selectFrom('stuAssignmentReceipt').select('id').where('assignmentId', '=', withReceipt).execute()).toHaveLength(1);
    const list = (await get(parentToken, `/students/family/assignments?childId=${alice.id}`)).body.result as ChildAssignment[];
    expect(list.find((a) => a.id === withReceipt)).toMatchObject({ receiptAt: first.body.result.signTime, receiptBy: 'fam_alice家长' });
  });

  it('refused for work that asks for none, and for work not given to the child', async () => {
    expect((await post(parentToken, '/students/family/receipt', { assignmentId: withoutReceipt, childId: alice.id })).body).toMatchObject({ success: false, message: NO_RECEIPT });
    expect((await post(parentToken, '/students/family/receipt', { assignmentId: classBWork, childId: alice.id })).body).toMatchObject({ success: false, message: NO_SUCH_ASSIGNMENT });
    expect(await t.db.selectFrom('stuAssignmentReceipt').select('id').where('assignmentId', 'in', [withoutReceipt, classBWork]).execute()).toEqual([]);
  });

  it('the class’s teacher sees which are signed, on the page and in the sheet', async () => {
    const p = (await get(teacher.token, `/students/assignment/progress?id=${withReceipt}`)).body.result as AssignmentProgress;
    expect(p.receipt).toBe(true);
    const signed = await t.db.selectFrom('stuAssignmentReceipt').select('signTime').where('studentId', '=', alice.id).executeTakeFirstOrThrow();
    expect(p.students.find((s) => s.userId === alice.id)!.receiptAt).toBe(signed.signTime);
    expect(p.students.find((s) => s.userId === bob.id)!.receiptAt).toBeNull();
    const res = await t.app.inject({ method: 'GET', url: `/api/students/assignment/exportXls?id=${withReceipt}`, headers: { 'X-Access-Token': teacher.token } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as any);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1).map((c) => (c === undefined || c === null ? '' : String(c))));
    const header = rows[0]!;
    const col = header.indexOf('家长签收');
    expect(col).toBeGreaterThan(0);
    expect(rows.find((r) => r.includes('fam_alice'))![col]).toBe(signed.signTime);
    expect(rows.find((r) => r.includes('fam_bob'))![col]).toBe('未签收');
  });
});

describe('linking by a teacher’s one-time code', () => {
  let second: U;
  let code: ParentLinkCode;

  it('only a teacher of the child’s class makes a code, good for 7 days', async () => {
    expect((await post(otherTeacher.token, '/students/family/linkCode', { studentId: alice.id })).body).toMatchObject({ success: false, message: NOT_TEACHER_OF_STUDENT });
    const r = await post(teacher.token, '/students/family/linkCode', { studentId: alice.id });
    expect(r.body.success).toBe(true);
    code = r.body.result;
    expect(code.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(code.expireTime).toBe(at(t.clock.now().getTime() + 7 * 24 * HOUR));
    // only a hash of it is kept
    const stored = await t.db.selectFrom('stuParentCode').selectAll().where('studentId', '=', alice.id).execute();
    expect(JSON.stringify(stored)).not.toContain(code.code.replace('-', ''));
  });

  it('an account without any role links by it and becomes the tenant’s 家长; the code then is spent', async () => {
    const id = await createUser(t.db, { username: 'fam_second', password: PASSWORD });
    second = { id, token: await login(t.app, 'fam_second', PASSWORD) };
    const r = await post(second.token, '/students/family/link', { code: code.code.toLowerCase() });
    expect(r.body).toMatchObject({ success: true, result: { id: alice.id, realname: 'fam_alice' } });
    const kids = (await get(second.token, '/students/family/children')).body.result as FamilyChild[];
    expect(kids.map((k) => k.id)).toEqual([alice.id]);
    // alice's receipt was signed by the other parent: this one sees it signed too
    expect(kids[0]!.receiptsToSign).toBe(0);
    const third = await createUser(t.db, { username: 'fam_third', password: PASSWORD });
    const thirdToken = await login(t.app, 'fam_third', PASSWORD);
    expect((await post(thirdToken, '/students/family/link', { code: code.code })).body).toMatchObject({ success: false, message: WRONG_CODE });
    expect(await t.db.selectFrom('stuParentLink').select('id').where('parentId', '=', third).execute()).toEqual([]);
  });

  it('a child has two parents at most: no code is made for a third, and a code made before is refused', async () => {
    // bob has one parent (the phone's); a code for him, then a second parent by another code
    const early = (await post(teacher.token, '/students/family/linkCode', { studentId: bob.id })).body.result as ParentLinkCode;
    const other = (await post(teacher.token, '/students/family/linkCode', { studentId: bob.id })).body.result as ParentLinkCode;
    expect((await post(second.token, '/students/family/link', { code: other.code })).body.success).toBe(true);
    expect((await post(teacher.token, '/students/family/linkCode', { studentId: alice.id })).body).toMatchObject({ success: false, message: FULL });
    await createUser(t.db, { username: 'fam_fourth', password: PASSWORD });
    const fourth = await login(t.app, 'fam_fourth', PASSWORD);
    expect((await post(fourth, '/students/family/link', { code: early.code })).body).toMatchObject({ success: false, message: FULL });
    expect(await t.db.selectFrom('stuParentLink').select('id').where('studentId', '=', bob.id).execute()).toHaveLength(2);
  });

  it('an expired code, and a code entered in another tenant, are refused alike', async () => {
    const davesCode = (await post(otherTeacher.token, '/students/family/linkCode', { studentId: dave.id })).body.result as ParentLinkCode;
    await createUser(t.db, { username: 'fam_elsewhere', password: PASSWORD, tenants: [OTHER_TENANT] });
    const elsewhereToken = await login(t.app, 'fam_elsewhere', PASSWORD);
    expect((await post(elsewhereToken, '/students/family/link', { code: davesCode.code })).body).toMatchObject({ success: false, message: WRONG_CODE });

    await t.db.updateTable('stuParentCode').set({ expireTime: at(t.clock.now().getTime() - 1000) }).where('studentId', '=', dave.id).execute();
    await createUser(t.db, { username: 'fam_late', password: PASSWORD });
    const late = await login(t.app, 'fam_late', PASSWORD);
    expect((await post(late, '/students/family/link', { code: davesCode.code })).body).toMatchObject({ success: false, message: WRONG_CODE });
    expect(await t.db.selectFrom('stuParentLink').select('id').where('studentId', '=', dave.id).execute()).toEqual([]);
  });

  it('wrong codes are counted: the eleventh try in an hour is refused even when right', async () => {
    const good = (await post(teacher.token, '/students/family/linkCode', { studentId: (await rosterStudent('fam_frank', null)).id })).body;
    // frank is in no class of the teacher's: no code
    expect(good.success).toBe(false);
    const frank = await t.db.selectFrom('sysUser').select('id').where('username', '=', 'fam_frank').executeTakeFirstOrThrow();
    await t.db.insertInto('stuClassMember').values({ id: newId(), tenantId: DEFAULT_TENANT, classId: classA, userId: frank.id, memberRole: 'student' }).execute();
    const code = (await post(teacher.token, '/students/family/linkCode', { studentId: frank.id })).body.result as ParentLinkCode;
    await createUser(t.db, { username: 'fam_guesser', password: PASSWORD });
    const guesser = await login(t.app, 'fam_guesser', PASSWORD);
    for (let i = 0; i < 10; i++) expect((await post(guesser, '/students/family/link', { code: `ABCD-EFG${i + 2}` })).body.message).toBe(WRONG_CODE);
    expect((await post(guesser, '/students/family/link', { code: code.code })).body).toMatchObject({ success: false, message: TOO_MANY_GUESSES });
  });

  it('a student or a teacher account cannot become a parent by a code', async () => {
    const code = (await post(teacher.token, '/students/family/linkCode', { studentId: bob.id })).body;
    // bob is full by now; a student is refused before the code is even read
    expect(code.success).toBe(false);
    expect((await post(alice.token, '/students/family/link', { code: 'ABCD-EFGH' })).body).toMatchObject({ success: false, message: NOT_A_PARENT });
    expect((await post(teacher.token, '/students/family/link', { code: 'ABCD-EFGH' })).body).toMatchObject({ success: false, message: NOT_A_PARENT });
  });
});

describe('a parent cannot do the child’s work', () => {
  it('a parent’s session is refused every study call: start, answer, submit a test, play a hazard picture', async () => {
    const started = await post(alice.token, '/students/study/attempt/start', { paperId });
    expect(started.body.success).toBe(true);
    const attemptId = started.body.result.id;
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/students/study/attempt/start', { paperId }],
      ['POST', '/students/study/attempt/answer', { attemptId, questionId: 'x', answer: 'A' }],
      ['POST', '/students/study/attempt/submit', { attemptId }],
      ['POST', '/students/study/hazard/start', { sceneId }],
      ['GET', '/students/study/assignments'],
    ];
    for (const [method, url, body] of calls) {
      const r = method === 'GET' ? await get(parentToken, url) : await post(parentToken, url, body);
      expect(r.status, url).toBe(403);
    }
    const attempt = await t.db.selectFrom('stuAttempt').select(['status', 'userId']).where('userId', '=', alice.id).executeTakeFirstOrThrow();
    expect(attempt).toEqual({ status: 'doing', userId: alice.id });
    expect(await t.db.selectFrom('stuAttempt').select('id').where('userId', '=', parentId).execute()).toEqual([]);
    expect(await t.db.selectFrom('stuHazardPlay').select('id').where('userId', '=', parentId).execute()).toEqual([]);
  });

  it('a parent who also holds study rights acts only as themself: the child’s attempt cannot be submitted', async () => {
    const both = await userWith(t, 'fam_both', [FAMILY_PERMISSION, STUDY_PERMISSION]);
    await t.db.insertInto('stuParentLink').values({ id: newId(), tenantId: DEFAULT_TENANT, parentId: both.id, studentId: alice.id, via: 'code', createTime: null }).execute();
    expect((await get(both.token, `/students/family/assignments?childId=${alice.id}`)).body.success).toBe(true);
    const attempt = await t.db.selectFrom('stuAttempt').select('id').where('userId', '=', alice.id).executeTakeFirstOrThrow();
    const r = await post(both.token, '/students/study/attempt/submit', { attemptId: attempt.id, answers: [] });
    expect(r.body.success).toBe(false);
    expect((await post(both.token, '/students/study/attempt/answer', { attemptId: attempt.id, questionId: 'x', answer: 'A' })).body.success).toBe(false);
    expect((await t.db.selectFrom('stuAttempt').select('status').where('id', '=', attempt.id).executeTakeFirstOrThrow()).status).toBe('doing');
  });
});

describe('taking a parent off a child', () => {
  const GINA_PHONE = '13900000077';
  let gina: U;
  let ginaParent: U;
  const parentsOf = async (by: U, studentId: string) => (await get(by.token, `/students/family/parents?studentId=${studentId}`)).body;
  const childrenOf = async (token: string) => ((await get(token, '/students/family/children')).body.result as FamilyChild[]).map((k) => k.id);

  beforeAll(async () => {
    gina = await rosterStudent('fam_gina', GINA_PHONE);
    await t.db.insertInto('stuClassMember').values({ id: newId(), tenantId: DEFAULT_TENANT, classId: classA, userId: gina.id, memberRole: 'student' }).execute();
    t.clock.advance(61_000);
    const r = await phoneSignIn(GINA_PHONE);
    expect(r).toMatchObject({ success: true });
    ginaParent = { id: (await t.db.selectFrom('sysUser').select('id').where('phone', '=', GINA_PHONE).executeTakeFirstOrThrow()).id, token: r.result.token };
    expect(await childrenOf(ginaParent.token)).toEqual([gina.id]);
  });

  it("the child's teacher sees the linked parents with the phone's middle hidden; no one else does", async () => {
    expect(await parentsOf(teacher, gina.id)).toMatchObject({ success: true, result: [{ id: ginaParent.id, realname: 'fam_gina家长', phone: '139****0077', via: 'phone' }] });
    expect(JSON.stringify((await parentsOf(teacher, gina.id)).result)).not.toContain(GINA_PHONE);
    expect(await parentsOf(otherTeacher, gina.id)).toMatchObject({ success: false, message: NOT_TEACHER_OF_STUDENT });
    expect((await get(ginaParent.token, `/students/family/parents?studentId=${gina.id}`)).status).toBe(403);
    expect((await get(alice.token, `/students/family/parents?studentId=${gina.id}`)).status).toBe(403);
  });

  it('only the teacher, or the parent themself, takes a parent off', async () => {
    const body = { studentId: gina.id, parentId: ginaParent.id };
    expect((await post(otherTeacher.token, '/students/family/unlink', body)).body).toMatchObject({ success: false, message: NOT_TEACHER_OF_STUDENT });
    // another family's parent, and a student, cannot take someone else's parent off
    expect((await post(parentToken, '/students/family/unlink', body)).body).toMatchObject({ success: false });
    expect((await post(alice.token, '/students/family/unlink', body)).body).toMatchObject({ success: false });
    // nor claim to be a parent of a child not theirs
    expect((await post(parentToken, '/students/family/unlink', { studentId: gina.id, parentId: parentId })).body).toMatchObject({ success: false, message: NOT_YOUR_CHILD });
    expect(await childrenOf(ginaParent.token)).toEqual([gina.id]);
  });

  it('taken off by the teacher, the parent sees nothing of the child, and the phone does not link them again; a new code does', async () => {
    const body = { studentId: gina.id, parentId: ginaParent.id };
    expect((await post(teacher.token, '/students/family/unlink', body)).body).toMatchObject({ success: true, message: '已解除关联' });
    expect(await childrenOf(ginaParent.token)).toEqual([]);
    expect((await get(ginaParent.token, `/students/family/assignments?childId=${gina.id}`)).body).toMatchObject({ success: false, message: NOT_YOUR_CHILD });
    expect((await post(ginaParent.token, '/students/family/receipt', { assignmentId: withReceipt, childId: gina.id })).body).toMatchObject({ success: false, message: NOT_YOUR_CHILD });
    expect((await parentsOf(teacher, gina.id)).result).toEqual([]);
    expect((await post(teacher.token, '/students/family/unlink', body)).body).toMatchObject({ success: false, message: NOT_LINKED });

    t.clock.advance(61_000);
    const again = await phoneSignIn(GINA_PHONE);
    expect(again).toMatchObject({ success: true });
    expect(await childrenOf(again.result.token)).toEqual([]);

    const code = (await post(teacher.token, '/students/family/linkCode', { studentId: gina.id })).body.result as ParentLinkCode;
    expect((await post(again.result.token, '/students/family/link', { code: code.code })).body).toMatchObject({ success: true, result: { id: gina.id } });
    expect(await childrenOf(again.result.token)).toEqual([gina.id]);
    expect(await t.db.selectFrom('stuParentUnlink').select('id').where('parentId', '=', ginaParent.id).execute()).toEqual([]);
  });

  it('a parent takes themself off their own child', async () => {
    expect((await post(ginaParent.token, '/students/family/unlink', { studentId: gina.id, parentId: ginaParent.id })).body).toMatchObject({ success: true });
    expect(await childrenOf(ginaParent.token)).toEqual([]);
    expect((await parentsOf(teacher, gina.id)).result).toEqual([]);
  });
});
