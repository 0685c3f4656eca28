import { configure, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../components/tree/testing';
import { typeInto } from '../testing/form';
import { useRealApi } from '../testing/realApi';
import SkillListPage from './SkillList.page';

// real server and antd on a busy two-core machine: allow slow answers before failing
configure({ asyncUtilTimeout: 15_000 });
const api = useRealApi();

const PERMS = ['list', 'add', 'edit', 'delete'].map((a) => `students:skill:${a}`);
const dialogTitled = (title: string) => screen.getAllByRole('dialog').find((d) => within(d).queryByText(title))!;

describe('安全技能 page (real server)', () => {
  it('saves numbered steps in the order shown after moving one, and reopens them for editing', async () => {
    api.signIn(PERMS);
    renderWithProviders(<SkillListPage />);
    fireEvent.click(await screen.findByText(/^新\s*增$/));
    await screen.findByText('新增安全技能');
    const dialog = dialogTitled('新增安全技能');
    typeInto(dialog, '技能名称', '火场逃生');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请至少添加一个步骤')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByText('添加步骤'));
    fireEvent.click(within(dialog).getByText('添加步骤'));
    fireEvent.change(within(dialog).getByPlaceholderText('第1步怎么做'), { target: { value: '弯腰低姿前进' } });
    fireEvent.change(within(dialog).getByPlaceholderText('第2步怎么做'), { target: { value: '用湿毛巾捂住口鼻' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '第2步上移' }));
    expect(within(dialog).getByPlaceholderText('第1步怎么做')).toHaveValue('用湿毛巾捂住口鼻');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('添加成功！')).toBeInTheDocument();

    const id = (await api.call('GET', '/students/skill/list?pageNo=1&pageSize=10')).result.records[0].id;
    const detail = (await api.call('GET', `/students/skill/queryById?id=${id}`)).result;
    expect(detail.steps.map((s: { stepNo: number; content: string }) => [s.stepNo, s.content])).toEqual([
      [1, '用湿毛巾捂住口鼻'],
      [2, '弯腰低姿前进'],
    ]);

    const row = (await screen.findByRole('cell', { name: '火场逃生' })).closest('tr')!;
    fireEvent.click(within(row).getByText('编辑'));
    await screen.findByText('编辑安全技能');
    const edit = dialogTitled('编辑安全技能');
    expect(await within(edit).findByDisplayValue('用湿毛巾捂住口鼻')).toBeInTheDocument();
    expect(within(edit).getByPlaceholderText('第2步怎么做')).toHaveValue('弯腰低姿前进');
  }, 120_000);
});
