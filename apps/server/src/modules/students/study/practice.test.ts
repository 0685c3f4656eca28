import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { insertPaper, insertQuestion, userWith } from './test-kit';

let t: TestApp;
let student: { id: string; token: string };
let single: string;
let multi: string;

beforeAll(async () => {
  t = await createTestApp();
  student = await userWith(t, 'practice_student');
  single = await insertQuestion(t.db, { type: 'single', stem: '火警电话', options: ['110', '119'], answer: 'B', analysis: '火警拨 119', category: 'fire' });
  multi = await insertQuestion(t.db, { type: 'multi', stem: '防溺水', answer: 'A,C', category: 'water' });
});
afterAll(() => t.close());

const answer = (questionId: string, value: string) => apiCall(t.app, student.token, 'POST', '/students/study/practice/answer', { questionId, answer: value });
const book = async () => (await apiCall(t.app, student.token, 'GET', '/students/study/wrongBook')).body.result as Array<{ questionId: string; wrongCount: number; rightStreak: number; question: { stem: string } }>;

describe('practice', () => {
  it('lists questions with options by label and without answers', async () => {
    const r = await apiCall(t.app, student.token, 'GET', '/students/study/practice/questions?category=fire');
    expect(r.body.result.total).toBe(1);
    const q = r.body.result.records[0];
    expect(q).toMatchObject({ id: single, type: 'single', stem: '火警电话', options: [{ label: 'A', content: '110', image: null }, { label: 'B', content: '119', image: null }] });
    expect(JSON.stringify(r.body.result)).not.toMatch(/isCorrect|answer|analysis/);
  });

  it('judges on the server with the right answer and the analysis', async () => {
    const right = await answer(single, 'b');
    expect(right.body.result).toEqual({ right: true, correctAnswer: 'B', analysis: '火警拨 119', wrongBook: null });
    const multiRight = await answer(multi, 'C,A');
    expect(multiRight.body.result).toMatchObject({ right: true, correctAnswer: 'A,C' });
  });

  it('fills the wrong-answer book and empties it after two right answers in a row', async () => {
    let r = await answer(multi, 'A');
    expect(r.body.result).toMatchObject({ right: false, wrongBook: { wrongCount: 1, rightStreak: 0, mastered: false } });
    r = await answer(multi, 'A,B,C');
    expect(r.body.result.wrongBook).toEqual({ wrongCount: 2, rightStreak: 0, mastered: false });
    expect((await book()).map((e) => [e.questionId, e.wrongCount, e.question.stem])).toEqual([[multi, 2, '防溺水']]);

    r = await answer(multi, 'A,C');
    expect(r.body.result.wrongBook).toEqual({ wrongCount: 2, rightStreak: 1, mastered: false });
    // a wrong answer breaks the streak
    r = await answer(multi, 'C');
    expect(r.body.result.wrongBook).toEqual({ wrongCount: 3, rightStreak: 0, mastered: false });
    await answer(multi, 'A,C');
    expect((await book()).map((e) => e.rightStreak)).toEqual([1]);
    r = await answer(multi, 'A,C');
    expect(r.body.result.wrongBook).toEqual({ wrongCount: 3, rightStreak: 2, mastered: true });
    expect(await book()).toEqual([]);
  });

  it('counts right answers in a test toward mastery', async () => {
    await answer(single, 'A');
    await answer(single, 'B');
    expect((await book()).map((e) => e.rightStreak)).toEqual([1]);
    const paperId = await insertPaper(t.db, { questions: [{ questionId: single, score: 5 }], shuffleOptions: 0 });
    const a = (await apiCall(t.app, student.token, 'POST', '/students/study/attempt/start', { paperId })).body.result;
    await apiCall(t.app, student.token, 'POST', '/students/study/attempt/submit', { attemptId: a.id, answers: [{ questionId: single, answer: 'B' }] });
    expect(await book()).toEqual([]);
  });

  it('keeps each student to their own book', async () => {
    const other = await userWith(t, 'practice_other');
    await apiCall(t.app, other.token, 'POST', '/students/study/practice/answer', { questionId: single, answer: 'A' });
    expect(await book()).toEqual([]);
  });
});
