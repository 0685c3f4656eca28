import { sql, type Kysely } from 'kysely';
import { BizError } from '../../../core/errors';
import type { DictStore } from '../dict/cache';
import { IDENTIFIER, isSensitiveColumn } from '../dict/declarations';
import { bindable } from '../dict/table-source';

// Duplicate check over declared columns only: the built-in unique codes below plus every column of a
// dictionary source. Names are matched against those lists and the catalog; the value is bound.

export const UNSUPPORTED = '不支持对该表或字段做重复校验';

const BUILT_IN: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['sys_dict', new Set(['dict_code'])],
  ['sys_category', new Set(['code'])],
  ['sys_check_rule', new Set(['rule_code'])],
  ['sys_fill_rule', new Set(['rule_code'])],
  ['sys_position', new Set(['code'])],
  ['sys_role', new Set(['role_code'])],
  ['sys_user', new Set(['username', 'phone', 'email'])],
]);

/** The client may send the camelCase name of a column (workNo for work_no). */
function snake(name: string): string {
  return /^[a-z][a-zA-Z0-9]*$/.test(name) ? name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : name;
}

export interface DuplicateQuery {
  tableName: string;
  fieldName: string;
  fieldVal: string;
  dataId?: string;
}

/** True when a row other than `dataId` already holds the value. */
export async function isTaken(db: Kysely<any>, store: DictStore, q: DuplicateQuery): Promise<boolean> {
  const table = snake(q.tableName.trim());
  const field = snake(q.fieldName.trim());
  if (!IDENTIFIER.test(table) || !IDENTIFIER.test(field) || isSensitiveColumn(field)) throw new BizError(UNSUPPORTED);
  const declared = BUILT_IN.get(table)?.has(field) || (await store.declarations()).get(table)?.has(field);
  const info = declared ? (await store.tables()).get(table) : undefined;
  const column = info?.columns.get(field);
  if (!info || !column) throw new BizError(UNSUPPORTED);

  const value = bindable(column, q.fieldVal);
  if (value === undefined) return false; // text can never equal a number column's value
  let qb = db.selectFrom(table).select(sql.ref(field).as('taken')).where(sql.ref(field), '=', value);
  const idColumn = info.columns.get('id');
  const dataId = q.dataId?.trim();
  if (dataId && idColumn) {
    const id = bindable(idColumn, dataId);
    if (id !== undefined) qb = qb.where(sql.ref('id'), '<>', id);
  }
  return (await qb.limit(1).executeTakeFirst()) !== undefined;
}
