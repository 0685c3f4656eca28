import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useRealApi, type RealApi } from '../../backoffice/testing/realApi';
import { renderArea, signIn } from '../testing';

configure({ asyncUtilTimeout: 8000 });

const api = useRealApi();

/** Adds a question through the back office and answers its id. */
async function addQuestion(a: RealApi, q: { type: 'single' | 'multi'; stem: string; analysis: string; options: Array<[content: string, right: boolean]> }) {
  const added = await a.call('POST', '/students/theoryQuestion/add', {
    type: q.type,
    stem: q.stem,
    analysis: q.analysis,
    difficulty: '1',
    score: 2,
    options: q.options.map(([content, isCorrect], i) => ({ label: String.fromCharCode(65 + i), content, image: null, isCorrect })),
  });
  expect(added.message).toMatch(/成功/);
  const found = await a.call('GET', `/students/theoryQuestion/list?pageNo=1&pageSize=10&stem=${encodeURIComponent(q.stem)}`);
  return found.result.records.find((r: { stem: string }) => r.stem === q.stem).id as string;
}

// practice lists questions by creation time, kept to the second: the second question is added a second later
const nextSecond = async () => {
  const second = Math.floor(Date.now() / 1000);
  await waitFor(() => expect(Math.floor(Date.now() / 1000)).toBeGreaterThan(second), { timeout: 2000, interval: 50 });
};

let created: string[] = [];
/** The two questions of a test; taken out of the bank (soft delete) after it, so each test sees its own. */
async function addPracticeQuestions() {
  const fire = await addQuestion(api, {
    type: 'single',
    stem: '发现火情应拨打哪个电话？',
    analysis: '119 是火警电话。',
    options: [['119', true], ['110', false], ['120', false]],
  });
  await nextSecond();
  const water = await addQuestion(api, {
    type: 'multi',
    stem: '下列哪些做法能预防溺水？',
    analysis: '不私自下水，结伴也要有大人陪同。',
    options: [['不私自下水游泳', true], ['到不熟悉的水域游泳', false], ['有家长陪同', true]],
  });
  created = [fire, water];
  return { fire, water };
}
afterEach(async () => {
  if (created.length) await api.call('DELETE', `/students/theoryQuestion/deleteBatch?ids=${created.join(',')}`);
  created = [];
});

describe('理论题库 · 练习 (real server)', () => {
  it('answers a question and shows the verdict, the right answer and the analysis from the server', async () => {
    const user = userEvent.setup();
    const { fire, water } = await addPracticeQuestions();
    signIn(api);
    renderArea('/students/theoryQuestionList');

    expect(await screen.findByText('发现火情应拨打哪个电话？')).toBeInTheDocument();
    expect(screen.getByText('第 1 / 2 题')).toBeInTheDocument();
    // a single choice is sent on tap
    await user.click(screen.getByRole('radio', { name: /110/ }));
    expect(await screen.findByText('回答错误，正确答案：A')).toBeInTheDocument();
    expect(screen.getByText('解析：119 是火警电话。')).toBeInTheDocument();
    expect(screen.getByText('已记入错题本（累计错 1 次）')).toBeInTheDocument();
    expect(api.seen.find((s) => s.path === '/students/study/practice/answer')!.body).toEqual({ questionId: fire, answer: 'B' });
    expect(screen.getByRole('radio', { name: /110/ })).toBeDisabled();

    // a multiple choice waits for 提交, answers in label order
    await user.click(screen.getByRole('button', { name: /下一题/ }));
    expect(await screen.findByText('下列哪些做法能预防溺水？')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /有家长陪同/ }));
    await user.click(screen.getByRole('checkbox', { name: /不私自下水游泳/ }));
    await user.click(screen.getByRole('button', { name: /提交答案|提\s*交/ }));
    expect(await screen.findByText('回答正确')).toBeInTheDocument();
    expect(api.seen.filter((s) => s.path === '/students/study/practice/answer')[1].body).toEqual({ questionId: water, answer: 'A,C' });
    expect(screen.getByText('这一组题练完了！')).toBeInTheDocument();

    // the server kept the wrong answer in the book, and only that one
    const book = await api.call('GET', '/students/study/wrongBook');
    expect(book.result.map((e: { questionId: string; wrongCount: number }) => [e.questionId, e.wrongCount])).toEqual([[fire, 1]]);
  }, 60_000);

  it('keeps the wrong answer in 错题本 and takes it out after two right answers', async () => {
    const user = userEvent.setup();
    await addPracticeQuestions();
    signIn(api);
    renderArea('/students/theoryQuestionList');
    await user.click(await screen.findByRole('radio', { name: /120/ }));
    await screen.findByText('回答错误，正确答案：A');

    fireEvent.click(screen.getByRole('tab', { name: '错题本' }));
    expect(await screen.findByText('错 1 次')).toBeInTheDocument();
    for (let round = 1; round <= 2; round++) {
      await user.click(await screen.findByRole('button', { name: /再做一次/ }));
      await user.click(await screen.findByRole('radio', { name: /119/ }));
      expect(await screen.findByText('回答正确')).toBeInTheDocument();
      if (round === 1) expect(screen.getByText('再答对 1 次就能移出错题本')).toBeInTheDocument();
      else expect(screen.getByText('已掌握，移出错题本')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: /收\s*起/ }));
    }
    expect(await screen.findByText('错题本是空的')).toBeInTheDocument();
    expect((await api.call('GET', '/students/study/wrongBook')).result).toEqual([]);
  }, 60_000);
});
