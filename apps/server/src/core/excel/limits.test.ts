import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, login, type TestApp } from '../../../test/helpers/test-app';
import { readSpreadsheet, SPREADSHEET_LIMITS, type SpreadsheetLimits } from './read';

// Crafted spreadsheets (zip bombs, cell bombs, broken archives) are refused within the reader's limits,
// in a worker, while the server keeps answering; a normal file still imports. The files are made here.

const dir = mkdtempSync(join(tmpdir(), 'excel-limits-'));
let t: TestApp;
let admin: string;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  // the light calls go through the real listener, as a browser's would, so they wait for the event loop
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const MiB = 1024 * 1024;
const NO_RATIO: Partial<SpreadsheetLimits> = { inflateRatio: Number.MAX_SAFE_INTEGER };

interface Part {
  name: string;
  data: Buffer | string;
  /** The inflated size the directory states, when it should lie. */
  statedSize?: number;
}

/** A zip of deflated parts, with the sizes each part's directory entry states. */
function zip(parts: Part[]): { file: Buffer; directoryAt: number } {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const data = typeof p.data === 'string' ? Buffer.from(p.data) : p.data;
    const name = Buffer.from(p.name);
    const packed = deflateRawSync(data, { level: 9 });
    const size = p.statedSize ?? data.length;
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(8, 8);
    h.writeUInt32LE(crc32(data), 14);
    h.writeUInt32LE(packed.length, 18);
    h.writeUInt32LE(size, 22);
    h.writeUInt16LE(name.length, 26);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(8, 10);
    c.writeUInt32LE(crc32(data), 16);
    c.writeUInt32LE(packed.length, 20);
    c.writeUInt32LE(size, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offset, 42);
    local.push(h, name, packed);
    central.push(c, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return { file: Buffer.concat([...local, directory, end]), directoryAt: offset };
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const rowXml = (cells: Array<string | number>, r?: number) =>
  `<row${r ? ` r="${r}"` : ''}>${cells.map((v) => (typeof v === 'number' ? `<c><v>${v}</v></c>` : `<c t="str"><v>${escape(v)}</v></c>`)).join('')}</row>`;
const sheet = (rowsXml: string) => `<?xml version="1.0"?><worksheet ${NS}><sheetData>${rowsXml}</sheetData></worksheet>`;

/** A shared-strings part holding one string of `bytes` characters, and a sheet that uses it. */
function sharedStringBomb(bytes: number, sheetXml = sheet(`<row><c t="s"><v>0</v></c></row>`)): Part[] {
  const head = `<?xml version="1.0"?><sst ${NS}><si><t>`;
  const tail = '</t></si></sst>';
  const sst = Buffer.alloc(bytes, 'a');
  sst.write(head, 0);
  sst.write(tail, bytes - tail.length);
  return [
    { name: 'xl/worksheets/sheet1.xml', data: sheetXml },
    { name: 'xl/sharedStrings.xml', data: sst },
  ];
}

let files = 0;
function saved(file: Buffer): string {
  const path = join(dir, `crafted-${++files}.xlsx`);
  writeFileSync(path, file);
  return path;
}

/** Reads a whole file as an import would; answers the error it was refused with, if any. */
async function refusal(file: Buffer, limits?: Partial<SpreadsheetLimits>): Promise<string | undefined> {
  try {
    const sheet = await readSpreadsheet(saved(file), { limits });
    for await (const _ of sheet.rows);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

const normal = zip([{ name: 'xl/worksheets/sheet1.xml', data: sheet(rowXml(['姓名', '年龄']) + rowXml(['张三', 12])) }]).file;

async function readsNormally() {
  const sheet = await readSpreadsheet(saved(normal));
  const rows = [];
  for await (const r of sheet.rows) rows.push(r.cells);
  expect([sheet.header, rows]).toEqual([['姓名', '年龄'], [['张三', 12]]]);
}

describe('crafted spreadsheets are refused within the limits', () => {
  it('a shared-strings part that inflates to 32 MB from a small file (the inflate ratio; past the 50 MB cap)', async () => {
    const { file } = zip(sharedStringBomb(32 * MiB));
    expect(file.length).toBeLessThan(64 * 1024);
    expect(await refusal(file)).toBe(`Excel 文件过大：xl/sharedStrings.xml 解压后超过压缩大小的 ${SPREADSHEET_LIMITS.inflateRatio} 倍`);
    // without the ratio guard, the part's cap: a 64 MB part is refused before a byte of it is inflated
    const big = zip(sharedStringBomb(64 * MiB)).file;
    expect(await refusal(big, NO_RATIO)).toBe('Excel 文件过大：xl/sharedStrings.xml 解压后超过 50MB');
    // and within every cap but one cell's length, the one-pass reader gets through 32 MB of one string
    expect(await refusal(file, NO_RATIO)).toBe(`Excel 文件过大：单元格文字超过 ${SPREADSHEET_LIMITS.cellChars} 个字符`);
    await readsNormally();
  });

  it('a cell bomb: millions of tiny cells, a row wider than Excel allows, a shared string repeated by many cells', async () => {
    const tiny = '<row>' + '<c><v>1</v></c>'.repeat(20) + '</row>';
    const bomb = zip([{ name: 'xl/worksheets/sheet1.xml', data: sheet(tiny.repeat(200_000)) }]).file;
    expect(bomb.length).toBeLessThan(1 * MiB);
    expect(await refusal(bomb)).toBe(`Excel 文件过大：xl/worksheets/sheet1.xml 解压后超过压缩大小的 ${SPREADSHEET_LIMITS.inflateRatio} 倍`);
    // the same cells read one by one until the count passes its cap
    expect(await refusal(bomb, { ...NO_RATIO, cells: 1_000_000 })).toBe('Excel 文件过大：超过 1000000 个单元格');
    const rows = zip([{ name: 'xl/worksheets/sheet1.xml', data: sheet('<row/>'.repeat(100_000)) }]).file;
    expect(await refusal(rows, { ...NO_RATIO, rows: 50_000 })).toBe('Excel 文件过大：超过 50000 行');
    const wide = zip([{ name: 'xl/worksheets/sheet1.xml', data: sheet('<row><c r="A1"><v>1</v></c><c r="XFE1"><v>1</v></c></row>') }]).file;
    expect(await refusal(wide)).toBe('Excel 文件过大：超过 16384 列');
    // 20 bytes of sheet per cell, 100,000 characters handed on per cell
    const repeated = zip(sharedStringBomb(100_000, sheet(('<row>' + '<c t="s"><v>0</v></c>'.repeat(100) + '</row>').repeat(100)))).file;
    expect(await refusal(repeated, { textChars: 50_000_000 })).toBe('Excel 文件过大：文字超过 50000000 个字符');
    await readsNormally();
  });

  it('a malformed archive: a truncated directory, sizes that lie, a part claiming 2 GB, markup that never ends', async () => {
    const { file, directoryAt } = zip([{ name: 'xl/worksheets/sheet1.xml', data: sheet(rowXml(['a'])) }]);
    // the directory cut short, its end record kept
    const cut = Buffer.concat([file.subarray(0, directoryAt + 20), file.subarray(file.length - 22)]);
    expect(await refusal(cut)).toBe('Excel 文件无法读取: zip 目录损坏');
    // no end record at all
    expect(await refusal(file.subarray(0, file.length - 10))).toBe('Excel 文件无法读取: 不是有效的 zip 文件');
    // a part inflating to more than its entry says
    const lying = zip([{ name: 'xl/worksheets/sheet1.xml', data: sheet(rowXml(['a']).repeat(50_000)), statedSize: 4096 }]).file;
    expect(await refusal(lying)).toBe('Excel 文件无法读取: zip 条目大小与目录不符');
    // a part claiming 2 GB: refused before it is inflated
    const claiming = zip([{ name: 'xl/worksheets/sheet1.xml', data: sheet(rowXml(['a'])), statedSize: 2 ** 31 }]).file;
    expect(await refusal(claiming)).toBe('Excel 文件过大：xl/worksheets/sheet1.xml 解压后超过 1024MB');
    // a compressed size reaching past the end of the file
    const past = Buffer.from(claiming);
    past.writeUInt32LE(0x7fffffff, past.length - 22 - 46 - 'xl/worksheets/sheet1.xml'.length + 20);
    expect(await refusal(past)).toBe('Excel 文件无法读取: zip 目录损坏');
    // a tag that never closes (a backtracking pattern would take quadratic time over it)
    const open = zip([{ name: 'xl/worksheets/sheet1.xml', data: sheet('<row>' + '<c<c '.repeat(1_000_000)) }]).file;
    expect(await refusal(open, NO_RATIO)).toBe('Excel 文件无法读取: XML 标记过长');
    await readsNormally();
  });

  it('a legacy .xls whose range claims the whole sheet: refused by its cell count before its rows are made', async () => {
    const XLSX = createRequire(import.meta.url)('xlsx');
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['姓名'], ['张三']]), 'Sheet1');
    const xls = XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    // the sheet's DIMENSIONS record (type 0x0200, 14 bytes) made to say 65,536 rows by 256 columns
    const at = xls.indexOf(Buffer.from([0x00, 0x02, 0x0e, 0x00]));
    xls.writeUInt32LE(65536, at + 8);
    xls.writeUInt16LE(256, at + 14);
    expect(await refusal(xls, { cells: 1_000_000 })).toBe('Excel 文件过大：超过 1000000 个单元格');
    expect(await refusal(xls, { rows: 1000 })).toBe('Excel 文件过大：超过 1000 行');
    await readsNormally();
  });

  it('a reader busy past its time is ended; the next file has a fresh one', async () => {
    const tiny = '<row>' + '<c><v>1</v></c>'.repeat(20) + '</row>';
    const bomb = zip([{ name: 'xl/worksheets/sheet1.xml', data: sheet(tiny.repeat(200_000)) }]).file;
    expect(await refusal(bomb, { ...NO_RATIO, busyMs: 50 })).toBe('Excel 文件解析超时（超过 0.05 秒）');
    await readsNormally();
  });
});

function upload(url: string, file: Buffer, filename: string) {
  const boundary = '----anxue' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { ...auth(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** Sends the import and, until it answers, light calls one after another; answers both outcomes. */
async function importWhileCalling(send: () => ReturnType<typeof upload>) {
  let finished = false;
  const heavy = send().finally(() => (finished = true));
  let answeredMeanwhile = 0;
  while (!finished) {
    const light = await fetch(`${base}/api/health`);
    expect(await light.json()).toMatchObject({ success: true });
    if (!finished) answeredMeanwhile++;
  }
  return { res: await heavy, answeredMeanwhile };
}

const count = async (table: 'sysUser' | 'stuQuestion') => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('imports of crafted files through the real routes', () => {
  const USER_HEADER = ['用户账号', '用户姓名', '工号', '性别', '手机号码', '电子邮件'];
  const user = (i: number) => [`lim_${i}`, `限${i}`, `LW${i}`, i % 2 ? '男' : '女', `136${String(i).padStart(8, '0')}`, `lim${i}@example.com`];

  it('the question import refuses a shared-strings bomb in the envelope, writes nothing, and the server answers meanwhile', async () => {
    const header = ['题型', '题干', '选项A', '选项B', '答案', '分值'];
    const sheetXml = sheet(rowXml(header) + rowXml(['单选题', '炸弹：会写入吗', '会', '不会', 'B', 5]) + '<row><c t="s"><v>0</v></c></row>');
    const { file } = zip(sharedStringBomb(32 * MiB, sheetXml));
    const before = await count('stuQuestion');
    const { res, answeredMeanwhile } = await importWhileCalling(() => upload('/students/theoryQuestion/importExcel', file, '题库.xlsx'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, code: 500, message: `Excel 文件过大：xl/sharedStrings.xml 解压后超过压缩大小的 ${SPREADSHEET_LIMITS.inflateRatio} 倍` });
    expect(res.body).not.toMatch(/\bat \S+:\d+/);
    expect(answeredMeanwhile).toBeGreaterThan(0);
    expect(await count('stuQuestion')).toBe(before);
  });

  it('the user import parses a cell bomb in its worker while the server answers, refuses it at the cell cap and writes none of the rows before it', { timeout: 120_000 }, async () => {
    // 2,500 good users first (written chunk by chunk inside the import's transaction), then the bomb
    const good = Array.from({ length: 2500 }, (_, i) => rowXml(user(i))).join('');
    const bombRows = ('<row>' + '<c/>'.repeat(20) + '</row>').repeat(200_000);
    const { file } = zip([{ name: 'xl/worksheets/sheet1.xml', data: sheet(rowXml(USER_HEADER) + good + bombRows) }]);
    const saved = { ...SPREADSHEET_LIMITS };
    Object.assign(SPREADSHEET_LIMITS, NO_RATIO, { cells: 3_000_000 });
    try {
      const before = await count('sysUser');
      const { res, answeredMeanwhile } = await importWhileCalling(() => upload('/sys/user/importExcel', file, 'users.xlsx'));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: false, code: 500, message: 'Excel 文件过大：超过 3000000 个单元格' });
      expect(answeredMeanwhile).toBeGreaterThan(0);
      expect(await count('sysUser')).toBe(before);
    } finally {
      Object.assign(SPREADSHEET_LIMITS, saved);
    }
  });

  it('a normal file made the same way still imports', async () => {
    const { file } = zip([{ name: 'xl/worksheets/sheet1.xml', data: sheet(rowXml(USER_HEADER) + rowXml(user(90_001)) + rowXml(user(90_002))) }]);
    const res = await upload('/sys/user/importExcel', file, 'users.xlsx');
    expect(res.json(), res.body).toMatchObject({ success: true, message: '文件导入完成，共2行，成功2行，失败0行' });
    const names = await t.db.selectFrom('sysUser').select('username').where('username', 'in', ['lim_90001', 'lim_90002']).execute();
    expect(names).toHaveLength(2);
  });
});
