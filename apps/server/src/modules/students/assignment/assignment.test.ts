import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGNMENT_ALL_CLASSES_PERMISSION, STUDY_PERMISSION, TEACH_PERMISSION, type AssignmentProgress, type MyAssignment } from '@anxue/shared';
import { apiCall, createTestApp, createUser, DEFAULT_TENANT, login, type TestApp } from '../../../../test/helpers/test-app';
import { formatDateTime, newId } from '../../../core/db';
import { grantCodes, insertClass, insertCourse, insertLesson, insertPaper, insertQuestion, userWith } from '../study/test-kit';
import { ASSIGNMENT_TEACHER_ONLY } from './routes';
import { ONLY_OWN_CLASSES } from './resource';
import { progressRecorded, type Recorded } from './stored';

let t: TestApp;
type U = { id: string; token: string };
let teacher: U, otherTeacher: U, manager: U, alice: U, bob: U, carol: U, dave: U;
let classA: string, classB: string;
let courseId: string, lessons: string[], loneLesson: string, paperId: string, sceneId: string, activityId: string, draftCourse: string;
const tenantId = DEFAULT_TENANT;
const ASSIGN = ['list', 'add', 'edit', 'delete'].map((a) => `students:assignment:${a}`);
const HOUR = 3_600_000;
let now: number;
const at = (ms: number) => formatDateTime(new Date(ms));

// progress written directly, then announced as the study module announces what it records
const recorded = (userId: string, what: Recorded) => progressRecorded(t.db, { tenantId, id: userId }, what, new Date(now), t.app.log);
async function finishLesson(userId: string, lessonId: string, when: number) {
  await t.db.insertInto('stuLessonProgress').values({ id: newId(), tenantId, userId, lessonId, courseId, durationSeconds: 60, maxPosition: 60, finished: 1, finishedAt: at(when), updateTime: at(when) }).execute();
  await recorded(userId, { lessonId });
}
async function submitPaper(userId: string, when: number, score: number) {
  await t.db.insertInto('stuAttempt').values({ id: newId(), tenantId, paperId, userId, activityId: null, status: 'done', startedAt: when - 60_000, deadlineAt: null, submittedAt: when, timedOut: 0, score, totalScore: 100, correctCount: 1, questionCount: 2, passed: score >= 60 ? 1 : 0, createTime: at(when) }).execute();
  await recorded(userId, { paperId });
}
async function playScene(userId: string, when: number, status = 'done') {
  await t.db.insertInto('stuHazardPlay').values({ id: newId(), tenantId, sceneId, userId, status, startedAt: when - 60_000, deadlineAt: null, finishedAt: status === 'done' ? when : null, foundCount: 2, missCount: 0, hintsUsed: 0, score: 80, createTime: at(when) }).execute();
  if (status === 'done') await recorded(userId, { sceneId });
}
const post = (u: U, url: string, body: unknown) => apiCall(t.app, u.token, 'POST', url, body);
const get = (u: U, url: string) => apiCall(t.app, u.token, 'GET', url);

async function addAssignment(u: U, body: Record<string, unknown>): Promise<string> {
  const title = String(body.title ?? `作业${newId().slice(-6)}`);
  const r = await post(u, '/students/assignment/add', { title, receipt: false, ...body });
  expect(r.body).toMatchObject({ success: true });
  return (await t.db.selectFrom('stuAssignment').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;
}
const mine = async (u: U) => (await get(u, '/students/study/assignments')).body.result as MyAssignment[];

beforeAll(async () => {
  t = await createTestApp();
  now = t.clock.now().getTime();
  const teach = [STUDY_PERMISSION, TEACH_PERMISSION, ...ASSIGN];
  teacher = await userWith(t, 'as_teacher', teach);
  otherTeacher = await userWith(t, 'as_other', teach);
  manager = await userWith(t, 'as_manager', [...ASSIGN, ASSIGNMENT_ALL_CLASSES_PERMISSION]);
  alice = await userWith(t, 'as_alice');
  bob = await userWith(t, 'as_bob');
  carol = await userWith(t, 'as_carol');
  dave = await userWith(t, 'as_dave');
  classA = await insertClass(t.db, '四年级一班', [{ userId: teacher.id, role: 'teacher' }, { userId: alice.id, role: 'student' }, { userId: bob.id, role: 'student' }, { userId: carol.id, role: 'student' }]);
  classB = await insertClass(t.db, '四年级二班', [{ userId: otherTeacher.id, role: 'teacher' }, { userId: dave.id, role: 'student' }]);
  courseId = await insertCourse(t.db, { title: '防溺水' });
  lessons = [await insertLesson(t.db, { courseId, title: '第一课', kind: 'article' }), await insertLesson(t.db, { courseId, title: '第二课', kind: 'article', sortNo: 1 })];
  loneLesson = await insertLesson(t.db, { courseId, title: '第三课', kind: 'article', sortNo: 2 });
  draftCourse = await insertCourse(t.db, { title: '未发布', published: 0 });
  await insertLesson(t.db, { courseId: draftCourse, title: '草稿课' });
  const q = await insertQuestion(t.db, { answer: 'A' });
  paperId = await insertPaper(t.db, { questions: [{ questionId: q, score: 100 }], passScore: 60 });
  sceneId = newId();
  await t.db.insertInto('stuHazardScene').values({ id: sceneId, tenantId, title: '教室隐患', image: null, description: null, category: null, gradeBand: null, published: 1, createBy: null, createTime: null, updateBy: null, updateTime: null }).execute();
  activityId = newId();
  await t.db.insertInto('stuActivity').values({ id: activityId, tenantId, title: '安全周', description: null, cover: null, startTime: null, endTime: null, paperId, published: 1, createBy: null, createTime: null, updateBy: null, updateTime: null }).execute();
  await t.db.insertInto('stuActivityLesson').values({ id: newId(), tenantId, activityId, lessonId: loneLesson, sortNo: 1 }).execute();
});
afterAll(() => t.close());

describe('giving work', () => {
  it('refuses what cannot be done: due before open, no class, no item, unpublished or unknown items', async () => {
    const base = { title: '坏作业', classIds: [classA], items: [{ kind: 'lesson', id: lessons[0] }], openTime: at(now - HOUR), dueTime: at(now + HOUR) };
    const msg = async (body: object) => (await post(teacher, '/students/assignment/add', { ...base, ...body })).body.message;
    expect(await msg({ dueTime: at(now - 2 * HOUR) })).toBe('截止时间必须晚于开始时间');
    expect(await msg({ classIds: [] })).toBe('请至少选择一个班级');
    expect(await msg({ items: [] })).toBe('请至少选择一项作业内容');
    expect(await msg({ items: [{ kind: 'course', id: draftCourse }] })).toBe(`课程尚未发布：${draftCourse}`);
    expect(await msg({ items: [{ kind: 'paper', id: 'nope' }] })).toBe('试卷不存在或不属于当前租户：nope');
    expect(await msg({ items: [{ kind: 'video', id: lessons[0] }] })).toContain('内容类型只能是');
    expect(await msg({ classIds: [classB] })).toBe(ONLY_OWN_CLASSES);
    expect(await t.db.selectFrom('stuAssignment').select('id').where('title', '=', '坏作业').execute()).toEqual([]);
  });

  it('a teacher lists and edits only the work of their classes; a manager sees every class', async () => {
    const own = await addAssignment(teacher, { title: '一班的作业', classIds: [classA], items: [{ kind: 'lesson', id: lessons[0] }], openTime: at(now - HOUR), dueTime: at(now + HOUR) });
    const theirs = await addAssignment(otherTeacher, { title: '二班的作业', classIds: [classB], items: [{ kind: 'lesson', id: lessons[0] }], openTime: at(now - HOUR), dueTime: at(now + HOUR) });
    const titles = async (u: U) => (await get(u, '/students/assignment/list?pageSize=100')).body.result.records.map((r: any) => r.title);
    expect(await titles(teacher)).toContain('一班的作业');
    expect(await titles(teacher)).not.toContain('二班的作业');
    expect(await titles(manager)).toEqual(expect.arrayContaining(['一班的作业', '二班的作业']));
    expect((await post(teacher, '/students/assignment/edit', { id: theirs, title: '改掉' })).body.success).toBe(false);
    expect((await apiCall(t.app, teacher.token, 'DELETE', `/students/assignment/delete?id=${theirs}`)).body.success).toBe(false);
    expect((await post(teacher, '/students/assignment/edit', { id: own, classIds: [classA, classB] })).body.message).toBe(ONLY_OWN_CLASSES);
    const detail = (await get(teacher, `/students/assignment/queryById?id=${own}`)).body.result;
    expect(detail).toMatchObject({ classIds: [classA], items: [{ kind: 'lesson', id: lessons[0] }] });
    expect((await apiCall(t.app, teacher.token, 'DELETE', `/students/assignment/delete?id=${own}`)).body.success).toBe(true);
    expect((await apiCall(t.app, manager.token, 'DELETE', `/students/assignment/delete?id=${theirs}`)).body.success).toBe(true);
  });
});

describe('completion read from progress', () => {
  let open: string;
  let past: string;
  beforeAll(async () => {
    const items = [
      { kind: 'lesson', id: lessons[0] },
      { kind: 'course', id: courseId },
      { kind: 'paper', id: paperId },
      { kind: 'hazard', id: sceneId },
      { kind: 'activity', id: activityId },
    ];
    open = await addAssignment(teacher, { title: '本周作业', classIds: [classA], items, openTime: at(now - 48 * HOUR), dueTime: at(now + 24 * HOUR), receipt: true });
    past = await addAssignment(teacher, { title: '上周作业', classIds: [classA], items: [{ kind: 'paper', id: paperId }], openTime: at(now - 72 * HOUR), dueTime: at(now - 50 * HOUR) });
    await addAssignment(teacher, { title: '下周作业', classIds: [classA], items: [{ kind: 'lesson', id: lessons[0] }], openTime: at(now + 24 * HOUR), dueTime: at(now + 48 * HOUR) });
    // alice: everything, the paper and the scene after this week's opening; bob: all lessons, a paper before it opened, a scene still playing
    for (const l of [...lessons, loneLesson]) await finishLesson(alice.id, l, now - 10 * HOUR);
    await submitPaper(alice.id, now - 45 * HOUR, 40); // after last week's due time: late
    await submitPaper(alice.id, now - 5 * HOUR, 90);
    await playScene(alice.id, now - 4 * HOUR);
    for (const l of [lessons[0], lessons[1]]) await finishLesson(bob.id, l, now - 10 * HOUR);
    await submitPaper(bob.id, now - 55 * HOUR, 70); // last week's, in time
    await playScene(bob.id, now - 3 * HOUR, 'playing');
  });

  it("a student's list: opened work only, each item ticked by what they did", async () => {
    const a = await mine(alice);
    expect(a.map((x) => x.title).sort()).toEqual(['上周作业', '本周作业']);
    const week = a.find((x) => x.id === open)!;
    expect(week).toMatchObject({ status: 'done', left: 0, receipt: true, extended: false });
    expect(week.items.map((i) => [i.kind, i.done])).toEqual([['lesson', true], ['course', true], ['paper', true], ['hazard', true], ['activity', true]]);
    expect(week.items.find((i) => i.kind === 'paper')!.score).toBe(90);
    expect(a.find((x) => x.id === past)).toMatchObject({ status: 'late' });

    const b = await mine(bob);
    const bw = b.find((x) => x.id === open)!;
    // the course lacks its third lesson, the paper was before the opening, the play is not finished, the activity lacks lesson and paper
    expect(bw.items.map((i) => [i.kind, i.done])).toEqual([['lesson', true], ['course', false], ['paper', false], ['hazard', false], ['activity', false]]);
    expect(bw).toMatchObject({ status: 'todo', left: 4 });
    expect(b.find((x) => x.id === past)).toMatchObject({ status: 'done' });
    expect((await mine(carol)).find((x) => x.id === past)).toMatchObject({ status: 'overdue' });
  });

  it('an extension moves the due time of one student only', async () => {
    expect((await post(otherTeacher, '/students/assignment/extend', { id: past, userId: carol.id, dueTime: at(now + HOUR) })).body.message).toBe(ASSIGNMENT_TEACHER_ONLY);
    expect((await post(teacher, '/students/assignment/extend', { id: past, userId: dave.id, dueTime: at(now + HOUR) })).body.success).toBe(false);
    expect((await post(teacher, '/students/assignment/extend', { id: past, userId: carol.id, dueTime: at(now + HOUR) })).body.success).toBe(true);
    expect((await mine(carol)).find((x) => x.id === past)).toMatchObject({ status: 'todo', extended: true, dueTime: at(now + HOUR) });
    expect((await mine(alice)).find((x) => x.id === past)).toMatchObject({ status: 'late', extended: false });
  });

  it('names only to the class teachers; a manager gets counts; others are refused', async () => {
    const p = (await get(teacher, `/students/assignment/progress?id=${open}`)).body.result as AssignmentProgress;
    expect(p.named).toBe(true);
    expect(p.students.map((s) => [s.realname, s.done])).toEqual(expect.arrayContaining([['as_alice', true], ['as_bob', false], ['as_carol', false]]));
    expect(p.completion).toMatchObject({ total: 3, done: 1, rate: 33 });
    expect(p.items.map((i) => i.kind)).toEqual(['lesson', 'course', 'paper', 'hazard', 'activity']);
    const aliceRow = p.students.find((s) => s.userId === alice.id)!;
    expect(aliceRow.itemDone).toEqual([true, true, true, true, true]);
    expect(aliceRow.scores[p.items.findIndex((i) => i.id === paperId)]).toBe(90);
    const m = (await get(manager, `/students/assignment/progress?id=${open}`)).body.result as AssignmentProgress;
    expect(m).toMatchObject({ named: false, students: [], completion: { total: 3, done: 1 } });
    expect(JSON.stringify(m)).not.toContain('as_alice');
    for (const u of [otherTeacher, alice]) expect((await get(u, `/students/assignment/progress?id=${open}`)).body.success).toBe(false);
    const sheet = await t.app.inject({ method: 'GET', url: `/api/students/assignment/exportXls?id=${open}`, headers: { 'X-Access-Token': teacher.token } });
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
    expect((await get(otherTeacher, `/students/assignment/exportXls?id=${open}`)).body.message).toBe(ASSIGNMENT_TEACHER_ONLY);
  });

  it('reminders reach exactly the unfinished, each naming nobody else', async () => {
    expect((await post(otherTeacher, '/students/assignment/remind', { id: open })).body.success).toBe(false);
    const r = await post(teacher, '/students/assignment/remind', { id: open });
    expect(r.body.result).toEqual({ reminded: 2 });
    const sent = await t.db
      .selectFrom('sysAnnouncementSend as s')
      .innerJoin('sysAnnouncement as a', 'a.id', 's.anntId')
      .select(['s.userId', 'a.userIds', 'a.msgContent'])
      .where('a.busType', '=', 'assignment')
      .where('a.busId', '=', open)
      .execute();
    expect(sent.map((s) => s.userId).sort()).toEqual([bob.id, carol.id].sort());
    for (const s of sent) {
      expect(s.userIds).toBe(s.userId);
      expect(s.msgContent).not.toMatch(/as_(alice|bob|carol)/);
    }
    // the bell's notice opens the assignment on the student's home; a student who finished has none
    const bell = async (u: U) => (await get(u, '/sys/annountCement/listByUser')).body.result.sysMsgList as Array<{ busId: string; openType: string; openPage: string }>;
    expect((await bell(bob)).filter((n) => n.busId === open)).toEqual([expect.objectContaining({ openType: 'component', openPage: `/students?assignment=${open}` })]);
    expect((await bell(alice)).filter((n) => n.busId === open)).toEqual([]);
  });

  it('a student of another class and another tenant see nothing of it', async () => {
    expect((await mine(dave)).map((x) => x.id)).not.toContain(open);
    await t.db.insertInto('sysTenant').values({ id: 2000, name: '第二学校', status: 1 }).execute();
    await createUser(t.db, { username: 'as_outsider', password: 'Outsider#2026', tenants: [2000], menuKeys: [] });
    const outsider = { id: '', token: await login(t.app, 'as_outsider', 'Outsider#2026') };
    const u = await t.db.selectFrom('sysUser').select('id').where('username', '=', 'as_outsider').executeTakeFirstOrThrow();
    await grantCodes(t.db, u.id, [STUDY_PERMISSION, TEACH_PERMISSION, ...ASSIGN, ASSIGNMENT_ALL_CLASSES_PERMISSION]);
    outsider.token = await login(t.app, 'as_outsider', 'Outsider#2026');
    expect(await mine(outsider)).toEqual([]);
    expect((await get(outsider, '/students/assignment/list')).body.result.total).toBe(0);
    expect((await get(outsider, `/students/assignment/progress?id=${open}`)).body.success).toBe(false);
    expect((await post(outsider, '/students/assignment/remind', { id: open })).body.success).toBe(false);
  });
});
