import { createRequire } from 'node:module';

// The conversions live in cells.cjs so that the worker threads (plain CommonJS) use the very same code.
const cells = createRequire(import.meta.url)('./cells.cjs') as {
  cellToPlain(value: unknown): string | number | null;
  cellText(value: string): string | null;
  escapeCell<T>(value: T): T | string;
  formatDate(d: Date): string;
};

/** Normalises an exceljs or SheetJS cell value to what a form would have typed: text, number or empty. */
export const cellToPlain = cells.cellToPlain;
/** Imported text: trimmed, empty → null, the quote an export put before a formula character removed. */
export const cellText = cells.cellText;
/** Exported value: text beginning with = + - @, tab, carriage return or line feed gets a leading `'` (formula injection). */
export const escapeCell = cells.escapeCell;
/** Spreadsheet dates carry no zone; exceljs reads them as UTC. */
export const formatDate = cells.formatDate;
