import { sql } from 'kysely';
import type { Db } from '../../../../core/db';
import { BizError } from '../../../../core/errors';
import type { FormModel } from '../records/model';
import { plain } from '../records/model';
import { scoped } from '../records/rows';
import { checkUnique, inputRow, stamp, type DataCaller, type Row } from '../records/values';

// An update button: the same fixed values set on each chosen row, as an edit of the generated API would
// (each value converted and validated for its field, unique fields checked, update_by/update_time stamped),
// only on rows the caller sees (tenant and data rules), all rows in one transaction or none.

const MAX_ROWS = 500;

export async function runUpdateButton(db: Db, form: FormModel, caller: DataCaller, values: Record<string, unknown>, rawIds: string[], now: Date): Promise<number> {
  const ids = [...new Set(rawIds.map((s) => s.trim()).filter(Boolean))];
  if (!ids.length) throw new BizError('请先选中一条记录');
  if (ids.length > MAX_ROWS) throw new BizError(`一次最多处理${MAX_ROWS}条记录`);
  if (!Object.keys(values).length) throw new BizError('按钮没有设置要更新的字段');
  // fields 权限控制 locks for the caller are not changed behind their back by a button
  const locked = Object.keys(values).filter((k) => form.locked?.has(k) || !form.byName.has(k));
  if (locked.length) throw new BizError(`无权修改字段：${locked.join('、')}`);
  // values come from the button's definition, checked like a request body
  const row: Row = await inputRow(db, form, values, 'edit', caller, now);
  if (!Object.keys(row).length) throw new BizError('按钮要更新的字段已不在表单中');
  stamp(form, row, 'edit', caller, now);
  return db.transaction().execute(async (trx) => {
    const found = await scoped(trx, form, caller, ['id']).where(sql.ref('id'), 'in', ids).execute();
    if (found.length !== ids.length) throw new BizError('未找到对应数据');
    for (const id of ids) {
      await checkUnique(trx, form, row, id);
      await plain(trx).updateTable(form.tableName).set(row).where('id', '=', id).execute();
    }
    return ids.length;
  });
}
