import { open } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { BizError } from '../errors';
import { workerFile } from '../worker-file';

export interface SheetRow {
  /** 1-based row number as the user sees it in the spreadsheet. */
  rowNumber: number;
  cells: Array<string | number | null>;
}

export interface SpreadsheetReader {
  header: string[];
  rows: AsyncIterable<SheetRow>;
  /** Stops the parsing worker when the rows are not read to the end (reading them all stops it too). */
  close(): Promise<void>;
}

export class SpreadsheetError extends BizError {
  constructor(message: string) {
    super(message);
    this.name = 'SpreadsheetError';
  }
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Tells .xlsx from legacy .xls by content, never by the name the client chose. */
export async function sniffSpreadsheet(path: string): Promise<'xlsx' | 'xls' | undefined> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(8);
    await fh.read(buf, 0, 8, 0);
    if (ZIP_MAGIC.every((b, i) => buf[i] === b)) return 'xlsx';
    if (OLE_MAGIC.every((b, i) => buf[i] === b)) return 'xls';
    return undefined;
  } finally {
    await fh.close();
  }
}

/** Reads the first sheet of a spreadsheet file row by row; the first non-empty row is the header. */
export async function readSpreadsheet(path: string, opts: { xlsTimeoutMs?: number } = {}): Promise<SpreadsheetReader> {
  const kind = await sniffSpreadsheet(path);
  if (kind === 'xlsx') return readXlsx(path);
  if (kind === 'xls') return readXls(path, opts.xlsTimeoutMs ?? 30_000);
  throw new SpreadsheetError('文件不是有效的 Excel 文件（仅支持 .xls 和 .xlsx）');
}

/** Rows go from the parsing worker to the reader in batches of this many. */
const XLSX_BATCH = 500;
/** How many batches the worker may parse ahead of the reader (bounds the memory an import holds). */
const XLSX_CREDIT = 4;

/**
 * .xlsx is parsed in a worker thread (xlsx-worker.cjs): unzipping and XML parsing of a big file would
 * otherwise hold the event loop, and every other request with it, for seconds. The worker is plain
 * CommonJS started from its file, so it runs alike under tsx (npm start, dev) and vitest.
 */
async function readXlsx(path: string): Promise<SpreadsheetReader> {
  const worker = new Worker(workerFile('./xlsx-worker.cjs', import.meta.url), {
    workerData: { path, batchSize: XLSX_BATCH, credit: XLSX_CREDIT },
    resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 16 },
  });
  type Msg = { rows?: SheetRow[]; done?: boolean; error?: string };
  const inbox: Msg[] = [];
  let waiting: (() => void) | undefined;
  let stopped = false;
  const deliver = (m: Msg) => {
    inbox.push(m);
    waiting?.();
    waiting = undefined;
  };
  worker.on('message', deliver);
  worker.once('error', (err) => deliver({ error: err.message }));
  worker.once('exit', () => deliver({ error: '解析线程意外退出' }));
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await worker.terminate();
  };
  const rowIterator = (async function* () {
    try {
      for (;;) {
        while (!inbox.length) await new Promise<void>((resolve) => (waiting = resolve));
        const msg = inbox.shift()!;
        if (msg.error !== undefined) throw new SpreadsheetError(`Excel 文件无法读取: ${msg.error.slice(0, 120)}`);
        if (msg.done) return;
        worker.postMessage('more');
        yield* msg.rows ?? [];
      }
    } finally {
      await stop();
    }
  })();
  return withHeader(rowIterator, stop);
}

/** Legacy .xls goes through SheetJS, frozen at a release with known flaws: only in a worker with limits. */
async function readXls(path: string, timeoutMs: number): Promise<SpreadsheetReader> {
  const rows = await new Promise<SheetRow[]>((resolve, reject) => {
    const worker = new Worker(workerFile('./xls-worker.cjs', import.meta.url), {
      workerData: { path },
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 64 },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new SpreadsheetError('Excel 文件解析超时'));
    }, timeoutMs);
    worker.once('message', (msg: { rows?: SheetRow[]; error?: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      if (msg.error) reject(new SpreadsheetError(`Excel 文件无法读取: ${msg.error.slice(0, 120)}`));
      else resolve(msg.rows ?? []);
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      reject(new SpreadsheetError(`Excel 文件无法读取: ${err.message.slice(0, 120)}`));
    });
  });
  return withHeader(
    (async function* () {
      yield* rows;
    })(),
    async () => {},
  );
}

async function withHeader(rows: AsyncGenerator<SheetRow>, close: () => Promise<void>): Promise<SpreadsheetReader> {
  let header: string[] | undefined;
  for (;;) {
    const next = await rows.next().catch(async (err) => {
      await close();
      throw err;
    });
    if (next.done) break;
    if (next.value.cells.some((c) => c !== null)) {
      header = next.value.cells.map((c) => (c === null ? '' : String(c).trim()));
      break;
    }
  }
  if (!header) {
    await close();
    throw new SpreadsheetError('Excel 文件没有数据');
  }
  const rest = (async function* () {
    for await (const row of rows) {
      if (row.cells.every((c) => c === null)) continue;
      yield row;
    }
  })();
  return { header, rows: rest, close };
}
