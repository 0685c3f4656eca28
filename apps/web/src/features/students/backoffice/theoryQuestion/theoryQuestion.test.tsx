import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { configure } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { choose, typeInto } from '../testing/form';
import { renderWithProviders } from '../../../../components/tree/testing';
import { useRealApi } from '../testing/realApi';
import TheoryQuestionListPage from './TheoryQuestionList.page';

// real server and antd on a busy two-core machine: allow slow answers before failing
configure({ asyncUtilTimeout: 15_000 });
const api = useRealApi();

const PERMS = ['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'].map((a) => `students:theoryQuestion:${a}`);

describe('理论题库 page (real server)', () => {
  it('saves a multiple-choice question: the options rule speaks first, the server computes the answer', async () => {
    api.signIn(PERMS);
    renderWithProviders(<TheoryQuestionListPage />);
    expect(await screen.findByText(/^导\s*入$/)).toBeInTheDocument();
    fireEvent.click(screen.getByText(/^新\s*增$/));
    const dialog = await screen.findByRole('dialog');
    // a new question is single choice with four empty options, a radio to mark the one answer
    expect(within(dialog).getAllByRole('radio', { name: /正确/ })).toHaveLength(4);
    await choose(dialog, '题型', '多选题');
    expect(await within(dialog).findAllByRole('checkbox', { name: /正确/ })).toHaveLength(4);
    typeInto(dialog, '题干', '发生火灾时应当怎么做？');
    const contents = ['用湿毛巾捂住口鼻', '乘电梯逃生', '弯腰沿疏散通道撤离', '躲进衣柜'];
    contents.forEach((c, i) => fireEvent.change(within(dialog).getByPlaceholderText(`选项${'ABCD'[i]}内容`), { target: { value: c } }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'A 正确' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('多选题至少要有两个正确选项')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'C 正确' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('添加成功！')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: '发生火灾时应当怎么做？' })).toBeInTheDocument();

    const saved = await api.call('GET', '/students/theoryQuestion/list?pageNo=1&pageSize=10');
    expect(saved.result.records).toHaveLength(1);
    expect(saved.result.records[0]).toMatchObject({ type: 'multi', answer: 'A,C', difficulty: '2', score: 1 });
    expect(saved.result.records[0].options.map((o: { label: string; isCorrect: boolean }) => `${o.label}${o.isCorrect ? '✓' : ''}`)).toEqual(['A✓', 'B', 'C✓', 'D']);
  }, 90_000);

  it('a true/false question gets 正确 and 错误 and one answer; editing it keeps the options', async () => {
    api.signIn(PERMS);
    renderWithProviders(<TheoryQuestionListPage />);
    fireEvent.click(await screen.findByText(/^新\s*增$/));
    const dialog = await screen.findByRole('dialog');
    await choose(dialog, '题型', '判断题');
    expect(await within(dialog).findByDisplayValue('正确')).toBeInTheDocument();
    expect(within(dialog).getByDisplayValue('错误')).toBeInTheDocument();
    expect(within(dialog).queryByText('添加选项')).not.toBeInTheDocument();
    typeInto(dialog, '题干', '可以在马路上踢球。');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'B 正确' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('添加成功！')).toBeInTheDocument();
    const row = (await screen.findByRole('cell', { name: '可以在马路上踢球。' })).closest('tr')!;
    fireEvent.click(within(row).getByText('编辑'));
    await waitFor(() => expect(screen.getByText('编辑题目')).toBeInTheDocument());
    const edit = screen.getAllByRole('dialog').find((d) => within(d).queryByText('编辑题目'))!;
    await waitFor(() => expect(within(edit).getByRole('radio', { name: 'B 正确' })).toBeChecked());
    typeInto(edit, '分值', '5');
    fireEvent.click(within(edit).getByRole('button', { name: /确\s*定/ }));
    await waitFor(async () => {
      const list = await api.call('GET', '/students/theoryQuestion/list?pageNo=1&pageSize=10&type=judge');
      expect(list.result.records[0]).toMatchObject({ score: 5, answer: 'B' });
    });
  }, 90_000);
});
