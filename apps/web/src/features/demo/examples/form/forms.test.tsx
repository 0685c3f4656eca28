// 表单页: the basic form refuses an empty submit and shows what was submitted; the step form goes through
// its three steps (and back); the advanced form validates its members table together with the cards.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../components/tree/testing';
import AdvancedFormPage from './AdvancedForm.page';
import BasicFormPage from './BasicForm.page';
import StepFormPage from './StepForm.page';

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Picks the option of an antd select found by its form label. */
async function choose(label: string, option: string) {
  const select = screen.getByLabelText(label).closest('.ant-select') as HTMLElement;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector')!);
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
      (o) => o.title === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

/** Picks two days of this month in an open range picker (the first input found by its placeholder). */
async function pickRange(startPlaceholder: string) {
  fireEvent.mouseDown(screen.getAllByPlaceholderText(startPlaceholder)[0]);
  fireEvent.click(screen.getAllByPlaceholderText(startPlaceholder)[0]);
  const cells = await waitFor(() => {
    const found = document.querySelectorAll<HTMLElement>('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-cell-in-view');
    if (found.length < 10) throw new Error('no calendar');
    return found;
  });
  fireEvent.click(cells[2].querySelector('.ant-picker-cell-inner')!);
  fireEvent.click(cells[8].querySelector('.ant-picker-cell-inner')!);
  return [cells[2].title, cells[8].title];
}

describe('基础表单', () => {
  it('refuses an empty submit and, filled in, shows what was submitted', async () => {
    renderWithProviders(<BasicFormPage />);
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('请输入标题')).toBeInTheDocument();
    expect(await screen.findByText('请选择起止日期')).toBeInTheDocument();

    type('标题', '第四季度安全检查');
    const [from, to] = await pickRange('开始日期');
    type('目标描述', '完成全部教学楼的消防设施检查');
    type('衡量标准', '检查表全部签字归档');
    fireEvent.click(screen.getByLabelText('部分公开'));
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('请选择公开给谁')).toBeInTheDocument();
    await choose('公开给', '同事乙');
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));

    const done = (await screen.findByText('提交成功')).closest('.ant-alert') as HTMLElement;
    expect(within(done).getByText('第四季度安全检查')).toBeInTheDocument();
    expect(within(done).getByText(`${from} 至 ${to}`)).toBeInTheDocument();
    expect(within(done).getByText('部分公开（同事乙）')).toBeInTheDocument();
  }, 60_000);
});

describe('分步表单', () => {
  it('goes from filling in to confirming with the password to the result, and back to a new transfer', async () => {
    renderWithProviders(<StepFormPage />);
    const current = () => document.querySelector('.ant-steps-item-process .ant-steps-item-title')?.textContent;
    expect(current()).toBe('填写转账信息');
    fireEvent.click(screen.getByRole('button', { name: /下一步/ }));
    expect(await screen.findByText('请输入收款账户')).toBeInTheDocument();

    type('收款账户', 'wang@example.com');
    type('收款人姓名', '王小明');
    type('转账金额', '500');
    fireEvent.click(screen.getByRole('button', { name: /下一步/ }));
    await waitFor(() => expect(current()).toBe('确认转账信息'));
    expect(screen.getByText('支付宝 wang@example.com')).toBeInTheDocument();
    expect(screen.getByText('¥ 500.00')).toBeInTheDocument();

    // back keeps what was filled in
    fireEvent.click(screen.getByRole('button', { name: /上一步/ }));
    await waitFor(() => expect(current()).toBe('填写转账信息'));
    expect(screen.getByLabelText('收款人姓名')).toHaveValue('王小明');
    fireEvent.click(screen.getByRole('button', { name: /下一步/ }));
    await waitFor(() => expect(current()).toBe('确认转账信息'));

    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('请输入支付密码')).toBeInTheDocument();
    type('支付密码', '123456');
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('转账成功')).toBeInTheDocument();
    expect(current()).toBe('完成');
    expect(screen.getByText('王小明')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /再转一笔/ }));
    await waitFor(() => expect(current()).toBe('填写转账信息'));
    expect(screen.getByLabelText('收款人姓名')).toHaveValue('');
  }, 60_000);
});

describe('高级表单', () => {
  it('edits the members in the table and validates them with the cards', async () => {
    renderWithProviders(<AdvancedFormPage />);
    expect(screen.getByLabelText('第1行成员姓名')).toHaveValue('张三');
    fireEvent.click(screen.getByRole('button', { name: /新增成员/ }));
    type('第3行工号', '12');
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText(/有 \d+ 项填写有误/)).toBeInTheDocument();
    // the fields' messages show after the summary
    expect(await screen.findByText('工号为 5 位数字')).toBeInTheDocument();
    expect(await screen.findByText('请输入仓库名')).toBeInTheDocument();

    type('仓库名', '安全教育资料库');
    type('仓库域名', 'safety-docs');
    await choose('仓库管理员', '付晓晓');
    type('任务名', '整理课件');
    await choose('执行人', '林东东');
    // the new member: filled in; then the second is removed
    type('第3行成员姓名', '王五');
    type('第3行工号', '00003');
    type('第3行所属部门', '教务处');
    fireEvent.click(within(screen.getByLabelText('第2行成员姓名').closest('tr')!).getByText('删除'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(screen.queryByLabelText('第3行成员姓名')).not.toBeInTheDocument());
    expect(screen.getByLabelText('第2行成员姓名')).toHaveValue('王五');

    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('已提交仓库「安全教育资料库」与任务「整理课件」，成员 2 人')).toBeInTheDocument();
  }, 120_000);
});
