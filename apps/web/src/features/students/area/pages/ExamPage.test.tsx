import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AttemptView } from '@anxue/shared/students';
import { useRealApi } from '../../backoffice/testing/realApi';
import { renderArea, signIn } from '../testing';

configure({ asyncUtilTimeout: 8000 });

const api = useRealApi();

type Question = { type: 'single' | 'multi' | 'judge'; stem: string; options: Array<[content: string, right: boolean]> };
const QUESTIONS: Question[] = [
  { type: 'single', stem: '电器着火时首先应该怎么做？', options: [['用水浇灭', false], ['切断电源', true]] },
  { type: 'multi', stem: '地震时在教室里应该怎么做？', options: [['躲到课桌下', true], ['跳楼逃生', false], ['护住头部', true]] },
  { type: 'judge', stem: '过马路要走人行横道。', options: [['正确', true], ['错误', false]] },
];

/** Adds a question through the back office; answers its id. */
async function addQuestion(q: Question, n: number): Promise<string> {
  const added = await api.call('POST', '/students/theoryQuestion/add', {
    type: q.type,
    stem: q.stem,
    analysis: `第 ${n} 题的解析`,
    difficulty: '1',
    score: 5,
    options: q.options.map(([content, isCorrect], i) => ({ label: String.fromCharCode(65 + i), content, image: null, isCorrect })),
  });
  expect(added.message).toMatch(/成功/);
  const rows = (await api.call('GET', `/students/theoryQuestion/list?pageNo=1&pageSize=50`)).result.records as Array<{ id: string; stem: string; analysis: string }>;
  return rows.find((r) => r.stem === q.stem && r.analysis === `第 ${n} 题的解析`)!.id;
}

let questionIds: string[] | undefined;
/** A published fixed paper of the three questions (5 points each, 10 to pass, options in order); answers its id. */
async function addPaper(title: string, timeLimitMinutes: number): Promise<string> {
  questionIds ??= await Promise.all(QUESTIONS.map((q, i) => addQuestion(q, i + 1)));
  const added = await api.call('POST', '/students/paper/add', {
    title,
    mode: 'fixed',
    timeLimitMinutes,
    passScore: 10,
    shuffleOptions: 0,
    partialCredit: 0,
    published: 1,
    questions: questionIds.map((questionId) => ({ questionId, score: 5 })),
  });
  expect(added.message).toMatch(/成功/);
  const rows = (await api.call('GET', `/students/paper/list?pageNo=1&pageSize=50`)).result.records as Array<{ id: string; title: string }>;
  return rows.find((r) => r.title === title)!.id;
}

/** The admin starts the paper on the server, as 开始考试 does; answers the new attempt. */
async function startAttempt(paperId: string): Promise<AttemptView> {
  const started = await api.call('POST', '/students/study/attempt/start', { paperId });
  expect(started.success).toBe(true);
  return started.result as AttemptView;
}

const savedAnswers = async (attemptId: string) =>
  Object.fromEntries(((await api.call('GET', `/students/study/attempt?id=${attemptId}`)).result as AttemptView).items.map((i) => [i.sortNo, i.answer]));

describe('考试 page (real server)', () => {
  it('saves each answer at once, resumes after a remount with it and the server’s time, then scores and reviews', async () => {
    const user = userEvent.setup();
    const attempt = await startAttempt(await addPaper('消防安全小测', 21));
    signIn(api);
    const first = renderArea(`/students/exam/${attempt.id}`);

    expect(await screen.findByText('电器着火时首先应该怎么做？')).toBeInTheDocument();
    // 21 minutes on the server's clock, counted down on the page
    expect(screen.getByRole('timer', { name: '剩余时间' }).textContent).toMatch(/^(21:00|20:5\d)$/);
    await user.click(screen.getByRole('radio', { name: /切断电源/ }));
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    expect((await savedAnswers(attempt.id))[1]).toBe('B');
    first.unmount();

    // eleven minutes pass on the server meanwhile: the page shows its remaining time, and the saved answer
    api.advanceClock(11 * 60_000);
    renderArea(`/students/exam/${attempt.id}`);
    // it opens at the first unanswered question
    expect(await screen.findByText('地震时在教室里应该怎么做？')).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: '剩余时间' }).textContent).toMatch(/^(10:00|9:5\d)$/);
    const card = screen.getByRole('navigation', { name: '答题卡' });
    await user.click(within(card).getByRole('button', { name: '第 1 题（已答）' }));
    expect(await screen.findByRole('radio', { name: /切断电源/ })).toHaveAttribute('aria-checked', 'true');

    await user.click(within(card).getByRole('button', { name: /第 2 题/ }));
    await user.click(screen.getByRole('checkbox', { name: /躲到课桌下/ }));
    await waitFor(async () => expect((await savedAnswers(attempt.id))[2]).toBe('A'));

    // submission asks first and names what is unanswered
    await user.click(screen.getAllByRole('button', { name: /交\s*卷/ })[0]);
    const dialog = (await screen.findByText(/还有 1 题没有作答/)).closest('dialog') as HTMLElement;
    expect(dialog).toHaveAccessibleName('交卷');
    await user.click(within(dialog).getByRole('button', { name: /^交\s*卷$/ }));

    // the server's score and review: q1 right, q2 half-chosen (wrong, no partial credit), q3 unanswered (wrong)
    expect(await screen.findByText(/答对 1 \/ 3 题/)).toBeInTheDocument();
    expect(screen.getByText('5 分')).toBeInTheDocument();
    expect(screen.getByText('未及格，再接再厉')).toBeInTheDocument();
    expect(screen.getByLabelText('第 1 题 答对')).toHaveTextContent('解析：第 1 题的解析');
    expect(screen.getByLabelText('第 2 题 答错')).toHaveTextContent('你的答案：A · 正确答案：A,C');
    expect(screen.getByLabelText('第 3 题 答错')).toHaveTextContent('你的答案：未作答');
    await user.click(screen.getByRole('switch', { name: '只看错题' }));
    expect(screen.queryByLabelText('第 1 题 答对')).not.toBeInTheDocument();
    expect(screen.getByLabelText('第 2 题 答错')).toBeInTheDocument();
    const kept = (await api.call('GET', `/students/study/attempt?id=${attempt.id}`)).result as AttemptView;
    expect(kept).toMatchObject({ status: 'done', score: 5, passed: false, timedOut: false });
  }, 90_000);

  it('hands the paper in by itself when the timer reaches 0', async () => {
    const attempt = await startAttempt(await addPaper('交通安全小测', 1));
    const saved = await api.call('POST', '/students/study/attempt/answer', { attemptId: attempt.id, questionId: questionIds![2], answer: 'A' });
    expect(saved.success).toBe(true);
    // 59 of the 60 seconds gone on the server: the page gets 1 second. The server's clock is held
    // after that, so it takes the page's submission as an ordinary one (its own time-out is not reached).
    api.holdClock();
    api.advanceClock(59_000);
    signIn(api);
    renderArea(`/students/exam/${attempt.id}`);
    expect(await screen.findByText('电器着火时首先应该怎么做？')).toBeInTheDocument();
    // no confirmation: the paper goes in with the saved answer, and the review follows
    expect(await screen.findByLabelText('第 3 题 答对')).toBeInTheDocument();
    expect(api.seen.filter((s) => s.path === '/students/study/attempt/submit')).toHaveLength(1);
    expect(await screen.findByText('时间到，已自动交卷')).toBeInTheDocument();
    expect((await api.call('GET', `/students/study/attempt?id=${attempt.id}`)).result).toMatchObject({ status: 'done', score: 5, correctCount: 1 });
  }, 90_000);

  it('shows the server’s message when the attempt cannot be read', async () => {
    signIn(api);
    renderArea('/students/exam/att-unknown');
    expect((await screen.findAllByText('考试记录不存在')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  }, 60_000);
});
