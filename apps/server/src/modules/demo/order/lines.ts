// The lines of a demo order: their checks (the grid's own rules, repeated on the server) and how a
// saved order's lines are replaced inside the order's transaction.
import { findPattern } from '@anxue/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ResourceError } from '../../../core/crud';
import { newId } from '../../../core/db';

const MONEY = findPattern('money')!;
export const MAX_LINES = 500;

const text = (title: string, max: number) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: `${title}必须是文本` }).trim().max(max, `${title}最长${max}个字符`));
const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v);

/** One line as the grid sends it; unknown keys (row state, computed amounts) are dropped. */
export const lineSchema = z.object({
  id: z.preprocess(blankToNull, z.string().max(32).nullable()).optional(),
  product: z.preprocess(blankToNull, text('商品', 100).nullable()).refine((v) => v !== null, { message: '商品不能为空' }),
  price: z
    .preprocess(blankToNull, z.union([z.string(), z.number()], { error: '单价必须是数字' }).nullable())
    .refine((v) => v !== null, { message: '单价不能为空' })
    .refine((v) => v === null || MONEY.pattern.test(String(v)), { message: `单价：${MONEY.message}` })
    .transform((v) => Number(v)),
  quantity: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : blankToNull(v)),
      z.number({ error: '数量必须是数字' }).nullable(),
    )
    .refine((v) => v !== null, { message: '数量不能为空' })
    .refine((v) => v === null || (Number.isInteger(v) && v >= 1), { message: '数量必须是不小于1的整数' })
    .transform((v) => v as number),
  lineDate: z.preprocess(blankToNull, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD').nullable()).optional(),
  remark: z.preprocess(blankToNull, text('备注', 500).nullable()).optional(),
});
export type OrderLineInput = z.infer<typeof lineSchema>;

/** Checks every line; the first failure names its row (第N行), as the grid shows rows. */
export function parseLines(raw: unknown): OrderLineInput[] {
  if (!Array.isArray(raw)) throw new ResourceError('订单明细格式不正确');
  if (raw.length > MAX_LINES) throw new ResourceError(`订单明细最多${MAX_LINES}行`);
  return raw.map((line, i) => {
    const parsed = lineSchema.safeParse(line ?? {});
    if (!parsed.success) throw new ResourceError(`第${i + 1}行明细：${parsed.error.issues[0]?.message ?? '格式不正确'}`);
    return parsed.data;
  });
}

/** Cents, so sums of prices with two decimals stay exact. */
export function lineTotal(lines: readonly Pick<OrderLineInput, 'price' | 'quantity'>[]): number {
  const cents = lines.reduce((sum, l) => sum + Math.round(l.price * 100) * l.quantity, 0);
  return cents / 100;
}

/**
 * Makes the order's lines exactly `lines`, in that order (order_num from 1): lines with a known id are
 * updated, lines without one inserted, the order's other lines deleted. Run inside the order's
 * transaction; a line id of another order refuses the whole save.
 */
export async function replaceLines(trx: Kysely<any>, orderId: string, lines: readonly OrderLineInput[]): Promise<void> {
  const existing = new Set(
    (await trx.selectFrom('demoOrderLine').select('id').where('orderId', '=', orderId).execute()).map((r) => r.id as string),
  );
  const kept = new Set<string>();
  for (const [i, line] of lines.entries()) {
    if (line.id && !existing.has(line.id)) throw new ResourceError(`第${i + 1}行明细不属于该订单`);
    if (line.id && kept.has(line.id)) throw new ResourceError(`第${i + 1}行明细重复`);
    if (line.id) kept.add(line.id);
  }
  const gone = [...existing].filter((id) => !kept.has(id));
  if (gone.length) await trx.deleteFrom('demoOrderLine').where('id', 'in', gone).execute();
  for (const [i, line] of lines.entries()) {
    const values = {
      product: line.product,
      price: line.price,
      quantity: line.quantity,
      lineDate: line.lineDate ?? null,
      remark: line.remark ?? null,
      orderNum: i + 1,
    };
    if (line.id) await trx.updateTable('demoOrderLine').set(values).where('id', '=', line.id).execute();
    else await trx.insertInto('demoOrderLine').values({ ...values, id: newId(), orderId }).execute();
  }
}
