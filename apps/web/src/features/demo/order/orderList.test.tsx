import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetErrorState } from '../../../lib/http/errors';
import { clearLocalSession, setPermissions, setToken } from '../../../lib/session/store';
import { envelope, startApiServer, type ApiServer } from '../../../lib/testing/apiServer';
import OrderListPage from './OrderList.page';
import { amountPatches, linesBody, orderTotal } from './orderLines';

// antd renders slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 10_000 });
let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api.close());
afterEach(async () => {
  await resetErrorState();
  clearLocalSession();
  api.seen.length = 0;
});

const grant = (...codes: string[]) => setPermissions({ menu: [], auth: codes.map((action) => ({ action, type: '1' })), allAuth: [] });
const ORDER = {
  id: 'o1',
  orderCode: 'DD1',
  customer: '华东客户',
  orderDate: '2026-03-01',
  amount: 110,
  lines: [
    { id: 'l1', product: '安全帽', price: 12.5, quantity: 4, orderNum: 1, lineDate: null, remark: null },
    { id: 'l2', product: '反光背心', price: 30, quantity: 2, orderNum: 2, lineDate: null, remark: null },
  ],
};

function serve() {
  api.handle('GET', '/demo/order/list', () => ({ body: envelope({ records: [ORDER], total: 1, size: 10, current: 1, pages: 1 }) }));
  api.handle('GET', '/demo/order/queryById', () => ({ body: envelope(ORDER) }));
  api.handle('PUT', '/demo/order/edit', () => ({ body: envelope(null, '编辑成功!') }));
  api.handle('POST', '/demo/order/add', () => ({ body: envelope(null, '添加成功！') }));
}
const modal = () => document.querySelector<HTMLElement>('.ant-modal-content')!;
const gridRows = () => [...modal().querySelectorAll<HTMLElement>('.eg-body [role="row"]')];

describe('订单管理(一对多)', () => {
  it('opens an order with its lines in saved order and the computed amounts, and saves order and lines together', async () => {
    setToken('tok');
    grant('demo:order:edit', 'demo:order:add');
    serve();
    render(<OrderListPage />);
    expect(await screen.findByText('华东客户')).toBeInTheDocument();
    expect(screen.getByText('110.00')).toBeInTheDocument();
    fireEvent.click(screen.getByText('编辑'));
    await waitFor(() => expect(gridRows()).toHaveLength(2));
    expect(within(gridRows()[0]).getByDisplayValue('安全帽')).toBeInTheDocument();
    expect(within(gridRows()[1]).getByDisplayValue('反光背心')).toBeInTheDocument();
    expect(within(gridRows()[0]).getByText('50')).toBeInTheDocument(); // 12.5 x 4
    expect(within(modal()).getByText('110.00')).toBeInTheDocument();

    // A changed quantity updates the line amount and the order total.
    fireEvent.change(within(gridRows()[1]).getByDisplayValue('2'), { target: { value: '3' } });
    await waitFor(() => expect(within(modal()).getByText('140.00')).toBeInTheDocument());
    expect(within(gridRows()[1]).getByText('90')).toBeInTheDocument();

    fireEvent.click(within(modal()).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.seen.find((s) => s.path === '/demo/order/edit')).toBeDefined());
    const body = api.seen.find((s) => s.path === '/demo/order/edit')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ id: 'o1', customer: '华东客户', orderDate: '2026-03-01' });
    expect(body.lines).toEqual([
      { id: 'l1', product: '安全帽', price: 12.5, quantity: 4, lineDate: null, remark: null },
      { id: 'l2', product: '反光背心', price: 30, quantity: '3', lineDate: null, remark: null },
    ]);
  }, 120_000);

  it('refuses to save a new order whose lines fail their rules, and shows the messages in the cells', async () => {
    setToken('tok');
    grant('demo:order:add');
    serve();
    render(<OrderListPage />);
    await screen.findByText('华东客户');
    fireEvent.click(screen.getByRole('button', { name: /(^|\s)新\s*增$/ }));
    await waitFor(() => expect(modal().querySelector('.eg-grid')).not.toBeNull());
    fireEvent.change(within(modal()).getByPlaceholderText('请输入客户'), { target: { value: '新客户' } });
    fireEvent.click(within(modal()).getByRole('button', { name: /(^|\s)新\s*增$/ }));
    await waitFor(() => expect(gridRows()).toHaveLength(1));
    fireEvent.change(within(gridRows()[0]).getByLabelText('单价'), { target: { value: '1.234' } });
    fireEvent.click(within(modal()).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('订单明细校验未通过：3 处错误')).toBeInTheDocument();
    const tips = [...modal().querySelectorAll('.eg-error-tip')].map((t) => t.textContent).sort();
    expect(tips).toEqual(['请输入商品', '请输入数量', '请输入正确的金额'].sort());
    expect(api.seen.find((s) => s.path === '/demo/order/add')).toBeUndefined();
  }, 120_000);

  it('computes amounts and totals in cents and sends only the stored columns', () => {
    expect(orderTotal([{ price: 0.1, quantity: 3 }, { price: 0.2, quantity: 1 }])).toBe(0.5);
    expect(amountPatches([{ id: 'a', price: 2, quantity: 3, amount: 6 }, { id: 'b', price: 2, quantity: '', amount: 4 }])).toEqual([{ rowKey: 'b', values: { amount: '' } }]);
    expect(linesBody([{ id: 'x', product: 'p', price: 1, quantity: 1, amount: 1, orderNum: 3, lineDate: '' }])).toEqual([{ id: 'x', product: 'p', price: 1, quantity: 1, lineDate: null, remark: null }]);
  });
});
