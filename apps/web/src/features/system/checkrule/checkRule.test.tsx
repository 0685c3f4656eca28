import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { grantButtons, renderWithProviders } from '../../../components/tree/testing';
import { resetErrorState } from '../../../lib/http/errors';
import { envelope, useApiServer } from '../../../lib/testing/apiServer';
import CheckRuleListPage from './CheckRuleList.page';

vi.setConfig({ testTimeout: 60_000 });
const api = useApiServer();
const rule = {
  id: 'r1',
  ruleName: '学号',
  ruleCode: 'student_no',
  ruleJson: JSON.stringify([
    { digits: '2', pattern: '^[A-Z]+$', message: '前两位必须是大写字母' },
    { digits: '*', pattern: '^\\d+$', message: '其余必须是数字' },
  ]),
  ruleDescription: '两位字母加数字',
};

beforeEach(() => {
  grantButtons(['system:checkRule:add', 'system:checkRule:edit']);
  api.handle('GET', '/sys/checkRule/list', () => ({ body: envelope({ records: [rule], total: 1, size: 10, current: 1, pages: 1 }) }));
  api.handle('GET', '/sys/duplicate/check', () => ({ body: envelope(null, '该值可用！') }));
});
afterEach(() => resetErrorState());
const dialog = () => screen.getAllByRole('dialog').at(-1)!;

describe('校验规则', () => {
  it('测试 checks a value on the server and shows the failing part’s message or 校验通过', async () => {
    api.handle('GET', '/sys/checkRule/checkByCode', (req) =>
      /^[A-Z]{2}\d+$/.test(req.query.get('value') ?? '') ? { body: envelope(null, '校验通过') } : { body: envelope(null, '前两位必须是大写字母', 400) },
    );
    renderWithProviders(<CheckRuleListPage />);
    const row = (await screen.findByText('学号')).closest('tr')!;
    fireEvent.click(within(row).getByText('测试'));
    const input = await screen.findByPlaceholderText('请输入需要校验的值');
    fireEvent.change(input, { target: { value: 'ab12' } });
    fireEvent.click(screen.getByRole('button', { name: /校\s*验/ }));
    expect(await screen.findByText('前两位必须是大写字母')).toBeInTheDocument();
    expect(api.seen.find((s) => s.path === '/sys/checkRule/checkByCode')!.query.get('ruleCode')).toBe('student_no');
    fireEvent.change(input, { target: { value: 'AB12' } });
    fireEvent.click(screen.getByRole('button', { name: /校\s*验/ }));
    expect(await screen.findByText('校验通过')).toBeInTheDocument();
  });

  it('edits the rule parts as rows, refuses a bad regex, and saves them as ruleJson', async () => {
    api.handle('PUT', '/sys/checkRule/edit', () => ({ body: envelope(null, '编辑成功!') }));
    renderWithProviders(<CheckRuleListPage />);
    const row = (await screen.findByText('学号')).closest('tr')!;
    fireEvent.click(within(row).getByText('编辑'));
    await screen.findByText('编辑校验规则');
    expect(within(dialog()).getByLabelText('正则 1')).toHaveValue('^[A-Z]+$');
    expect(within(dialog()).getByLabelText('提示 2')).toHaveValue('其余必须是数字');
    fireEvent.change(within(dialog()).getByLabelText('正则 2'), { target: { value: '^(\\d+$' } });
    expect(await within(dialog()).findByText('正则表达式不合法')).toBeInTheDocument();
    fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    await new Promise((r) => setTimeout(r, 300));
    expect(api.seen.some((s) => s.path === '/sys/checkRule/edit')).toBe(false);

    fireEvent.change(within(dialog()).getByLabelText('正则 2'), { target: { value: '^\\d{4}$' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '删除规则 1' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.seen.find((s) => s.path === '/sys/checkRule/edit')).toBeTruthy());
    const body = api.seen.find((s) => s.path === '/sys/checkRule/edit')!.body as Record<string, string>;
    expect(body).toMatchObject({ id: 'r1', ruleName: '学号', ruleCode: 'student_no' });
    expect(JSON.parse(body.ruleJson!)).toEqual([{ digits: '*', pattern: '^\\d{4}$', message: '其余必须是数字' }]);
    // the list reloads after saving (and the file's server must not close under that call)
    await waitFor(() => expect(api.seen.filter((s) => s.path === '/sys/checkRule/list')).toHaveLength(2));
  });
});
