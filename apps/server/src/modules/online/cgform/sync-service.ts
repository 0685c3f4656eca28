import type { FormSyncConfirm, FormSyncMethod } from '@anxue/shared';
import type { Db, DialectName } from '../../../core/db';
import { BizError } from '../../../core/errors';
import { fieldsOf, headById, indexesOf } from './definition';
import { desiredColumns, type ColumnSpec } from './sync/columns';
import { applyPlan, createTable, dropTable, planSync, syncIndexes, type IndexSpec } from './sync/engine';
import { countRows, tableExists } from './sync/introspect';

// doDbSynch: makes a form's table match its definition, in one transaction. A change that loses data
// (dropping or narrowing a column, an incompatible type, or a forced rebuild of a table) is only made when
// the request confirms it; otherwise the answer lists those changes.

export type SyncOutcome = { done: true; changes: string[] } | ({ done: false } & FormSyncConfirm);

function wantedIndexes(table: string, indexes: Awaited<ReturnType<typeof indexesOf>>, columns: ColumnSpec[]): IndexSpec[] {
  const names = new Set(columns.map((c) => c.name));
  return indexes.map((ix) => {
    const cols = (ix.indexField ?? '').split(',').filter(Boolean);
    const missing = cols.find((c) => !names.has(c));
    if (missing) throw new BizError(`索引 ${ix.indexName} 的栏位 ${missing} 不在数据库表中（未勾选同步数据库）`);
    return { name: `${table}_${ix.indexName}`, columns: cols, unique: ix.indexType === 'unique' };
  });
}

export async function syncForm(db: Db, dialect: DialectName, headId: string, method: FormSyncMethod, confirm: boolean): Promise<SyncOutcome> {
  const head = await headById(db, headId);
  if (head.copyType === 1) throw new BizError('复制视图与原表共用数据库表，请同步原表');
  const table = head.tableName;
  try {
    return await db.transaction().execute(async (trx) => {
      const fields = await fieldsOf(trx, head.id);
      const columns = desiredColumns(fields);
      const indexes = wantedIndexes(table, await indexesOf(trx, head.id), columns);
      // a sub table is read by its foreign key: index it unless the designer already did
      const fk = fields.find((f) => f.mainTable && f.mainField && f.dbIsPersist !== 0);
      const fkIndex = fk && `${table}_fk_${fk.dbFieldName}`;
      if (fk && fkIndex && fkIndex.length <= 63 && !indexes.some((ix) => ix.columns[0] === fk.dbFieldName)) indexes.push({ name: fkIndex, columns: [fk.dbFieldName], unique: false });
      let changes: string[];
      if (method === 'force' && (await tableExists(trx, dialect, table))) {
        const rows = await countRows(trx, table);
        const loss = `强制同步将删除表 ${table} 并重新创建（现有 ${rows} 行数据将全部丢失）`;
        if (!confirm) return { done: false as const, needConfirm: true as const, changes: [loss] };
        await dropTable(trx, table);
        await createTable(trx, table, columns);
        changes = [loss];
      } else {
        const plan = await planSync(trx, dialect, table, columns);
        if (plan.losses.length && !confirm) return { done: false as const, needConfirm: true as const, changes: plan.losses };
        await applyPlan(trx, dialect, table, columns, plan);
        changes = plan.summary;
      }
      await syncIndexes(trx, dialect, table, indexes);
      await trx.updateTable('onlCgformField').set({ dbFieldNameOld: null }).where('cgformHeadId', '=', head.id).execute();
      await trx.updateTable('onlCgformIndex').set({ isDbSynch: 'Y' }).where('cgformHeadId', '=', head.id).execute();
      await trx.updateTable('onlCgformHead').set({ isDbSynch: 'Y' }).where('id', '=', head.id).execute();
      return { done: true as const, changes };
    });
  } catch (e) {
    if (e instanceof BizError) throw e;
    throw new BizError(`同步数据库失败：${friendly(e)}`);
  }
}

/** A database refusal in words the designer can act on (never a stack). */
function friendly(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  if (/unique|duplicate/i.test(msg)) return '唯一索引的字段存在重复值';
  if (/not null|null value/i.test(msg)) return '有字段存在空值，不能设为不允许空值';
  if (/out of range|overflow/i.test(msg)) return '现有数据超出新类型的范围';
  if (/invalid input syntax/i.test(msg)) return '现有数据无法转换为新的类型';
  return msg.split('\n')[0].slice(0, 200);
}
