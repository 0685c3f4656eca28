// Cell conversions shared by the main thread (through cells.ts) and the spreadsheet workers, which run as
// plain CommonJS so that they start the same under tsx, vitest and `npm start`.
'use strict';

/**
 * Formula injection (OWASP "CSV injection"): text that begins with = + - @, a tab or a carriage return may
 * be taken for a formula by a spreadsheet program. Exports prefix such text with a single quote. A line
 * feed counts too: XML reads a carriage return back as a line feed, and the rule must hold both ways.
 */
const FORMULA_START = /^[=+\-@\t\r\n]/;

/** The text as it goes into an exported cell; numbers, dates and empty cells pass unchanged. */
function escapeCell(value) {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * Text read from an imported cell: trimmed, and a leading quote followed by one of the characters above is
 * removed (it is what escapeCell added, so our own export imports back as it was). Any other leading quote
 * is kept: the rule is only "quote + formula character".
 */
function cellText(value) {
  let text = value.trim();
  if (text.length > 1 && text[0] === "'" && FORMULA_START.test(text.slice(1))) text = text.slice(1).trim();
  return text === '' ? null : text;
}

const pad = (n) => String(n).padStart(2, '0');

/** Spreadsheet dates carry no zone; exceljs reads them as UTC. */
function formatDate(d) {
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  if (d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0) return date;
  return `${date} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** Normalises an exceljs or SheetJS cell value to what a form would have typed: text, number or empty. */
function cellToPlain(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') return cellText(value);
  if (value instanceof Date) return formatDate(value);
  if (typeof value === 'object') {
    if (Array.isArray(value.richText)) return cellToPlain(value.richText.map((p) => (p && p.text) || '').join(''));
    if ('result' in value) return cellToPlain(value.result);
    if ('text' in value) return cellToPlain(value.text);
    if ('error' in value) return null;
  }
  return String(value);
}

module.exports = { cellToPlain, cellText, escapeCell, formatDate };
