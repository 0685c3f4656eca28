// Parses an .xlsx in a worker thread and hands its rows to the main thread in batches, so that unzipping
// and XML parsing never hold the server's event loop. Flow control: the worker may run `credit` batches
// ahead of the reader; each "more" message from the main thread allows one more.
//
// The file is read as what it is, a zip of a few XML parts with a regular shape: the zip's central
// directory tells where each part is, the parts are inflated as streams, and the sheet's rows are cut out
// of the text as it arrives. A general XML parser building an event per tag (exceljs's reader, used before)
// spent about 60 µs per row; this reads a million-row sheet in a fraction of that. Only what a sheet's
// values need is read: shared strings, the date formats of the styles, the first sheet of the workbook.
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const zlib = require('node:zlib');
const { StringDecoder } = require('node:string_decoder');
const { cellToPlain } = require('./cells.cjs');

/** Most text one part may inflate to: a zip bomb stops here. */
const MAX_PART_BYTES = 2 * 1024 * 1024 * 1024;
/** Most text a small part (workbook, relationships, styles) may hold. */
const MAX_SMALL_PART = 32 * 1024 * 1024;

// ---------- zip ----------
// (the messages below reach the user after “Excel 文件无法读取:”; each has its English in i18n-en-server.ts)

/** name (lower case) → where the entry is, from the central directory at the end of the file. */
function centralDirectory(fd, fileSize) {
  const tailLength = Math.min(fileSize, 65535 + 22 + 20);
  const tail = Buffer.alloc(tailLength);
  fs.readSync(fd, tail, 0, tailLength, fileSize - tailLength);
  let end = -1;
  for (let i = tailLength - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('不是有效的 zip 文件');
  let count = tail.readUInt16LE(end + 10);
  let size = tail.readUInt32LE(end + 12);
  let offset = tail.readUInt32LE(end + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    // zip64: a locator just before the end record points at the 64-bit end record
    const locator = end - 20;
    if (locator < 0 || tail.readUInt32LE(locator) !== 0x07064b50) throw new Error('zip 目录损坏');
    const record = Buffer.alloc(56);
    fs.readSync(fd, record, 0, 56, Number(tail.readBigUInt64LE(locator + 8)));
    if (record.readUInt32LE(0) !== 0x06064b50) throw new Error('zip 目录损坏');
    count = Number(record.readBigUInt64LE(32));
    size = Number(record.readBigUInt64LE(40));
    offset = Number(record.readBigUInt64LE(48));
  }
  if (offset + size > fileSize) throw new Error('zip 目录损坏');
  const cd = Buffer.alloc(size);
  fs.readSync(fd, cd, 0, size, offset);
  const entries = new Map();
  for (let p = 0, n = 0; n < count; n++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50) throw new Error('zip 目录损坏');
    const flags = cd.readUInt16LE(p + 8);
    const method = cd.readUInt16LE(p + 10);
    let compressed = cd.readUInt32LE(p + 20);
    let inflated = cd.readUInt32LE(p + 24);
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    let at = cd.readUInt32LE(p + 42);
    const name = cd.toString(flags & 0x800 ? 'utf8' : 'latin1', p + 46, p + 46 + nameLength);
    // zip64 extra field: the 64-bit forms of the values above that read 0xffffffff, in this order
    for (let e = p + 46 + nameLength, stop = e + extraLength; e + 4 <= stop; ) {
      const id = cd.readUInt16LE(e);
      const length = cd.readUInt16LE(e + 2);
      if (id === 1) {
        let q = e + 4;
        if (inflated === 0xffffffff) (inflated = Number(cd.readBigUInt64LE(q))), (q += 8);
        if (compressed === 0xffffffff) (compressed = Number(cd.readBigUInt64LE(q))), (q += 8);
        if (at === 0xffffffff) at = Number(cd.readBigUInt64LE(q));
      }
      e += 4 + length;
    }
    entries.set(name.replace(/\\/g, '/').replace(/^\//, '').toLowerCase(), { method, compressed, offset: at });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** An entry's content as a stream of bytes (stored or deflated). */
function entryStream(fd, path, entry) {
  const head = Buffer.alloc(30);
  fs.readSync(fd, head, 0, 30, entry.offset);
  if (head.readUInt32LE(0) !== 0x04034b50) throw new Error('zip 目录损坏');
  const start = entry.offset + 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
  if (entry.compressed === 0) return require('node:stream').Readable.from([]);
  const raw = fs.createReadStream(path, { start, end: start + entry.compressed - 1 });
  if (entry.method === 0) return raw;
  if (entry.method !== 8) throw new Error('文件使用了不支持的压缩方式');
  const inflate = zlib.createInflateRaw();
  raw.on('error', (err) => inflate.destroy(err));
  return raw.pipe(inflate);
}

/** An entry's text, a decoded piece at a time (a character cut between two chunks stays whole). */
async function* entryText(fd, path, entry) {
  const decoder = new StringDecoder('utf8');
  let bytes = 0;
  for await (const chunk of entryStream(fd, path, entry)) {
    bytes += chunk.length;
    if (bytes > MAX_PART_BYTES) throw new Error('文件解压后过大');
    yield decoder.write(chunk);
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

async function smallPart(fd, path, entries, name) {
  const entry = entries.get(name.toLowerCase());
  if (!entry) return undefined;
  let text = '';
  for await (const piece of entryText(fd, path, entry)) {
    text += piece;
    if (text.length > MAX_SMALL_PART) throw new Error('文件解压后过大');
  }
  return text;
}

/**
 * The complete elements `tag` in a stream of XML text, each as the text between its start and end tags
 * (attributes included, as `attrs`), without holding more than one piece and one element at a time.
 */
async function* elements(pieces, tag) {
  const element = new RegExp(`<(?:\\w+:)?${tag}\\b([^>]*?)(?:\\/>|>([\\s\\S]*?)<\\/(?:\\w+:)?${tag}>)`, 'g');
  const close = new RegExp(`<\\/(?:\\w+:)?${tag}>|<(?:\\w+:)?${tag}\\b[^>]*\\/>`, 'g');
  let buffer = '';
  for await (const piece of pieces) {
    buffer += piece;
    // the text up to the last complete element is read; the rest waits for the next piece
    let lastEnd = -1;
    close.lastIndex = 0;
    for (let m; (m = close.exec(buffer)); ) lastEnd = m.index + m[0].length;
    if (lastEnd < 0) continue;
    element.lastIndex = 0;
    const done = buffer.slice(0, lastEnd);
    for (let m; (m = element.exec(done)); ) yield { attrs: m[1], body: m[2] ?? '' };
    buffer = buffer.slice(lastEnd);
  }
}

// ---------- XML text ----------

const ENTITY = /&(?:(lt|gt|amp|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));/g;
const NAMED = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
// OOXML writes characters XML cannot hold as _xHHHH_ (a carriage return as _x000D_)
const OOXML_ESCAPE = /_x([0-9A-Fa-f]{4})_/g;

function xmlText(s) {
  if (s.indexOf('&') >= 0) s = s.replace(ENTITY, (_, name, dec, hex) => (name ? NAMED[name] : String.fromCodePoint(parseInt(dec ?? hex, dec ? 10 : 16))));
  if (s.indexOf('_x') >= 0) s = s.replace(OOXML_ESCAPE, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  return s;
}

const ATTRIBUTES = new Map();
function attr(attrs, name) {
  let re = ATTRIBUTES.get(name);
  if (!re) ATTRIBUTES.set(name, (re = new RegExp(`(?:^|\\s)${name}="([^"]*)"`)));
  const m = re.exec(attrs);
  return m ? m[1] : undefined;
}

const TEXT_RUN = /<(?:\w+:)?t\b[^>]*?(?:\/>|>([^<]*)<\/(?:\w+:)?t>)/g;
const PHONETIC = /<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g;

/** The text of a shared string or an inline string: its runs joined, phonetic guides left out. */
function runsText(body) {
  if (body.indexOf('rPh') >= 0) body = body.replace(PHONETIC, '');
  let text = '';
  TEXT_RUN.lastIndex = 0;
  for (let m; (m = TEXT_RUN.exec(body)); ) if (m[1]) text += m[1];
  return xmlText(text);
}

// ---------- workbook ----------

/** The first sheet's part name, from the workbook and its relationships (else the first sheet part). */
function firstSheetPart(workbook, rels, entries) {
  const sheet = workbook && /<(?:\w+:)?sheet\b([^>]*)>/.exec(workbook);
  const id = sheet && /\br:id="([^"]*)"|\bid="([^"]*)"/.exec(sheet[1]);
  const rid = id && (id[1] ?? id[2]);
  if (rid && rels) {
    for (const m of rels.matchAll(/<(?:\w+:)?Relationship\b([^>]*)>/g)) {
      if (attr(m[1], 'Id') !== rid) continue;
      const target = attr(m[1], 'Target') ?? '';
      const name = (target.startsWith('/') ? target.slice(1) : `xl/${target}`).replace(/\/\.\//g, '/').toLowerCase();
      if (entries.has(name)) return name;
    }
  }
  return [...entries.keys()].filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))[0];
}

// built-in number formats that show dates or times (14–22, 45–47; 27–36 and 50–58 in Chinese locales)
const BUILTIN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** A format code that shows a date or time: y m d h s (outside quotes and [colour] brackets). */
const isDateCode = (code) => /[ymdhsb]/i.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '').replace(/\\./g, ''));

/** Per cell style index: whether its number format shows a date. */
function dateStyles(styles) {
  if (!styles) return [];
  const custom = new Map();
  for (const m of styles.matchAll(/<(?:\w+:)?numFmt\b([^>]*)\/?>/g)) custom.set(Number(attr(m[1], 'numFmtId')), xmlText(attr(m[1], 'formatCode') ?? ''));
  const xfs = /<(?:\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:\w+:)?cellXfs>/.exec(styles);
  if (!xfs) return [];
  return [...xfs[1].matchAll(/<(?:\w+:)?xf\b([^>]*?)\/?>/g)].map((m) => {
    const id = Number(attr(m[1], 'numFmtId') ?? 0);
    return custom.has(id) ? isDateCode(custom.get(id)) : BUILTIN_DATES.has(id);
  });
}

/** An Excel serial day number as a date (UTC, as spreadsheets carry no zone). */
const excelDate = (serial, date1904) => new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86400000));

/** A1 → column number (1-based). */
function columnOf(ref) {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
  }
  return col;
}

const CELL = /<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g;
const VALUE = /<(?:\w+:)?v\b[^>]*>([^<]*)<\/(?:\w+:)?v>/;

// ---------- main ----------

const { path, batchSize } = workerData;
let credit = workerData.credit;
let wake;
parentPort.on('message', (m) => {
  if (m !== 'more') return;
  credit++;
  if (wake) {
    const w = wake;
    wake = undefined;
    w();
  }
});

async function send(rows) {
  while (credit <= 0) await new Promise((resolve) => (wake = resolve));
  credit--;
  parentPort.postMessage({ rows });
}

async function main() {
  const fd = fs.openSync(path, 'r');
  try {
    const entries = centralDirectory(fd, fs.fstatSync(fd).size);
    const workbook = await smallPart(fd, path, entries, 'xl/workbook.xml');
    const rels = await smallPart(fd, path, entries, 'xl/_rels/workbook.xml.rels');
    const sheetPart = firstSheetPart(workbook, rels, entries);
    if (!sheetPart) throw new Error('文件中没有工作表');
    const date1904 = !!workbook && /<(?:\w+:)?workbookPr\b[^>]*\bdate1904="(1|true)"/.test(workbook);
    const isDate = dateStyles(await smallPart(fd, path, entries, 'xl/styles.xml'));
    const shared = [];
    const sst = entries.get('xl/sharedstrings.xml');
    if (sst) for await (const si of elements(entryText(fd, path, sst), 'si')) shared.push(runsText(si.body));

    let batch = [];
    let rowNumber = 0;
    for await (const row of elements(entryText(fd, path, entries.get(sheetPart)), 'row')) {
      const r = attr(row.attrs, 'r');
      rowNumber = r ? Number(r) : rowNumber + 1;
      const cells = [];
      let col = 0;
      CELL.lastIndex = 0;
      for (let m; (m = CELL.exec(row.body)); ) {
        const a = m[1];
        const ref = attr(a, 'r');
        col = ref ? columnOf(ref) : col + 1;
        const body = m[2];
        if (!body) continue;
        const type = attr(a, 't');
        let value = null;
        if (type === 'inlineStr') value = runsText(body);
        else {
          const v = VALUE.exec(body);
          if (!v) continue;
          const text = v[1];
          if (type === 's') value = shared[Number(text)] ?? null;
          else if (type === 'str') value = xmlText(text);
          else if (type === 'b') value = text === '1' || text === 'true';
          else if (type === 'e') value = null;
          else if (type === 'd') value = Number.isNaN(Date.parse(text)) ? xmlText(text) : new Date(text);
          else if (text !== '') {
            value = Number(text);
            const s = attr(a, 's');
            if (s && isDate[Number(s)] && Number.isFinite(value)) value = excelDate(value, date1904);
          }
        }
        cells[col - 1] = value;
      }
      // Array.from, not map: the cells are sparse and every one must come out (null when blank)
      batch.push({ rowNumber, cells: Array.from(cells, (c) => (c === undefined ? null : cellToPlain(c))) });
      if (batch.length >= batchSize) {
        await send(batch);
        batch = [];
      }
    }
    if (batch.length) await send(batch);
    parentPort.postMessage({ done: true });
  } finally {
    fs.closeSync(fd);
  }
}

main().catch((err) => parentPort.postMessage({ error: String((err && err.message) || err) }));
