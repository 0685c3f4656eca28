import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDY_PERMISSION, TEACH_PERMISSION, type MyAssignment } from '@anxue/shared';
import type { LiveAssignmentChoice, LiveBankQuestion, LivePushFrame, LiveSceneDetail, LiveStarted, LiveState, LiveSummary } from '@anxue/shared/live';
import { apiCall, createTestApp, createUser, DEFAULT_TENANT, login, type TestApp } from '../../../../test/helpers/test-app';
import { formatDateTime, newId } from '../../../core/db';
import { NOTICE_CHANNEL, type NoticePush } from '../../notice';
import { insertClass, insertPaper, insertQuestion, userWith } from '../study/test-kit';
import { LIVE_IDLE_MS, LIVE_MESSAGES } from './service';

// The interactive classroom through the real routes: a hazard picture the class taps on phones (taps judged
// by the hit-test and kept per student, the heat map for the class's teacher only), a live quiz that counts
// for an assignment's paper or picture, wrong answers filed in the wrong-answer book, and questions from the
// bank limited to what the teacher may use.
let t: TestApp;
type U = { id: string; token: string };
let teacher: U, otherTeacher: U, alice: U, bob: U, carol: U;
let classId: string, otherClassId: string, sceneId: string, paperId: string;
let questions: string[];
const tenantId = DEFAULT_TENANT;
const HOUR = 3_600_000;
const pushes: NoticePush[] = [];

const call = async <T = unknown>(who: U, method: 'GET' | 'POST', url: string, body?: object) => (await apiCall(t.app, who.token, method, url, body)).body as { success: boolean; message: string; code: number; result: T };
const ok = async <T,>(who: U, method: 'GET' | 'POST', url: string, body?: object): Promise<T> => {
  const r = await call<T>(who, method, url, body);
  if (!r.success) throw new Error(`${method} ${url}: ${r.message}`);
  return r.result;
};
const state = (who: U, id: string) => ok<LiveState>(who, 'GET', `/students/live/state?id=${id}`);
const framesFor = (userId: string) => pushes.filter((p) => p.userIds.includes(userId)).map((p) => p.message as LivePushFrame);

/** A published scene on a 1600×800 picture: a socket (rect), a puddle (circle), a ladder (triangle). */
async function insertScene(title = '教室隐患') {
  const id = newId();
  await t.db
    .insertInto('stuHazardScene')
    .values({ id, tenantId, title, image: 'hazard/room.png', imageWidth: 1600, imageHeight: 800, description: '找出教室里的隐患', requiredCount: 0, timeLimitSeconds: 120, hintsAllowed: 1, hitScore: 100, wrongPenalty: 15, timeBonusPerSecond: 1, category: null, gradeBand: null, published: 1, sortNo: 0, createBy: null, createTime: null, updateBy: null, updateTime: null })
    .execute();
  const regions = [
    { shape: 'rect', coords: { x: 0.1, y: 0.1, w: 0.1, h: 0.1 }, title: '插座超负荷' },
    { shape: 'circle', coords: { cx: 0.5, cy: 0.5, r: 0.05 }, title: '地面积水' },
    { shape: 'polygon', coords: { points: [[0.7, 0.7], [0.9, 0.7], [0.7, 0.9]] }, title: '梯子不稳' },
  ];
  for (const [i, r] of regions.entries()) await t.db.insertInto('stuHazardRegion').values({ id: newId(), tenantId, sceneId: id, shape: r.shape, coords: JSON.stringify(r.coords), title: r.title, risk: '风险', fix: '整改', sortNo: i }).execute();
  return id;
}

/** An assignment given to classes, open since an hour ago, due tomorrow. */
async function insertAssignment(title: string, classIds: string[], items: Array<{ kind: string; id: string }>) {
  const id = newId();
  const now = t.clock.now().getTime();
  await t.db.insertInto('stuAssignment').values({ id, tenantId, title, openTime: formatDateTime(new Date(now - HOUR)), dueTime: formatDateTime(new Date(now + 24 * HOUR)), receipt: 0, createBy: teacher.id, createTime: null, updateBy: null, updateTime: null }).execute();
  for (const c of classIds) await t.db.insertInto('stuAssignmentClass').values({ id: newId(), tenantId, assignmentId: id, classId: c }).execute();
  for (const [i, it] of items.entries()) await t.db.insertInto('stuAssignmentItem').values({ id: newId(), tenantId, assignmentId: id, kind: it.kind, itemId: it.id, sortNo: i }).execute();
  return id;
}
const myItems = async (who: U, assignmentId: string) => ((await ok<MyAssignment[]>(who, 'GET', '/students/study/assignments')).find((a) => a.id === assignmentId)?.items ?? []).map((i) => ({ kind: i.kind, done: i.done, score: i.score }));

beforeAll(async () => {
  t = await createTestApp();
  const both = [STUDY_PERMISSION, TEACH_PERMISSION];
  teacher = await userWith(t, 'cls_teacher', both);
  otherTeacher = await userWith(t, 'cls_other_teacher', both);
  alice = await userWith(t, 'cls_alice');
  bob = await userWith(t, 'cls_bob');
  carol = await userWith(t, 'cls_carol');
  classId = await insertClass(t.db, '五年级一班', [
    { userId: teacher.id, role: 'teacher' },
    { userId: alice.id, role: 'student' },
    { userId: bob.id, role: 'student' },
    { userId: carol.id, role: 'student' },
  ]);
  otherClassId = await insertClass(t.db, '五年级二班', [{ userId: otherTeacher.id, role: 'teacher' }]);
  sceneId = await insertScene();
  questions = [await insertQuestion(t.db, { stem: '发现火情先做什么？', options: ['拨打119', '躲进柜子'], answer: 'A' }), await insertQuestion(t.db, { type: 'judge', stem: '可以在河边独自游泳。', answer: 'B' })];
  paperId = await insertPaper(t.db, { title: '消防小测', questions: questions.map((questionId) => ({ questionId, score: 50 })), passScore: 60 });
  await t.app.ctx.bus.subscribe(NOTICE_CHANNEL, (raw) => {
    const push = JSON.parse(raw) as NoticePush;
    if (push.message.cmd === 'live') pushes.push(push);
  });
});
afterAll(() => t.close());

describe('a hazard picture played by the class', () => {
  let id: string;
  let code: string;
  beforeAll(async () => {
    ({ id, code } = await ok<LiveStarted>(teacher, 'POST', '/students/live/start', { classId, hazardId: sceneId }));
    for (const s of [alice, bob, carol]) await ok(s, 'POST', '/students/live/join', { code });
  });

  it('starts from a hazardId for the class teacher only; the picture shows without its hazards', async () => {
    expect(await call(otherTeacher, 'POST', '/students/live/start', { classId, hazardId: sceneId })).toMatchObject({ success: false, message: LIVE_MESSAGES.notTeacher });
    expect(await call(teacher, 'POST', '/students/live/start', { classId, hazardId: sceneId, paperId })).toMatchObject({ success: false, message: '请求体：请选择试卷、题目或隐患图（三选一）' });
    expect(await call(teacher, 'POST', '/students/live/start', { classId, hazardId: 'nope' })).toMatchObject({ success: false, message: '隐患排查题不存在或未发布' });
    const s = await state(alice, id);
    expect(s).toMatchObject({ kind: 'hazard', phase: 'lobby', title: '教室隐患', hazard: { sceneId, imageWidth: 1600, imageHeight: 800, regionCount: 3 }, myTaps: [] });
    expect(s.hazard!.image).toContain('hazard/room.png');
    expect(s.regions).toBeUndefined();
  });

  it('takes a few taps per phone while open, each judged by the hit-test and kept with the student', async () => {
    expect(await call(alice, 'POST', '/students/live/tap', { id, x: 0.15, y: 0.15 })).toMatchObject({ success: false, message: LIVE_MESSAGES.noTapping });
    await ok(teacher, 'POST', '/students/live/next', { id, seconds: 60 });
    // numbers as text are taken; a tap off the picture is refused in the envelope
    await ok(alice, 'POST', '/students/live/tap', { id, x: '0.15', y: '0.15' });
    await ok(alice, 'POST', '/students/live/tap', { id, x: 0.3, y: 0.9 });
    const off = await call(alice, 'POST', '/students/live/tap', { id, x: 1.5, y: 0.2 });
    expect(off).toMatchObject({ success: false, code: 500 });
    expect(off.message).not.toMatch(/at |Error/);
    const mine = await ok<LiveState>(bob, 'POST', '/students/live/tap', { id, x: 0.5, y: 0.52 });
    expect(mine.myTaps).toEqual([{ x: 0.5, y: 0.52 }]);
    expect(mine.myHits).toBeNull();
    for (let i = 0; i < 4; i++) await ok(bob, 'POST', '/students/live/tap', { id, x: 0.8, y: 0.1 + i / 10 });
    expect(await call(bob, 'POST', '/students/live/tap', { id, x: 0.75, y: 0.75 })).toMatchObject({ success: false, message: LIVE_MESSAGES.tapsUsed });
    expect(await call(bob, 'POST', '/students/live/answer', { id, questionId: sceneId, answer: 'A' })).toMatchObject({ success: false, message: LIVE_MESSAGES.notQuiz });

    const rows = await t.db.selectFrom('stuLiveTap as t').innerJoin('stuHazardRegion as r', 'r.id', 't.regionId').select(['t.userId', 'r.title']).where('t.sessionId', '=', id).execute();
    expect(rows.sort((a, b) => a.title.localeCompare(b.title))).toEqual(
      [
        { userId: alice.id, title: '插座超负荷' },
        { userId: bob.id, title: '地面积水' },
      ].sort((a, b) => a.title.localeCompare(b.title)),
    );
    expect(await t.db.selectFrom('stuLiveTap').select('id').where('sessionId', '=', id).execute()).toHaveLength(7);
    // the screen hears how many have tapped, once per student
    expect(framesFor(teacher.id).filter((f) => f.sessionId === id && f.event === 'answered').map((f) => f.answered)).toEqual([1, 2]);
    expect(framesFor(alice.id).some((f) => f.event === 'answered')).toBe(false);
  });

  it('gives the heat map to the class teacher only, once tapping is closed', async () => {
    const open = await state(teacher, id);
    expect(open).toMatchObject({ phase: 'question', answered: 2, joined: 3 });
    expect(open.taps).toBeUndefined();
    const closed = await ok<LiveState>(teacher, 'POST', '/students/live/stop', { id });
    expect(closed.phase).toBe('closed');
    expect(closed.taps).toHaveLength(7);
    expect(closed.taps).toContainEqual({ x: 0.15, y: 0.15 });
    // a student sees only their own taps; another class's teacher nothing at all
    const alices = await state(alice, id);
    expect(alices.taps).toBeUndefined();
    expect(alices.myTaps).toEqual([
      { x: 0.15, y: 0.15 },
      { x: 0.3, y: 0.9 },
    ]);
    expect(await call(otherTeacher, 'GET', `/students/live/state?id=${id}`)).toMatchObject({ success: false, message: LIVE_MESSAGES.notInSession });
    expect(await call(carol, 'POST', '/students/live/tap', { id, x: 0.15, y: 0.15 })).toMatchObject({ success: false, message: LIVE_MESSAGES.noTapping });
  });

  it('reveals every hazard with its risk and fix, and each phone its hits; the summary counts hits per hazard', async () => {
    const shown = await ok<LiveState>(teacher, 'POST', '/students/live/reveal', { id });
    expect(shown.regions!.map((r) => [r.title, r.risk, r.fix])).toEqual([
      ['插座超负荷', '风险', '整改'],
      ['地面积水', '风险', '整改'],
      ['梯子不稳', '风险', '整改'],
    ]);
    expect((await state(bob, id)).myHits).toBe(1);
    expect((await state(carol, id)).myHits).toBe(0);
    const summary = await ok<LiveSummary>(teacher, 'POST', '/students/live/end', { id });
    expect(summary.kind).toBe('hazard');
    expect(summary.hazards!.map((h) => [h.title, h.hits])).toEqual([
      ['插座超负荷', 1],
      ['地面积水', 1],
      ['梯子不稳', 0],
    ]);
    expect(summary.students!.map((s) => [s.userId, s.taps, s.hits])).toEqual(
      expect.arrayContaining([
        [alice.id, 2, 1],
        [bob.id, 5, 1],
        [carol.id, 0, 0],
      ]),
    );
  });

  it('the screen of the picture: its hazards for a teacher, never for a student', async () => {
    const detail = await ok<LiveSceneDetail>(teacher, 'GET', `/students/live/scene?id=${sceneId}`);
    expect(detail).toMatchObject({ id: sceneId, imageWidth: 1600, imageHeight: 800, regionCount: 3 });
    expect(detail.regions[1]).toMatchObject({ shape: 'circle', coords: { cx: 0.5, cy: 0.5, r: 0.05 }, title: '地面积水' });
    expect((await apiCall(t.app, alice.token, 'GET', `/students/live/scene?id=${sceneId}`)).body).toMatchObject({ success: false, code: 510 });
  });
});

describe('a live quiz linked to an assignment', () => {
  it("offers the class's assignments with their papers and pictures, and refuses a link the session cannot complete", async () => {
    const work = await insertAssignment('消防作业', [classId], [{ kind: 'paper', id: paperId }]);
    const theirs = await insertAssignment('二班作业', [otherClassId], [{ kind: 'paper', id: paperId }]);
    const choices = await ok<LiveAssignmentChoice[]>(teacher, 'GET', `/students/live/assignments?classId=${classId}`);
    expect(choices.find((c) => c.id === work)).toMatchObject({ title: '消防作业', papers: [{ id: paperId, title: '消防小测' }], scenes: [] });
    expect(choices.some((c) => c.id === theirs)).toBe(false);
    expect(await call(otherTeacher, 'GET', `/students/live/assignments?classId=${classId}`)).toMatchObject({ success: false, message: LIVE_MESSAGES.notTeacher });
    expect(await call(teacher, 'POST', '/students/live/start', { classId, paperId, assignmentId: theirs })).toMatchObject({ success: false, message: LIVE_MESSAGES.assignmentMissing });
    expect(await call(teacher, 'POST', '/students/live/start', { classId, hazardId: sceneId, assignmentId: work })).toMatchObject({ success: false, message: LIVE_MESSAGES.assignmentMismatch });
    expect(await call(teacher, 'POST', '/students/live/start', { classId, questionIds: questions, assignmentId: work })).toMatchObject({ success: false, message: LIVE_MESSAGES.assignmentNeedsPaper });
  });

  it("marks the assignment's paper done for each student who answered, with the session's score", async () => {
    const work = await insertAssignment('课堂作业', [classId], [{ kind: 'paper', id: paperId }]);
    expect(await myItems(alice, work)).toEqual([{ kind: 'paper', done: false, score: null }]);
    const { id, code } = await ok<LiveStarted>(teacher, 'POST', '/students/live/start', { classId, paperId, assignmentId: work });
    for (const s of [alice, bob, carol]) await ok(s, 'POST', '/students/live/join', { code });
    await ok(teacher, 'POST', '/students/live/next', { id });
    await ok(alice, 'POST', '/students/live/answer', { id, questionId: questions[0], answer: 'A' });
    await ok(bob, 'POST', '/students/live/answer', { id, questionId: questions[0], answer: 'B' });
    await ok(teacher, 'POST', '/students/live/reveal', { id });
    await ok(teacher, 'POST', '/students/live/next', { id });
    await ok(alice, 'POST', '/students/live/answer', { id, questionId: questions[1], answer: 'B' });
    await ok(teacher, 'POST', '/students/live/end', { id });
    expect(await myItems(alice, work)).toEqual([{ kind: 'paper', done: true, score: 100 }]);
    expect(await myItems(bob, work)).toEqual([{ kind: 'paper', done: true, score: 0 }]);
    // carol joined but answered nothing: nothing to count
    expect(await myItems(carol, work)).toEqual([{ kind: 'paper', done: false, score: null }]);
    const attempt = await t.db.selectFrom('stuAttempt').select(['status', 'score', 'totalScore', 'correctCount', 'passed']).where('userId', '=', alice.id).where('paperId', '=', paperId).executeTakeFirstOrThrow();
    expect(attempt).toEqual({ status: 'done', score: 100, totalScore: 100, correctCount: 2, passed: 1 });
    // ending again changes nothing
    await ok(teacher, 'POST', '/students/live/end', { id });
    expect(await t.db.selectFrom('stuAttempt').select('id').where('userId', '=', alice.id).where('paperId', '=', paperId).execute()).toHaveLength(1);
  });

  it("marks the assignment's hazard picture done for each student who tapped", async () => {
    const work = await insertAssignment('隐患作业', [classId], [{ kind: 'hazard', id: sceneId }]);
    const { id, code } = await ok<LiveStarted>(teacher, 'POST', '/students/live/start', { classId, hazardId: sceneId, assignmentId: work });
    for (const s of [alice, bob]) await ok(s, 'POST', '/students/live/join', { code });
    await ok(teacher, 'POST', '/students/live/next', { id });
    await ok(alice, 'POST', '/students/live/tap', { id, x: 0.15, y: 0.15 });
    await ok(alice, 'POST', '/students/live/tap', { id, x: 0.75, y: 0.75 });
    await ok(teacher, 'POST', '/students/live/end', { id });
    expect(await myItems(alice, work)).toEqual([{ kind: 'hazard', done: true, score: 200 }]);
    expect(await myItems(bob, work)).toEqual([{ kind: 'hazard', done: false, score: null }]);
  });
});

describe('a linked session left open', () => {
  it('counts for the assignment when it ends by idling and is next read', async () => {
    const work = await insertAssignment('遗忘的作业', [classId], [{ kind: 'paper', id: paperId }]);
    const { id, code } = await ok<LiveStarted>(teacher, 'POST', '/students/live/start', { classId, paperId, assignmentId: work });
    await ok(carol, 'POST', '/students/live/join', { code });
    await ok(teacher, 'POST', '/students/live/next', { id });
    await ok(carol, 'POST', '/students/live/answer', { id, questionId: questions[0], answer: 'A' });
    expect(await myItems(carol, work)).toEqual([{ kind: 'paper', done: false, score: null }]);
    t.clock.advance(LIVE_IDLE_MS + 1000);
    expect((await state(carol, id)).phase).toBe('ended');
    expect(await myItems(carol, work)).toEqual([{ kind: 'paper', done: true, score: 50 }]);
    // closed by the read: a right answer files nothing in the wrong-answer book
    expect(await t.db.selectFrom('stuWrongBook').select('id').where('userId', '=', carol.id).where('questionId', '=', questions[0]).execute()).toEqual([]);
  });
});

describe('wrong answers of a live quiz', () => {
  it('go to the wrong-answer book when revealed (or when the session ends first); right ones do not', async () => {
    const q = await insertQuestion(t.db, { stem: '电线着火先用水浇？', type: 'judge', answer: 'B' });
    const q2 = await insertQuestion(t.db, { stem: '过马路看红绿灯？', type: 'judge', answer: 'A' });
    const { id, code } = await ok<LiveStarted>(teacher, 'POST', '/students/live/start', { classId, questionIds: `${q},${q2}` });
    for (const s of [alice, bob]) await ok(s, 'POST', '/students/live/join', { code });
    await ok(teacher, 'POST', '/students/live/next', { id });
    await ok(alice, 'POST', '/students/live/answer', { id, questionId: q, answer: 'B' });
    await ok(bob, 'POST', '/students/live/answer', { id, questionId: q, answer: 'A' });
    const book = (userId: string) => t.db.selectFrom('stuWrongBook').select(['questionId', 'lastAnswer', 'wrongCount']).where('userId', '=', userId).where('questionId', 'in', [q, q2]).execute();
    // not before the reveal: the book would tell the phone its answer was wrong
    expect(await book(bob.id)).toEqual([]);
    await ok(teacher, 'POST', '/students/live/reveal', { id });
    expect(await book(bob.id)).toEqual([{ questionId: q, lastAnswer: 'A', wrongCount: 1 }]);
    expect(await book(alice.id)).toEqual([]);
    await ok(teacher, 'POST', '/students/live/next', { id });
    await ok(alice, 'POST', '/students/live/answer', { id, questionId: q2, answer: 'B' });
    await ok(teacher, 'POST', '/students/live/end', { id });
    expect(await book(alice.id)).toEqual([{ questionId: q2, lastAnswer: 'B', wrongCount: 1 }]);
  });
});

describe('questions from the bank', () => {
  it("are the tenant's undeleted questions: another tenant's or a deleted one is refused", async () => {
    const deleted = await insertQuestion(t.db, { stem: '已删除的题', answer: 'A' });
    await t.db.updateTable('stuQuestion').set({ delFlag: 1 }).where('id', '=', deleted).execute();
    const foreign = await insertQuestion(t.db, { stem: '别的学校的题', answer: 'A' });
    await t.db.updateTable('stuQuestion').set({ tenantId: tenantId + 1000 }).where('id', '=', foreign).execute();
    const bank = await ok<LiveBankQuestion[]>(teacher, 'GET', '/students/live/questions');
    const ids = bank.map((b) => b.id);
    expect(ids).toEqual(expect.arrayContaining(questions));
    expect(ids).not.toContain(deleted);
    expect(ids).not.toContain(foreign);
    expect((await ok<LiveBankQuestion[]>(teacher, 'GET', `/students/live/questions?keyword=${encodeURIComponent('火情')}`)).map((b) => b.stem)).toEqual(['发现火情先做什么？']);
    for (const bad of [[questions[0], deleted], [foreign]]) {
      expect(await call(teacher, 'POST', '/students/live/start', { classId, questionIds: bad })).toMatchObject({ success: false, message: LIVE_MESSAGES.questionsMissing });
    }
    expect((await apiCall(t.app, alice.token, 'GET', '/students/live/questions')).body).toMatchObject({ success: false, code: 510 });
  });

  it('a user without a role is refused every new call', async () => {
    await createUser(t.db, { username: 'cls_roleless', password: 'Roleless#pass1' });
    const token = await login(t.app, 'cls_roleless', 'Roleless#pass1');
    for (const [method, url] of [
      ['GET', '/students/live/scenes'],
      ['GET', `/students/live/scene?id=${sceneId}`],
      ['GET', '/students/live/questions'],
      ['GET', `/students/live/assignments?classId=${classId}`],
      ['POST', '/students/live/stop'],
      ['POST', '/students/live/tap'],
    ] as const) {
      const r = await apiCall(t.app, token, method, url, method === 'POST' ? { id: 'x', x: 0.1, y: 0.1 } : undefined);
      expect(r.body, url).toMatchObject({ success: false, code: 510 });
    }
  });
});
