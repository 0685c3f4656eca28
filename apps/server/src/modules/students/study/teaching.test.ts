import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDY_PERMISSION, TEACH_PERMISSION } from '@anxue/shared';
import { apiCall, createTestApp, DEFAULT_TENANT, login, type TestApp } from '../../../../test/helpers/test-app';
import { newId } from '../../../core/db';
import { TEACHER_ONLY } from './teaching';
import { grantCodes, insertClass, insertCourse, insertLesson, insertPaper, insertQuestion, userWith } from './test-kit';

let t: TestApp;
type U = { id: string; token: string };
let teacher: U;
let otherTeacher: U;
let alice: U;
let bob: U;
let adminToken: string;
let classId: string;
let otherClassId: string;
let activityId: string;
let paperId: string;
let lessons: string[];
const tenantId = DEFAULT_TENANT;
const both = [STUDY_PERMISSION, TEACH_PERMISSION];

beforeAll(async () => {
  t = await createTestApp();
  teacher = await userWith(t, 'teach_teacher', both);
  otherTeacher = await userWith(t, 'teach_other', both);
  alice = await userWith(t, 'teach_alice');
  bob = await userWith(t, 'teach_bob');
  const admin = await t.db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  await grantCodes(t.db, admin.id, both);
  adminToken = await login(t.app);
  classId = await insertClass(t.db, '三年级一班', [{ userId: teacher.id, role: 'teacher' }, { userId: alice.id, role: 'student' }, { userId: bob.id, role: 'student' }]);
  otherClassId = await insertClass(t.db, '三年级二班', [{ userId: otherTeacher.id, role: 'teacher' }]);

  const courseId = await insertCourse(t.db);
  lessons = [];
  for (let i = 0; i < 4; i++) lessons.push(await insertLesson(t.db, { courseId, kind: 'article', durationSeconds: 0, sortNo: i }));
  const q = await insertQuestion(t.db, { answer: 'A' });
  const q2 = await insertQuestion(t.db, { answer: 'B' });
  paperId = await insertPaper(t.db, { questions: [{ questionId: q, score: 60 }, { questionId: q2, score: 40 }], passScore: 60, shuffleOptions: 0 });
  activityId = newId();
  await t.db.insertInto('stuActivity').values({ id: activityId, tenantId, title: '防溺水专题', description: null, cover: null, startTime: null, endTime: null, paperId, published: 1, createBy: null, createTime: null, updateBy: null, updateTime: null }).execute();
  await t.db.insertInto('stuActivityClass').values({ id: newId(), tenantId, activityId, classId }).execute();
  for (const [i, lessonId] of lessons.slice(0, 2).entries()) await t.db.insertInto('stuActivityLesson').values({ id: newId(), tenantId, activityId, lessonId, sortNo: i }).execute();

  // alice: reads both activity lessons and one more, passes the quiz (60); bob: reads one lesson, scores 40
  for (const l of lessons.slice(0, 3)) await apiCall(t.app, alice.token, 'GET', `/students/study/lesson?id=${l}`);
  await apiCall(t.app, bob.token, 'GET', `/students/study/lesson?id=${lessons[0]}`);
  for (const [who, answers] of [[alice, [{ questionId: q, answer: 'A' }, { questionId: q2, answer: 'A' }]], [bob, [{ questionId: q, answer: 'B' }, { questionId: q2, answer: 'B' }]]] as const) {
    const a = (await apiCall(t.app, who.token, 'POST', '/students/study/attempt/start', { paperId, activityId })).body.result;
    await apiCall(t.app, who.token, 'POST', '/students/study/attempt/submit', { attemptId: a.id, answers });
  }
});
afterAll(() => t.close());

describe('who may see class statistics', () => {
  it('the class teacher sees them', async () => {
    const r = await apiCall(t.app, teacher.token, 'GET', `/students/teach/classStats?classId=${classId}`);
    expect(r.body.success).toBe(true);
  });
  it('a teacher of another class, a student and the administrator are refused', async () => {
    const other = await apiCall(t.app, otherTeacher.token, 'GET', `/students/teach/classStats?classId=${classId}`);
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ success: false, message: TEACHER_ONLY });
    const admin = await apiCall(t.app, adminToken, 'GET', `/students/teach/classStats?classId=${classId}`);
    expect(admin.body).toMatchObject({ success: false, message: TEACHER_ONLY });
    expect((await apiCall(t.app, adminToken, 'GET', `/students/teach/activityStats?classId=${classId}&activityId=${activityId}`)).body.message).toBe(TEACHER_ONLY);
    // a student lacks the teaching permission altogether
    expect((await apiCall(t.app, alice.token, 'GET', `/students/teach/classStats?classId=${classId}`)).status).toBe(403);
    // the other teacher's own class is theirs; this activity is not assigned to it
    expect((await apiCall(t.app, otherTeacher.token, 'GET', `/students/teach/activityStats?classId=${otherClassId}&activityId=${activityId}`)).body.message).toBe('该活动未布置给本班');
  });
  it('lists only the classes the caller teaches', async () => {
    const mine = await apiCall(t.app, teacher.token, 'GET', '/students/teach/classes');
    expect(mine.body.result).toEqual([{ id: classId, name: '三年级一班', grade: null, grade_dictText: '', studentCount: 2, activities: [{ id: activityId, title: '防溺水专题' }] }]);
    expect((await apiCall(t.app, adminToken, 'GET', '/students/teach/classes')).body.result).toEqual([]);
    // a grade comes with its name from the 年级 dictionary
    await t.db.updateTable('stuClass').set({ grade: '3' }).where('id', '=', classId).execute();
    const graded = (await apiCall(t.app, teacher.token, 'GET', '/students/teach/classes')).body.result[0];
    await t.db.updateTable('stuClass').set({ grade: null }).where('id', '=', classId).execute();
    expect(graded).toMatchObject({ grade: '3', grade_dictText: '三年级' });
  });
});

describe('statistics', () => {
  it('class: completion, attempts, best scores per student and the averages', async () => {
    const r = (await apiCall(t.app, teacher.token, 'GET', `/students/teach/classStats?classId=${classId}`)).body.result;
    expect(r).toMatchObject({ classId, className: '三年级一班', studentCount: 2, courseCompletion: Math.round((75 + 25) / 2), averageScore: 50 });
    const byName = Object.fromEntries(r.students.map((s: { realname: string }) => [s.realname, s]));
    expect(byName.teach_alice).toMatchObject({ lessonsFinished: 3, lessonCount: 4, attempts: 1, bestScore: 60, passed: true, hazardsFound: 0, clipsWatched: 0 });
    expect(byName.teach_bob).toMatchObject({ lessonsFinished: 1, lessonCount: 4, attempts: 1, bestScore: 40, passed: false });
  });
  it('class: the 危险预判 clips each student watched to the end, each clip once', async () => {
    const clip = async (title: string) => {
      const id = newId();
      await t.db
        .insertInto('stuHazardClip')
        .values({ id, tenantId: DEFAULT_TENANT, title, filePath: 'students/clip.webm', cover: null, durationSeconds: 12, description: null, windowsJson: '[]', category: null, gradeBand: null, published: 1, sortNo: 0, createBy: null, createTime: null, updateBy: null, updateTime: null })
        .execute();
      return id;
    };
    const run = (clipId: string, status: string) =>
      t.db.insertInto('stuHazardClipRun').values({ id: newId(), tenantId: DEFAULT_TENANT, clipId, userId: alice.id, status, startedAt: 1, submittedAt: status === 'done' ? 2 : null, durationSeconds: 12, tapsJson: null, windowsJson: null, createTime: null }).execute();
    const [road, pool, lane] = [await clip('放学路上'), await clip('泳池边'), await clip('小巷口')];
    await run(road, 'done');
    await run(road, 'done'); // watched again: still one clip
    await run(pool, 'done');
    await run(lane, 'open'); // started, not watched to the end
    const r = (await apiCall(t.app, teacher.token, 'GET', `/students/teach/classStats?classId=${classId}`)).body.result;
    const byName = Object.fromEntries(r.students.map((s: { realname: string }) => [s.realname, s]));
    expect(byName.teach_alice.clipsWatched).toBe(2);
    expect(byName.teach_bob.clipsWatched).toBe(0);
  });
  it('activity: who finished its lessons, who passed its quiz, the average counted score', async () => {
    const r = (await apiCall(t.app, teacher.token, 'GET', `/students/teach/activityStats?classId=${classId}&activityId=${activityId}`)).body.result;
    expect(r).toEqual({ activityId, title: '防溺水专题', classId, className: '三年级一班', studentCount: 2, lessonsDone: 1, quizPassed: 1, averageScore: 50 });
  });
  it("a student sees their class's activities with their own completion and quiz score", async () => {
    const r = (await apiCall(t.app, bob.token, 'GET', '/students/study/activities')).body.result;
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({ id: activityId, lessonCount: 2, finishedCount: 1, paper: { id: paperId, passScore: 60, totalScore: 100 }, quizScore: 40, quizPassed: false });
    expect(r[0].lessons.map((l: { id: string; finished: boolean }) => [l.id, l.finished])).toEqual([[lessons[0], true], [lessons[1], false]]);
    expect((await apiCall(t.app, otherTeacher.token, 'GET', '/students/study/activities')).body.result).toEqual([]);
  });
});
