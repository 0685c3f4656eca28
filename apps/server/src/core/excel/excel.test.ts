import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createRequire } from 'node:module';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { readSpreadsheet, SpreadsheetError, writeXlsx, xlsxBuffer, type SheetRow } from './index';

const dir = mkdtempSync(join(tmpdir(), 'excel-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function collect(rows: AsyncIterable<SheetRow>) {
  const out: SheetRow[] = [];
  for await (const r of rows) out.push(r);
  return out;
}

const columns = [
  { field: 'username', title: '用户账号' },
  { field: 'realname', title: '用户姓名' },
  { field: 'age', title: '年龄' },
];

describe('spreadsheets', () => {
  it('reads no further rows than a slow download has taken, and then finishes it', async () => {
    // a download nobody reads: the writer must wait for it rather than read the whole table into memory
    const taken: Buffer[] = [];
    let open = false;
    const waiting: Array<() => void> = [];
    const out = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _enc, done) {
        taken.push(chunk);
        if (open) done();
        else waiting.push(done);
      },
    });
    let pulled = 0;
    async function* rows() {
      for (let i = 1; i <= 200_000; i++) {
        pulled++;
        yield { username: `u${i}`, realname: `用户${i}`, age: i };
      }
    }
    const writing = writeXlsx(out, columns, rows());
    // wait until the writer stops pulling rows (or has pulled them all)
    for (let last = -1, still = 0; still < 3 && pulled < 200_000; ) {
      await new Promise((r) => setTimeout(r, 100));
      still = pulled === last ? still + 1 : 0;
      last = pulled;
    }
    expect(pulled).toBeLessThan(50_000);
    open = true;
    waiting.splice(0).forEach((done) => done());
    expect(await writing).toBe(200_000);
    await finished(out);
    const path = join(dir, 'slow.xlsx');
    writeFileSync(path, Buffer.concat(taken));
    const sheet = await readSpreadsheet(path);
    const all = await collect(sheet.rows);
    expect(all).toHaveLength(200_000);
    expect(all[199_999]).toEqual({ rowNumber: 200_001, cells: ['u200000', '用户200000', 200_000] });
  });

  it('writes text with markup characters, control characters and a long sheet name that Excel accepts', async () => {
    const path = join(dir, 'odd.xlsx');
    const out = createWriteStream(path);
    await writeXlsx(out, columns, [{ username: '<a href="x">R&D\'s</a>', realname: 'tab\there\u0007bell', age: 1.5 }], '一个超过三十一个字符的工作表名称：含有冒号/斜杠?问号*星号[方括号]');
    await finished(out);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    expect(wb.worksheets[0].name.length).toBeLessThanOrEqual(31);
    expect(wb.worksheets[0].name).not.toMatch(/[:\\/?*[\]]/);
    const values = (wb.worksheets[0].getRow(2).values as unknown[]).slice(1);
    expect(values).toEqual(['<a href="x">R&D\'s</a>', 'tab\therebell', 1.5]);
  });

  it('writes a streamed .xlsx that reads back with its header and typed cells', async () => {
    const path = join(dir, 'users.xlsx');
    const out = createWriteStream(path);
    async function* rows() {
      for (let i = 1; i <= 2500; i++) yield { username: `u${i}`, realname: `用户${i}`, age: 20 + (i % 30) };
    }
    const count = await writeXlsx(out, columns, rows());
    await finished(out);
    expect(count).toBe(2500);
    const sheet = await readSpreadsheet(path);
    expect(sheet.header).toEqual(['用户账号', '用户姓名', '年龄']);
    const all = await collect(sheet.rows);
    expect(all).toHaveLength(2500);
    expect(all[0]).toEqual({ rowNumber: 2, cells: ['u1', '用户1', 21] });
    expect(all[2499].cells).toEqual(['u2500', '用户2500', 20 + (2500 % 30)]);
  });

  it('reads legacy .xls (in a worker) the same way', async () => {
    const XLSX = createRequire(import.meta.url)('xlsx');
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['用户账号', '用户姓名', '年龄'], ['zhang', '张三', 30], [null, null, null], ['li', '李四', 41]]), 'Sheet1');
    const path = join(dir, 'legacy.xls');
    writeFileSync(path, XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }));
    const sheet = await readSpreadsheet(path);
    expect(sheet.header).toEqual(['用户账号', '用户姓名', '年龄']);
    expect((await collect(sheet.rows)).map((r) => r.cells)).toEqual([
      ['zhang', '张三', 30],
      ['li', '李四', 41],
    ]);
  });

  it('refuses a file that is not a spreadsheet whatever its name says', async () => {
    const path = join(dir, 'fake.xlsx');
    writeFileSync(path, 'username,realname\nzhang,张三\n');
    await expect(readSpreadsheet(path)).rejects.toBeInstanceOf(SpreadsheetError);
  });

  it('refuses a broken zip posing as .xlsx with a clear message', async () => {
    const path = join(dir, 'broken.xlsx');
    writeFileSync(path, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]));
    await expect(readSpreadsheet(path).then((s) => collect(s.rows))).rejects.toThrow(/Excel/);
  });

  it('escapes text that a spreadsheet program could take for a formula; numbers stay numbers; reading undoes only that', async () => {
    const texts = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-3', '@SUM(A1:A2)', '\tcmd', '\rcmd', '\ncmd', "'quoted already", 'plain', 'a=b'];
    const cols = [
      { field: 'text', title: '文本' },
      { field: 'num', title: '数字' },
    ];
    const path = join(dir, 'formula.xlsx');
    const out = createWriteStream(path);
    await writeXlsx(out, cols, texts.map((text, i) => ({ text, num: i === 0 ? -5 : i })));
    await finished(out);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    const cells = wb.worksheets[0].getRows(2, texts.length)!.map((r) => [r.getCell(1), r.getCell(2)]);
    // (XML reads a carriage return back as a line feed)
    expect(cells.map(([c]) => c.value)).toEqual(["'=HYPERLINK(\"http://evil.example\",\"x\")", "'+1+2", "'-3", "'@SUM(A1:A2)", "'\tcmd", "'\ncmd", "'\ncmd", "'quoted already", 'plain', 'a=b']);
    expect(cells.every(([c]) => c.type === ExcelJS.ValueType.String)).toBe(true);
    expect(cells[0][1].value).toBe(-5);
    expect(cells[0][1].type).toBe(ExcelJS.ValueType.Number);

    // reading back: the added quote goes (text is trimmed as always); a quote of the user's own stays
    const back = (await collect((await readSpreadsheet(path)).rows)).map((r) => r.cells[0]);
    expect(back).toEqual(['=HYPERLINK("http://evil.example","x")', '+1+2', '-3', '@SUM(A1:A2)', 'cmd', 'cmd', 'cmd', "'quoted already", 'plain', 'a=b']);

    // the in-memory writer escapes the same way
    const mem = new ExcelJS.Workbook();
    await mem.xlsx.load((await xlsxBuffer(cols, [{ text: '=1+1', num: -1 }])) as any);
    expect((mem.worksheets[0].getRow(2).values as unknown[]).slice(1)).toEqual(["'=1+1", -1]);
  });

  it('stops the parsing worker of a file that is not read to the end', async () => {
    const path = join(dir, 'partial.xlsx');
    const out = createWriteStream(path);
    async function* rows() {
      for (let i = 1; i <= 5000; i++) yield { username: `p${i}`, realname: `部分${i}`, age: i };
    }
    await writeXlsx(out, columns, rows());
    await finished(out);
    const sheet = await readSpreadsheet(path);
    const first = await sheet.rows[Symbol.asyncIterator]().next();
    expect(first.value).toEqual({ rowNumber: 2, cells: ['p1', '部分1', 1] });
    await sheet.close();
    await sheet.close(); // twice is harmless
  });

  it('reads what other programs write: shared and rich strings, dates, booleans, formulas, gaps and blank rows', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('第一页');
    const ws = wb.worksheets[0];
    ws.addRow(['账号', '生日', '在职', '合计', '说明']);
    ws.addRow(['zhang', new Date(Date.UTC(1990, 4, 17)), true, { formula: '1+2', result: 3 }, { richText: [{ text: '富' }, { font: { bold: true }, text: '文本 & <标记>' }] }]);
    ws.addRow([]);
    ws.getCell('A4').value = 'gap';
    ws.getCell('E4').value = 'far';
    ws.getCell('B5').value = new Date(Date.UTC(2026, 10, 28, 8, 30, 0));
    ws.getCell('B5').numFmt = 'yyyy"年"m"月"d"日" hh:mm';
    ws.getCell('C5').value = 12.5;
    ws.getCell('C5').numFmt = '0.00"元"';
    wb.addWorksheet('第二页').addRow(['not read']);
    const path = join(dir, 'others.xlsx');
    writeFileSync(path, Buffer.from(await wb.xlsx.writeBuffer()));
    const sheet = await readSpreadsheet(path);
    expect(sheet.header).toEqual(['账号', '生日', '在职', '合计', '说明']);
    expect((await collect(sheet.rows)).map((r) => [r.rowNumber, r.cells])).toEqual([
      [2, ['zhang', '1990-05-17', 1, 3, '富文本 & <标记>']],
      [4, ['gap', null, null, null, 'far']],
      [5, [null, '2026-11-28 08:30:00', 12.5]],
    ]);
  });

  it('reads SheetJS files (inline or shared strings) and hand-made ones (namespace prefixes, stored parts, escapes)', async () => {
    const XLSX = createRequire(import.meta.url)('xlsx');
    for (const bookSST of [false, true]) {
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['用户账号', '年龄'], ['li', 41], ['wang', 7]]), 'S');
      const path = join(dir, `sheetjs-${bookSST}.xlsx`);
      writeFileSync(path, XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST }));
      const sheet = await readSpreadsheet(path);
      expect(sheet.header).toEqual(['用户账号', '年龄']);
      expect((await collect(sheet.rows)).map((r) => r.cells)).toEqual([['li', 41], ['wang', 7]]);
    }

    // a workbook as the OpenXML SDK writes it (x: prefixes), its parts stored without compression
    const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const parts: Record<string, string> = {
      '[Content_Types].xml': '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
      'xl/workbook.xml': `<x:workbook xmlns:x="${main}" xmlns:r="${rel}"><x:sheets><x:sheet name="数据" sheetId="7" r:id="R9"/></x:sheets></x:workbook>`,
      'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="R1" Type="${rel}/worksheet" Target="worksheets/other.xml"/><Relationship Id="R9" Type="${rel}/worksheet" Target="/xl/worksheets/data.xml"/></Relationships>`,
      'xl/worksheets/other.xml': `<x:worksheet xmlns:x="${main}"><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>wrong sheet</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`,
      'xl/worksheets/data.xml':
        `<x:worksheet xmlns:x="${main}"><x:sheetData>` +
        '<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>名称</x:t></x:is></x:c><x:c r="B1" t="inlineStr"><x:is><x:t>备注</x:t></x:is></x:c></x:row>' +
        '<x:row r="3"><x:c r="A3" t="inlineStr"><x:is><x:t xml:space="preserve">R&amp;D &lt;1&gt; &#x5B89;</x:t></x:is></x:c><x:c r="B3" t="str"><x:v>line_x000D_two &amp;amp;</x:v></x:c></x:row>' +
        '<x:row><x:c t="n"><x:v>1e3</x:v></x:c><x:c t="e"><x:v>#DIV/0!</x:v></x:c></x:row>' +
        '</x:sheetData></x:worksheet>',
    };
    const path = join(dir, 'prefixed.xlsx');
    writeFileSync(path, storedZip(parts));
    const sheet = await readSpreadsheet(path);
    expect(sheet.header).toEqual(['名称', '备注']);
    expect((await collect(sheet.rows)).map((r) => [r.rowNumber, r.cells])).toEqual([
      [3, ['R&D <1> 安', 'line\rtwo &amp;']],
      [4, [1000, null]],
    ]);
  });

  it('reads multi-byte text cut between two chunks of the sheet intact', async () => {
    // ~600 KB of three-byte characters: many chunk boundaries, nearly all of them inside a character
    const path = join(dir, 'chinese.xlsx');
    const out = createWriteStream(path);
    const text = (i: number) => `${'安全教育导入测试用户姓名'.repeat(5)}${i}`;
    async function* rows() {
      for (let i = 1; i <= 3000; i++) yield { username: `c${i}`, realname: text(i), age: i };
    }
    await writeXlsx(out, columns, rows());
    await finished(out);
    const all = await collect((await readSpreadsheet(path)).rows);
    expect(all).toHaveLength(3000);
    expect(all.filter((r) => r.cells[1] !== text(r.rowNumber - 1)).map((r) => r.cells[1])).toEqual([]);
  });
});

/** A zip of the given parts, stored without compression (as some writers do). */
function storedZip(parts: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(parts)) {
    const data = Buffer.from(text, 'utf8');
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(10, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(10, 4);
    central.writeUInt16LE(10, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(parts).length, 8);
  end.writeUInt16LE(Object.keys(parts).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}
