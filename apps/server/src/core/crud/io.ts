import { sql, type Kysely } from 'kysely';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { applyFilters, keysetBatches, makeCondition, type Condition } from '../query';
import { readSpreadsheet, writeXlsx, type SheetColumn } from '../excel';
import { newId } from '../db/time';
import { insertMany, isUniqueViolation, uniqueViolationOf } from '../db';
import { snakeCase } from '../db/names';
import { ResourceError } from './errors';
import { BizError } from '../errors';
import { firstIssue, inputSchema, isExcel } from './input';
import { withImportSink, type AfterImport, type LinkTargets, type RefusedRow } from './import-sink';
import { uniqueValueFilters } from './unique-values';
import type { Caller, ResourceService } from './service';
import type { ExcelLinkTarget, RequestContext, ResourceField } from './types';

const EXPORT_BATCH = 2000;
const IMPORT_BATCH = 1000;

/** The record key that carries a link's names in exports and error reports. */
const linkKey = (i: number) => `__link${i}`;

export function excelColumns(svc: ResourceService): SheetColumn[] {
  return [
    ...svc.def.fields.filter(isExcel).map((f) => ({ field: f.dictCode ? `${f.name}_dictText` : f.name, title: f.title })),
    ...(svc.def.excelLinks ?? []).map((l, i) => ({ field: linkKey(i), title: l.title })),
  ];
}

/** Splits a cell of names: commas (either width), 、 or new lines; only new lines when `onePerLine`. */
function splitNames(cell: unknown, onePerLine = false): string[] {
  if (cell === null || cell === undefined) return [];
  return [...new Set(String(cell).split(onePerLine ? /\r?\n/ : /[,，、\n]/).map((n) => n.trim()).filter(Boolean))];
}

async function addLinkNames(db: Kysely<any>, svc: ResourceService, batch: Record<string, unknown>[]) {
  const links = svc.def.excelLinks ?? [];
  if (!links.length || !batch.length) return;
  const ids = batch.map((r) => String(r.id));
  for (const [i, link] of links.entries()) {
    const names = await link.names(db, ids);
    for (const r of batch) r[linkKey(i)] = (names.get(String(r.id)) ?? []).join(link.onePerLine ? '\n' : ',');
  }
}

/** Streams the filtered list (or the selected rows) into an .xlsx, a batch at a time. */
export async function exportResource(db: Kysely<any>, svc: ResourceService, caller: Caller, params: Record<string, unknown>, out: Writable) {
  const q = svc.parse(params);
  const extra: Condition[] = [];
  const selections = typeof params.selections === 'string' ? params.selections.split(',').filter(Boolean) : [];
  if (selections.length) extra.push(makeCondition(svc.def.fields.find((f) => f.name === 'id') ?? { name: 'id', type: 'string' }, 'in', selections));
  const base = applyFilters(await svc.scoped(db, caller), svc.def.fields, { filters: [...q.filters, ...extra], superQuery: q.superQuery });
  // The next batch is read and decorated while this one is written out: the database works while Node
  // makes the sheet (one after the other, each waited for the other a third of the time).
  const batches = keysetBatches(base, q.sort, EXPORT_BATCH);
  const readNext = async () => {
    const next = await batches.next();
    if (next.done) return undefined;
    await svc.decorate(db, caller, next.value);
    await addLinkNames(db, svc, next.value);
    return next.value;
  };
  async function* rows() {
    let ahead = readNext();
    try {
      for (;;) {
        const batch = await ahead;
        if (!batch) return;
        ahead = readNext();
        // a failure of the batch ahead is met when it is awaited, not unhandled meanwhile
        ahead.catch(() => {});
        yield* batch;
      }
    } finally {
      // the sheet stopped early (the client went away): the read ahead ends before the batches do
      await ahead.catch(() => undefined);
      await batches.return(undefined);
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

/** Inserts rows of one table for a hook: at once where the import offers it (ctx.bulkInsert), else in chunks. */
export async function insertRows(ctx: RequestContext, table: string, rows: Record<string, unknown>[]): Promise<void> {
  if (ctx.bulkInsert) return ctx.bulkInsert(table, rows);
  // every database binds at least 30,000 values in one statement; insertMany gives a left-out column its
  // default, and sends PostgreSQL a chunk as one JSON value
  const per = Math.max(1, Math.floor(30_000 / Math.max(1, Object.keys(rows[0] ?? {}).length)));
  for (let i = 0; i < rows.length; i += per) await insertMany(ctx.db, table, rows.slice(i, i + per));
}

/** A row none of whose unique values needs looking up. */
const NO_FIELDS: ResourceField[] = [];

/** Lets other requests run: resolves on a later turn of the event loop, after pending I/O. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Longest stretch of import work between two turns given to other requests. */
const SLICE_MS = 3;
/** Chunks of an import read, checked and built while the one before them is written. */
const WRITE_AHEAD = 3;

/**
 * Imports a spreadsheet: every row is validated, the valid rows are written all or nothing (a failure
 * midway, or a server killed midway, leaves the table as it was) and the invalid ones are reported with
 * their reasons. It never holds the server: the file is parsed in a worker thread (readSpreadsheet), the
 * rows are checked in slices of at most SLICE_MS with a turn of the event loop between them, and written
 * a chunk at a time through an ImportSink (see import-sink.ts for how each dialect keeps that atomic).
 */
export async function importResource(db: Kysely<any>, svc: ResourceService, caller: Caller, filePath: string): Promise<ImportOutcome> {
  const sheet = await readSpreadsheet(filePath);
  try {
    const fields = svc.def.fields.filter(isExcel);
    const byHeader = new Map<string, (typeof fields)[number]>();
    for (const f of fields) {
      byHeader.set(f.title, f);
      byHeader.set(f.name, f);
    }
    const columns = sheet.header.map((h) => byHeader.get(h));
    const links = svc.def.excelLinks ?? [];
    const linkColumns = links.map((l) => sheet.header.indexOf(l.title));
    // name → what it stands for, per link, asked once per import
    const resolved = links.map(() => new Map<string, ExcelLinkTarget | { error: string }>());
    const missing = fields.filter((f) => f.required && !columns.includes(f));
    if (missing.length) throw new ResourceError(`Excel 缺少必填列：${missing.map((f) => f.title).join('、')}`);
    const dicts = await dictValueMaps(db, fields.filter((f) => f.dictCode).map((f) => f.dictCode!));
    const schema = inputSchema(svc.def, 'add');
    const uniqueFields = svc.def.fields.filter((f) => f.unique);
    const outcome: ImportOutcome = { total: 0, imported: 0, failed: [] };

    // the row as sent (dictionary texts, link names), for the error report: made for refused rows only
    const asSent = (cells: unknown[]) => {
      const sent: Record<string, unknown> = {};
      columns.forEach((f, i) => {
        if (f) sent[f.name] = cells[i] ?? null;
      });
      linkColumns.forEach((col, i) => {
        if (col >= 0) sent[linkKey(i)] = cells[col] ?? null;
      });
      return sent;
    };
    const refusal = (f: ResourceField, row: Record<string, unknown>, reason: RefusedRow['reason']) => {
      const v = String(row[f.name]);
      return reason === 'repeat' ? `${f.title}“${v}”在文件中重复` : reason === 'bin' ? `${f.title}“${v}”已被回收站中的${svc.def.label}占用` : `${f.title}“${v}”已存在`;
    };
    // a value someone else wrote after the chunk's check (the database's unique index refused the chunk)
    const takenMeanwhile = (err: unknown) => {
      const taken = uniqueViolationOf(err);
      // PostgreSQL names the column; MySQL/MariaDB the index, uniq_<table>_<column>
      const f = taken && uniqueFields.find((u) => (taken.columns ? taken.columns === snakeCase(u.name) : taken.index!.endsWith(`_${snakeCase(u.name)}`)));
      return new ResourceError(f ? `${f.title}“${taken!.value}”在导入期间已被占用，本次导入未写入任何数据，请重新导入` : '有数据在导入期间已被占用，本次导入未写入任何数据，请重新导入', 409);
    };
    const ctx: RequestContext = { ...svc.ctx(db, caller), importState: new Map() };
    const afterImport: AfterImport = async (rows, targets, wdb, bulkInsert) => {
      const wctx: RequestContext = { ...ctx, db: wdb, bulkInsert };
      await svc.def.hooks?.afterImport?.(rows, wctx);
      for (const [i, link] of links.entries()) {
        // a row whose file had no such column keeps no links of that kind; an empty cell means none
        const pairs = rows.flatMap((r, n) => {
          const ids = targets[n]?.[i];
          return ids?.length ? [{ id: String(r.id), targets: ids }] : [];
        });
        if (pairs.length) await link.write(wctx, pairs);
      }
    };
    await withImportSink(db, svc.def, afterImport, async (sink) => {
      ctx.db = sink.db;
      // Where unique values compare exactly: the values the table held when the import began and those of
      // the rows taken since, as filters. A row's value they have certainly not met is looked up in
      // nobody's table: an import into an empty table asks the database nothing before it writes.
      const mayBeHeld = sink.exactUniques ? await uniqueValueFilters(sink.db, svc.def, uniqueFields) : undefined;
      // Values of the unique fields seen in the file: all of them where neither the sink (the SQLite stage)
      // nor the unique check (ownRow, PostgreSQL) finds a repeat; else this chunk's, and those of the chunks
      // not written yet (a chunk is checked before the chunks ahead of it are written)
      const freshValues = () => new Map(uniqueFields.map((f) => [f.name, new Set<string>()]));
      // Where the filters are kept, no sets: a value they have certainly not met repeats no earlier row,
      // and one they perhaps met is looked for in the rows not written yet (pendingHolds) and, with the
      // chunk's lookup, in the rows written (about 3 µs a row less of the server's thread than the sets)
      let seen = sink.staged || mayBeHeld ? undefined : freshValues();
      // the values of the chunks handed to the sink and not written yet (at most WRITE_AHEAD + 1): a set per
      // chunk and field, looked up in each, which costs less than counting every value in and out of one map
      const unwritten: Array<Map<string, Set<string>>> = [];
      const wholeFile = !sink.ownRow;
      // lookUp: the unique fields whose values the table may hold (all of them when undefined)
      type Pending = { rowNumber: number; row: Record<string, unknown>; cells: unknown[]; targets: LinkTargets; lookUp?: ResourceField[] };
      let batch: Pending[] = [];
      // the chunks handed to the sink and not written yet, where the filters are kept
      const unwrittenRows: Pending[][] = [];
      const pendingHolds = (name: string, value: string) => {
        for (const chunk of [batch, ...unwrittenRows]) {
          for (const b of chunk) {
            const v = b.row[name];
            if (v !== null && v !== undefined && String(v) === value) return true;
          }
        }
        return false;
      };
      let sliceStart = performance.now();
      // chunks being written, in order: the next rows are read and checked while one is written
      const writing: Array<Promise<void>> = [];

      // Values already in the table, fetched once per chunk rather than once per row (the SQLite stage
      // checks them itself, on its own thread).
      const withoutTaken = async (chunk: Pending[]) => {
        if (sink.staged) return chunk;
        const asked = uniqueFields.flatMap((f) => {
          const values = chunk.flatMap((b) => {
            const v = b.row[f.name];
            return v === null || v === undefined || (b.lookUp && !b.lookUp.includes(f)) ? [] : [v];
          });
          return values.length ? [{ f, values }] : [];
        });
        if (!asked.length) return chunk;
        // one query for every unique field (a round trip fewer per field, per chunk): each part selects its
        // field's value in a column of its own, null in the others', so no part casts its column's type
        const parts = asked.map(({ f, values }, i) => {
          let qb = sink.db.selectFrom(svc.def.table).select(asked.map(({ f: g }, j) => (i === j ? sql.ref(g.name) : sql`null`).as(`importValue${j}`)));
          qb = qb.where(f.name as any, 'in', values);
          if (svc.def.softDelete && svc.def.uniqueAcrossBin) qb = qb.select('delFlag');
          else qb = qb.select(sql`0`.as('delFlag'));
          if (svc.def.softDelete && !svc.def.uniqueAcrossBin) qb = qb.where('delFlag', '=', 0);
          return qb.select(sink.ownRow ? sink.ownRow.as('importOwn') : sql`0`.as('importOwn'));
        });
        const found = await parts.slice(1).reduce((q, p) => q.unionAll(p), parts[0]).execute();
        const taken = asked.map(() => new Map<string, RefusedRow['reason']>());
        for (const r of found as Array<Record<string, unknown>>) {
          const j = asked.findIndex((_, k) => r[`importValue${k}`] !== null && r[`importValue${k}`] !== undefined);
          if (j >= 0) taken[j].set(String(r[`importValue${j}`]), Number(r.importOwn) ? 'repeat' : Number(r.delFlag ?? 0) !== 0 ? 'bin' : 'taken');
        }
        return chunk.filter((b) => {
          for (const [j, { f }] of asked.entries()) {
            const reason = taken[j].get(String(b.row[f.name]));
            if (reason === undefined) continue;
            outcome.failed.push({ rowNumber: b.rowNumber, message: refusal(f, b.row, reason), values: asSent(b.cells) });
            return false;
          }
          return true;
        });
      };

      // A chunk's check is asked at once, and its statement built from the rows it keeps, while the chunk
      // before is written: the connection does not wait on Node between chunks. Written after that chunk.
      let preparing: Promise<unknown> = Promise.resolve();
      const write = async (chunk: Pending[], before: Promise<void> | undefined) => {
        const written = await withoutTaken(chunk);
        const rows = written.map((b) => b.row);
        const targets = written.map((b) => b.targets);
        // built one chunk after the other, so a resource's hooks see the chunks in order, one at a time
        const prepared = written.length && sink.prepare ? preparing.then(() => sink.prepare!(rows, targets)) : undefined;
        if (prepared) preparing = prepared.catch(() => {});
        await before;
        if (!written.length) return;
        let refused: RefusedRow[];
        try {
          refused = await sink.write(rows, targets, prepared);
        } catch (err) {
          throw isUniqueViolation(err) ? takenMeanwhile(err) : err;
        }
        for (const { index, field, reason } of refused) {
          const b = written[index];
          outcome.failed.push({ rowNumber: b.rowNumber, message: refusal(uniqueFields.find((u) => u.name === field)!, b.row, reason), values: asSent(b.cells) });
        }
        outcome.imported += written.length - refused.length;
      };

      const flush = async () => {
        if (!batch.length) return;
        const chunk = batch;
        batch = [];
        // the stage takes writes in order itself
        let done = write(chunk, sink.staged ? undefined : writing.at(-1));
        if (!wholeFile && seen) {
          const values = seen;
          unwritten.push(values);
          seen = freshValues();
          done = done.finally(() => unwritten.splice(unwritten.indexOf(values), 1));
        } else if (mayBeHeld) {
          unwrittenRows.push(chunk);
          done = done.finally(() => unwrittenRows.splice(unwrittenRows.indexOf(chunk), 1));
        }
        done.catch(() => {});
        writing.push(done);
        // a few chunks checked and built ahead of the one being written
        if (writing.length > WRITE_AHEAD) await writing.shift();
        await nextTurn();
        sliceStart = performance.now();
      };

      try {
        for await (const r of sheet.rows) {
          if (performance.now() - sliceStart >= SLICE_MS) {
            await nextTurn();
            sliceStart = performance.now();
          }
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
            outcome.failed.push({ rowNumber: r.rowNumber, message: firstIssue(parsed.error), values: asSent(r.cells) });
            continue;
          }
          const targets: LinkTargets = [];
          // columns the row takes from its links' first targets (a user's login department)
          const fromLinks: Record<string, unknown> = {};
          let linkError: string | undefined;
          for (const [i, link] of links.entries()) {
            if (linkColumns[i] < 0) continue;
            const names = splitNames(r.cells[linkColumns[i]], link.onePerLine);
            const unknown = names.filter((n) => !resolved[i].has(n));
            if (unknown.length) for (const [n, v] of await link.lookup(ctx, unknown)) resolved[i].set(n, v);
            const found = names.map((n) => resolved[i].get(n) ?? { error: `${link.title}“${n}”不存在` });
            const bad = found.find((x): x is { error: string } => 'error' in x);
            if (bad) {
              linkError = bad.error;
              break;
            }
            const ok = found as ExcelLinkTarget[];
            targets[i] = ok.map((x) => x.id);
            Object.assign(fromLinks, ok[0]?.rowValues);
          }
          if (linkError) {
            outcome.failed.push({ rowNumber: r.rowNumber, message: linkError, values: asSent(r.cells) });
            continue;
          }
          // the table's columns only (not extraInput's), built without deletes: a million rows
          const row: Record<string, unknown> = {};
          const data = parsed.data as Record<string, unknown>;
          for (const k in data) if (svc.fieldNames.has(k)) row[k] = data[k];
          row.id = newId();
          Object.assign(row, fromLinks);
          const current = seen;
          let lookUp: ResourceField[] | undefined = mayBeHeld ? NO_FIELDS : undefined;
          let dup: ResourceField | undefined;
          if (mayBeHeld) {
            for (const f of uniqueFields) {
              if (row[f.name] === null || row[f.name] === undefined) continue;
              const v = String(row[f.name]);
              if (!mayBeHeld.get(f.name)!.met(v)) continue;
              if (pendingHolds(f.name, v)) {
                dup = f;
                break;
              }
              lookUp = [...lookUp!, f];
            }
          } else if (current) {
            dup = uniqueFields.find((f) => {
              if (row[f.name] === null || row[f.name] === undefined) return false;
              const v = String(row[f.name]);
              if (current.get(f.name)!.has(v)) return true;
              for (const chunk of unwritten) if (chunk.get(f.name)!.has(v)) return true;
              return false;
            });
          }
          if (dup) {
            outcome.failed.push({ rowNumber: r.rowNumber, message: refusal(dup, row, 'repeat'), values: asSent(r.cells) });
            continue;
          }
          try {
            svc.stamp(row, ctx, 'import');
            await svc.def.hooks?.beforeSave?.(row, ctx, 'import');
            await svc.def.hooks?.checkImportRow?.(row, targets, ctx);
          } catch (err) {
            if (!(err instanceof BizError)) throw err;
            outcome.failed.push({ rowNumber: r.rowNumber, message: err.message, values: asSent(r.cells) });
            continue;
          }
          if (seen) {
            for (const f of uniqueFields) {
              if (row[f.name] !== null && row[f.name] !== undefined) seen.get(f.name)!.add(String(row[f.name]));
            }
          }
          batch.push({ rowNumber: r.rowNumber, row, cells: r.cells, targets, lookUp });
          if (batch.length >= IMPORT_BATCH) await flush();
        }
        await flush();
      } catch (err) {
        // a chunk still being written ends inside the transaction, before it rolls back (else its
        // statements would run on the connection after the rollback, each committing by itself)
        const settled = await Promise.allSettled(writing);
        // the cause, not a statement refused after it because the transaction had failed (25P02)
        const failures = [err, ...settled.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []))];
        throw failures.find((e) => (e as { code?: unknown } | null)?.code !== '25P02') ?? err;
      }
      for (const w of writing) await w;
    });
    outcome.failed.sort((a, b) => a.rowNumber - b.rowNumber);
    return outcome;
  } finally {
    await sheet.close();
  }
}

/**
 * The error report users download: their rows as they sent them, with the reason beside each. Written as
 * a stream with a turn of the event loop every IMPORT_BATCH rows, so a report of many rows does not hold
 * the server either.
 */
export async function errorReport(svc: ResourceService, outcome: ImportOutcome): Promise<Buffer> {
  const cols: SheetColumn[] = [
    { field: '__row', title: '行号' },
    ...svc.def.fields.filter(isExcel).map((f) => ({ field: f.name, title: f.title })),
    ...(svc.def.excelLinks ?? []).map((l, i) => ({ field: linkKey(i), title: l.title })),
    { field: '__error', title: '错误信息' },
  ];
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  async function* rows() {
    for (let i = 0; i < outcome.failed.length; i++) {
      if (i && i % IMPORT_BATCH === 0) await nextTurn();
      const f = outcome.failed[i];
      yield { ...f.values, __row: f.rowNumber, __error: f.message };
    }
  }
  await writeXlsx(out, cols, rows(), '错误数据');
  await finished(out);
  return Buffer.concat(chunks);
}
