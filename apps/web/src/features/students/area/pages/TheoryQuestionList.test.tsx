import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PracticeQuestion, PracticeVerdict, WrongBookEntry } from '@anxue/shared/students';
import { envelope, usePageApiServer } from '../../../../lib/testing/apiServer';
import { renderArea, signIn } from '../testing';

configure({ asyncUtilTimeout: 5000 });

const api = usePageApiServer();

const QUESTIONS: Array<PracticeQuestion & { key: string; analysis: string }> = [
  {
    id: 'q1',
    type: 'single',
    stem: '发现火情应拨打哪个电话？',
    score: 2,
    key: 'A',
    analysis: '119 是火警电话。',
    options: [
      { label: 'A', content: '119', image: null },
      { label: 'B', content: '110', image: null },
      { label: 'C', content: '120', image: null },
    ],
  },
  {
    id: 'q2',
    type: 'multi',
    stem: '下列哪些做法能预防溺水？',
    score: 4,
    key: 'A,C',
    analysis: '不私自下水，结伴也要有大人陪同。',
    options: [
      { label: 'A', content: '不私自下水游泳', image: null },
      { label: 'B', content: '到不熟悉的水域游泳', image: null },
      { label: 'C', content: '有家长陪同', image: null },
    ],
  },
];

/** The practice calls as the server answers them: judged against its own key, with the wrong-answer book. */
function servePractice() {
  const book = new Map<string, { wrongCount: number; rightStreak: number; mastered: boolean }>();
  api.handle('GET', '/sys/dict/getDictItems/stu_category', () => ({ body: envelope([]) }));
  api.handle('GET', '/students/study/practice/questions', (req) => {
    const type = req.query.get('type');
    const records = QUESTIONS.filter((q) => !type || q.type === type).map(({ key: _k, analysis: _a, ...q }) => q);
    return { body: envelope({ records, total: records.length, size: 10, current: 1, pages: 1 }) };
  });
  api.handle('POST', '/students/study/practice/answer', (req) => {
    const { questionId, answer } = req.body as { questionId: string; answer: string };
    const q = QUESTIONS.find((x) => x.id === questionId);
    if (!q) return { body: envelope(null, '题目不存在', 500) };
    const right = q.key === answer;
    const entry = book.get(q.id);
    if (!right) book.set(q.id, { wrongCount: (entry?.wrongCount ?? 0) + 1, rightStreak: 0, mastered: false });
    else if (entry) book.set(q.id, { ...entry, rightStreak: entry.rightStreak + 1, mastered: entry.rightStreak + 1 >= 2 });
    const verdict: PracticeVerdict = { right, correctAnswer: q.key, analysis: q.analysis, wrongBook: book.get(q.id) ?? null };
    return { body: envelope(verdict) };
  });
  api.handle('GET', '/students/study/wrongBook', () => {
    const entries: WrongBookEntry[] = [...book.entries()]
      .filter(([, e]) => !e.mastered)
      .map(([id, e]) => {
        const { key: _k, analysis: _a, ...question } = QUESTIONS.find((q) => q.id === id)!;
        return { questionId: id, wrongCount: e.wrongCount, rightStreak: e.rightStreak, lastWrongAt: '2026-03-01 10:00:00', question };
      });
    return { body: envelope(entries) };
  });
}

describe('理论题库 · 练习', () => {
  it('answers a question and shows the verdict, the right answer and the analysis from the server', async () => {
    const user = userEvent.setup();
    servePractice();
    signIn();
    renderArea('/students/theoryQuestionList');

    expect(await screen.findByText('发现火情应拨打哪个电话？')).toBeInTheDocument();
    expect(screen.getByText('第 1 / 2 题')).toBeInTheDocument();
    // a single choice is sent on tap
    await user.click(screen.getByRole('radio', { name: /110/ }));
    expect(await screen.findByText('回答错误，正确答案：A')).toBeInTheDocument();
    expect(screen.getByText('解析：119 是火警电话。')).toBeInTheDocument();
    expect(screen.getByText('已记入错题本（累计错 1 次）')).toBeInTheDocument();
    expect(api.seen.find((s) => s.path === '/students/study/practice/answer')!.body).toEqual({ questionId: 'q1', answer: 'B' });
    expect(screen.getByRole('radio', { name: /110/ })).toBeDisabled();

    // a multiple choice waits for 提交, answers in label order
    await user.click(screen.getByRole('button', { name: /下一题/ }));
    expect(await screen.findByText('下列哪些做法能预防溺水？')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /有家长陪同/ }));
    await user.click(screen.getByRole('checkbox', { name: /不私自下水游泳/ }));
    await user.click(screen.getByRole('button', { name: /提交答案|提\s*交/ }));
    expect(await screen.findByText('回答正确')).toBeInTheDocument();
    expect(api.seen.filter((s) => s.path === '/students/study/practice/answer')[1].body).toEqual({ questionId: 'q2', answer: 'A,C' });
    expect(screen.getByText('这一组题练完了！')).toBeInTheDocument();
  });

  it('keeps the wrong answer in 错题本 and takes it out after two right answers', async () => {
    const user = userEvent.setup();
    servePractice();
    signIn();
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
    await waitFor(() => expect(api.seen.filter((s) => s.path === '/students/study/wrongBook').length).toBeGreaterThanOrEqual(3));
  });
});
