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

const MiB = 1024 * 1024;

/**
 * What reading one uploaded spreadsheet may cost; past any of these the file is refused with a message
 * naming the limit (文件过大…), its worker is ended, and nothing of it has been written. Sizes are of the
 * inflated XML: a million users as exported (12 columns) are about 450 MB of sheet in a 40 MB file, below
 * the 50 MB an upload may have (MAX_IMPORT_BYTES). The imports' own row limits (an online form's 50,000
 * rows, a depart sheet's) apply after these.
 */
export const SPREADSHEET_LIMITS = {
  /** Inflated bytes of all the parts read, together. */
  archiveBytes: 1024 * MiB,
  /** The sheet's XML: streamed, so memory does not grow with it, only time. */
  sheetBytes: 1024 * MiB,
  /** Shared strings: all of them are held while the sheet is read. */
  sharedStringsBytes: 50 * MiB,
  /** The workbook, its relationships, the styles (Excel's 64,000 cell formats take about 13 MB). */
  smallPartBytes: 32 * MiB,
  /**
   * A part that inflates to more than this many times its compressed size (and past ratioFloorBytes) is
   * refused before it is inflated: our own exports inflate 10–17 times, a deflate bomb about 1,000.
   */
  inflateRatio: 100,
  ratioFloorBytes: 1 * MiB,
  /** Rows of the sheet, header included: Excel's own maximum. */
  rows: 1_048_576,
  /** Columns: XFD, Excel's own maximum. */
  columns: 16_384,
  /** Cells: cell elements read, and row widths handed to the import (a million rows of 25 columns). */
  cells: 25_000_000,
  /** Characters of text handed to the import (a shared string counts each time a cell repeats it). */
  textChars: 400_000_000,
  /** Characters of one cell (Excel holds 32,767). */
  cellChars: 1_000_000,
  /** Characters of one tag, comment or CDATA section. */
  markupChars: 1 * MiB,
  /** Time a worker may spend reading (its waits for the import to take rows not counted); then it is ended. */
  busyMs: 60_000,
  /** Heap of a reading worker. */
  workerHeapMb: 512,
};

export type SpreadsheetLimits = typeof SPREADSHEET_LIMITS;

/** Reads the first sheet of a spreadsheet file row by row; the first non-empty row is the header. */
export async function readSpreadsheet(path: string, opts: { limits?: Partial<SpreadsheetLimits> } = {}): Promise<SpreadsheetReader> {
  const limits = { ...SPREADSHEET_LIMITS, ...opts.limits };
  const kind = await sniffSpreadsheet(path);
  if (kind === 'xlsx') return withHeader(...readInWorker('./xlsx-worker.cjs', path, limits));
  if (kind === 'xls') return withHeader(...readInWorker('./xls-worker.cjs', path, limits));
  throw new SpreadsheetError('文件不是有效的 Excel 文件（仅支持 .xls 和 .xlsx）');
}

/** Rows go from the parsing worker to the reader in batches of at most this many rows… */
const BATCH_ROWS = 500;
/** …and about this many cells (a wide row makes a batch of fewer rows, so no message is large). */
const BATCH_CELLS = 50_000;
/** How many batches the worker may parse ahead of the reader (bounds the memory an import holds). */
const CREDIT = 4;

/**
 * A spreadsheet is parsed in a worker thread (xlsx-worker.cjs, xls-worker.cjs): unzipping and parsing a big
 * or crafted file would otherwise hold the event loop, and every other request with it. The worker is plain
 * CommonJS started from its file, so it runs alike under tsx (npm start, dev) and vitest. Each file has a
 * worker of its own, ended when its rows are read, when the reader closes, or when it has been busy
 * longer than limits.busyMs: busy is the time it holds credit to send rows, not the time it waits for the
 * import to take them, so a long import of a big file is not cut short.
 */
function readInWorker(script: string, path: string, limits: SpreadsheetLimits): [AsyncGenerator<SheetRow>, () => Promise<void>] {
  const { workerHeapMb, ...workerLimits } = limits;
  const worker = new Worker(workerFile(script, import.meta.url), {
    workerData: { path, batchSize: BATCH_ROWS, batchCells: BATCH_CELLS, credit: CREDIT, limits: workerLimits },
    resourceLimits: { maxOldGenerationSizeMb: workerHeapMb, maxYoungGenerationSizeMb: 16 },
  });
  type Msg = { rows?: SheetRow[]; done?: boolean; error?: string; limit?: boolean };
  const inbox: Msg[] = [];
  let waiting: (() => void) | undefined;
  let stopped = false;
  const deliver = (m: Msg) => {
    inbox.push(m);
    waiting?.();
    waiting = undefined;
  };

  // the busy clock: it runs while the worker has credit left
  let credit = CREDIT;
  let busyMs = 0;
  let since = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const overtime = () => {
    timer = undefined;
    deliver({ error: `Excel 文件解析超时（超过 ${limits.busyMs / 1000} 秒）`, limit: true });
    void stop();
  };
  const runClock = () => {
    since = performance.now();
    timer = setTimeout(overtime, Math.max(0, limits.busyMs - busyMs));
    timer.unref();
  };
  const stopClock = () => {
    if (!timer) return;
    busyMs += performance.now() - since;
    clearTimeout(timer);
    timer = undefined;
  };
  runClock();

  worker.on('message', (m: Msg) => {
    if (m.rows) {
      if (--credit === 0) stopClock();
    } else stopClock();
    deliver(m);
  });
  worker.once('error', (err: Error & { code?: string }) => {
    stopClock();
    if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') deliver({ error: `Excel 文件过大：解析所需内存超过 ${workerHeapMb}MB`, limit: true });
    else deliver({ error: err.message });
  });
  worker.once('exit', () => {
    stopClock();
    deliver({ error: '解析线程意外退出' });
  });
  const stop = async () => {
    stopClock();
    if (stopped) return;
    stopped = true;
    await worker.terminate();
  };
  const rows = (async function* () {
    try {
      for (;;) {
        while (!inbox.length) await new Promise<void>((resolve) => (waiting = resolve));
        const msg = inbox.shift()!;
        if (msg.error !== undefined) throw new SpreadsheetError(msg.limit ? msg.error : `Excel 文件无法读取: ${msg.error.slice(0, 120)}`);
        if (msg.done) return;
        if (credit++ === 0 && !stopped) runClock();
        worker.postMessage('more');
        yield* msg.rows ?? [];
      }
    } finally {
      await stop();
    }
  })();
  return [rows, stop];
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
