// The lines grid of an order: columns with the server's own rules, and the computed line amount.
import { findPattern, type GridColumn, type GridRow } from '../../../components/editable-grid';
import { t } from '../../../lib/i18n';

/** The columns, their titles and messages in the current language; call while rendering. */
export const lineColumns = (): GridColumn[] => [
  { key: 'product', title: t('商品'), type: 'input', width: 180, validateRules: [{ required: true, message: t('请输入商品') }] },
  { key: 'price', title: t('单价'), type: 'inputNumber', width: 120, validateRules: [{ required: true, message: t('请输入单价') }, { pattern: 'money', message: t(findPattern('money')?.message ?? '') }] },
  {
    key: 'quantity',
    title: t('数量'),
    type: 'inputNumber',
    width: 110,
    statistics: ['sum'],
    validateRules: [{ required: true, message: t('请输入数量') }, { pattern: /^[1-9]\d*$/, message: t('数量必须是不小于1的整数') }],
  },
  { key: 'amount', title: t('金额'), type: 'normal', width: 120, statistics: ['sum'] },
  { key: 'lineDate', title: t('日期'), type: 'date' },
  { key: 'remark', title: t('备注'), type: 'input', width: 180 },
];

/** price x quantity in cents, or '' when either is not a number yet. */
export function lineAmount(row: { price?: unknown; quantity?: unknown } | Record<string, unknown>): number | '' {
  const { price: p, quantity: q } = row as { price?: unknown; quantity?: unknown };
  const price = Number(p);
  const quantity = Number(q);
  if (p === '' || p == null || q === '' || q == null) return '';
  if (!Number.isFinite(price) || !Number.isFinite(quantity)) return '';
  return (Math.round(price * 100) * quantity) / 100;
}

/** Rows whose shown amount is stale, as setValues patches. */
export function amountPatches(rows: readonly GridRow[]): { rowKey: string; values: Record<string, unknown> }[] {
  return rows.filter((r) => r.amount !== lineAmount(r)).map((r) => ({ rowKey: r.id, values: { amount: lineAmount(r) } }));
}

/** Total of the order in cents-exact arithmetic. */
export function orderTotal(rows: readonly Partial<GridRow>[]): number {
  return rows.reduce<number>((sum, r) => {
    const a = lineAmount(r);
    return a === '' ? sum : Math.round((sum + a) * 100) / 100;
  }, 0);
}

/** Lines as the server takes them: only the columns it stores. */
export function linesBody(rows: readonly GridRow[]) {
  return rows.map((r) => ({
    ...(r.id ? { id: r.id } : {}),
    product: r.product,
    price: r.price,
    quantity: r.quantity,
    lineDate: r.lineDate || null,
    remark: r.remark || null,
  }));
}
