import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDY_PERMISSION, TEACH_PERMISSION } from '@anxue/shared';
import type { LivePushFrame, LiveState, LiveSummary } from '@anxue/shared/live';
import { apiCall, createTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { NOTICE_CHANNEL, type NoticePush } from '../../notice';
import { insertClass, insertPaper, insertQuestion, userWith } from '../study/test-kit';
import { LIVE_GRACE_MS, LIVE_MESSAGES } from './service';

// 课堂答题 through the real routes on a real database: who may start, join and answer, one answer per
// question while it is open, the distribution the teacher sees, a reload that keeps a phone's answer, the
// summary (per student for the teacher, by name), and the pushes that reach the screen and the phones.
let t: TestApp;
type U = { id: string; token: string };
let teacher: U;
let otherTeacher: U;
let alice: U;
let bob: U;
let carol: U;
let outsider: U;
let classId: string;
let otherClassId: string;
let paperId: string;
let questions: string[];
const pushes: NoticePush[] = [];
const both = [STUDY_PERMISSION, TEACH_PERMISSION];

const call = async <T = unknown>(who: U, method: 'GET' | 'POST', url: string, body?: object) => {
  const r = await apiCall(t.app, who.token, method, url, body);
  return r.body as { success: boolean; message: string; result: T };
};
const ok = async <T,>(who: U, method: 'GET' | 'POST', url: string, body?: object): Promise<T> => {
  const r = await call<T>(who, method, url, body);
  if (!r.success) throw new Error(`${method} ${url}: ${r.message}`);
  return r.result;
};
const framesFor = (userId: string) => pushes.filter((p) => p.userIds.includes(userId)).map((p) => p.message as LivePushFrame);

beforeAll(async () => {
  t = await createTestApp();
  teacher = await userWith(t, 'live_teacher', both);
  otherTeacher = await userWith(t, 'live_other_teacher', both);
  alice = await userWith(t, 'live_alice');
  bob = await userWith(t, 'live_bob');
  carol = await userWith(t, 'live_carol');
  outsider = await userWith(t, 'live_outsider');
  await t.db.updateTable('sysUser').set({ realname: '安琪' }).where('id', '=', alice.id).execute();
  await t.db.updateTable('sysUser').set({ realname: '白杨' }).where('id', '=', bob.id).execute();
  await t.db.updateTable('sysUser').set({ realname: '陈晨' }).where('id', '=', carol.id).execute();
  classId = await insertClass(t.db, '四年级一班', [
    { userId: teacher.id, role: 'teacher' },
    { userId: alice.id, role: 'student' },
    { userId: bob.id, role: 'student' },
    { userId: carol.id, role: 'student' },
  ]);
  otherClassId = await insertClass(t.db, '四年级二班', [{ userId: otherTeacher.id, role: 'teacher' }, { userId: outsider.id, role: 'student' }]);
  questions = [
    await insertQuestion(t.db, { stem: '发现火情先做什么？', options: ['拨打119', '躲进柜子', '乘电梯'], answer: 'A' }),
    await insertQuestion(t.db, { type: 'judge', stem: '可以在河边独自游泳。', answer: 'B' }),
    await insertQuestion(t.db, { type: 'multi', stem: '地震时哪些做法对？', options: ['躲在桌下', '护住头部', '跳楼'], answer: 'A,B' }),
  ];
  paperId = await insertPaper(t.db, { questions: questions.map((questionId) => ({ questionId, score: 10 })) });
  await t.app.ctx.bus.subscribe(NOTICE_CHANNEL, (raw) => {
    const push = JSON.parse(raw) as NoticePush;
    if (push.message.cmd === 'live') pushes.push(push);
  });
});
afterAll(() => t.close());

describe('starting a live quiz', () => {
  it("is for the class's own teachers: another class's teacher and a student are refused", async () => {
    const other = await call(otherTeacher, 'POST', '/students/live/start', { classId, paperId });
    expect(other).toMatchObject({ success: false, message: LIVE_MESSAGES.notTeacher });
    // a student holds no students:teach at all
    const student = await apiCall(t.app, alice.token, 'POST', '/students/live/start', { classId, paperId });
    expect(student.body.success).toBe(false);
    expect(student.body.code).toBe(510);
    expect(await t.db.selectFrom('stuLiveSession').select('id').execute()).toEqual([]);
  });

  it('answers an id and a six-digit code, from a paper or a question list', async () => {
    const fromPaper = await ok<{ id: string; code: string }>(teacher, 'POST', '/students/live/start', { classId, paperId });
    expect(fromPaper.code).toMatch(/^\d{6}$/);
    const fromList = await ok<{ id: string; code: string }>(teacher, 'POST', '/students/live/start', { classId, questionIds: [questions[1], questions[0]] });
    expect(fromList.code).toMatch(/^\d{6}$/);
    const state = await ok<LiveState>(teacher, 'GET', `/students/live/state?id=${fromList.id}`);
    expect(state).toMatchObject({ phase: 'lobby', total: 2, index: -1, joined: 0, className: '四年级一班' });
    // a new session of the class ends the one before, which gives its code back
    const before = await ok<LiveState>(teacher, 'GET', `/students/live/state?id=${fromPaper.id}`);
    expect(before).toMatchObject({ phase: 'ended', code: null });
    expect(await call(alice, 'POST', '/students/live/join', { code: fromPaper.code })).toMatchObject({ success: false, message: LIVE_MESSAGES.badCode });
    await ok(teacher, 'POST', '/students/live/end', { id: fromList.id });
    const missing = await call(teacher, 'POST', '/students/live/start', { classId, questionIds: ['nosuchquestion'] });
    expect(missing).toMatchObject({ success: false, message: LIVE_MESSAGES.questionsMissing });
    const neither = await call(teacher, 'POST', '/students/live/start', { classId });
    expect(neither.success).toBe(false);
    expect(neither.message).toContain('请选择试卷、题目或隐患图');
  });
});

describe('a live quiz of three questions', () => {
  let id: string;
  let code: string;

  it('lets only students of the class join, each once', async () => {
    ({ id, code } = await ok<{ id: string; code: string }>(teacher, 'POST', '/students/live/start', { classId, paperId }));
    expect(await call(outsider, 'POST', '/students/live/join', { code })).toMatchObject({ success: false, message: LIVE_MESSAGES.notStudent });
    expect(await call(otherTeacher, 'GET', `/students/live/state?id=${id}`)).toMatchObject({ success: false, message: LIVE_MESSAGES.notInSession });
    expect(await call(alice, 'POST', '/students/live/join', { code: '12345' })).toMatchObject({ success: false });
    for (const s of [alice, bob, carol]) {
      const joined = await ok<LiveState>(s, 'POST', '/students/live/join', { code });
      expect(joined).toMatchObject({ id, role: 'student', phase: 'lobby', question: null });
      expect(joined.joined).toBeUndefined();
    }
    await ok(alice, 'POST', '/students/live/join', { code });
    expect(await ok<LiveState>(teacher, 'GET', `/students/live/state?id=${id}`)).toMatchObject({ joined: 3, answered: 0 });
    // the screen heard each join with the count
    expect(framesFor(teacher.id).filter((f) => f.sessionId === id && f.event === 'joined').map((f) => f.joined)).toEqual([1, 2, 3]);
  });

  it('shows one question at a time without its answer, and takes one answer per student while it is open', async () => {
    expect(await call(alice, 'POST', '/students/live/answer', { id, questionId: questions[0], answer: 'A' })).toMatchObject({ success: false, message: LIVE_MESSAGES.noQuestion });
    const shown = await ok<LiveState>(teacher, 'POST', '/students/live/next', { id, seconds: 20 });
    expect(shown).toMatchObject({ phase: 'question', index: 0, remainingMs: 20_000 });
    expect(framesFor(alice.id).at(-1)).toMatchObject({ sessionId: id, event: 'question', index: 0 });

    const phone = await ok<LiveState>(alice, 'GET', `/students/live/state?id=${id}`);
    expect(phone.question).toMatchObject({ questionId: questions[0], stem: '发现火情先做什么？', options: [{ label: 'A', content: '拨打119' }, { label: 'B' }, { label: 'C' }] });
    expect(phone.correctAnswer).toBeUndefined();
    expect(phone.question!.options.some((o) => 'correct' in o)).toBe(false);

    await ok(alice, 'POST', '/students/live/answer', { id, questionId: questions[0], answer: 'A' });
    expect(await call(alice, 'POST', '/students/live/answer', { id, questionId: questions[0], answer: 'B' })).toMatchObject({ success: false, message: LIVE_MESSAGES.answered });
    expect(await call(bob, 'POST', '/students/live/answer', { id, questionId: questions[0], answer: 'A,B' })).toMatchObject({ success: false, message: '该题只能选择一个选项' });
    expect(await call(bob, 'POST', '/students/live/answer', { id, questionId: questions[1], answer: 'A' })).toMatchObject({ success: false, message: LIVE_MESSAGES.notCurrent });
    await ok(bob, 'POST', '/students/live/answer', { id, questionId: questions[0], answer: 'B' });
    expect(framesFor(teacher.id).filter((f) => f.sessionId === id && f.event === 'answered').map((f) => f.answered)).toEqual([1, 2]);
    // the answered count reaches the teacher only, not the phones
    expect(framesFor(alice.id).some((f) => f.event === 'answered')).toBe(false);
    expect(await ok<LiveState>(teacher, 'GET', `/students/live/state?id=${id}`)).toMatchObject({ answered: 2, joined: 3 });

    // the countdown runs out: carol is too late, even with the grace a phone's network gets
    t.clock.advance(20_000 + LIVE_GRACE_MS + 1);
    expect(await call(carol, 'POST', '/students/live/answer', { id, questionId: questions[0], answer: 'A' })).toMatchObject({ success: false, message: LIVE_MESSAGES.closed });
    expect(await ok<LiveState>(carol, 'GET', `/students/live/state?id=${id}`)).toMatchObject({ phase: 'closed', remainingMs: 0, myAnswer: null });
  });

  it('reveals the distribution the answers make and the right answer; each phone sees whether it was right', async () => {
    const revealed = await ok<LiveState>(teacher, 'POST', '/students/live/reveal', { id });
    expect(revealed).toMatchObject({ phase: 'revealed', correctAnswer: 'A', answered: 2 });
    expect(revealed.distribution).toEqual([
      { label: 'A', count: 1 },
      { label: 'B', count: 1 },
      { label: 'C', count: 0 },
    ]);
    expect(framesFor(bob.id).at(-1)).toMatchObject({ event: 'reveal', index: 0 });
    expect(await ok<LiveState>(alice, 'GET', `/students/live/state?id=${id}`)).toMatchObject({ phase: 'revealed', myAnswer: 'A', isRight: true, correctAnswer: 'A', mine: { answered: 1, correct: 1, revealed: 1 } });
    expect(await ok<LiveState>(bob, 'GET', `/students/live/state?id=${id}`)).toMatchObject({ myAnswer: 'B', isRight: false });
    expect(await ok<LiveState>(carol, 'GET', `/students/live/state?id=${id}`)).toMatchObject({ myAnswer: null, isRight: null });
  });

  it('refuses an answer once revealed even before the countdown ends', async () => {
    await ok(teacher, 'POST', '/students/live/next', { id, seconds: 60 });
    await ok(alice, 'POST', '/students/live/answer', { id, questionId: questions[1], answer: 'B' });
    await ok(teacher, 'POST', '/students/live/reveal', { id });
    expect(await call(bob, 'POST', '/students/live/answer', { id, questionId: questions[1], answer: 'B' })).toMatchObject({ success: false, message: LIVE_MESSAGES.closed });
  });

  it('a phone that reloads joins the same session again and finds its answer kept', async () => {
    await ok(teacher, 'POST', '/students/live/next', { id, seconds: 60 });
    await ok(bob, 'POST', '/students/live/answer', { id, questionId: questions[2], answer: 'b,a' });
    // the reload: the phone reads the state again, or types the code again
    const again = await ok<LiveState>(bob, 'POST', '/students/live/join', { code });
    expect(again).toMatchObject({ id, phase: 'question', index: 2, myAnswer: 'A,B' });
    expect(again.question?.questionId).toBe(questions[2]);
    expect(await ok<LiveState>(bob, 'GET', `/students/live/state?id=${id}`)).toMatchObject({ myAnswer: 'A,B' });
    expect(await ok<LiveState>(teacher, 'GET', `/students/live/state?id=${id}`)).toMatchObject({ joined: 3, answered: 1 });
    await ok(carol, 'POST', '/students/live/answer', { id, questionId: questions[2], answer: 'A' });
    const revealed = await ok<LiveState>(teacher, 'POST', '/students/live/reveal', { id });
    // a multiple-choice answer counts for each option it chose
    expect(revealed.distribution).toEqual([
      { label: 'A', count: 2 },
      { label: 'B', count: 1 },
      { label: 'C', count: 0 },
    ]);
    expect(await call(teacher, 'POST', '/students/live/next', { id })).toMatchObject({ success: false, message: LIVE_MESSAGES.last });
  });

  it('keeps the results per student: the teacher gets the class by name, a student only their own, never a ranking', async () => {
    expect(await call(alice, 'GET', `/students/live/summary?id=${id}`)).toMatchObject({ success: false, message: LIVE_MESSAGES.summaryLater });
    const summary = await ok<LiveSummary>(teacher, 'POST', '/students/live/end', { id });
    expect(framesFor(carol.id).at(-1)).toMatchObject({ event: 'end' });
    expect(summary).toMatchObject({ ended: true, joined: 3 });
    expect(summary.questions.map((q) => [q.sortNo, q.answered, q.correct, q.correctRate])).toEqual([
      [1, 2, 1, 50],
      [2, 1, 1, 100],
      [3, 2, 1, 50],
    ]);
    expect(summary.questions[0].options.map((o) => o.count)).toEqual([1, 1, 0]);
    expect(summary.students!.map((s) => [s.realname, s.joined, s.answered, s.correct])).toEqual([
      ['安琪', true, 2, 2],
      ['白杨', true, 2, 1],
      ['陈晨', true, 1, 0],
    ]);
    expect(summary.students![1].answers).toEqual([
      { questionId: questions[0], answer: 'B', isRight: false },
      { questionId: questions[2], answer: 'A,B', isRight: true },
    ]);
    // no times leave the server: nothing to rank the slowest by
    expect(JSON.stringify(summary)).not.toMatch(/answeredAt|joinedAt|ms"/i);

    const mine = await ok<LiveSummary>(carol, 'GET', `/students/live/summary?id=${id}`);
    expect(mine.students).toBeUndefined();
    expect(mine.mine).toEqual({ answered: 1, correct: 0, answers: [{ questionId: questions[2], answer: 'A', isRight: false }] });
    const stored = await t.db.selectFrom('stuLiveAnswer').select(['userId', 'isRight']).where('sessionId', '=', id).execute();
    expect(stored).toHaveLength(5);

    expect(await call(alice, 'POST', '/students/live/answer', { id, questionId: questions[2], answer: 'A' })).toMatchObject({ success: false, message: LIVE_MESSAGES.ended });
    expect(await call(alice, 'POST', '/students/live/join', { code })).toMatchObject({ success: false, message: LIVE_MESSAGES.badCode });
    expect(await ok<LiveState>(alice, 'GET', `/students/live/state?id=${id}`)).toMatchObject({ phase: 'ended', code: null });
  });
});
