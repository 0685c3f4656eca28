import type { Kysely } from 'kysely';
import { newId } from '../db/time';
import { snakeCase } from '../db/names';
import type { RequestContext } from './types';

/** The physical table name (sysPosition → sys_position), as the original's data log names tables. */
export const physicalTable = snakeCase;

/**
 * Stores the row as just saved as the next version of (table, id), inside the save's transaction, so a
 * rolled-back save leaves no version. The unique (table, id, version) index refuses a concurrent
 * second writer of the same number, which then fails its save rather than sharing a version.
 */
export async function writeDataLog(trx: Kysely<any>, table: string, columns: string[], id: string, ctx: RequestContext) {
  const row = await trx.selectFrom(table).select(columns as any).where('id', '=', id).executeTakeFirst();
  if (!row) return;
  const dataTable = physicalTable(table);
  const last = await trx
    .selectFrom('sysDataLog')
    .select((eb) => eb.fn.max('dataVersion').as('v'))
    .where('dataTable', '=', dataTable)
    .where('dataId', '=', id)
    .executeTakeFirst();
  const user = await trx.selectFrom('sysUser').select('realname').where('id', '=', ctx.userId).executeTakeFirst();
  await trx
    .insertInto('sysDataLog')
    .values({
      id: newId(),
      createBy: ctx.username,
      createName: (user?.realname as string | undefined) ?? ctx.username,
      createTime: ctx.now,
      dataTable,
      dataId: id,
      dataContent: JSON.stringify(row),
      dataVersion: Number(last?.v ?? 0) + 1,
      type: 'json',
      tenantId: ctx.tenantId,
    })
    .execute();
}
