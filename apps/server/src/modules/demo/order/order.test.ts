import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login, type TestApp, apiCall, type HttpMethod } from '../../../../test/helpers/test-app';
import { INJECTION_PAYLOADS } from '../../../../test/helpers/injection';

// 订单管理(一对多): an order and its lines saved together, in one transaction, on SQLite and PostgreSQL.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
});
afterAll(() => t.close());

const call = (method: HttpMethod, url: string, payload?: unknown, token = admin) => apiCall(t.app, token, method, url, payload);
const counts = async () => ({
  orders: Number((await t.db.selectFrom('demoOrder').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  lines: Number((await t.db.selectFrom('demoOrderLine').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
});
async function findByCustomer(customer: string) {
  const list = await call('GET', `/demo/order/list?customer=${encodeURIComponent(customer)}`);
  return list.body.result.records[0] as { id: string; orderCode: string; amount: number } | undefined;
}

describe('order with lines', () => {
  it('adds an order with its lines, generates the order number, sums the amount and answers the lines in order', async () => {
    const res = await call('POST', '/demo/order/add', {
      customer: '华东客户',
      orderDate: '2026-03-01',
      lines: [
        { product: '安全帽', price: '12.50', quantity: 4, lineDate: '2026-03-02', orderNum: 9, __tmp: 'x' },
        { product: '反光背心', price: 30, quantity: '2' },
      ],
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true, message: '添加成功！' });
    const order = (await findByCustomer('华东客户'))!;
    expect(order.orderCode).toMatch(/^DD\d{18}$/);
    expect(order.amount).toBe(110);
    const byId = await call('GET', `/demo/order/queryById?id=${order.id}`);
    expect(byId.body.result).toMatchObject({ customer: '华东客户', orderDate: '2026-03-01', amount: 110, createBy: 'admin' });
    expect(byId.body.result.lines.map((l: any) => [l.product, l.price, l.quantity, l.orderNum, l.lineDate])).toEqual([
      ['安全帽', 12.5, 4, 1, '2026-03-02'],
      ['反光背心', 30, 2, 2, null],
    ]);
  });

  it('edits: reorders, updates kept lines, inserts new ones and deletes the removed ones', async () => {
    await call('POST', '/demo/order/add', { customer: '编辑客户', orderCode: 'EDIT-1', lines: [{ product: 'A', price: 1, quantity: 1 }, { product: 'B', price: 2, quantity: 1 }, { product: 'C', price: 3, quantity: 1 }] });
    const order = (await findByCustomer('编辑客户'))!;
    const lines = (await call('GET', `/demo/order/queryById?id=${order.id}`)).body.result.lines;
    const [a, b, c] = lines;
    const res = await call('PUT', '/demo/order/edit', {
      id: order.id,
      customer: '编辑客户',
      lines: [
        { ...c, quantity: 5 },
        { product: 'D', price: '0.5', quantity: 2 },
        a,
      ],
    });
    expect(res.body).toMatchObject({ success: true });
    const after = (await call('GET', `/demo/order/queryById?id=${order.id}`)).body.result;
    expect(after.lines.map((l: any) => [l.product, l.quantity, l.orderNum])).toEqual([
      ['C', 5, 1],
      ['D', 2, 2],
      ['A', 1, 3],
    ]);
    expect(after.lines[0].id).toBe(c.id);
    expect(after.lines[2].id).toBe(a.id);
    expect(after.amount).toBe(17);
    expect(await t.db.selectFrom('demoOrderLine').select('id').where('id', '=', b.id).executeTakeFirst()).toBeUndefined();
    // An edit without `lines` leaves them alone.
    await call('PUT', '/demo/order/edit', { id: order.id, remark: '只改备注' });
    expect((await call('GET', `/demo/order/queryById?id=${order.id}`)).body.result.lines).toHaveLength(3);
  });

  it('refuses a bad line with a message naming the row, and writes nothing (add and edit)', async () => {
    const before = await counts();
    const bad: [unknown, string][] = [
      [{ price: 1, quantity: 1 }, '第2行明细：商品不能为空'],
      [{ product: 'x', price: 1, quantity: 0 }, '第2行明细：数量必须是不小于1的整数'],
      [{ product: 'x', price: 1, quantity: 1.5 }, '第2行明细：数量必须是不小于1的整数'],
      [{ product: 'x', price: '12.345', quantity: 1 }, '第2行明细：单价：请输入正确的金额'],
      [{ product: 'x', price: -1, quantity: 1 }, '第2行明细：单价：请输入正确的金额'],
      [{ product: 'x', quantity: 1 }, '第2行明细：单价不能为空'],
      [{ product: 'x', price: 1, quantity: 1, lineDate: '3/1/2026' }, '第2行明细：日期格式应为 YYYY-MM-DD'],
    ];
    for (const [line, message] of bad) {
      const res = await call('POST', '/demo/order/add', { customer: '坏明细', lines: [{ product: 'ok', price: 1, quantity: 1 }, line] });
      expect(res.status, message).toBe(200);
      expect(res.body).toMatchObject({ success: false, message });
    }
    expect(await counts()).toEqual(before);
    expect(await findByCustomer('坏明细')).toBeUndefined();

    // On edit the order row is updated first inside the transaction; the bad line rolls that back too.
    const order = (await findByCustomer('华东客户'))!;
    const res = await call('PUT', '/demo/order/edit', { id: order.id, customer: '改了名字', lines: [{ product: '新', price: 1, quantity: 1 }, { product: '', price: 1, quantity: 1 }] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, message: '第2行明细：商品不能为空' });
    const still = (await call('GET', `/demo/order/queryById?id=${order.id}`)).body.result;
    expect(still.customer).toBe('华东客户');
    expect(still.lines.map((l: any) => l.product)).toEqual(['安全帽', '反光背心']);
    expect(await counts()).toEqual(before);
  });

  it('refuses lines of another order, a duplicate order number and a blanked number, writing nothing', async () => {
    const other = (await findByCustomer('编辑客户'))!;
    const otherLine = (await call('GET', `/demo/order/queryById?id=${other.id}`)).body.result.lines[0];
    const order = (await findByCustomer('华东客户'))!;
    const before = await counts();
    const stolen = await call('PUT', '/demo/order/edit', { id: order.id, lines: [{ ...otherLine }] });
    expect(stolen.status).toBe(200);
    expect(stolen.body).toMatchObject({ success: false, message: '第1行明细不属于该订单' });
    const dup = await call('POST', '/demo/order/add', { customer: '重复', orderCode: 'EDIT-1', lines: [{ product: 'x', price: 1, quantity: 1 }] });
    expect(dup.status).toBe(200);
    expect(dup.body).toMatchObject({ success: false, message: '订单号“EDIT-1”已存在' });
    const blank = await call('PUT', '/demo/order/edit', { id: order.id, orderCode: '' });
    expect(blank.status).toBe(200);
    expect(blank.body).toMatchObject({ success: false, message: '订单号不能为空' });
    expect(await counts()).toEqual(before);
    expect((await call('GET', `/demo/order/queryById?id=${other.id}`)).body.result.lines).toHaveLength(3);
  });

  it('validates the body: customer required, lines must be a list, injection strings are plain data', async () => {
    expect((await call('POST', '/demo/order/add', { lines: [] })).body).toMatchObject({ success: false, message: '客户不能为空' });
    const notList = await call('POST', '/demo/order/add', { customer: 'x', lines: 'abc' });
    expect(notList.status).toBe(200);
    expect(notList.body).toMatchObject({ success: false, message: '订单明细格式不正确' });
    for (const s of INJECTION_PAYLOADS.slice(0, 4)) {
      const res = await call('POST', '/demo/order/add', { customer: `注入${s}`.slice(0, 100), lines: [{ product: s.slice(0, 100), price: 1, quantity: 1 }] });
      expect(res.status, s).toBe(200);
      expect(res.body.success, s).toBe(true);
    }
    const list = await call('GET', `/demo/order/list?column=${encodeURIComponent('amount;drop table demo_order')}`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ success: false, message: '请注意，将要排序的列字段不存在' });
    expect((await counts()).orders).toBeGreaterThan(0);
    const noId = await call('GET', '/demo/order/queryById?id=');
    expect(noId.status).toBe(200);
    expect(noId.body).toMatchObject({ success: false, message: '缺少id' });
    const unknown = await call('GET', '/demo/order/queryById?id=nope');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ success: false, message: '未找到对应订单' });
  });

  it('deletes an order with its lines', async () => {
    const order = (await findByCustomer('编辑客户'))!;
    const res = await call('DELETE', `/demo/order/delete?id=${order.id}`);
    expect(res.body.success).toBe(true);
    expect(await t.db.selectFrom('demoOrderLine').select('id').where('orderId', '=', order.id).execute()).toEqual([]);
  });

  it('guards every action with demo:order:* (403, code 510)', async () => {
    await createUser(t.db, { username: 'order_reader', password: 'Reader#2026', menuKeys: ['demo', 'demo.order', 'demo.order.list'] });
    const reader = await login(t.app, 'order_reader', 'Reader#2026');
    expect((await call('GET', '/demo/order/list', undefined, reader)).body.success).toBe(true);
    const order = (await findByCustomer('华东客户'))!;
    expect((await call('GET', `/demo/order/queryById?id=${order.id}`, undefined, reader)).body.result.lines).toHaveLength(2);
    for (const [method, url, payload] of [
      ['POST', '/demo/order/add', { customer: 'x' }],
      ['PUT', '/demo/order/edit', { id: order.id, customer: 'x' }],
      ['DELETE', `/demo/order/delete?id=${order.id}`, undefined],
    ] as const) {
      const res = await call(method, url, payload, reader);
      expect(res.status, url).toBe(403);
      expect(res.body.code).toBe(510);
    }
  });
});

// Contains-filters on number, customer and remark go through the order table's trigram index (migration
// 0038: FTS5 on SQLite, pg_trgm on PostgreSQL), which must follow every add, edit and delete.
describe('order list contains-filters', () => {
  const customersOf = async (query: string) => {
    const res = await call('GET', `/demo/order/list?pageSize=50&${query}`);
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    return (res.body.result.records as Array<{ customer: string }>).map((r) => r.customer).sort();
  };

  it('finds orders by part of the number, customer or remark, and follows edits and deletes', async () => {
    for (const [code, customer, remark] of [
      ['TXT-ALPHA-01', '南方电网安全部', '季度巡检 helmet'],
      ['TXT-ALPHA-02', '北方电网安全部', '年度采购'],
      ['TXT-BETA-03', '华中化工', 'helmet 与手套'],
    ]) {
      expect((await call('POST', '/demo/order/add', { orderCode: code, customer, remark })).body.success).toBe(true);
    }
    expect(await customersOf('orderCode=*ALPHA*')).toEqual(['北方电网安全部', '南方电网安全部']);
    expect(await customersOf(`customer=${encodeURIComponent('*电网安全*')}`)).toEqual(['北方电网安全部', '南方电网安全部']);
    expect(await customersOf(`customer=${encodeURIComponent('*化*')}`)).toEqual(['华中化工']);
    expect(await customersOf('remark=*HELMET*')).toEqual(['华中化工', '南方电网安全部']);

    const south = (await findByCustomer('南方电网安全部'))!;
    expect((await call('PUT', '/demo/order/edit', { id: south.id, customer: '南方港务集团', remark: '季度巡检' })).body.success).toBe(true);
    expect(await customersOf(`customer=${encodeURIComponent('*电网安全*')}`)).toEqual(['北方电网安全部']);
    expect(await customersOf(`customer=${encodeURIComponent('*港务集*')}`)).toEqual(['南方港务集团']);
    expect(await customersOf('remark=*helmet*')).toEqual(['华中化工']);

    const north = (await findByCustomer('北方电网安全部'))!;
    expect((await call('DELETE', `/demo/order/delete?id=${north.id}`)).body.success).toBe(true);
    expect(await customersOf('orderCode=*ALPHA*')).toEqual(['南方港务集团']);
  });
});
