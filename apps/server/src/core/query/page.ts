import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { PageResult } from '@anxue/shared';

/** Runs a count and one page of a filtered, sorted select; answers the original's page object. For small tables. */
export async function fetchPage<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  pageNo: number,
  pageSize: number,
): Promise<PageResult<O>> {
  const countRow = await (qb as SelectQueryBuilder<any, any, any>)
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirst();
  const total = Number(countRow?.total ?? 0);
  const records = total === 0 ? [] : await qb.limit(pageSize).offset((pageNo - 1) * pageSize).execute();
  return { records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) };
}

/**
 * Rows a list counts before it stops: above it the answer says "at least this many" (`totalCapped`), as
 * counting a million matching rows costs seconds and tells a person no more than "10,000+".
 */
export const LIST_COUNT_CAP = 10_000;

/**
 * Counts seen to reach their cap, per database, by the counting statement and its values. A list paged
 * through, or opened by many people, then skips the count (the dearest part of its first page: every
 * counted row is checked against the tenant and the filters) and still answers "10,000+". Only capped
 * counts are kept: below the cap the total is exact and always counted. For up to CAPPED_TTL_MS after
 * deletions bring a list under its cap it may still say "10,000+"; its last page tells the exact total.
 */
const cappedCounts = new WeakMap<Kysely<any>, Map<string, number>>();
const CAPPED_TTL_MS = 30_000;
const CAPPED_KEPT = 1_000;

function cappedBefore(db: Kysely<any>, key: string): boolean {
  const seen = cappedCounts.get(db)?.get(key);
  return seen !== undefined && Date.now() - seen < CAPPED_TTL_MS;
}

function rememberCapped(db: Kysely<any>, key: string): void {
  let seen = cappedCounts.get(db);
  if (!seen) cappedCounts.set(db, (seen = new Map()));
  seen.delete(key);
  seen.set(key, Date.now());
  if (seen.size > CAPPED_KEPT) seen.delete(seen.keys().next().value!);
}

/**
 * One page of a list that may be large: the page first, and when it is the last page its total needs
 * no count; else a count that stops at `countCap` rows (or at the requested page, when deeper).
 * Clients written for the original read `total` as usual; ours show "10,000+" when `totalCapped`.
 */
export async function fetchListPage<DB, TB extends keyof DB, O>(
  db: Kysely<any>,
  qb: SelectQueryBuilder<DB, TB, O>,
  pageNo: number,
  pageSize: number,
  countCap = LIST_COUNT_CAP,
): Promise<PageResult<O>> {
  const offset = (pageNo - 1) * pageSize;
  const records = await qb.limit(pageSize).offset(offset).execute();
  const page = (total: number, capped = false): PageResult<O> => ({
    records,
    total,
    size: pageSize,
    current: pageNo,
    pages: Math.ceil(total / pageSize),
    ...(capped ? { totalCapped: true } : {}),
  });
  if (records.length < pageSize && (records.length > 0 || offset === 0)) return page(offset + records.length);
  const limit = Math.max(countCap, offset + pageSize);
  const matching = (qb as SelectQueryBuilder<any, any, any>).clearSelect().clearOrderBy().select(sql<number>`1`.as('one')).limit(limit + 1);
  const counting = db.selectFrom(matching.as('matching')).select(sql<number>`count(*)`.as('total'));
  const compiled = counting.compile();
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  if (cappedBefore(db, key)) return page(limit, true);
  const row = await counting.executeTakeFirst();
  const counted = Number(row?.total ?? 0);
  if (counted <= limit) return page(counted);
  rememberCapped(db, key);
  return page(limit, true);
}
