import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { listOrder } from './apply';
import { afterValue } from './keyset';
import { RecentKeys } from './recentKeys';
import type { SortSpec } from './types';
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
const cappedCounts = new RecentKeys(30_000, 1_000);

/**
 * Where pages of a list start, per database, by the list's statement and values: the sort value and id of
 * the row before each page served lately. A page with a known start, or a known start a little before it,
 * is read from there (keyset) instead of skipping every row before it, so paging on from a deep page, or a
 * deep page opened again, costs a page and not a million rows. A start is kept ANCHOR_TTL_MS: rows added
 * or removed before it meanwhile shift later pages by as many rows, as they would between two clicks.
 */
interface PageStart {
  value: unknown;
  id: unknown;
}
interface ListAnchors {
  at: number;
  starts: Map<number, PageStart>;
}
const anchors = new WeakMap<Kysely<any>, Map<string, ListAnchors>>();
const ANCHOR_TTL_MS = 30_000;
const ANCHOR_LISTS_KEPT = 200;
/** How far past a known start a page is still read from it (in pages); further, the offset is cheaper to know. */
const ANCHOR_REACH_PAGES = 100;
/** Below this offset a page is read by offset: skipping a few hundred rows costs nothing. */
const ANCHOR_FROM_OFFSET = 1_000;

function anchorsOf(db: Kysely<any>, key: string): ListAnchors | undefined {
  const found = anchors.get(db)?.get(key);
  return found && Date.now() - found.at < ANCHOR_TTL_MS ? found : undefined;
}

function keepStarts(db: Kysely<any>, key: string, found: Map<number, PageStart>): void {
  let lists = anchors.get(db);
  if (!lists) anchors.set(db, (lists = new Map()));
  const known = anchorsOf(db, key)?.starts ?? new Map<number, PageStart>();
  for (const [pageNo, start] of found) known.set(pageNo, start);
  lists.delete(key);
  lists.set(key, { at: Date.now(), starts: known });
  if (lists.size > ANCHOR_LISTS_KEPT) lists.delete(lists.keys().next().value!);
}

/**
 * The rows after `start` in the order `field` (asc nulls first / desc nulls last), then id the same way,
 * as one range of the field's index, and whether that range holds all of them: after a value, descending,
 * the rows without one still follow. Ascending from within the nulls there is no single range: none.
 */
function after(s: SortSpec, start: PageStart): { where: RawBuilder<SqlBool>; complete: boolean } | undefined {
  const v = start.value;
  if (v === null || v === undefined) return s.order === 'desc' ? { where: sql<SqlBool>`(${sql.ref(s.field)} is null and ${sql.ref('id')} < ${start.id})`, complete: true } : undefined;
  return { where: afterValue(s, v, s.order, start.id), complete: s.order === 'asc' };
}

/**
 * The rows up to and including `start` (the last row of the page before) that lie in one range of the
 * field's index (the valued rows, or the rows without a value), and the order that reads them backwards.
 * Going back further leaves the range (into the rows without a value, or out of them): a read that comes
 * up short is then done by offset.
 */
function upTo(s: SortSpec, start: PageStart): { where: RawBuilder<SqlBool>; back: 'asc' | 'desc' } {
  const col = sql.ref(s.field);
  const id = sql.ref('id');
  const v = start.value;
  const back = s.order === 'asc' ? 'desc' : 'asc';
  if (v === null || v === undefined) return { where: sql<SqlBool>`(${col} is null and ${id} ${sql.raw(back === 'desc' ? '<=' : '>=')} ${start.id})`, back };
  return {
    where: back === 'desc' ? sql<SqlBool>`(${col} <= ${v} and (${col} < ${v} or ${id} <= ${start.id}))` : sql<SqlBool>`(${col} >= ${v} and (${col} > ${v} or ${id} >= ${start.id}))`,
    back,
  };
}

export interface ListPageOptions {
  /** The list's order (as applied to the select): with one field, deep pages are read with the id after it, from remembered page starts. */
  sort?: SortSpec[];
  countCap?: number;
  /**
   * The filters leave few rows (a text index named them: at most TEXT_INDEX_SELECTIVE): the page is read
   * with their count beside it (`count(*) over ()`), one statement instead of a page and a count.
   */
  fewRows?: boolean;
}

/** The column the count of few rows comes back in, beside each row of the page (taken off the records). */
const COUNT_OVER = 'listCountOver';

/**
 * One page of a list that may be large. The page is read with one row more, which tells whether another
 * page follows. Its total then needs no count when the page is the last one, or lies past the cap (the
 * answer is "at least up to the next page": a count would read every row before this page a second time);
 * else a count that stops at `countCap` rows. Clients written for the original read `total` as usual (a
 * page past the cap offers one more page); ours show "10,000+" when `totalCapped`.
 */
export async function fetchListPage<DB, TB extends keyof DB, O>(
  db: Kysely<any>,
  select: SelectQueryBuilder<DB, TB, O>,
  pageNo: number,
  pageSize: number,
  options: ListPageOptions = {},
): Promise<PageResult<O>> {
  const { sort = [], countCap = LIST_COUNT_CAP } = options;
  const offset = (pageNo - 1) * pageSize;
  if (options.fewRows) {
    const rows: Row[] = await (select as SelectQueryBuilder<any, any, any>)
      .select(sql<number>`count(*) over ()`.as(COUNT_OVER))
      .limit(pageSize)
      .offset(offset)
      .execute();
    // past the last page no row carries the count: counted as usual below
    if (rows.length || offset === 0) {
      const total = rows.length ? Number(rows[0]![COUNT_OVER]) : 0;
      for (const r of rows) delete r[COUNT_OVER];
      return { records: rows as O[], total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) };
    }
  }
  // one field, or one field then the id the same way (the lists' default order)
  const [first, second] = sort;
  const tied = sort.length === 2 && second!.field === 'id' && second!.order === first!.order;
  const single = first && first.field !== 'id' && (sort.length === 1 || tied) ? first : undefined;
  const plain = select as SelectQueryBuilder<any, any, any>;
  let read: Row[];
  if (!single || offset < ANCHOR_FROM_OFFSET) {
    read = await plain.limit(pageSize + 1).offset(offset).execute();
  } else {
    // deep pages are read in a total order, the id after the field, so a page start is one exact place;
    // nearer pages keep the order as asked (rows of one second stay as the database gives them)
    const qb = tied ? plain : plain.orderBy(sql`${sql.ref('id')} ${sql.raw(single.order)}`);
    const compiled = qb.compile();
    const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
    const hasNulls = async () => !!(await qb.clearSelect().select(sql<number>`1`.as('one')).where(sql<SqlBool>`${sql.ref(single.field)} is null`).limit(1).executeTakeFirst());
    /** Page `pageNo` read backwards from the known start of a later page `to` (its row before): undefined when that cannot be one range. */
    const pageBefore = async (to: number, start: PageStart): Promise<Row[] | undefined> => {
      const range = upTo(single, start);
      // nulls placed as the lists place them (applySort), so the field's index serves this order backwards
      const rows = await plain
        .clearOrderBy()
        .where(range.where)
        .orderBy(listOrder(single.field, range.back))
        .orderBy(sql`${sql.ref('id')} ${sql.raw(range.back)}`)
        .limit(pageSize + 1)
        .offset((to - 1 - pageNo) * pageSize)
        .execute();
      // short: the page reaches into the rows the range leaves out (or the list changed): read it by offset
      if (rows.length < pageSize) return undefined;
      // one row more, read last: the row before the page, where this page starts
      const before = rows.length > pageSize ? rows.pop() : undefined;
      if (before && hasKey(single, before)) keepStarts(db, key, new Map([[pageNo, startOf(single, before)]]));
      rows.reverse();
      // whether a page follows (the extra row is only counted): the pages skipped on the way back, or a row after the start
      if (to - 1 > pageNo) return [...rows, {}];
      const next = after(single, start);
      if (!next) return undefined;
      const following: Row[] = await qb.where(next.where).limit(1).execute();
      // descending, the rows without a value follow the valued ones
      if (!following.length && !next.complete && (await hasNulls())) following.push({});
      return [...rows, ...following];
    };
    const known = anchorsOf(db, key)?.starts;
    const from = known && [...known.keys()].filter((p) => p <= pageNo && pageNo - p <= ANCHOR_REACH_PAGES).sort((x, y) => y - x)[0];
    const range = from === undefined ? undefined : after(single, known!.get(from)!);
    let anchored: Row[] | undefined;
    if (range) {
      // from the start of page `from`, skip the pages between
      anchored = await qb.where(range.where).limit(pageSize + 1).offset((pageNo - from!) * pageSize).execute();
      // a short read of a range without the rows that have no value: right only if there are none
      if (anchored.length <= pageSize && !range.complete && (await hasNulls())) anchored = undefined;
    } else {
      // a page before one whose start is known (paging back): read backwards from that start
      const to = known && [...known.keys()].filter((q) => q > pageNo && q - pageNo <= ANCHOR_REACH_PAGES).sort((x, y) => x - y)[0];
      if (to !== undefined) anchored = await pageBefore(to, known!.get(to)!);
    }
    if (anchored) {
      read = anchored;
    } else {
      // the row before the page too: it is where this page starts
      const withBefore = await qb.limit(pageSize + 2).offset(offset - 1).execute();
      const before = withBefore.shift();
      if (before && hasKey(single, before)) keepStarts(db, key, new Map([[pageNo, startOf(single, before)]]));
      read = withBefore;
    }
    const last = read[Math.min(read.length, pageSize) - 1];
    if (read.length > pageSize && last && hasKey(single, last)) keepStarts(db, key, new Map([[pageNo + 1, startOf(single, last)]]));
  }
  const more = read.length > pageSize;
  const records = (more ? read.slice(0, pageSize) : read) as O[];
  const page = (total: number, capped = false): PageResult<O> => ({
    records,
    total,
    size: pageSize,
    current: pageNo,
    pages: Math.ceil(total / pageSize),
    ...(capped ? { totalCapped: true } : {}),
  });
  if (!more && (records.length > 0 || offset === 0)) return page(offset + records.length);
  if (more && offset + pageSize >= countCap) return page(offset + pageSize + 1, true);
  const limit = Math.max(countCap, offset + pageSize);
  const matching = plain.clearSelect().clearOrderBy().select(sql<number>`1`.as('one')).limit(limit + 1);
  const counting = db.selectFrom(matching.as('matching')).select(sql<number>`count(*)`.as('total'));
  const compiled = counting.compile();
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  if (cappedCounts.has(db, key)) return page(limit, true);
  const row = await counting.executeTakeFirst();
  const counted = Number(row?.total ?? 0);
  if (counted <= limit) return page(counted);
  cappedCounts.note(db, key);
  return page(limit, true);
}

type Row = Record<string, unknown>;
const hasKey = (s: SortSpec, row: Row) => Object.hasOwn(row, s.field) && row.id !== undefined && row.id !== null;
const startOf = (s: SortSpec, row: Row): PageStart => ({ value: row[s.field] ?? null, id: row.id });
