import ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import { escapeCell } from './cells';

export interface SheetColumn {
  /** Key of the row object. */
  field: string;
  /** Header text; import matches headers by this text. */
  title: string;
  width?: number;
}

/**
 * Streams rows into an .xlsx written to `out`, committing each row as it goes so that a table of any
 * size never sits in memory. Text cells that a spreadsheet program could take for a formula are
 * escaped (see escapeCell); numbers stay numbers.
 */
export async function writeXlsx(
  out: Writable,
  columns: SheetColumn[],
  rows: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>,
  sheetName = 'Sheet1',
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ key: c.field, header: c.title, width: c.width ?? Math.max(12, c.title.length * 2 + 4) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  for await (const row of rows as AsyncIterable<Record<string, unknown>>) {
    const values: Record<string, unknown> = {};
    for (const c of columns) {
      const v = row[c.field];
      values[c.field] = v === undefined ? null : escapeCell(v);
    }
    sheet.addRow(values).commit();
    count++;
  }
  sheet.commit();
  await workbook.commit();
  return count;
}

/** A small workbook in memory; text cells escaped as in writeXlsx. */
export async function xlsxBuffer(columns: SheetColumn[], rows: Record<string, unknown>[], sheetName = 'Sheet1'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ key: c.field, header: c.title, width: c.width ?? Math.max(12, c.title.length * 2 + 4) }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) sheet.addRow(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, escapeCell(v)])));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
