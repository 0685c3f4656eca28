import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AttemptItemView, AttemptView } from '@anxue/shared/students';
import { envelope, usePageApiServer } from '../../../../lib/testing/apiServer';
import { renderArea, signIn } from '../testing';

configure({ asyncUtilTimeout: 5000 });

const api = usePageApiServer();

const KEY: Record<string, string> = { q1: 'B', q2: 'A,C', q3: 'A' };
const ITEMS: AttemptItemView[] = [
  { questionId: 'q1', sortNo: 1, type: 'single', stem: '电器着火时首先应该怎么做？', fullScore: 5, answer: null, options: [
    { label: 'A', content: '用水浇灭', image: null },
    { label: 'B', content: '切断电源', image: null },
  ] },
  { questionId: 'q2', sortNo: 2, type: 'multi', stem: '地震时在教室里应该怎么做？', fullScore: 5, answer: null, options: [
    { label: 'A', content: '躲到课桌下', image: null },
    { label: 'B', content: '跳楼逃生', image: null },
    { label: 'C', content: '护住头部', image: null },
  ] },
  { questionId: 'q3', sortNo: 3, type: 'judge', stem: '过马路要走人行横道。', fullScore: 5, answer: null, options: [
    { label: 'A', content: '正确', image: null },
    { label: 'B', content: '错误', image: null },
  ] },
];

/**
 * One attempt as the server keeps it: answers saved one by one, the remaining time from a deadline the
 * test sets, scoring on submission (or when the deadline has passed).
 */
function serveAttempt(opts: { remainingSeconds: number }) {
  const answers = new Map<string, string>();
  const state = { status: 'doing' as 'doing' | 'done', timedOut: false, remaining: opts.remainingSeconds };
  const view = (): AttemptView => {
    const done = state.status === 'done';
    const items = ITEMS.map((i) => {
      const answer = answers.get(i.questionId) ?? null;
      if (!done) return { ...i, answer };
      const isRight = answer === KEY[i.questionId];
      return { ...i, answer, correctAnswer: KEY[i.questionId], isRight, score: isRight ? i.fullScore : 0, analysis: `第 ${i.sortNo} 题的解析` };
    });
    const score = items.reduce((s, i) => s + (i.score ?? 0), 0);
    return {
      id: 'att-1', paperId: 'p-1', paperTitle: '消防安全小测', status: state.status, remainingSeconds: done ? null : state.remaining, timedOut: state.timedOut,
      score, totalScore: 15, passScore: 10, passed: score >= 10, correctCount: items.filter((i) => i.isRight).length, questionCount: 3, items,
    };
  };
  const closeIfExpired = () => {
    if (state.status === 'doing' && state.remaining <= 0) Object.assign(state, { status: 'done', timedOut: true });
  };
  api.handle('GET', '/students/study/attempt', (req) => {
    if (req.query.get('id') !== 'att-1') return { body: envelope(null, '考试记录不存在', 500) };
    closeIfExpired();
    return { body: envelope(view()) };
  });
  api.handle('POST', '/students/study/attempt/answer', (req) => {
    const { questionId, answer } = req.body as { questionId: string; answer: string };
    if (state.status !== 'doing') return { body: envelope(null, '本次考试已提交', 500) };
    answers.set(questionId, answer);
    return { body: envelope({ questionId, answer, remainingSeconds: state.remaining }) };
  });
  api.handle('POST', '/students/study/attempt/submit', (req) => {
    closeIfExpired();
    if (state.status !== 'doing') return { body: envelope(null, state.timedOut ? '考试时间已到，已自动交卷' : '本次考试已提交', 500) };
    for (const a of (req.body as { answers?: Array<{ questionId: string; answer: string }> }).answers ?? []) answers.set(a.questionId, a.answer);
    state.status = 'done';
    return { body: envelope(view()) };
  });
  return { answers, state };
}

describe('考试 page', () => {
  it('saves each answer at once, resumes after a remount with it and the server’s time, then scores and reviews', async () => {
    const user = userEvent.setup();
    const server = serveAttempt({ remainingSeconds: 1234 });
    signIn();
    const first = renderArea('/students/exam/att-1');

    expect(await screen.findByText('电器着火时首先应该怎么做？')).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: '剩余时间' }).textContent).toMatch(/^20:[23]\d$/);
    await user.click(screen.getByRole('radio', { name: /切断电源/ }));
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    expect(server.answers.get('q1')).toBe('B');
    first.unmount();

    // the server moved on meanwhile: the page shows its remaining time, and the saved answer
    server.state.remaining = 600;
    renderArea('/students/exam/att-1');
    // it opens at the first unanswered question
    expect(await screen.findByText('地震时在教室里应该怎么做？')).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: '剩余时间' }).textContent).toMatch(/^(10:00|9:5\d)$/);
    const card = screen.getByRole('navigation', { name: '答题卡' });
    await user.click(within(card).getByRole('button', { name: '第 1 题（已答）' }));
    expect(await screen.findByRole('radio', { name: /切断电源/ })).toHaveAttribute('aria-checked', 'true');

    await user.click(within(card).getByRole('button', { name: /第 2 题/ }));
    await user.click(screen.getByRole('checkbox', { name: /躲到课桌下/ }));
    await waitFor(() => expect(server.answers.get('q2')).toBe('A'));

    // submission asks first and names what is unanswered
    await user.click(screen.getAllByRole('button', { name: /交\s*卷/ })[0]);
    expect(await screen.findByText(/还有 1 题没有作答/)).toBeInTheDocument();
    const dialog = (await screen.findByText(/还有 1 题没有作答/)).closest('.ant-modal-content') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: /^交\s*卷$/ }));

    // the score and the review: q1 right, q2 half-chosen (wrong), q3 unanswered (wrong)
    expect(await screen.findByText(/答对 1 \/ 3 题/)).toBeInTheDocument();
    expect(document.querySelector('.ant-result-title')).toHaveTextContent('5 分');
    expect(screen.getByLabelText('第 1 题 答对')).toBeInTheDocument();
    expect(screen.getByLabelText('第 2 题 答错')).toHaveTextContent('你的答案：A · 正确答案：A,C');
    expect(screen.getByLabelText('第 3 题 答错')).toHaveTextContent('你的答案：未作答');
    await user.click(screen.getByRole('switch', { name: '只看错题' }));
    expect(screen.queryByLabelText('第 1 题 答对')).not.toBeInTheDocument();
    expect(screen.getByLabelText('第 2 题 答错')).toBeInTheDocument();
  });

  it('hands the paper in by itself when the timer reaches 0', async () => {
    const server = serveAttempt({ remainingSeconds: 1 });
    server.answers.set('q3', 'A');
    signIn();
    renderArea('/students/exam/att-1');
    expect(await screen.findByText('电器着火时首先应该怎么做？')).toBeInTheDocument();
    // no confirmation: the paper goes in with the saved answer, and the review follows
    expect(await screen.findByLabelText('第 3 题 答对')).toBeInTheDocument();
    expect(api.seen.filter((s) => s.path === '/students/study/attempt/submit')).toHaveLength(1);
    expect(await screen.findByText('时间到，已自动交卷')).toBeInTheDocument();
  });

  it('shows the server’s message when the attempt cannot be read', async () => {
    serveAttempt({ remainingSeconds: 60 });
    signIn();
    renderArea('/students/exam/att-unknown');
    expect(await screen.findByText('考试记录不存在')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });
});
