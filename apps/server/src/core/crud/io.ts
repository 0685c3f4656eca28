import type { Kysely } from 'kysely';
import type { Writable } from 'node:stream';
import { applyFilters, applySort, makeCondition, type Condition } from '../query';
import { readSpreadsheet, writeXlsx, xlsxBuffer, type SheetColumn } from '../excel';
import { newId } from '../db/time';
import { ResourceError } from './errors';
import { BizError } from '../errors';
import { firstIssue, inputSchema, isExcel } from './input';
import type { Caller, ResourceService } from './service';

const EXPORT_BATCH = 2000;
const IMPORT_BATCH = 500;

export function excelColumns(svc: ResourceService): SheetColumn[] {
  return svc.def.fields.filter(isExcel).map((f) => ({ field: f.dictCode ? `${f.name}_dictText` : f.name, title: f.title }));
}

/** Streams the filtered list (or the selected rows) into an .xlsx, a batch at a time. */
export async function exportResource(db: Kysely<any>, svc: ResourceService, caller: Caller, params: Record<string, unknown>, out: Writable) {
  const q = svc.parse(params);
  const extra: Condition[] = [];
  const selections = typeof params.selections === 'string' ? params.selections.split(',').filter(Boolean) : [];
  if (selections.length) extra.push(makeCondition(svc.def.fields.find((f) => f.name === 'id') ?? { name: 'id', type: 'string' }, 'in', selections));
  const base = applySort(applyFilters(await svc.scoped(db, caller), svc.def.fields, { filters: [...q.filters, ...extra], superQuery: q.superQuery }), q);
  async function* rows() {
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const batch = await base.limit(EXPORT_BATCH).offset(offset).execute();
      await svc.decorate(db, caller, batch);
      yield* batch;
      if (batch.length < EXPORT_BATCH) return;
    }
  }
  return writeXlsx(out, excelColumns(svc), rows(), svc.def.label);
}

export interface ImportOutcome {
  total: number;
  imported: number;
  failed: Array<{ rowNumber: number; message: string; values: Record<string, unknown> }>;
}

/** Reverse dictionary maps (text → value) so a spreadsheet may hold either the text or the code. */
async function dictValueMaps(db: Kysely<any>, codes: string[]) {
  const maps = new Map<string, Map<string, string>>();
  if (!codes.length) return maps;
  const rows = (await db
    .selectFrom('sysDictItem as i')
    .innerJoin('sysDict as d', 'd.id', 'i.dictId')
    .select(['d.dictCode', 'i.itemValue', 'i.itemText'])
    .where('d.dictCode', 'in', codes)
    .execute()) as Array<{ dictCode: string; itemValue: string; itemText: string }>;
  for (const r of rows) {
    if (!maps.has(r.dictCode)) maps.set(r.dictCode, new Map());
    maps.get(r.dictCode)!.set(r.itemText, r.itemValue);
  }
  return maps;
}

/**
 * Imports a spreadsheet: every row is validated, the valid rows are written in one transaction (so a
 * failure midway leaves nothing behind) and the invalid ones are reported with their reasons.
 */
export async function importResource(db: Kysely<any>, svc: ResourceService, caller: Caller, filePath: string): Promise<ImportOutcome> {
  const sheet = await readSpreadsheet(filePath);
  const fields = svc.def.fields.filter(isExcel);
  const byHeader = new Map<string, (typeof fields)[number]>();
  for (const f of fields) {
    byHeader.set(f.title, f);
    byHeader.set(f.name, f);
  }
  const columns = sheet.header.map((h) => byHeader.get(h));
  const missing = fields.filter((f) => f.required && !columns.includes(f));
  if (missing.length) throw new ResourceError(`Excel 缺少必填列：${missing.map((f) => f.title).join('、')}`);
  const dicts = await dictValueMaps(db, fields.filter((f) => f.dictCode).map((f) => f.dictCode!));
  const schema = inputSchema(svc.def, 'add');
  const uniqueFields = svc.def.fields.filter((f) => f.unique);
  const seen = new Map(uniqueFields.map((f) => [f.name, new Set<string>()]));
  const outcome: ImportOutcome = { total: 0, imported: 0, failed: [] };

  await db.transaction().execute(async (trx) => {
    const ctx = svc.ctx(trx, caller);
    let batch: Array<{ rowNumber: number; row: Record<string, unknown>; values: Record<string, unknown> }> = [];

    const flush = async () => {
      if (!batch.length) return;
      // Values already in the table, fetched once per batch rather than once per row.
      for (const f of uniqueFields) {
        const values = batch.map((b) => b.row[f.name]).filter((v) => v !== null && v !== undefined);
        if (!values.length) continue;
        let qb = trx.selectFrom(svc.def.table).select(f.name as any).where(f.name as any, 'in', values);
        if (svc.def.softDelete) qb = qb.where('delFlag', '=', 0);
        const taken = new Set((await qb.execute()).map((r: any) => String(r[f.name])));
        batch = batch.filter((b) => {
          if (!taken.has(String(b.row[f.name]))) return true;
          outcome.failed.push({ rowNumber: b.rowNumber, message: `${f.title}“${String(b.row[f.name])}”已存在`, values: b.values });
          return false;
        });
      }
      if (batch.length) {
        await trx.insertInto(svc.def.table).values(batch.map((b) => b.row)).execute();
        await svc.def.hooks?.afterImport?.(batch.map((b) => b.row), ctx);
        outcome.imported += batch.length;
      }
      batch = [];
    };

    for await (const r of sheet.rows) {
      outcome.total++;
      const values: Record<string, unknown> = {};
      columns.forEach((f, i) => {
        if (!f) return;
        let v = r.cells[i] ?? null;
        if (f.dictCode && v !== null) v = dicts.get(f.dictCode)?.get(String(v)) ?? v;
        values[f.name] = v;
      });
      const parsed = schema.safeParse(values);
      if (!parsed.success) {
        outcome.failed.push({ rowNumber: r.rowNumber, message: firstIssue(parsed.error), values });
        continue;
      }
      const row: Record<string, unknown> = { ...(parsed.data as Record<string, unknown>), id: newId() };
      for (const k of Object.keys(row)) if (!svc.def.fields.some((f) => f.name === k)) delete row[k];
      const dup = uniqueFields.find((f) => row[f.name] !== null && row[f.name] !== undefined && seen.get(f.name)!.has(String(row[f.name])));
      if (dup) {
        outcome.failed.push({ rowNumber: r.rowNumber, message: `${dup.title}“${String(row[dup.name])}”在文件中重复`, values });
        continue;
      }
      try {
        svc.stamp(row, ctx, 'import');
        await svc.def.hooks?.beforeSave?.(row, ctx, 'import');
      } catch (err) {
        if (!(err instanceof BizError)) throw err;
        outcome.failed.push({ rowNumber: r.rowNumber, message: err.message, values });
        continue;
      }
      for (const f of uniqueFields) if (row[f.name] !== null && row[f.name] !== undefined) seen.get(f.name)!.add(String(row[f.name]));
      batch.push({ rowNumber: r.rowNumber, row, values });
      if (batch.length >= IMPORT_BATCH) await flush();
    }
    await flush();
  });
  outcome.failed.sort((a, b) => a.rowNumber - b.rowNumber);
  return outcome;
}

/** The error report users download: their rows as they sent them, with the reason beside each. */
export function errorReport(svc: ResourceService, outcome: ImportOutcome): Promise<Buffer> {
  const cols: SheetColumn[] = [{ field: '__row', title: '行号' }, ...svc.def.fields.filter(isExcel).map((f) => ({ field: f.name, title: f.title })), { field: '__error', title: '错误信息' }];
  return xlsxBuffer(
    cols,
    outcome.failed.map((f) => ({ ...f.values, __row: f.rowNumber, __error: f.message })),
    '错误数据',
  );
}
