/** Normalises an exceljs or SheetJS cell value to what a form would have typed: text, number or empty. */
export function cellToPlain(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (value instanceof Date) return formatDate(value);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return cellToPlain(v.richText.map((p: { text?: string }) => p.text ?? '').join(''));
    if ('result' in v) return cellToPlain(v.result);
    if ('text' in v) return cellToPlain(v.text);
    if ('error' in v) return null;
  }
  return String(value);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Spreadsheet dates carry no zone; exceljs reads them as UTC. */
export function formatDate(d: Date): string {
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  if (d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0) return date;
  return `${date} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
