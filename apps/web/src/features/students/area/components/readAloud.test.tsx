import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocaleForTest } from '../../../../lib/i18n';
import { useRealApi } from '../../backoffice/testing/realApi';
import { renderArea, signIn } from '../testing';

configure({ asyncUtilTimeout: 8000 });

const api = useRealApi();

// The browser's speech synthesis, which jsdom lacks: what was handed to it is recorded.
interface Spoken {
  text: string;
  lang: string;
}
let spoken: Spoken[] = [];
let cancels = 0;
class FakeUtterance {
  lang = '';
  rate = 1;
  constructor(public text: string) {}
}
function installSpeech() {
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  vi.stubGlobal('speechSynthesis', {
    speak: (u: FakeUtterance) => spoken.push({ text: u.text, lang: u.lang }),
    cancel: () => cancels++,
  });
}

const STEM = '发现火情应拨打哪个电话？';
let classId = '';
let questionId = '';

beforeAll(async () => {
  const added = await api.call('POST', '/students/theoryQuestion/add', {
    type: 'single',
    stem: STEM,
    analysis: '119 是火警电话。',
    difficulty: '1',
    score: 2,
    options: [
      { label: 'A', content: '119', image: null, isCorrect: true },
      { label: 'B', content: '110', image: null, isCorrect: false },
    ],
  });
  expect(added.success, added.message).toBe(true);
  questionId = (await api.call('GET', `/students/theoryQuestion/list?pageNo=1&pageSize=10`)).result.records.find((r: { stem: string }) => r.stem === STEM).id;
  // the signed-in admin is a student of 一年级一班 (grade value 1 of the 年级 dictionary)
  const cls = await api.call('POST', '/students/class/add', { name: '一年级一班', grade: '1', studentIds: [api.adminId] });
  expect(cls.success, cls.message).toBe(true);
  classId = (await api.call('GET', '/students/class/list?pageNo=1&pageSize=10')).result.records.find((c: { name: string }) => c.name === '一年级一班').id;
});
afterAll(() => api.call('DELETE', `/students/theoryQuestion/deleteBatch?ids=${questionId}`));

beforeEach(() => {
  spoken = [];
  cancels = 0;
  localStorage.clear();
  api.seen.length = 0;
  installSpeech();
  signIn(api);
});
afterEach(() => vi.unstubAllGlobals());

const setGrade = async (grade: string) => expect((await api.call('PUT', '/students/class/edit', { id: classId, name: '一年级一班', grade })).success).toBe(true);
const readAloudSwitch = () => screen.findByRole('switch', { name: '自动朗读' });

describe('reading aloud in the student area (real server)', () => {
  it('is on by default for a first-grade student: the practice question is read in Chinese as it shows, and the 🔊 buttons read on a tap', async () => {
    await setGrade('1');
    const user = userEvent.setup();
    renderArea('/students/theoryQuestionList');
    expect(await screen.findByText(STEM)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: '自动朗读' })).toHaveAttribute('aria-checked', 'true'));
    await waitFor(() => expect(spoken).toContainEqual({ text: `单选题。${STEM}A，119。B，110。`, lang: 'zh-CN' }));

    spoken = [];
    await user.click(screen.getByRole('button', { name: '朗读选项' }));
    expect(spoken).toEqual([{ text: 'A，119。B，110。', lang: 'zh-CN' }]);
    // the 🔊 reads and does not answer
    expect(screen.queryByText('回答正确')).not.toBeInTheDocument();
  });

  it('reads the verdict and its explanation on a tap of the verdict’s 🔊', async () => {
    await setGrade('1');
    const user = userEvent.setup();
    renderArea('/students/theoryQuestionList');
    const card = (await screen.findByText(STEM)).closest('section') as HTMLElement;
    await user.click(within(card).getByRole('radio', { name: /110/ }));
    const verdict = await screen.findByRole('alert');
    expect(verdict).toHaveTextContent('回答错误，正确答案：A');
    spoken = [];
    await user.click(within(verdict).getByRole('button', { name: '朗读解析' }));
    expect(spoken).toEqual([{ text: '回答错误，正确答案：A。解析：119 是火警电话。', lang: 'zh-CN' }]);
  });

  it('remembers a student’s own choice: turned off, the next visit stays silent though the grade is young', async () => {
    await setGrade('1');
    const user = userEvent.setup();
    const first = renderArea('/students/theoryQuestionList');
    expect(await screen.findByText(STEM)).toBeInTheDocument();
    const toggle = await readAloudSwitch();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    const before = cancels;
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    // what was being read stops
    expect(cancels).toBeGreaterThan(before);
    first.unmount();

    spoken = [];
    renderArea('/students/theoryQuestionList');
    expect(await screen.findByText(STEM)).toBeInTheDocument();
    expect(await readAloudSwitch()).toHaveAttribute('aria-checked', 'false');
    expect(spoken).toEqual([]);
    // the 🔊 still reads on a tap
    await user.click(screen.getByRole('button', { name: '朗读题目' }));
    expect(spoken.map((s) => s.text)).toEqual([`单选题。${STEM}A，119。B，110。`]);
  });

  it('is off by default for an older grade (五年级), and turning it on reads the question on screen', async () => {
    await setGrade('5');
    const user = userEvent.setup();
    renderArea('/students/theoryQuestionList');
    expect(await screen.findByText(STEM)).toBeInTheDocument();
    const toggle = await readAloudSwitch();
    // the class's grade has arrived: still off
    await waitFor(() => expect(api.seen.some((s) => s.path === '/students/study/myClasses')).toBe(true));
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(spoken).toEqual([]);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(spoken.map((s) => s.text)).toContain(`单选题。${STEM}A，119。B，110。`));
  });

  it('speaks English with the English interface', async () => {
    await setGrade('2');
    await setLocaleForTest('en-US');
    try {
      renderArea('/students/theoryQuestionList');
      expect(await screen.findByText(STEM)).toBeInTheDocument();
      expect(await screen.findByRole('switch', { name: 'Read aloud' })).toBeInTheDocument();
      await waitFor(() => expect(spoken).toContainEqual({ text: `Single choice. ${STEM} A, 119. B, 110.`, lang: 'en-US' }));
    } finally {
      await setLocaleForTest('zh-CN');
    }
  });

  it('shows no switch and no 🔊 in a browser without speech synthesis', async () => {
    vi.unstubAllGlobals();
    await setGrade('1');
    renderArea('/students/theoryQuestionList');
    const card = (await screen.findByText(STEM)).closest('section') as HTMLElement;
    expect(within(card).getByRole('radio', { name: /119/ })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: '自动朗读' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /朗读/ })).not.toBeInTheDocument();
  });
});
