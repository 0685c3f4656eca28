import type { Writable } from 'node:stream';
import { sql } from 'kysely';
import type { Db } from '../../../../core/db';
import { BizError } from '../../../../core/errors';
import { readSpreadsheet, writeXlsx, xlsxBuffer, type SheetColumn } from '../../../../core/excel';
import { applyFilters, applySort, makeCondition } from '../../../../core/query';
import { dictOf, fieldOptions } from './dicts';
import { isAuditField, plain, type FormField, type FormModel } from './model';
import { decorate, orderedId, parseQuery, queryFields, scoped } from './rows';
import { checkUnique, inputRow, stamp, writableFields, type DataCaller, type Row } from './values';

// Export of a form's list (the columns shown in the list, dictionary fields as their texts) and import of
// a spreadsheet into it (headers matched by field title or name, dictionary texts or codes accepted):
// every row is checked like a row added on the page; the valid rows are written in one transaction and
// the refused ones come back in an error report.

const BATCH = 2000;
const MAX_IMPORT_ROWS = 50_000;

function exportFields(form: FormModel): FormField[] {
  return form.fields.filter((f) => f.isShowList && f.name !== 'id' && f.name !== 'tenant_id');
}

function sheetColumns(fields: FormField[]): SheetColumn[] {
  return fields.map((f) => ({ field: dictOf(f) ? `${f.name}_dictText` : f.name, title: f.title }));
}

/** Streams the filtered list (or the selected rows) of the form into an .xlsx. */
export async function exportRows(db: Db, form: FormModel, caller: DataCaller, params: Record<string, unknown>, out: Writable): Promise<number> {
  const q = parseQuery(form, { ...params, pageSize: undefined, pageNo: undefined });
  const selections = typeof params.selections === 'string' ? params.selections.split(',').map((s) => s.trim()).filter(Boolean) : [];
  const fields = queryFields(form);
  const extra = selections.length ? [makeCondition(fields.find((f) => f.name === 'id')!, 'in', selections)] : [];
  const base = applySort(applyFilters(scoped(db, form, caller), fields, { filters: [...q.filters, ...extra], superQuery: q.superQuery }), q);
  async function* rows() {
    for (let offset = 0; ; offset += BATCH) {
      const batch = await base.limit(BATCH).offset(offset).execute();
      yield* await decorate(db, form, batch, caller);
      if (batch.length < BATCH) return;
    }
  }
  return writeXlsx(out, sheetColumns(exportFields(form)), rows(), form.title.slice(0, 31) || 'Sheet1');
}

export interface ImportOutcome {
  total: number;
  imported: number;
  failed: Array<{ rowNumber: number; message: string; values: Row }>;
}

/** Imports a spreadsheet into the form's table; valid rows all or nothing, refused rows reported. */
export async function importRows(db: Db, form: FormModel, caller: DataCaller, filePath: string, now: Date): Promise<ImportOutcome> {
  const sheet = await readSpreadsheet(filePath);
  try {
    const fields = writableFields(form).filter((f) => !(form.tree && f.name === form.tree.hasChildField));
    const byHeader = new Map<string, FormField>();
    for (const f of fields) {
      byHeader.set(f.title, f);
      byHeader.set(f.name, f);
    }
    const columns = sheet.header.map((h) => byHeader.get(String(h ?? '').trim()));
    if (!columns.some(Boolean)) throw new BizError('Excel 的表头与表单字段不符（请使用导出的文件作为模板）');
    const texts = new Map<string, Map<string, string>>();
    for (const f of fields) {
      if (!dictOf(f)) continue;
      texts.set(f.name, new Map((await fieldOptions(db, f, caller)).map((o) => [o.text, o.value])));
    }
    const outcome: ImportOutcome = { total: 0, imported: 0, failed: [] };
    const good: Row[] = [];
    for await (const r of sheet.rows) {
      if (++outcome.total > MAX_IMPORT_ROWS) throw new BizError(`一次最多导入${MAX_IMPORT_ROWS}行`);
      const values: Row = {};
      columns.forEach((f, i) => {
        if (!f) return;
        let v: unknown = r.cells[i] ?? null;
        const map = texts.get(f.name);
        if (map && v !== null) v = String(v).split(',').map((part) => map.get(part.trim()) ?? part.trim()).join(',');
        values[f.name] = v;
      });
      try {
        const row = await inputRow(db, form, values, 'add', caller, now, form.tree ? { [form.tree.pidField]: String(values[form.tree.pidField] ?? '').trim() || '0', ...(form.tree.hasChildField ? { [form.tree.hasChildField]: '0' } : {}) } : {});
        row.id = orderedId();
        stamp(form, row, 'add', caller, now);
        await checkUnique(db, form, row);
        good.push(row);
      } catch (err) {
        if (!(err instanceof BizError)) throw err;
        outcome.failed.push({ rowNumber: r.rowNumber, message: err.message, values });
      }
    }
    if (good.length) {
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < good.length; i += 200) await plain(trx).insertInto(form.tableName).values(good.slice(i, i + 200)).execute();
        if (form.tree?.hasChildField) {
          const pids = [...new Set(good.map((g) => String(g[form.tree!.pidField])).filter((p) => p !== '0'))];
          if (pids.length) await plain(trx).updateTable(form.tableName).set({ [form.tree.hasChildField]: '1' }).where(sql.ref('id'), 'in', pids).execute();
        }
      });
      outcome.imported = good.length;
    }
    return outcome;
  } finally {
    await sheet.close();
  }
}

/** The refused rows as they were sent, with the reason beside each. */
export function errorReport(form: FormModel, outcome: ImportOutcome): Promise<Buffer> {
  const fields = writableFields(form).filter((f) => !isAuditField(f.name));
  const cols: SheetColumn[] = [{ field: '__row', title: '行号' }, ...fields.map((f) => ({ field: f.name, title: f.title })), { field: '__error', title: '错误信息' }];
  return xlsxBuffer(cols, outcome.failed.map((f) => ({ ...f.values, __row: f.rowNumber, __error: f.message })), '错误数据');
}
