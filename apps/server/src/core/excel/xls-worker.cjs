// Parses a legacy .xls in a worker thread (SheetJS is frozen at a release with known flaws on crafted files).
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const XLSX = require('xlsx');
const { cellText } = require('./cells.cjs');

try {
  const buf = fs.readFileSync(workerData.path);
  const wb = XLSX.read(buf, { type: 'buffer', cellDates: true, dense: true });
  const sheet = wb.Sheets[wb.SheetNames[0]];
  const data = sheet ? XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true, blankrows: true, defval: null }) : [];
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
  const rows = data.map((cells, i) => ({ rowNumber: i + 1, cells: cells.map(plain) }));
  parentPort.postMessage({ rows });
} catch (err) {
  parentPort.postMessage({ error: String((err && err.message) || err) });
}
