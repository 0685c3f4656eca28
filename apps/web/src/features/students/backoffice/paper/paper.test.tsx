import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseLabelled, formItem, typeInto } from '../testing/form';
import { renderWithProviders } from '../../../../components/tree/testing';
import { useRealApi } from '../testing/realApi';
import PaperListPage from './PaperList.page';

// real server and antd on a busy two-core machine: allow slow answers before failing
configure({ asyncUtilTimeout: 15_000 });
const api = useRealApi();

const PERMS = ['list', 'add', 'edit', 'delete'].map((a) => `students:paper:${a}`);
const judge = (stem: string, right: '正确' | '错误') => ({
  type: 'judge',
  stem,
  difficulty: '1',
  category: 'traffic',
  score: 2,
  options: [
    { label: 'A', content: '正确', isCorrect: right === '正确' },
    { label: 'B', content: '错误', isCorrect: right === '错误' },
  ],
});

const dialogTitled = (title: string) => screen.getAllByRole('dialog').find((d) => within(d).queryByText(title))!;

describe('试卷管理 page (real server)', () => {
  it('builds a fixed paper from the bank: order, a score each, the total; the pass score must fit the total', async () => {
    for (const q of [judge('过马路要走斑马线。', '正确'), judge('红灯时可以快速跑过去。', '错误'), judge('骑车可以带人。', '错误')]) {
      expect((await api.call('POST', '/students/theoryQuestion/add', q)).success).toBe(true);
    }
    api.signIn(PERMS);
    renderWithProviders(<PaperListPage />);
    fireEvent.click(await screen.findByText(/^新\s*增$/));
    await screen.findByText('新增试卷');
    const dialog = dialogTitled('新增试卷');
    typeInto(dialog, '试卷名称', '交通安全小测');
    fireEvent.click(within(dialog).getByText('从题库选题'));
    await screen.findByText('选择题目');
    const picker = dialogTitled('选择题目');
    fireEvent.click(await within(picker).findByText('过马路要走斑马线。'));
    fireEvent.click(within(picker).getByText('骑车可以带人。'));
    fireEvent.click(within(picker).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByLabelText('第2题分值')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('第3题分值')).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('第2题分值'), { target: { value: '8' } });
    await waitFor(() => expect(within(dialog).getByLabelText('试卷总分')).toHaveTextContent('10'));
    // picked in the order clicked; move the first down
    fireEvent.click(within(dialog).getAllByRole('button', { name: '下移' })[0]);

    // the pass mark follows the total (60 %, rounded up) until the editor types one
    const pass = within(formItem(dialog, '及格分')).getByRole('spinbutton');
    await waitFor(() => expect(pass).toHaveValue('6'));
    fireEvent.change(within(dialog).getByLabelText('第1题分值'), { target: { value: '9' } });
    await waitFor(() => expect(within(dialog).getByLabelText('试卷总分')).toHaveTextContent('11'));
    await waitFor(() => expect(pass).toHaveValue('7'));
    // one above the total is refused on the form, before the server is asked
    typeInto(dialog, '及格分', '12');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('及格分不能高于总分（11分）')).toBeInTheDocument();
    expect(api.seen.find((s) => s.path === '/students/paper/add')).toBeUndefined();
    // typed by the editor: a later change of the scores leaves it alone
    typeInto(dialog, '及格分', '6');
    fireEvent.change(within(dialog).getByLabelText('第1题分值'), { target: { value: '8' } });
    await waitFor(() => expect(within(dialog).getByLabelText('试卷总分')).toHaveTextContent('10'));
    expect(pass).toHaveValue('6');
    fireEvent.click(within(formItem(dialog, '多选题部分得分')).getByRole('switch'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('添加成功！')).toBeInTheDocument();

    const list = await api.call('GET', '/students/paper/list?pageNo=1&pageSize=10');
    expect(list.result.records).toHaveLength(1);
    expect(list.result.records[0]).toMatchObject({ title: '交通安全小测', mode: 'fixed', totalScore: 10, questionCount: 2, passScore: 6, partialCredit: 1, scoreRule: 'best' });
    const detail = await api.call('GET', `/students/paper/queryById?id=${list.result.records[0].id}`);
    expect(detail.result.questions.map((q: { stem: string; score: number }) => [q.stem, q.score])).toEqual([
      ['骑车可以带人。', 8],
      ['过马路要走斑马线。', 2],
    ]);
  }, 120_000);

  it('a rule paper asking for more questions than the bank has is refused with the server’s reason', async () => {
    api.signIn(PERMS);
    renderWithProviders(<PaperListPage />);
    fireEvent.click(await screen.findByText(/^新\s*增$/));
    await screen.findByText('新增试卷');
    const dialog = dialogTitled('新增试卷');
    typeInto(dialog, '试卷名称', '抽题测验');
    fireEvent.click(within(dialog).getByText('按规则抽题'));
    fireEvent.click(await within(dialog).findByText('添加规则'));
    await chooseLabelled(dialog, '第1条题型', '判断题');
    fireEvent.change(within(dialog).getByLabelText('第1条题数'), { target: { value: '20' } });
    await waitFor(() => expect(within(dialog).getByLabelText('试卷总分')).toHaveTextContent('40'));
    typeInto(dialog, '及格分', '20');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.seen.find((s) => s.path === '/students/paper/add')).toBeDefined());
    expect(api.seen.find((s) => s.path === '/students/paper/add')!.body).toMatchObject({ mode: 'rule', rules: [{ type: 'judge', category: null, difficulty: null, questionCount: 20, score: 2 }] });
    // the three true/false questions of the first test are all the bank has
    expect(await screen.findByText('题库中符合第1条规则的题目不足：需要20道，只有3道')).toBeInTheDocument();
    expect((await api.call('GET', '/students/paper/list?pageNo=1&pageSize=10&title=抽题测验')).result.records).toHaveLength(0);
  }, 120_000);
});
