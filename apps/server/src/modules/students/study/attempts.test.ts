import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { formatDateTime } from '../../../core/db';
import { MESSAGES } from './attempts';
import { insertPaper, insertQuestion, userWith } from './test-kit';

let t: TestApp;
let student: { id: string; token: string };
let single: string;
let judge: string;
let multi: string;

beforeAll(async () => {
  t = await createTestApp();
  student = await userWith(t, 'attempt_student');
  single = await insertQuestion(t.db, { type: 'single', stem: '着火时应拨打', options: ['110', '119', '120', '122'], answer: 'B', category: 'fire', difficulty: '1' });
  judge = await insertQuestion(t.db, { type: 'judge', stem: '可以在河边独自游泳', answer: 'B', category: 'water' });
  multi = await insertQuestion(t.db, { type: 'multi', stem: '防溺水要做到', options: ['不私自下水', '结伴野泳', '远离河边', '不擅自施救'], answer: 'A,C,D', category: 'water' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token = student.token) => apiCall(t.app, token, method, url, payload);
const start = (paperId: string, token = student.token) => call('POST', '/students/study/attempt/start', { paperId }, token);
/** The label the attempt shows for an option's content (options may be shuffled). */
const labelOf = (view: any, questionId: string, content: string) => view.items.find((i: any) => i.questionId === questionId).options.find((o: any) => o.content === content).label as string;
const expectRefused = (r: { status: number; body: any }, message: string) => {
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({ success: false, message });
};

describe('a test from start to review', () => {
  it('freezes a shuffled copy, keeps saved answers over a reload, scores on the server and shows the review', async () => {
    const paperId = await insertPaper(t.db, { questions: [{ questionId: single, score: 10 }, { questionId: judge, score: 5 }, { questionId: multi, score: 9 }], shuffleOptions: 1, passScore: 15 });
    const cards = await call('GET', '/students/study/papers');
    expect(cards.body.result.find((c: any) => c.id === paperId)).toMatchObject({ totalScore: 24, questionCount: 3, attemptsUsed: 0, countedScore: null, openAttemptId: null });

    const started = await start(paperId);
    const view = started.body.result;
    expect(view).toMatchObject({ status: 'doing', remainingSeconds: null, totalScore: 24, questionCount: 3 });
    expect(view.items.map((i: any) => i.questionId)).toEqual([single, judge, multi]);
    expect(view.items[0].options.map((o: any) => o.label)).toEqual(['A', 'B', 'C', 'D']);
    expect(view.items[0]).not.toHaveProperty('correctAnswer');
    // true/false keeps its order
    expect(view.items[1].options.map((o: any) => o.content)).toEqual(['正确', '错误']);

    await call('POST', '/students/study/attempt/answer', { attemptId: view.id, questionId: single, answer: labelOf(view, single, '119') });
    await call('POST', '/students/study/attempt/answer', { attemptId: view.id, questionId: judge, answer: 'A' });
    const multiAnswer = ['不私自下水', '远离河边'].map((c) => labelOf(view, multi, c)).join(',');
    await call('POST', '/students/study/attempt/answer', { attemptId: view.id, questionId: multi, answer: multiAnswer });

    // a reload (start again, or read) resumes the same attempt with the answers kept
    const resumed = await start(paperId);
    expect(resumed.body.result.id).toBe(view.id);
    expect(resumed.body.result.items.map((i: any) => i.answer)).toEqual([labelOf(view, single, '119'), 'A', multiAnswer.split(',').sort().join(',')]);
    expect((await call('GET', '/students/study/papers')).body.result.find((c: any) => c.id === paperId).openAttemptId).toBe(view.id);

    const submitted = await call('POST', '/students/study/attempt/submit', { attemptId: view.id });
    const done = submitted.body.result;
    // all or nothing on the multiple choice: 10 + 0 + 0
    expect(done).toMatchObject({ status: 'done', score: 10, correctCount: 1, passed: false, timedOut: false });
    expect(done.items[0]).toMatchObject({ isRight: true, score: 10, correctAnswer: labelOf(view, single, '119'), analysis: '解析' });
    expect(done.items[2]).toMatchObject({ isRight: false, score: 0, correctAnswer: ['不私自下水', '远离河边', '不擅自施救'].map((c) => labelOf(view, multi, c)).sort().join(',') });

    // nothing counted twice
    expectRefused(await call('POST', '/students/study/attempt/submit', { attemptId: view.id }), MESSAGES.submitted);
    expectRefused(await call('POST', '/students/study/attempt/answer', { attemptId: view.id, questionId: single, answer: 'A' }), MESSAGES.submitted);
    const attempts = await call('GET', `/students/study/attempts?paperId=${paperId}`);
    expect(attempts.body.result).toHaveLength(1);
    expect(attempts.body.result[0]).toMatchObject({ status: 'done', score: 10 });

    // the wrong answers went to the book
    const book = await call('GET', '/students/study/wrongBook');
    expect(book.body.result.map((e: any) => e.questionId).sort()).toEqual([judge, multi].sort());
  });

  it('gives partial credit when the paper says so', async () => {
    const paperId = await insertPaper(t.db, { questions: [{ questionId: multi, score: 9 }], partialCredit: 1, shuffleOptions: 0 });
    const a = (await start(paperId)).body.result;
    const done = await call('POST', '/students/study/attempt/submit', { attemptId: a.id, answers: [{ questionId: multi, answer: 'A,D' }] });
    expect(done.body.result).toMatchObject({ score: 6, correctCount: 0 });
    const b = (await start(paperId)).body.result;
    const wrongOption = await call('POST', '/students/study/attempt/submit', { attemptId: b.id, answers: [{ questionId: multi, answer: 'A,B' }] });
    expect(wrongOption.body.result.score).toBe(0);
  });

  it('refuses an answer to a question not in the attempt and options the question does not have', async () => {
    const paperId = await insertPaper(t.db, { questions: [{ questionId: single, score: 5 }] });
    const a = (await start(paperId)).body.result;
    expectRefused(await call('POST', '/students/study/attempt/answer', { attemptId: a.id, questionId: judge, answer: 'A' }), MESSAGES.notInAttempt);
    expectRefused(await call('POST', '/students/study/attempt/submit', { attemptId: a.id, answers: [{ questionId: judge, answer: 'A' }] }), MESSAGES.notInAttempt);
    expectRefused(await call('POST', '/students/study/attempt/answer', { attemptId: a.id, questionId: single, answer: 'E' }), MESSAGES.unknownOption);
    expectRefused(await call('POST', '/students/study/attempt/answer', { attemptId: a.id, questionId: single, answer: 'A,B' }), MESSAGES.oneOption);
    // another student cannot touch it
    const other = await userWith(t, 'attempt_other');
    expectRefused(await call('POST', '/students/study/attempt/answer', { attemptId: a.id, questionId: single, answer: 'A' }, other.token), MESSAGES.attemptMissing);
    expectRefused(await call('GET', `/students/study/attempt?id=${a.id}`, undefined, other.token), MESSAGES.attemptMissing);
  });

  it('scores two submissions at the same moment once', async () => {
    const paperId = await insertPaper(t.db, { questions: [{ questionId: single, score: 5 }, { questionId: judge, score: 5 }], shuffleOptions: 0 });
    const a = (await start(paperId)).body.result;
    const answers = [{ questionId: single, answer: 'B' }, { questionId: judge, answer: 'A' }];
    const results = await Promise.all([1, 2, 3].map(() => call('POST', '/students/study/attempt/submit', { attemptId: a.id, answers })));
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    expect(results.filter((r) => !r.body.success).map((r) => r.body.message)).toEqual([MESSAGES.submitted, MESSAGES.submitted]);
    const row = await t.db.selectFrom('stuAttempt').select(['status', 'score', 'correctCount']).where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'done', score: 5, correctCount: 1 });
    const entry = await t.db.selectFrom('stuWrongBook').select('wrongCount').where('userId', '=', student.id).where('questionId', '=', judge).executeTakeFirstOrThrow();
    // judge was wrong once in the first test and once here: counted once per submission
    expect(entry.wrongCount).toBe(2);
  });

  it('opens one attempt when two starts of the same student race', async () => {
    const paperId = await insertPaper(t.db, { questions: [{ questionId: single, score: 5 }, { questionId: judge, score: 5 }], shuffleOptions: 0 });
    const started = await Promise.all([1, 2, 3].map(() => start(paperId)));
    expect(started.map((r) => r.body.success)).toEqual([true, true, true]);
    expect(new Set(started.map((r) => r.body.result.id)).size).toBe(1);
    const open = await t.db.selectFrom('stuAttempt').select('id').where('paperId', '=', paperId).where('userId', '=', student.id).execute();
    expect(open).toHaveLength(1);
  });
});

describe('the timer kept by the server', () => {
  it('shows the remaining time after a reload, refuses an answer after the deadline and closes with what was saved', async () => {
    const paperId = await insertPaper(t.db, { questions: [{ questionId: single, score: 6 }, { questionId: judge, score: 4 }], timeLimitMinutes: 10, shuffleOptions: 0 });
    const a = (await start(paperId)).body.result;
    expect(a.remainingSeconds).toBe(600);
    await call('POST', '/students/study/attempt/answer', { attemptId: a.id, questionId: single, answer: 'B' });
    t.clock.advance(4 * 60_000);
    const reloaded = await call('GET', `/students/study/attempt?id=${a.id}`);
    expect(reloaded.body.result).toMatchObject({ status: 'doing', remainingSeconds: 360 });
    expect(reloaded.body.result.items[0].answer).toBe('B');

    t.clock.advance(6 * 60_000 + 1);
    expectRefused(await call('POST', '/students/study/attempt/answer', { attemptId: a.id, questionId: judge, answer: 'B' }), MESSAGES.timeUp);
    const closed = await call('GET', `/students/study/attempt?id=${a.id}`);
    expect(closed.body.result).toMatchObject({ status: 'done', timedOut: true, score: 6, correctCount: 1, remainingSeconds: null });
    expect(closed.body.result.items[1]).toMatchObject({ answer: null, isRight: false, correctAnswer: 'B' });
    expectRefused(await call('POST', '/students/study/attempt/submit', { attemptId: a.id, answers: [{ questionId: judge, answer: 'B' }] }), MESSAGES.timeUp);
  });

  it('closes an expired attempt on submit with the saved answers only', async () => {
    const paperId = await insertPaper(t.db, { questions: [{ questionId: single, score: 6 }, { questionId: judge, score: 4 }], timeLimitMinutes: 1, shuffleOptions: 0 });
    const a = (await start(paperId)).body.result;
    await call('POST', '/students/study/attempt/answer', { attemptId: a.id, questionId: judge, answer: 'B' });
    t.clock.advance(61_000);
    expectRefused(await call('POST', '/students/study/attempt/submit', { attemptId: a.id, answers: [{ questionId: single, answer: 'B' }] }), MESSAGES.timeUp);
    const row = await t.db.selectFrom('stuAttempt').select(['status', 'timedOut', 'score']).where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'done', timedOut: 1, score: 4 });
  });

  it('caps the deadline at the close time, and refuses outside the window', async () => {
    const now = t.clock.now().getTime();
    const paperId = await insertPaper(t.db, { questions: [{ questionId: single, score: 5 }], timeLimitMinutes: 30, closeTime: formatDateTime(new Date(now + 5 * 60_000)) });
    const a = (await start(paperId)).body.result;
    expect(a.remainingSeconds).toBeGreaterThan(240);
    expect(a.remainingSeconds).toBeLessThanOrEqual(300);
    const later = await insertPaper(t.db, { questions: [{ questionId: single, score: 5 }], openTime: formatDateTime(new Date(now + 3_600_000)) });
    expectRefused(await start(later), MESSAGES.notOpen);
    const over = await insertPaper(t.db, { questions: [{ questionId: single, score: 5 }], closeTime: formatDateTime(new Date(now - 60_000)) });
    expectRefused(await start(over), MESSAGES.closed);
    const ids = (await call('GET', '/students/study/papers')).body.result.map((c: any) => c.id);
    expect(ids).not.toContain(later);
    expect(ids).not.toContain(over);
  });
});

describe('attempts allowed, counted score and drawing by rules', () => {
  it('honours max attempts and counts the best or the last score', async () => {
    const best = await insertPaper(t.db, { questions: [{ questionId: single, score: 5 }], maxAttempts: 2, scoreRule: 'best', shuffleOptions: 0 });
    const last = await insertPaper(t.db, { questions: [{ questionId: single, score: 5 }], scoreRule: 'last', shuffleOptions: 0 });
    for (const paperId of [best, last]) {
      for (const answer of ['B', 'A']) {
        const a = (await start(paperId)).body.result;
        t.clock.advance(1000);
        await call('POST', '/students/study/attempt/submit', { attemptId: a.id, answers: [{ questionId: single, answer }] });
      }
    }
    expectRefused(await start(best), MESSAGES.maxAttempts);
    const cards = (await call('GET', '/students/study/papers')).body.result;
    expect(cards.find((c: any) => c.id === best)).toBeUndefined(); // no attempts left
    expect(cards.find((c: any) => c.id === last)).toMatchObject({ countedScore: 0, attemptsUsed: 2 });
    const attempts = (await call('GET', `/students/study/attempts?paperId=${best}`)).body.result;
    expect(attempts.map((r: any) => r.score)).toEqual([0, 5]);
  });

  it('draws by the rules through the API without repeats, and refuses clearly when the bank is short', async () => {
    const fire = [single];
    for (let i = 0; i < 5; i++) fire.push(await insertQuestion(t.db, { type: 'single', category: 'fire', difficulty: '1', answer: 'A' }));
    const paperId = await insertPaper(t.db, { rules: [{ category: 'fire', questionCount: 4, score: 5 }, { type: 'judge', questionCount: 1, score: 10 }] });
    const a = (await start(paperId)).body.result;
    expect(a).toMatchObject({ questionCount: 5, totalScore: 30 });
    const ids = a.items.map((i: any) => i.questionId);
    expect(new Set(ids).size).toBe(5);
    expect(ids.slice(0, 4).every((id: string) => fire.includes(id))).toBe(true);
    expect(ids[4]).toBe(judge);

    const short = await insertPaper(t.db, { rules: [{ category: 'fire', type: 'single', questionCount: 7, score: 5 }] });
    expectRefused(await start(short), '题库中符合规则的题目不足：第1条规则（分类 fire、单选题）需要7道，只有6道');
  });
});

describe('writes to a closed attempt', () => {
  /** Everything an attempt is: its row, its items, the student's view of it and the wrong-answer book. */
  async function snapshot(attemptId: string) {
    const [row, items, view, book] = await Promise.all([
      t.db.selectFrom('stuAttempt').selectAll().where('id', '=', attemptId).executeTakeFirstOrThrow(),
      t.db.selectFrom('stuAttemptItem').selectAll().where('attemptId', '=', attemptId).orderBy('sortNo').execute(),
      call('GET', `/students/study/attempt?id=${attemptId}`),
      t.db.selectFrom('stuWrongBook').selectAll().where('userId', '=', student.id).orderBy('id').execute(),
    ]);
    // the envelope's timestamp is the wall clock's
    const { timestamp: _, ...answer } = view.body;
    return JSON.stringify({ row, items, view: answer, book });
  }
  const refusedAs = (r: { status: number; body: any }, message: string) => expect({ status: r.status, body: r.body }).toEqual({ status: 200, body: expect.objectContaining({ success: false, code: 500, message, result: null }) });

  /** Every write an attempt takes, after it closed: each refused with `message`, none changing it. */
  async function expectSealed(attemptId: string, message: string) {
    const before = await snapshot(attemptId);
    t.clock.advance(5000);
    for (const answer of ['A', 'B', '', 'A,B']) refusedAs(await call('POST', '/students/study/attempt/answer', { attemptId, questionId: single, answer }), message);
    refusedAs(await call('POST', '/students/study/attempt/answer', { attemptId, questionId: multi, answer: 'A' }), message);
    refusedAs(await call('POST', '/students/study/attempt/submit', { attemptId }), message);
    refusedAs(await call('POST', '/students/study/attempt/submit', { attemptId, answers: [{ questionId: single, answer: 'A' }, { questionId: judge, answer: 'A' }] }), message);
    expect(await snapshot(attemptId)).toBe(before);
  }

  it('refuses saving, changing and submitting again once submitted, and the attempt stays as it was', async () => {
    const paperId = await insertPaper(t.db, { questions: [{ questionId: single, score: 6 }, { questionId: judge, score: 4 }], timeLimitMinutes: 10, shuffleOptions: 0 });
    const a = (await start(paperId)).body.result;
    await call('POST', '/students/study/attempt/answer', { attemptId: a.id, questionId: single, answer: 'B' });
    expect((await call('POST', '/students/study/attempt/submit', { attemptId: a.id, answers: [{ questionId: judge, answer: 'A' }] })).body.result).toMatchObject({ status: 'done', score: 6 });
    await expectSealed(a.id, MESSAGES.submitted);
    // starting the paper again opens a new attempt and leaves the submitted one alone
    const before = await snapshot(a.id);
    expect((await start(paperId)).body.result.id).not.toBe(a.id);
    expect(await snapshot(a.id)).toBe(before);
  });

  it('refuses the same once the time ran out, and the attempt stays as the time-out closed it', async () => {
    const paperId = await insertPaper(t.db, { questions: [{ questionId: single, score: 6 }, { questionId: judge, score: 4 }], timeLimitMinutes: 1, shuffleOptions: 0 });
    const a = (await start(paperId)).body.result;
    await call('POST', '/students/study/attempt/answer', { attemptId: a.id, questionId: judge, answer: 'B' });
    t.clock.advance(61_000);
    // the first write after the deadline closes it with what was saved, and is refused itself
    refusedAs(await call('POST', '/students/study/attempt/answer', { attemptId: a.id, questionId: single, answer: 'B' }), MESSAGES.timeUp);
    expect((await call('GET', `/students/study/attempt?id=${a.id}`)).body.result).toMatchObject({ status: 'done', timedOut: true, score: 4, remainingSeconds: null });
    await expectSealed(a.id, MESSAGES.timeUp);
  });
});
