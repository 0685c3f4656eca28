// Parses a legacy .xls in a worker thread (SheetJS is frozen at a release with known flaws on crafted files)
// and hands its rows on in batches as xlsx-worker.cjs does: `credit` batches ahead of the reader, a "more"
// message from the main thread allows one more. The limits come from read.ts (SPREADSHEET_LIMITS).
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const XLSX = require('xlsx');
const { cellText } = require('./cells.cjs');

const { path, batchSize, batchCells, limits } = workerData;

/** A limit reached: its message is the whole answer (English in i18n-en-server.ts). */
class LimitError extends Error {}

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

const pad = (n) => String(n).padStart(2, '0');
const plain = (v) => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) {
    const d = `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}`;
    return v.getHours() || v.getMinutes() || v.getSeconds() ? `${d} ${pad(v.getHours())}:${pad(v.getMinutes())}:${pad(v.getSeconds())}` : d;
  }
  if (typeof v === 'string') return cellText(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return v;
};

async function main() {
  const buf = fs.readFileSync(path);
  const wb = XLSX.read(buf, { type: 'buffer', cellDates: true, dense: true, sheets: 0 });
  const sheet = wb.Sheets[wb.SheetNames[0]];
  if (!sheet) return parentPort.postMessage({ done: true });
  // the rows come out as wide and as many as the sheet's range says: checked before they are made
  const range = XLSX.utils.decode_range(sheet['!ref'] || 'A1');
  const rowCount = range.e.r - range.s.r + 1;
  const width = range.e.c - range.s.c + 1;
  if (rowCount > limits.rows) throw new LimitError(`Excel 文件过大：超过 ${limits.rows} 行`);
  if (width > limits.columns) throw new LimitError(`Excel 文件过大：超过 ${limits.columns} 列`);
  if (rowCount * width > limits.cells) throw new LimitError(`Excel 文件过大：超过 ${limits.cells} 个单元格`);
  const data = XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true, blankrows: true, defval: null });
  let chars = 0;
  let batch = [];
  let cells = 0;
  for (let i = 0; i < data.length; i++) {
    const row = data[i].map(plain);
    for (const c of row) if (typeof c === 'string' && (chars += c.length) > limits.textChars) throw new LimitError(`Excel 文件过大：文字超过 ${limits.textChars} 个字符`);
    data[i] = undefined;
    batch.push({ rowNumber: i + 1, cells: row });
    cells += row.length + 1;
    if (batch.length >= batchSize || cells >= batchCells) {
      await send(batch);
      batch = [];
      cells = 0;
    }
  }
  if (batch.length) await send(batch);
  parentPort.postMessage({ done: true });
}

main().catch((err) =>
  parentPort.postMessage(err instanceof LimitError ? { error: err.message, limit: true } : { error: String((err && err.message) || err) }),
);
