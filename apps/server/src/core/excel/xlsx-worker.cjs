// Parses an .xlsx in a worker thread and hands its rows to the main thread in batches, so that unzipping
// and XML parsing never hold the server's event loop. Flow control: the worker may run `credit` batches
// ahead of the reader; each "more" message from the main thread allows one more.
//
// The file is read as what it is, a zip of a few XML parts with a regular shape: the zip's central
// directory tells where each part is, the parts are inflated as streams, and their text goes through a
// one-pass tokenizer (XmlScanner) that looks at each character a bounded number of times however the text
// is cut into pieces, so a crafted file costs time in proportion to its inflated size, and that size is
// capped (the limits come from read.ts, SPREADSHEET_LIMITS). Only what a sheet's values need is read:
// shared strings, the date formats of the styles, the first sheet of the workbook.
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const zlib = require('node:zlib');
const { Readable } = require('node:stream');
const { StringDecoder } = require('node:string_decoder');
const { cellToPlain } = require('./cells.cjs');

const { path, batchSize, batchCells, limits } = workerData;

// (the messages below reach the user, a refusal of size as it is and the others after “Excel 文件无法读取:”;
// each has its English in i18n-en-server.ts)

/** A limit of SPREADSHEET_LIMITS reached: its message is the whole answer. */
class LimitError extends Error {}

const mb = (bytes) => Math.round(bytes / 1024 / 1024);

// ---------- zip ----------

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
    const at = Number(tail.readBigUInt64LE(locator + 8));
    if (at + 56 > fileSize) throw new Error('zip 目录损坏');
    const record = Buffer.alloc(56);
    fs.readSync(fd, record, 0, 56, at);
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
    if (p + 46 + nameLength + extraLength > cd.length) throw new Error('zip 目录损坏');
    const name = cd.toString(flags & 0x800 ? 'utf8' : 'latin1', p + 46, p + 46 + nameLength);
    // zip64 extra field: the 64-bit forms of the values above that read 0xffffffff, in this order
    for (let e = p + 46 + nameLength, stop = e + extraLength; e + 4 <= stop; ) {
      const id = cd.readUInt16LE(e);
      const length = cd.readUInt16LE(e + 2);
      if (id === 1) {
        let q = e + 4;
        if (inflated === 0xffffffff && q + 8 <= stop) (inflated = Number(cd.readBigUInt64LE(q))), (q += 8);
        if (compressed === 0xffffffff && q + 8 <= stop) (compressed = Number(cd.readBigUInt64LE(q))), (q += 8);
        if (at === 0xffffffff && q + 8 <= stop) at = Number(cd.readBigUInt64LE(q));
      }
      e += 4 + length;
    }
    // the data must lie in the file (a part may not claim more than the file holds)
    if (at + 30 + compressed > fileSize) throw new Error('zip 目录损坏');
    entries.set(name.replace(/\\/g, '/').replace(/^\//, '').toLowerCase(), { name, method, compressed, inflated, offset: at });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** An entry's content as a stream of bytes (stored or deflated). */
function entryStream(fd, entry, fileSize) {
  const head = Buffer.alloc(30);
  fs.readSync(fd, head, 0, 30, entry.offset);
  if (head.readUInt32LE(0) !== 0x04034b50) throw new Error('zip 目录损坏');
  const start = entry.offset + 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
  if (start + entry.compressed > fileSize) throw new Error('zip 目录损坏');
  if (entry.compressed === 0) return Readable.from([]);
  const raw = fs.createReadStream(path, { start, end: start + entry.compressed - 1 });
  if (entry.method === 0) return raw;
  if (entry.method !== 8) throw new Error('文件使用了不支持的压缩方式');
  const inflate = zlib.createInflateRaw();
  raw.on('error', (err) => inflate.destroy(err));
  return raw.pipe(inflate);
}

/** Inflated bytes of every part read so far (limits.archiveBytes). */
let archiveBytes = 0;

/**
 * An entry's text, a decoded piece at a time (a character cut between two chunks stays whole). Refused as
 * soon as it passes its cap, the archive's cap, the inflate ratio, or the size the directory gave it: a part
 * that claims more than its cap is refused before a byte is inflated.
 */
async function* entryText(fd, fileSize, entry, cap) {
  const tooLarge = () => new LimitError(`Excel 文件过大：${entry.name} 解压后超过 ${mb(cap)}MB`);
  const overRatio = (bytes) => bytes > limits.ratioFloorBytes && bytes > limits.inflateRatio * entry.compressed;
  if (entry.inflated > cap) throw tooLarge();
  if (overRatio(entry.inflated)) throw new LimitError(`Excel 文件过大：${entry.name} 解压后超过压缩大小的 ${limits.inflateRatio} 倍`);
  const decoder = new StringDecoder('utf8');
  let bytes = 0;
  for await (const chunk of entryStream(fd, entry, fileSize)) {
    bytes += chunk.length;
    archiveBytes += chunk.length;
    if (bytes > entry.inflated) throw new Error('zip 条目大小与目录不符');
    if (archiveBytes > limits.archiveBytes) throw new LimitError(`Excel 文件过大：解压后共超过 ${mb(limits.archiveBytes)}MB`);
    yield decoder.write(chunk);
  }
  if (bytes !== entry.inflated) throw new Error('zip 条目大小与目录不符');
  const rest = decoder.end();
  if (rest) yield rest;
}

// ---------- XML ----------

/**
 * A one-pass tokenizer of XML text arriving in pieces. For each element it calls handler.open(name, s, from,
 * to) (the tag is s.slice(from, to), without < and >) and handler.close(name, empty), an empty element
 * <x/> both; while handler.capturing it hands the text between tags to handler.text (CDATA escaped, so
 * that all of it decodes alike). Names are local (a namespace prefix dropped). Markup cut between pieces
 * is kept as its pieces, and only each new piece is searched for its end: nothing is looked at twice.
 */
class XmlScanner {
  constructor(handler) {
    this.h = handler;
    /** Unfinished markup: its pieces, their length, and what ends it ('' while that is not known yet). */
    this.parts = [];
    this.length = 0;
    this.needle = '';
  }

  feed(piece) {
    let s = piece;
    let resume = 0;
    if (this.parts.length) {
      const needle = this.needle;
      if (needle && this.length >= needle.length) {
        // the end may be cut in two: the last characters before this piece are searched again
        const overlap = needle.length - 1;
        const last = this.parts[this.parts.length - 1];
        let tail = '';
        if (overlap) tail = last.length >= overlap ? last.slice(last.length - overlap) : this.parts.join('').slice(-overlap);
        if ((tail + piece).indexOf(needle) < 0) {
          this.keep(piece);
          return;
        }
        resume = this.length - tail.length;
      }
      s = this.parts.join('') + piece;
      this.parts = [];
      this.length = 0;
      this.needle = '';
    }
    this.scan(s, resume);
  }

  scan(s, resume) {
    const h = this.h;
    const n = s.length;
    let pos = 0;
    while (pos < n) {
      const lt = s.indexOf('<', pos);
      if (lt < 0) {
        if (h.capturing) h.text(s.slice(pos));
        return;
      }
      if (lt > pos && h.capturing) h.text(s.slice(pos, lt));
      let needle = '>';
      let kind = 0; // 0 tag, 1 comment, 2 CDATA, 3 other <! or <?
      const c1 = s.charCodeAt(lt + 1);
      if (c1 === 33 /* ! */) {
        if (s.startsWith('<!--', lt)) (needle = '-->'), (kind = 1);
        else if (s.startsWith('<![CDATA[', lt)) (needle = ']]>'), (kind = 2);
        else if (n - lt < 9) return this.wait(s.slice(lt), '');
        else kind = 3;
      } else if (c1 === 63 /* ? */) kind = 3;
      else if (lt + 1 >= n) return this.wait(s.slice(lt), '');
      const from = resume > lt ? resume : lt + 1;
      resume = 0;
      const end = s.indexOf(needle, from);
      if (end < 0) return this.wait(s.slice(lt), needle);
      pos = end + needle.length;
      if (kind === 1 || kind === 3) continue;
      if (kind === 2) {
        if (h.capturing) h.text(s.slice(lt + 9, end).replace(/&/g, '&amp;').replace(/</g, '&lt;'));
        continue;
      }
      const closing = c1 === 47; /* / */
      let i = closing ? lt + 2 : lt + 1;
      const start = i;
      let colon = -1;
      for (; i < end; i++) {
        const c = s.charCodeAt(i);
        if (c === 58) colon = i;
        else if (c === 32 || c === 47 || c === 10 || c === 13 || c === 9) break;
      }
      const name = s.slice(colon >= 0 ? colon + 1 : start, i);
      if (closing) h.close(name, false);
      else {
        const empty = s.charCodeAt(end - 1) === 47;
        h.open(name, s, lt + 1, empty ? end - 1 : end);
        if (empty) h.close(name, true);
      }
    }
  }

  /** Keeps unfinished markup for the next piece. */
  wait(rest, needle) {
    this.needle = needle;
    this.keep(rest);
  }

  keep(piece) {
    this.parts.push(piece);
    this.length += piece.length;
    if (this.length > limits.markupChars) throw new Error('XML 标记过长');
  }
}

/** Feeds a part's text to a handler, a piece at a time; after each piece `after` runs (rows are sent then). */
async function scanPart(pieces, handler, after) {
  const scanner = new XmlScanner(handler);
  for await (const piece of pieces) {
    scanner.feed(piece);
    if (after) await after();
  }
}

const ENTITY = /&(?:(lt|gt|amp|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));/g;
const NAMED = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
// OOXML writes characters XML cannot hold as _xHHHH_ (a carriage return as _x000D_)
const OOXML_ESCAPE = /_x([0-9A-Fa-f]{4})_/g;

function xmlText(s) {
  if (s.indexOf('&') >= 0) s = s.replace(ENTITY, (_, name, dec, hex) => (name ? NAMED[name] : fromCodePoint(parseInt(dec ?? hex, dec ? 10 : 16))));
  if (s.indexOf('_x') >= 0) s = s.replace(OOXML_ESCAPE, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  return s;
}

// a character reference outside Unicode would throw a RangeError: it reads as nothing
const fromCodePoint = (n) => (n <= 0x10ffff ? String.fromCodePoint(n) : '');

const ATTRIBUTES = new Map();
/** An attribute of a tag (its text without < >): `name="…"`, any namespace prefix written in `name`. */
function attr(tag, name) {
  let re = ATTRIBUTES.get(name);
  if (!re) ATTRIBUTES.set(name, (re = new RegExp(`\\s${name}="([^"]*)"`)));
  const m = re.exec(tag);
  return m ? m[1] : undefined;
}

/**
 * Collects the text of `<t>` runs (phonetic guides, `<rPh>`, left out) between begin() and end(), within
 * limits.cellChars.
 */
class Runs {
  constructor() {
    this.raw = '';
    this.capturing = false;
    this.phonetic = 0;
  }
  begin() {
    this.raw = '';
    this.capturing = false;
    this.phonetic = 0;
  }
  open(name) {
    if (name === 't') this.capturing = this.phonetic === 0;
    else if (name === 'rPh') this.phonetic++;
  }
  close(name) {
    if (name === 't') this.capturing = false;
    else if (name === 'rPh') this.phonetic--;
  }
  text(piece) {
    this.raw += piece;
    if (this.raw.length > limits.cellChars) throw new LimitError(`Excel 文件过大：单元格文字超过 ${limits.cellChars} 个字符`);
  }
  value() {
    return xmlText(this.raw);
  }
}

// ---------- workbook ----------

/** Tags of a small part (workbook, relationships, styles) by local name, each as its attribute text. */
async function smallPartTags(fd, fileSize, entries, name, wanted) {
  const entry = entries.get(name.toLowerCase());
  const found = [];
  if (!entry) return found;
  const handler = {
    capturing: false,
    open(tagName, s, from, to) {
      if (wanted.has(tagName)) found.push({ name: tagName, attrs: s.slice(from, to), open: true });
    },
    close(tagName) {
      if (wanted.has(tagName)) found.push({ name: tagName, open: false });
    },
  };
  await scanPart(entryText(fd, fileSize, entry, limits.smallPartBytes), handler);
  return found;
}

/** The first sheet's part name, from the workbook and its relationships (else the first sheet part). */
function firstSheetPart(workbookTags, relTags, entries) {
  const sheet = workbookTags.find((t) => t.name === 'sheet' && t.open);
  const id = sheet && /[\s:]id="([^"]*)"/.exec(sheet.attrs);
  const rid = id && id[1];
  if (rid) {
    for (const rel of relTags) {
      if (!rel.open || attr(rel.attrs, 'Id') !== rid) continue;
      const target = attr(rel.attrs, 'Target') ?? '';
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
function dateStyles(tags) {
  const custom = new Map();
  for (const t of tags) if (t.name === 'numFmt' && t.open) custom.set(Number(attr(t.attrs, 'numFmtId')), xmlText(attr(t.attrs, 'formatCode') ?? ''));
  const out = [];
  let inXfs = false;
  for (const t of tags) {
    if (t.name === 'cellXfs') {
      if (!t.open && inXfs) break;
      inXfs = t.open;
    } else if (t.name === 'xf' && t.open && inXfs) {
      const id = Number(attr(t.attrs, 'numFmtId') ?? 0);
      out.push(custom.has(id) ? isDateCode(custom.get(id)) : BUILTIN_DATES.has(id));
    }
  }
  return out;
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
    if (col > limits.columns) break;
  }
  return col;
}

// ---------- main ----------

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

/** The shared strings, within limits.sharedStringsBytes (they are all held while the sheet is read). */
async function sharedStrings(fd, fileSize, entry) {
  const shared = [];
  if (!entry) return shared;
  const runs = new Runs();
  const handler = {
    get capturing() {
      return runs.capturing;
    },
    open(name) {
      if (name === 'si') runs.begin();
      else runs.open(name);
    },
    close(name) {
      if (name === 'si') shared.push(runs.value());
      else runs.close(name);
    },
    text: (piece) => runs.text(piece),
  };
  await scanPart(entryText(fd, fileSize, entry, limits.sharedStringsBytes), handler);
  return shared;
}

async function main() {
  const fd = fs.openSync(path, 'r');
  try {
    const fileSize = fs.fstatSync(fd).size;
    const entries = centralDirectory(fd, fileSize);
    const workbook = await smallPartTags(fd, fileSize, entries, 'xl/workbook.xml', new Set(['sheet', 'workbookPr']));
    const rels = await smallPartTags(fd, fileSize, entries, 'xl/_rels/workbook.xml.rels', new Set(['Relationship']));
    const sheetPart = firstSheetPart(workbook, rels, entries);
    if (!sheetPart) throw new Error('文件中没有工作表');
    const pr = workbook.find((t) => t.name === 'workbookPr' && t.open);
    const date1904 = !!pr && /^(1|true)$/.test(attr(pr.attrs, 'date1904') ?? '');
    const isDate = dateStyles(await smallPartTags(fd, fileSize, entries, 'xl/styles.xml', new Set(['numFmt', 'cellXfs', 'xf'])));
    const shared = await sharedStrings(fd, fileSize, entries.get('xl/sharedstrings.xml'));

    // counted against limits.rows, limits.cells (cell elements, and the width of each row handed on) and
    // limits.textChars (text handed on: a shared string counts each time a cell repeats it)
    let rowCount = 0;
    let cellCount = 0;
    let deliveredCells = 0;
    let deliveredChars = 0;
    let rowNumber = 0;
    let inRow = false;
    let cells = [];
    let col = 0;
    // the cell being read
    let cell = null;
    const runs = new Runs();
    let inValue = false;
    let valueText = '';
    const ready = [];
    let readyCells = 0;

    const endCell = () => {
      const c = cell;
      cell = null;
      let value = null;
      if (c.type === 'inlineStr') {
        if (!c.hasBody) return;
        value = runs.value();
      } else {
        if (c.v === undefined) return;
        const text = c.v;
        const type = c.type;
        if (type === 's') value = shared[Number(text)] ?? null;
        else if (type === 'str') value = xmlText(text);
        else if (type === 'b') value = text === '1' || text === 'true';
        else if (type === 'e') value = null;
        else if (type === 'd') value = Number.isNaN(Date.parse(text)) ? xmlText(text) : new Date(text);
        else if (text !== '') {
          value = Number(text);
          if (c.style && isDate[Number(c.style)] && Number.isFinite(value)) value = excelDate(value, date1904);
        }
      }
      if (typeof value === 'string') {
        deliveredChars += value.length;
        if (deliveredChars > limits.textChars) throw new LimitError(`Excel 文件过大：文字超过 ${limits.textChars} 个字符`);
      }
      cells[col - 1] = value;
    };

    const handler = {
      capturing: false,
      open(name, s, from, to) {
        if (name === 'c' && inRow) {
          if (++cellCount > limits.cells) throw new LimitError(`Excel 文件过大：超过 ${limits.cells} 个单元格`);
          const tag = s.slice(from, to);
          const ref = attr(tag, 'r');
          col = (ref && columnOf(ref)) || col + 1;
          if (col > limits.columns) throw new LimitError(`Excel 文件过大：超过 ${limits.columns} 列`);
          cell = { type: attr(tag, 't'), style: attr(tag, 's'), v: undefined, hasBody: false };
          runs.begin();
        } else if (name === 'row') {
          if (++rowCount > limits.rows) throw new LimitError(`Excel 文件过大：超过 ${limits.rows} 行`);
          const r = attr(s.slice(from, to), 'r');
          rowNumber = r ? Number(r) : rowNumber + 1;
          cells = [];
          col = 0;
          inRow = true;
        } else if (cell) {
          if (name === 'v') {
            inValue = true;
            valueText = '';
            this.capturing = true;
          } else if (cell.type === 'inlineStr') {
            cell.hasBody = true;
            runs.open(name);
            this.capturing = runs.capturing;
          }
        }
      },
      close(name, empty) {
        if (name === 'c') {
          if (cell) endCell();
        } else if (name === 'row') {
          if (!inRow) return;
          inRow = false;
          if (cell) endCell();
          deliveredCells += cells.length;
          if (deliveredCells > limits.cells) throw new LimitError(`Excel 文件过大：超过 ${limits.cells} 个单元格`);
          // Array.from, not map: the cells are sparse and every one must come out (null when blank)
          ready.push({ rowNumber, cells: Array.from(cells, (c) => (c === undefined ? null : cellToPlain(c))) });
          readyCells += cells.length + 1;
          cells = [];
        } else if (cell) {
          if (name === 'v') {
            // <v/> holds no value, as before
            if (!empty && cell.v === undefined) cell.v = valueText;
            inValue = false;
            this.capturing = false;
          } else if (cell.type === 'inlineStr') {
            runs.close(name);
            this.capturing = runs.capturing;
          }
        }
      },
      text(piece) {
        if (inValue) {
          valueText += piece;
          if (valueText.length > limits.cellChars) throw new LimitError(`Excel 文件过大：单元格文字超过 ${limits.cellChars} 个字符`);
        } else runs.text(piece);
      },
    };

    // a batch goes when it has batchSize rows or batchCells cells, so that no message is large
    const flush = async (all) => {
      while (ready.length >= batchSize || readyCells >= batchCells || (all && ready.length)) {
        let take = 0;
        let taken = 0;
        while (take < ready.length && take < batchSize && taken < batchCells) taken += ready[take++].cells.length + 1;
        readyCells -= taken;
        await send(ready.splice(0, take));
      }
    };
    await scanPart(entryText(fd, fileSize, entries.get(sheetPart), limits.sheetBytes), handler, () => flush(false));
    await flush(true);
    parentPort.postMessage({ done: true });
  } finally {
    fs.closeSync(fd);
  }
}

main().catch((err) =>
  parentPort.postMessage(err instanceof LimitError ? { error: err.message, limit: true } : { error: String((err && err.message) || err) }),
);
