import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { applySort, listOrder } from './apply';
import type { SortSpec } from './types';

type Row = Record<string, unknown>;
type Select = SelectQueryBuilder<any, any, Row>;

/**
 * Every row of a filtered select in the list's order, a batch at a time. Each batch starts where the
 * last one ended (keyset: the sort value and the id of its last row), so a million-row export reads each
 * row once instead of skipping ever longer offsets, and rows that share a sort value (a thousand imported
 * in one second) come out once each, never twice or not at all. The order is the list's own (nulls first
 * ascending, last descending, as applySort) with the id after it (in the direction the sort gives it, as the
 * lists' default order does, else ascending). Several sort fields: offset batches.
 *
 * The rows with a value and the rows without one are read in two runs (nulls first ascending, last
 * descending), so every batch is one range of the sort column's index: "after this value, or null" would
 * make the database read the list from its start for every batch.
 */
export async function* keysetBatches(qb: Select, sort: SortSpec[], batchSize: number): AsyncGenerator<Row[]> {
  // the lists' default order, a field then the id, is read by keyset with the id in its own direction
  const idAfter = sort.length === 2 && sort[1]!.field === 'id' && sort[0]!.field !== 'id';
  const idOrder = idAfter ? sort[1]!.order : 'asc';
  if (idAfter) sort = sort.slice(0, 1);
  if (sort.length === 1 && sort[0]!.field === 'id') {
    yield* byId(qb, batchSize, sort[0]!.order);
    return;
  }
  if (sort.length > 1) {
    const ordered = applySort(qb, { sort }).orderBy('id');
    for (let offset = 0; ; offset += batchSize) {
      const batch = await ordered.limit(batchSize).offset(offset).execute();
      if (batch.length) yield batch;
      if (batch.length < batchSize) return;
    }
  }
  const [s] = sort;
  if (!s) {
    yield* byId(qb, batchSize, 'asc');
    return;
  }
  const col = sql.ref(s.field);
  const valued = qb.where(sql<SqlBool>`${col} is not null`);
  const unvalued = qb.where(sql<SqlBool>`${col} is null`);
  if (s.order === 'asc') yield* byId(unvalued, batchSize, idOrder);
  let last: Row | undefined;
  for (;;) {
    // in the lists' order though no null is read here: plain `desc` (nulls first) matches no index on PostgreSQL
    let page = valued.orderBy(listOrder(s.field, s.order));
    if (last) page = page.where(afterValue(s, last[s.field], idOrder, last.id));
    const batch = await page.orderBy(sql`id ${sql.raw(idOrder)}`).limit(batchSize).execute();
    if (batch.length) yield batch;
    if (batch.length < batchSize) break;
    last = batch[batch.length - 1];
  }
  if (s.order === 'desc') yield* byId(unvalued, batchSize, idOrder);
}

/**
 * Rows after (value, id), value not null, in the order `s` then the id in `idOrder`: one range of the
 * field's index (the rows without a value are not in it).
 */
export function afterValue(s: SortSpec, value: unknown, idOrder: 'asc' | 'desc', id: unknown): RawBuilder<SqlBool> {
  const col = sql.ref(s.field);
  const laterId = sql.raw(idOrder === 'asc' ? '>' : '<');
  return s.order === 'asc'
    ? sql<SqlBool>`(${col} >= ${value} and (${col} > ${value} or ${sql.ref('id')} ${laterId} ${id}))`
    : sql<SqlBool>`(${col} <= ${value} and (${col} < ${value} or ${sql.ref('id')} ${laterId} ${id}))`;
}

/** The rows in id order, a batch at a time. */
async function* byId(qb: Select, batchSize: number, order: 'asc' | 'desc'): AsyncGenerator<Row[]> {
  let last: unknown;
  for (;;) {
    const page = last === undefined ? qb : qb.where('id', order === 'asc' ? '>' : '<', last as string);
    const batch = await page.orderBy('id', order).limit(batchSize).execute();
    if (batch.length) yield batch;
    if (batch.length < batchSize) return;
    last = batch[batch.length - 1]!.id;
  }
}
