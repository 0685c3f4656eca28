// Parses an .xlsx in a worker thread and hands its rows to the main thread in batches, so that unzipping
// and XML parsing never hold the server's event loop. Flow control: the worker may run `credit` batches
// ahead of the reader; each "more" message from the main thread allows one more.
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const Module = require('node:module');
const { StringDecoder } = require('node:string_decoder');

// exceljs 4.4 decodes every chunk of a sheet's XML on its own (lib/utils/parse-sax.js), so a multi-byte
// character cut between two chunks becomes U+FFFD: in a big file some Chinese names came out garbled, or a
// 男/女 cell failed validation. Its parser is replaced, before exceljs loads, by the same loop with one
// streaming decoder per XML part.
{
  const path = require.resolve('exceljs/lib/utils/parse-sax.js');
  const { SaxesParser } = Module.createRequire(path)('saxes');
  const replacement = new Module(path, module);
  replacement.filename = path;
  replacement.loaded = true;
  replacement.exports = async function* parseSax(iterable) {
    const parser = new SaxesParser();
    const decoder = new StringDecoder('utf8');
    let error;
    let events = [];
    parser.on('error', (err) => (error = err));
    parser.on('opentag', (value) => events.push({ eventType: 'opentag', value }));
    parser.on('text', (value) => events.push({ eventType: 'text', value }));
    parser.on('closetag', (value) => events.push({ eventType: 'closetag', value }));
    const feed = (text) => {
      parser.write(text);
      if (error) throw error;
      const out = events;
      events = [];
      return out;
    };
    for await (const chunk of iterable) yield feed(typeof chunk === 'string' ? chunk : decoder.write(chunk));
    const rest = decoder.end();
    if (rest) yield feed(rest);
  };
  require.cache[path] = replacement;
}
const ExcelJS = require('exceljs');
const { cellToPlain } = require('./cells.cjs');

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
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(fs.createReadStream(path), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'emit',
  });
  let batch = [];
  for await (const sheet of reader) {
    for await (const row of sheet) {
      // Array.from, not map: a row's values are sparse and every cell must come out (null when blank).
      batch.push({ rowNumber: row.number, cells: Array.from(row.values.slice(1), cellToPlain) });
      if (batch.length >= batchSize) {
        await send(batch);
        batch = [];
      }
    }
    break; // first sheet only
  }
  if (batch.length) await send(batch);
  parentPort.postMessage({ done: true });
}

main().catch((err) => parentPort.postMessage({ error: String((err && err.message) || err) }));
