export { writeXlsx, xlsxBuffer, type SheetColumn } from './write';
export { readSpreadsheet, sniffSpreadsheet, SpreadsheetError, type SheetRow, type SpreadsheetReader } from './read';
export { cellToPlain, cellText, escapeCell } from './cells';
