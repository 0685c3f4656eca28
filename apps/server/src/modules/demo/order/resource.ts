// 订单管理(一对多): the order resource of the editable-grid demo. The lines travel with the order
// (`{ ...order, lines: [...] }`) and are written in the order's transaction by the hooks.
import { z } from 'zod';
import { ResourceError, type ResourceDef } from '../../../core/crud';
import { formatDateTime } from '../../../core/db';
import { lineTotal, parseLines, replaceLines } from './lines';

/** DD + yyyyMMddHHmmss + 4 random digits, when the user leaves the order number empty. */
export function generateOrderCode(now = new Date()): string {
  const stamp = formatDateTime(now).replace(/\D/g, '');
  return `DD${stamp}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
}

/** numeric columns come back as text from PostgreSQL and as numbers from SQLite. */
export const toNumber = (v: unknown) => (v === null || v === undefined ? v : Number(v));

/** The trigram index of number, customer and remark (migration 0038). */
const ORDER_TEXT = 'demo_order_text';

export const orderResource: ResourceDef = {
  label: '订单',
  table: 'demoOrder',
  dataLog: true,
  path: '/demo/order',
  permission: 'demo:order',
  tenant: true,
  defaultSort: [{ field: 'createTime', order: 'desc' }],
  // queryById answers the order with its lines (routes.ts).
  without: ['queryById'],
  fields: [
    { name: 'id', type: 'string', title: 'ID', writable: false, excel: false },
    { name: 'orderCode', type: 'string', textIndex: ORDER_TEXT, title: '订单号', unique: true, max: 50, check: z.string().regex(/^[A-Za-z0-9_-]+$/, '订单号只能包含字母、数字、下划线和短横线') },
    { name: 'customer', type: 'string', textIndex: ORDER_TEXT, title: '客户', required: true, max: 100 },
    { name: 'orderDate', type: 'date', title: '订单日期' },
    { name: 'amount', type: 'number', title: '金额', writable: false },
    { name: 'remark', type: 'string', textIndex: ORDER_TEXT, title: '备注', max: 500 },
    { name: 'sysOrgCode', type: 'string', title: '所属部门', writable: false, excel: false },
    { name: 'createBy', type: 'string', title: '创建人', writable: false, excel: false },
    { name: 'createTime', type: 'datetime', title: '创建时间', writable: false, excel: false },
    { name: 'updateBy', type: 'string', title: '更新人', writable: false, excel: false },
    { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false, excel: false },
  ],
  extraInput: { lines: z.array(z.unknown(), { error: '订单明细格式不正确' }).optional() },
  hooks: {
    beforeSave(row, ctx, mode) {
      if (mode === 'edit') {
        // Blanking the number on edit would leave the order without one.
        if ('orderCode' in row && row.orderCode === null) throw new ResourceError('订单号不能为空');
        return;
      }
      if (!row.orderCode) row.orderCode = generateOrderCode();
      row.sysOrgCode = ctx.orgCode ?? null;
      row.amount = 0;
    },
    async afterSave(row, input, ctx) {
      if (input.lines === undefined) return; // an edit without lines keeps them
      const lines = parseLines(input.lines);
      const id = String(row.id);
      await replaceLines(ctx.db, id, lines);
      await ctx.db.updateTable('demoOrder').set({ amount: lineTotal(lines) }).where('id', '=', id).execute();
    },
    async beforeDelete(ids, ctx) {
      await ctx.db.deleteFrom('demoOrderLine').where('orderId', 'in', ids).execute();
    },
    decorate(records) {
      for (const r of records) r.amount = toNumber(r.amount);
    },
  },
};
