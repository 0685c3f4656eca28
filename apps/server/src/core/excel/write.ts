import type ExcelJS from 'exceljs';
import { lazyRequire } from '../lazy-require';
import type { Writable } from 'node:stream';
import { escapeCell, formatDate } from './cells';
import { ZipStream } from './zip-stream';

const excel = lazyRequire<typeof ExcelJS>('exceljs');

export interface SheetColumn {
  /** Key of the row object. */
  field: string;
  /** Header text; import matches headers by this text. */
  title: string;
  width?: number;
}

/**
 * Streams rows into an .xlsx written to `out` (left open), a row at a time, so that a table of any size
 * never sits in memory: the sheet's XML is made here and deflated on zlib's thread pool as it goes, and
 * every write waits for `out` to drain (see ZipStream). Text cells that a spreadsheet program could take
 * for a formula are escaped (see escapeCell); numbers stay numbers. The header row is bold. Cells are
 * written as exceljs writes them (text as t="str"), which every reader of ours and Excel read.
 */
export async function writeXlsx(
  out: Writable,
  columns: SheetColumn[],
  rows: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>,
  sheetName = 'Sheet1',
): Promise<number> {
  const zip = new ZipStream(out);
  const name = xmlText(sheetTitle(sheetName));
  await zip.entry('[Content_Types].xml', [CONTENT_TYPES]);
  await zip.entry('_rels/.rels', [ROOT_RELS]);
  await zip.entry('xl/workbook.xml', [`${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`]);
  await zip.entry('xl/_rels/workbook.xml.rels', [WORKBOOK_RELS]);
  await zip.entry('xl/styles.xml', [STYLES]);
  let count = 0;
  const letters = columns.map((_, i) => columnLetters(i));
  async function* sheet() {
    const widths = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? Math.max(12, c.title.length * 2 + 4)}" customWidth="1"/>`).join('');
    let xml = `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">${columns.length ? `<cols>${widths}</cols>` : ''}<sheetData>`;
    xml += `<row r="1">${columns.map((c, i) => `<c r="${letters[i]}1" s="1" t="str"><v>${xmlText(c.title)}</v></c>`).join('')}</row>`;
    let n = 1;
    for await (const row of rows as AsyncIterable<Record<string, unknown>>) {
      n++;
      let line = `<row r="${n}">`;
      for (let i = 0; i < columns.length; i++) line += cellXml(`${letters[i]}${n}`, row[columns[i].field]);
      xml += line + '</row>';
      count++;
      if (xml.length >= PIECE) {
        yield xml;
        xml = '';
      }
    }
    yield xml + '</sheetData></worksheet>';
  }
  await zip.entry('xl/worksheets/sheet1.xml', sheet());
  await zip.finish();
  out.end();
  return count;
}

/** Characters of sheet XML handed to the compressor at a time. */
const PIECE = 64 * 1024;

function cellXml(ref: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : '';
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  const text = value instanceof Date ? formatDate(value) : String(escapeCell(value));
  return `<c r="${ref}" t="str"><v>${xmlText(text)}</v></c>`;
}

/** A, B, …, Z, AA, AB, … */
function columnLetters(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

// XML 1.0 allows no control characters but tab, line feed and carriage return: they are dropped
const XML_SPECIAL = /[<>&'"\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;
const ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };
const xmlText = (s: string) => s.replace(XML_SPECIAL, (c) => ENTITIES[c] ?? '');

/** A sheet's name: at most 31 characters, none of : \\ / ? * [ ] (Excel refuses the file otherwise). */
const sheetTitle = (s: string) => s.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CONTENT_TYPES =
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';
const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="${PKG_RELS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS =
  `${XML_HEAD}<Relationships xmlns="${PKG_RELS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>` +
  '</Relationships>';
// two cell formats: 0 plain, 1 bold (the header)
const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** A small workbook in memory; text cells escaped as in writeXlsx. */
export async function xlsxBuffer(columns: SheetColumn[], rows: Record<string, unknown>[], sheetName = 'Sheet1'): Promise<Buffer> {
  const workbook = new (excel().Workbook)();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ key: c.field, header: c.title, width: c.width ?? Math.max(12, c.title.length * 2 + 4) }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) sheet.addRow(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, escapeCell(v)])));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
