// Small input rules of spec/02 §5 and §4: number typing, tags, statistics, disabled rows, checkbox values.
import type { GridColumn, GridRow, StatisticsKind } from './types';

const NUMBER_TYPING = /^-?\d*\.?\d*$/;

/** Number inputs accept only an optional minus, digits and one decimal point; otherwise keep the old text. */
export function acceptNumberTyping(previous: string, next: string): string {
  return NUMBER_TYPING.test(next) ? next : previous;
}

/** On blur the text becomes a number, or empty when it is not one ('-', '.', ''). */
export function numberOnBlur(text: unknown): number | '' {
  if (typeof text === 'number') return Number.isFinite(text) ? text : '';
  const s = String(text ?? '').trim();
  if (s === '' || s === '-' || s === '.' || s === '-.') return '';
  const n = Number(s);
  return Number.isFinite(n) ? n : '';
}

/**
 * Tags input: semicolons removed, then a semicolon after every 2 characters. None is added at the very
 * end, so backspace can still delete a character ("abcd" -> "ab;cd", "abcde" -> "ab;cd;e").
 */
export function formatTags(text: string): string {
  return text.replace(/;/g, '').replace(/(.{2})(?=.)/gu, '$1;');
}

export interface ColumnStatistics {
  sum?: number;
  /** Shown with 2 decimals. */
  average?: string;
}

/** Sums the integer parts of the numeric values of a column; the average is over those values. */
export function columnStatistics(rows: readonly GridRow[], key: string, kinds: readonly StatisticsKind[]): ColumnStatistics {
  let sum = 0;
  let count = 0;
  for (const row of rows) {
    const v = row[key];
    if (v === '' || v === null || v === undefined || typeof v === 'boolean') continue;
    const n = Number(v);
    if (!Number.isFinite(n)) continue;
    sum += Math.trunc(n);
    count++;
  }
  const out: ColumnStatistics = {};
  if (kinds.includes('sum')) out.sum = sum;
  if (kinds.includes('average')) out.average = (count ? sum / count : 0).toFixed(2);
  return out;
}

/** disabledRows: { field: value | values } — a row matching any field cannot be selected. */
export function disabledRowMatcher(disabledRows: Record<string, unknown> | undefined): (row: GridRow) => boolean {
  const entries = Object.entries(disabledRows ?? {});
  if (!entries.length) return () => false;
  return (row) =>
    entries.some(([field, match]) => (Array.isArray(match) ? match.includes(row[field]) : row[field] === match));
}

export function checkboxValues(column: GridColumn): [unknown, unknown] {
  return column.customValue ?? [true, false];
}

/** Default value of a column for a new row. */
export function defaultCellValue(column: GridColumn): unknown {
  if (column.type === 'checkbox') {
    const [on, off] = checkboxValues(column);
    if (column.defaultValue !== undefined) return column.defaultValue;
    return column.defaultChecked ? on : off;
  }
  return column.defaultValue;
}

/** Columns that hold data (not the row-* helper columns). */
export const isRowHelperType = (type: string): boolean => type.startsWith('row-');
