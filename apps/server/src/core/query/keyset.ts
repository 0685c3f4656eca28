import { sql, type SelectQueryBuilder } from 'kysely';
import { applySort } from './apply';
import type { SortSpec } from './types';

type Row = Record<string, unknown>;

/**
 * Every row of a filtered select in the list's order, a batch at a time. Each batch starts where the
 * last one ended (keyset: the sort value and the id of its last row), so a million-row export reads each
 * row once instead of skipping ever longer offsets, and rows that share a sort value (a thousand imported
 * in one second) come out once each, never twice or not at all. The order is the list's own (nulls first
 * ascending, last descending, as applySort) with the id after it. Several sort fields: offset batches.
 */
export async function* keysetBatches(qb: SelectQueryBuilder<any, any, Row>, sort: SortSpec[], batchSize: number): AsyncGenerator<Row[]> {
  if (sort.length > 1) {
    const ordered = applySort(qb, { sort }).orderBy('id');
    for (let offset = 0; ; offset += batchSize) {
      const batch = await ordered.limit(batchSize).offset(offset).execute();
      if (batch.length) yield batch;
      if (batch.length < batchSize) return;
    }
  }
  const [s] = sort;
  let last: Row | undefined;
  for (;;) {
    let page = qb;
    if (s) {
      page = applySort(page, { sort: [s] });
      if (last) page = page.where(after(s, last[s.field], last.id));
    } else if (last) {
      page = page.where('id', '>', last.id as string);
    }
    const batch = await page.orderBy('id').limit(batchSize).execute();
    if (batch.length) yield batch;
    if (batch.length < batchSize) return;
    last = batch[batch.length - 1];
  }
}

/** Rows after (value, id) in the order `field` asc nulls first / desc nulls last, then id asc. */
function after(s: SortSpec, value: unknown, id: unknown) {
  const col = sql.ref(s.field);
  const sameValueLaterId = value === null || value === undefined ? sql<boolean>`(${col} is null and id > ${id})` : sql<boolean>`(${col} = ${value} and id > ${id})`;
  if (s.order === 'asc') {
    // nulls come first: after a null come the later-id nulls, then every value
    return value === null || value === undefined ? sql<boolean>`(${sameValueLaterId} or ${col} is not null)` : sql<boolean>`(${col} > ${value} or ${sameValueLaterId})`;
  }
  // nulls come last: after a value come the smaller values, then every null
  return value === null || value === undefined ? sameValueLaterId : sql<boolean>`(${col} < ${value} or ${sameValueLaterId} or ${col} is null)`;
}
