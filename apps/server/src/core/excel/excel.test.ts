import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { readSpreadsheet, SpreadsheetError, writeXlsx, type SheetRow } from './index';

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
});
