import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { grantButtons, renderWithProviders } from '../../../components/tree/testing';
import { resetErrorState } from '../../../lib/http/errors';
import { envelope, useApiServer } from '../../../lib/testing/apiServer';
import FillRuleListPage from './FillRuleList.page';

vi.setConfig({ testTimeout: 60_000 });
const api = useApiServer();
const rule = {
  id: 'f1',
  ruleName: '订单号',
  ruleCode: 'order_num_rule',
  ruleClass: 'order_num',
  ruleParams: '{"prefix":"CN","dateFormat":"YYYYMMDD","seqLength":4,"resetDaily":true}',
};

beforeEach(() => {
  grantButtons(['system:fillRule:add', 'system:fillRule:edit']);
  api.handle('GET', '/sys/fillRule/list', () => ({ body: envelope({ records: [rule], total: 1, size: 10, current: 1, pages: 1 }) }));
  api.handle('GET', '/sys/duplicate/check', () => ({ body: envelope(null, '该值可用！') }));
});
afterEach(() => resetErrorState());
const dialog = () => screen.getAllByRole('dialog').at(-1)!;

describe('填值规则', () => {
  it('测试 runs the rule on the server and shows the generated value', async () => {
    grantButtons(['system:fillRule:add', 'system:fillRule:edit', 'system:fillRule:execute']);
    let n = 0;
    api.handle('PUT', '/sys/fillRule/executeRuleByCode/order_num_rule', () => ({ body: envelope(`CN20260101${String(++n).padStart(4, '0')}`) }));
    renderWithProviders(<FillRuleListPage />);
    const row = (await screen.findByText('订单号')).closest('tr')!;
    expect(within(row).getByText('单号（前缀 + 日期 + 流水号）')).toBeInTheDocument();
    fireEvent.click(within(row).getByText('测试'));
    expect(await screen.findByText('CN202601010001')).toBeInTheDocument();
    expect(api.seen.find((s) => s.path === '/sys/fillRule/executeRuleByCode/order_num_rule')!.body).toEqual({});
  });

  it('offers no 测试 without the 执行规则 button (system:fillRule:execute)', async () => {
    renderWithProviders(<FillRuleListPage />);
    const row = (await screen.findByText('订单号')).closest('tr')!;
    expect(within(row).getByText('编辑')).toBeInTheDocument();
    expect(within(row).queryByText('测试')).toBeNull();
  });

  it('edits the kind’s parameters and saves them as ruleParams JSON', async () => {
    api.handle('PUT', '/sys/fillRule/edit', () => ({ body: envelope(null, '编辑成功!') }));
    renderWithProviders(<FillRuleListPage />);
    const row = (await screen.findByText('订单号')).closest('tr')!;
    fireEvent.click(within(row).getByText('编辑'));
    await screen.findByText('编辑填值规则');
    expect(within(dialog()).getByPlaceholderText('如 CN')).toHaveValue('CN');
    expect(within(dialog()).getByRole('switch')).toBeChecked();
    fireEvent.change(within(dialog()).getByPlaceholderText('如 CN'), { target: { value: 'SO' } });
    fireEvent.click(within(dialog()).getByRole('switch'));
    fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.seen.find((s) => s.path === '/sys/fillRule/edit')).toBeTruthy());
    const body = api.seen.find((s) => s.path === '/sys/fillRule/edit')!.body as Record<string, string>;
    expect(body).toMatchObject({ id: 'f1', ruleName: '订单号', ruleCode: 'order_num_rule', ruleClass: 'order_num' });
    expect(JSON.parse(body.ruleParams!)).toEqual({ prefix: 'SO', dateFormat: 'YYYYMMDD', seqLength: 4, resetDaily: false });
    // the list reloads after saving (and the file's server must not close under that call)
    await waitFor(() => expect(api.seen.filter((s) => s.path === '/sys/fillRule/list')).toHaveLength(2));
  });
});
