import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDY_PERMISSION, TEACH_PERMISSION, type AssignmentProgress } from '@anxue/shared';
import { DEFAULT_CREDIT_RULES, type ClassCredits, type MyCredits } from '@anxue/shared/credits';
import { apiCall, createTestApp, DEFAULT_TENANT, type TestApp } from '../../../../test/helpers/test-app';
import { formatDateTime, newId } from '../../../core/db';
import { insertClass, insertCourse, insertLesson, insertPaper, insertQuestion, userWith } from '../study/test-kit';
import { deriveFacts, requirements, signature } from './completion';
import { CLASS_CREDITS_TEACHER_ONLY } from './credit-routes';
import { decode, writeFacts } from './stored';

// Credits (学分) from real progress, and the stored outcomes the teachers' view reads: every event goes
// through the study module's own calls (opening and reading lessons, submitting tests, finishing hazard
// plays), and after each the stored outcome must equal what completion.ts derives from progress.

let t: TestApp;
type U = { id: string; token: string };
let teacher: U, otherTeacher: U, editor: U, ann: U, ben: U, cat: U, dan: U;
let classA: string, classB: string;
let courseId: string, quickLesson: string, readLesson: string, paperId: string, questionId: string, sceneId: string, activityId: string, activityLesson: string;
const tenantId = DEFAULT_TENANT;
const HOUR = 3_600_000;
const ASSIGN = ['list', 'add', 'edit', 'delete'].map((a) => `students:assignment:${a}`);
const at = (ms: number) => formatDateTime(new Date(ms));
const now = () => t.clock.now().getTime();

const post = (u: U, url: string, body: unknown) => apiCall(t.app, u.token, 'POST', url, body);
const get = (u: U, url: string) => apiCall(t.app, u.token, 'GET', url);
const credits = async (u: U) => (await get(u, '/students/study/credits?pageSize=100')).body.result as MyCredits;

async function assign(body: Record<string, unknown>): Promise<string> {
  const title = String(body.title ?? `作业${newId().slice(-6)}`);
  const r = await post(teacher, '/students/assignment/add', { title, receipt: false, classIds: [classA], openTime: at(now() - HOUR), dueTime: at(now() + 24 * HOUR), ...body });
  expect(r.body).toMatchObject({ success: true });
  return (await t.db.selectFrom('stuAssignment').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;
}

// the study module's own calls
const openLesson = async (u: U, id: string) => expect((await get(u, `/students/study/lesson?id=${id}`)).body.success).toBe(true);
async function readLessonThrough(u: U) {
  await openLesson(u, readLesson);
  t.clock.advance(30_000);
  expect((await post(u, '/students/study/progress', { lessonId: readLesson, position: 30 })).body.result).toMatchObject({ finished: true });
}
async function takePaper(u: U, right: boolean, activity?: string) {
  const attempt = (await post(u, '/students/study/attempt/start', { paperId, ...(activity ? { activityId: activity } : {}) })).body.result;
  const r = await post(u, '/students/study/attempt/submit', { attemptId: attempt.id, answers: [{ questionId, answer: right ? 'A' : 'B' }] });
  expect(r.body.success).toBe(true);
  return r.body.result.score as number;
}
async function playScene(u: U) {
  const play = (await post(u, '/students/study/hazard/start', { sceneId })).body.result;
  expect((await post(u, '/students/study/hazard/finish', { playId: play.id })).body.result).toMatchObject({ status: 'done' });
}

/** The stored outcome of every student of the assignment equals what is derived from progress now. */
async function expectStoredEqualsDerived(assignmentId: string) {
  const a = await t.db.selectFrom('stuAssignment').select(['id', 'title', 'openTime', 'dueTime', 'receipt', 'tenantId']).where('id', '=', assignmentId).executeTakeFirstOrThrow();
  const reqs = await requirements(t.db, a.id);
  const students = (await t.db.selectFrom('stuAssignmentClass as ac').innerJoin('stuClassMember as m', 'm.classId', 'ac.classId').select('m.userId').where('ac.assignmentId', '=', a.id).where('m.memberRole', '=', 'student').execute()).map((r) => r.userId);
  // what the teachers' view answers, read first: it stores what was missing or stale
  const view = (await get(teacher, `/students/assignment/progress?id=${a.id}`)).body.result as AssignmentProgress | undefined;
  const derived = await deriveFacts(t.db, a, reqs, students);
  const stored = await t.db.selectFrom('stuAssignmentOutcome').selectAll().where('assignmentId', '=', a.id).execute();
  const sig = signature(a, reqs);
  for (const userId of students) {
    const row = stored.find((r) => r.userId === userId);
    expect(row, `stored outcome of ${userId}`).toBeDefined();
    expect(row!.sig).toBe(sig);
    const { awarded: _awarded, ...facts } = decode(row!);
    expect(facts).toEqual(derived.get(userId));
    const shown = view?.students.find((s) => s.userId === userId);
    if (shown) expect([shown.done, shown.itemDone, shown.scores]).toEqual([facts.done, facts.itemDone, facts.scores]);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const teach = [STUDY_PERMISSION, TEACH_PERMISSION, ...ASSIGN];
  teacher = await userWith(t, 'cr_teacher', teach);
  otherTeacher = await userWith(t, 'cr_other', teach);
  editor = await userWith(t, 'cr_editor', ['students:creditRule:list', 'students:creditRule:edit']);
  ann = await userWith(t, 'cr_ann');
  ben = await userWith(t, 'cr_ben');
  cat = await userWith(t, 'cr_cat');
  dan = await userWith(t, 'cr_dan');
  classA = await insertClass(t.db, '五年级一班', [{ userId: teacher.id, role: 'teacher' }, { userId: ann.id, role: 'student' }, { userId: ben.id, role: 'student' }, { userId: cat.id, role: 'student' }]);
  classB = await insertClass(t.db, '五年级二班', [{ userId: otherTeacher.id, role: 'teacher' }]);
  courseId = await insertCourse(t.db, { title: '防火' });
  quickLesson = await insertLesson(t.db, { courseId, title: '火警电话', kind: 'article' });
  readLesson = await insertLesson(t.db, { courseId, title: '逃生路线', kind: 'article', durationSeconds: 30, sortNo: 1 });
  const other = await insertCourse(t.db, { title: '安全周课程' });
  activityLesson = await insertLesson(t.db, { courseId: other, title: '周一课', kind: 'article' });
  questionId = await insertQuestion(t.db, { answer: 'A' });
  paperId = await insertPaper(t.db, { questions: [{ questionId, score: 100 }], passScore: 60 });
  sceneId = newId();
  await t.db
    .insertInto('stuHazardScene')
    .values({ id: sceneId, tenantId, title: '厨房隐患', image: 'hazard/k.png', imageWidth: 1600, imageHeight: 800, description: null, requiredCount: 0, timeLimitSeconds: 0, hintsAllowed: 0, hitScore: 100, wrongPenalty: 10, timeBonusPerSecond: 0, category: null, gradeBand: null, published: 1, sortNo: 0, createBy: null, createTime: null, updateBy: null, updateTime: null })
    .execute();
  await t.db.insertInto('stuHazardRegion').values({ id: newId(), tenantId, sceneId, shape: 'rect', coords: JSON.stringify({ x: 0.1, y: 0.1, w: 0.1, h: 0.1 }), title: '燃气', risk: '风险', fix: '整改', sortNo: 0 }).execute();
  activityId = newId();
  await t.db.insertInto('stuActivity').values({ id: activityId, tenantId, title: '消防周', description: null, cover: null, startTime: null, endTime: null, paperId, published: 1, createBy: null, createTime: null, updateBy: null, updateTime: null }).execute();
  await t.db.insertInto('stuActivityLesson').values({ id: newId(), tenantId, activityId, lessonId: activityLesson, sortNo: 1 }).execute();
});
afterAll(() => t.close());

describe('credits from real progress', () => {
  it('each kind earns its points and the bonus, once, when the assignment is finished', async () => {
    const R = DEFAULT_CREDIT_RULES;
    const lesson = await assign({ title: '课时作业', items: [{ kind: 'lesson', id: quickLesson }] });
    const course = await assign({ title: '课程作业', items: [{ kind: 'course', id: courseId }] });
    const paper = await assign({ title: '试卷作业', items: [{ kind: 'paper', id: paperId }] });
    const hazard = await assign({ title: '隐患作业', items: [{ kind: 'hazard', id: sceneId }] });
    const activity = await assign({ title: '活动作业', items: [{ kind: 'activity', id: activityId }] });
    expect(await credits(ann)).toMatchObject({ total: 0, history: { total: 0 } });

    await openLesson(ann, quickLesson);
    expect((await credits(ann)).total).toBe(R.lesson.points + R.assignment.points);
    await expectStoredEqualsDerived(lesson);
    // half the course is not the course
    await expectStoredEqualsDerived(course);
    expect((await credits(ann)).history.records.map((r) => r.assignmentId)).not.toContain(course);
    await readLessonThrough(ann);
    await expectStoredEqualsDerived(course);
    let total = R.lesson.points + R.course.points + 2 * R.assignment.points;
    expect((await credits(ann)).total).toBe(total);

    expect(await takePaper(ann, false)).toBe(0);
    await expectStoredEqualsDerived(paper);
    total += R.paper.points + R.assignment.points;
    expect((await credits(ann)).total).toBe(total);

    await playScene(ann);
    await expectStoredEqualsDerived(hazard);
    total += R.hazard.points + R.assignment.points;
    expect((await credits(ann)).total).toBe(total);

    // the activity takes its lesson and its paper (the earlier attempt, after the opening, counts)
    await openLesson(ann, activityLesson);
    await expectStoredEqualsDerived(activity);
    total += R.activity.points + R.assignment.points;
    const mine = await credits(ann);
    expect(mine.total).toBe(total);
    // one line per item and one bonus per assignment, newest first, none late
    expect(mine.history.total).toBe(10);
    expect(mine.history.records.filter((r) => r.kind === 'assignment').map((r) => r.reason).sort()).toEqual(['活动作业', '课时作业', '课程作业', '试卷作业', '隐患作业'].sort());
    expect(mine.history.records.find((r) => r.kind === 'lesson')).toMatchObject({ reason: '火警电话', assignmentTitle: '课时作业', amount: R.lesson.points, late: false });
    expect(mine.history.records.every((r) => !r.late)).toBe(true);

    // doing it all again earns nothing more
    expect(await takePaper(ann, true)).toBe(100);
    await playScene(ann);
    await readLessonThrough(ann);
    expect((await credits(ann)).total).toBe(total);
    await expectStoredEqualsDerived(paper);
    expect(await t.db.selectFrom('stuCreditLedger').select('id').where('userId', '=', ann.id).execute()).toHaveLength(10);
    // others earned nothing
    expect((await credits(ben)).total).toBe(0);
  });

  it('nothing for an unfinished assignment; a finished one earns when the last item is done', async () => {
    const both = await assign({ title: '两项作业', items: [{ kind: 'lesson', id: quickLesson }, { kind: 'paper', id: paperId }] });
    await openLesson(ben, quickLesson);
    await expectStoredEqualsDerived(both);
    expect((await credits(ben)).history.records.filter((r) => r.assignmentId === both)).toEqual([]);
    await takePaper(ben, true);
    await expectStoredEqualsDerived(both);
    const R = DEFAULT_CREDIT_RULES;
    expect((await credits(ben)).history.records.filter((r) => r.assignmentId === both).reduce((s, r) => s + r.amount, 0)).toBe(R.lesson.points + R.paper.points + R.assignment.points);
  });

  it('late work earns the late points; a changed rule applies to later awards only', async () => {
    const R = DEFAULT_CREDIT_RULES;
    const late = await assign({ title: '逾期作业', items: [{ kind: 'hazard', id: sceneId }], openTime: at(now() - 48 * HOUR), dueTime: at(now() - 24 * HOUR) });
    await playScene(cat);
    let mine = (await credits(cat)).history.records.filter((r) => r.assignmentId === late);
    expect(mine.map((r) => [r.kind, r.amount, r.late]).sort()).toEqual([['assignment', R.assignment.latePoints, true], ['hazard', R.hazard.latePoints, true]].sort());

    // the editor's list holds a rule per kind; the paper's in-time points go to 10
    const list = (await get(editor, '/students/creditRule/list?pageSize=10')).body.result.records as Array<{ id: string; kind: string; points: number }>;
    expect(list.map((r) => r.kind).sort()).toEqual(['activity', 'assignment', 'clip', 'course', 'hazard', 'lesson', 'paper']);
    const rule = list.find((r) => r.kind === 'paper')!;
    expect((await post(editor, '/students/creditRule/edit', { id: rule.id, points: 101, latePoints: 1 })).body).toMatchObject({ success: false, message: '学分必须是0到100的整数' });
    expect((await post(editor, '/students/creditRule/edit', { id: rule.id, kind: 'lesson', points: 10, latePoints: 1 })).body.success).toBe(true);
    expect((await get(editor, '/students/creditRule/list?pageSize=10')).body.result.records.find((r: { id: string }) => r.id === rule.id)).toMatchObject({ kind: 'paper', points: 10 });
    // the seeded 内容编辑 role holds them; students and teachers cannot change the rules
    const seeded = await t.db
      .selectFrom('sysRolePermission as rp')
      .innerJoin('sysPermission as p', 'p.id', 'rp.permissionId')
      .innerJoin('sysRole as r', 'r.id', 'rp.roleId')
      .select('p.perms')
      .where('r.roleCode', '=', 'edu_editor')
      .where('p.perms', 'like', 'students:creditRule:%')
      .execute();
    expect(seeded.map((c) => c.perms).sort()).toEqual(['students:creditRule:edit', 'students:creditRule:list']);
    expect((await post(teacher, '/students/creditRule/edit', { id: rule.id, points: 50, latePoints: 50 })).status).toBe(403);

    const before = (await credits(ann)).total;
    // opening now: ann's attempts were before it
    const paper2 = await assign({ title: '新规则试卷', items: [{ kind: 'paper', id: paperId }], openTime: at(now()) });
    await takePaper(cat, true);
    mine = (await credits(cat)).history.records.filter((r) => r.assignmentId === paper2);
    expect(mine.map((r) => [r.kind, r.amount]).sort()).toEqual([['assignment', R.assignment.points], ['paper', 10]].sort());
    // what was given before the change stays as it was
    expect((await credits(ann)).total).toBe(before);
  });
});

describe('stored outcomes stay equal to progress', () => {
  it('after the assignment is edited, a course gains a lesson, and a student joins the class', async () => {
    const id = await assign({ title: '会变的作业', items: [{ kind: 'course', id: courseId }] });
    await expectStoredEqualsDerived(id);
    // items changed: the course and the paper
    expect((await post(teacher, '/students/assignment/edit', { id, items: [{ kind: 'course', id: courseId }, { kind: 'paper', id: paperId }] })).body.success).toBe(true);
    await expectStoredEqualsDerived(id);
    // the opening moved: attempts before it no longer count
    expect((await post(teacher, '/students/assignment/edit', { id, openTime: at(now() + 60_000), dueTime: at(now() + 48 * HOUR) })).body.success).toBe(true);
    await expectStoredEqualsDerived(id);
    t.clock.advance(120_000);
    // a lesson added to the course: nobody has finished the course any more
    await insertLesson(t.db, { courseId, title: '新课', kind: 'article', sortNo: 9 });
    await expectStoredEqualsDerived(id);
    // a student who did everything joins
    await t.db.insertInto('stuClassMember').values({ id: newId(), tenantId, classId: classA, userId: dan.id, memberRole: 'student' }).execute();
    await expectStoredEqualsDerived(id);
  });

  it('a writer that read fewer progress rows never replaces one that read more, unless the requirements changed', async () => {
    const id = await assign({ title: '竞写作业', items: [{ kind: 'paper', id: paperId }] });
    const a = { id, tenantId };
    const facts = (mark: number, done: boolean) => new Map([[dan.id, { itemDone: [done], itemAt: [done ? 1_000 : null], scores: [done ? 90 : null], done, finishedAt: done ? 1_000 : null, mark }]]);
    const stored = async () => decode(await t.db.selectFrom('stuAssignmentOutcome').selectAll().where('assignmentId', '=', id).where('userId', '=', dan.id).executeTakeFirstOrThrow());
    await writeFacts(t.db, a, 'sig-1', facts(2, true), t.clock.now());
    await writeFacts(t.db, a, 'sig-1', facts(1, false), t.clock.now());
    expect(await stored()).toMatchObject({ done: true, mark: 2, scores: [90] });
    await writeFacts(t.db, a, 'sig-2', facts(0, false), t.clock.now());
    expect(await stored()).toMatchObject({ done: false, mark: 0, scores: [null] });
  });
});

describe('class credits', () => {
  it("the class's own total, to that class's teachers only", async () => {
    const r = (await get(teacher, `/students/assignment/classCredits?classId=${classA}`)).body;
    expect(r.success).toBe(true);
    const total = (r.result as ClassCredits).total;
    const ledger = await t.db.selectFrom('stuCreditLedger').select((eb) => eb.fn.sum<number>('amount').as('n')).where('userId', 'in', [ann.id, ben.id, cat.id, dan.id]).executeTakeFirstOrThrow();
    expect(total).toBe(Number(ledger.n));
    expect(r.result).toMatchObject({ classId: classA, className: '五年级一班', students: 4 });
    expect(JSON.stringify(r.result)).not.toMatch(/cr_(ann|ben|cat|dan)/);
    expect((await get(otherTeacher, `/students/assignment/classCredits?classId=${classA}`)).body).toMatchObject({ success: false, message: CLASS_CREDITS_TEACHER_ONLY });
    expect((await get(otherTeacher, `/students/assignment/classCredits?classId=${classB}`)).body.result).toMatchObject({ total: 0, students: 0 });
    expect((await get(ann, `/students/assignment/classCredits?classId=${classA}`)).status).toBe(403);
  });

  it("a student sees each of their classes' totals, the figure the teachers see, and no one's name", async () => {
    const teachers = (await get(teacher, `/students/assignment/classCredits?classId=${classA}`)).body.result as ClassCredits;
    expect(teachers.total).toBeGreaterThan(0);
    for (const u of [ann, ben]) {
      const mine = await credits(u);
      expect(mine.classes).toEqual([teachers]);
      expect(JSON.stringify(mine.classes)).not.toMatch(/cr_(ann|ben|cat|dan)|realname|userId/);
    }
    // a second class: both totals, each its own; a class one only teaches is not among them
    const classC = await insertClass(t.db, '五年级兴趣班', [{ userId: ann.id, role: 'student' }, { userId: ben.id, role: 'teacher' }]);
    const anns = await credits(ann);
    expect(anns.classes.map((c) => c.classId).sort()).toEqual([classA, classC].sort());
    expect(anns.classes.find((c) => c.classId === classC)).toMatchObject({ total: 0, students: 1, finished: 0 });
    expect((await credits(ben)).classes.map((c) => c.classId)).toEqual([classA]);
    // a user in no class sees none
    const loner = await userWith(t, 'cr_loner');
    expect((await credits(loner)).classes).toEqual([]);
  });
});
