import { sql, type SelectQueryBuilder } from 'kysely';
import type { PageResult } from '@anxue/shared';

/** Runs a count and one page of a filtered, sorted select; answers the original's page object. */
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
