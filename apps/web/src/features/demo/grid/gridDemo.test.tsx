import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../components/tree/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearLocalSession } from '../../../lib/session/store';
import { startApiServer, type ApiServer } from '../../../lib/testing/apiServer';
import GridDemoPage, { socketBase } from './GridDemo.page';
import { gridDemoColumns } from './gridDemoColumns';
import { lineAmount } from '../order/orderLines';

// antd renders slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 10_000 });
let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer();
  clearLocalSession();
});
afterAll(() => api.close());

const ALL_TYPES = [
  'input', 'inputNumber', 'textarea', 'input_pop', 'select', 'list_multi', 'sel_search', 'sel_search_async', 'select-search',
  'select-multiple', 'radio', 'checkbox', 'date', 'datetime', 'time', 'sel_depart', 'sel_user', 'upload', 'file', 'image', 'popup',
  'progress', 'tags', 'slot', 'normal', 'hidden', 'row-number', 'row-checkbox', 'row-expand', 'row-drag-sort',
];

describe('可编辑表格 demo', () => {
  it('declares every column type of spec/02 §3 (row-radio through the 单选 switch)', () => {
    const pick = async () => undefined;
    const types = new Set(gridDemoColumns({ selection: 'checkbox', pickProduct: pick }).map((c) => c.type));
    for (const t of ALL_TYPES) expect(types, t).toContain(t);
    expect(gridDemoColumns({ selection: 'radio', pickProduct: pick }).map((c) => c.type)).toContain('row-radio');
    const checkbox = gridDemoColumns({ selection: 'checkbox', pickProduct: pick }).find((c) => c.type === 'checkbox')!;
    expect(checkbox.customValue).toEqual(['Y', 'N']);
    expect(gridDemoColumns({ selection: 'checkbox', pickProduct: pick }).find((c) => c.key === 'provinceCity')!.linkageKey).toBe('province');
  }, 120_000);

  it('shows the rows; 获取值 reports the error count and the failing cells show their messages', async () => {
    const { container } = renderWithProviders(<GridDemoPage />);
    expect(await screen.findByDisplayValue('张三')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '获取值' }));
    // 王五: phone 12345, email wang@ and no level.
    expect(await screen.findByText('校验未通过：3 处错误', { selector: '.ant-alert-message' })).toBeInTheDocument();
    const tips = [...container.querySelectorAll('.eg-error-tip')].map((t) => t.textContent);
    expect(tips.sort()).toEqual(['请输入正确的手机号码', '请输入正确的电子邮件', '请选择级别'].sort());
    // The statistics footer sums the quantity column (3 + 5 + 2).
    const footer = container.querySelector('[data-statistics="sum"]')!;
    expect(within(footer as HTMLElement).getByText('10')).toBeInTheDocument();
  }, 120_000);

  it('hides 新增 and 删除 when authPre codes are excluded; the other handle buttons answer', async () => {
    renderWithProviders(<GridDemoPage />);
    await screen.findByDisplayValue('张三');
    const toolbar = screen.getByRole('toolbar', { name: '表格工具栏' });
    expect(within(toolbar).getByRole('button', { name: /(^|\s)新\s*增$/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: '允许新增' }));
    fireEvent.click(screen.getByRole('switch', { name: '允许删除' }));
    await waitFor(() => expect(within(toolbar).queryByRole('button', { name: /(^|\s)新\s*增$/ })).not.toBeInTheDocument());
    expect(within(toolbar).queryByRole('button', { name: /删\s*除/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '获取删除数据' }));
    expect(await screen.findByText('删除的数据')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '获取新增数据' }));
    expect(await screen.findByText('新增的数据')).toBeInTheDocument();
  }, 120_000);

  it('opens the table socket beside the API base', () => {
    expect(socketBase({ protocol: 'http:', host: 'h:8080' }, '/api')).toBe('ws://h:8080/api');
    expect(socketBase({ protocol: 'https:', host: 'h' }, '/api')).toBe('wss://h/api');
    expect(socketBase({ protocol: 'http:', host: 'h' }, 'https://api.example.cn/api')).toBe('wss://api.example.cn/api');
    expect(lineAmount({ price: '12.5', quantity: 3 })).toBe(37.5);
  });
});
