import { hostname } from 'node:os';

// One log format for the whole process: pino's JSON lines, or the same records made readable for a terminal.

export type LogFormat = 'json' | 'pretty';

/** The configured format, or pretty when the output is a terminal and JSON otherwise (files, journald, pipes). */
export function resolveLogFormat(configured: LogFormat | undefined, out: { isTTY?: boolean } = process.stdout): LogFormat {
  return configured ?? (out.isTTY ? 'pretty' : 'json');
}

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
export const LEVEL_NUMBERS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
const LEVEL_COLOURS: Record<number, string> = { 10: '90', 20: '36', 30: '32', 40: '33', 50: '31', 60: '35' };
// what every record carries: not repeated on a readable line
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'v']);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function valueText(v: unknown): string {
  if (typeof v === 'string') return /[\s"=]/.test(v) || v === '' ? JSON.stringify(v) : v;
  return JSON.stringify(v);
}

function isRequestLine(r: Record<string, unknown>): r is Record<string, unknown> & { req: { remoteAddress?: string } } {
  return typeof r.responseTime === 'number' && !!r.req && typeof r.req === 'object' && !!r.res && typeof r.res === 'object';
}

/** One record (a parsed JSON line) as a readable line: time, level, message, then the other fields. */
export function prettyLine(record: Record<string, unknown>, colours = false): string {
  const at = new Date(typeof record.time === 'number' ? record.time : Date.now());
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}.${pad(at.getMilliseconds(), 3)}`;
  const level = typeof record.level === 'number' ? record.level : 30;
  const name = (LEVEL_NAMES[level] ?? String(level)).padEnd(5);
  const shownLevel = colours ? `\x1b[${LEVEL_COLOURS[level] ?? '0'}m${name}\x1b[0m` : name;
  const fields: string[] = [];
  let stack = '';
  // a request line's message already says method, URL, status and time: the client's address is what it lacks
  const requestLine = isRequestLine(record);
  if (requestLine) fields.push(`from=${valueText(record.req.remoteAddress)}`);
  for (const [k, v] of Object.entries(record)) {
    if (HIDDEN.has(k) || v === undefined || (requestLine && (k === 'req' || k === 'res' || k === 'responseTime'))) continue;
    if (k === 'err' && v && typeof v === 'object') {
      const err = v as { message?: string; stack?: string; type?: string };
      fields.push(`err=${valueText(err.message ?? err.type ?? 'error')}`);
      if (err.stack) stack = `\n    ${err.stack.split('\n').join('\n    ')}`;
      continue;
    }
    fields.push(`${k}=${valueText(v)}`);
  }
  const msg = typeof record.msg === 'string' ? record.msg : '';
  return `${time} ${shownLevel} ${msg}${fields.length ? `  ${fields.join(' ')}` : ''}${stack}\n`;
}

/**
 * A destination for pino that writes each record as a readable line (pino writes one JSON line per call).
 * A line that is not JSON is passed on as it is.
 */
export function prettyStream(out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout): { write(chunk: string): boolean } {
  const colours = !!out.isTTY && !process.env.NO_COLOR;
  return {
    write(chunk: string) {
      let text = '';
      for (const line of chunk.split('\n')) {
        if (!line) continue;
        try {
          text += prettyLine(JSON.parse(line) as Record<string, unknown>, colours);
        } catch {
          text += `${line}\n`;
        }
      }
      return out.write(text);
    },
  };
}

/**
 * Writes one record outside the logger and its level: the start's own lines (where the server runs, the
 * passwords shown once, why it did not start), so they read like every other line and are never filtered out.
 * In a readable format `text` (when given) replaces the message and fields.
 */
export function writeRecord(
  format: LogFormat,
  level: keyof typeof LEVEL_NUMBERS,
  msg: string,
  fields: Record<string, unknown> = {},
  opts: { out?: NodeJS.WritableStream & { isTTY?: boolean }; text?: string } = {},
): void {
  const out = opts.out ?? (LEVEL_NUMBERS[level] >= LEVEL_NUMBERS.error ? process.stderr : process.stdout);
  const record = { level: LEVEL_NUMBERS[level], time: Date.now(), pid: process.pid, hostname: hostname(), msg, ...fields };
  if (format === 'json') {
    out.write(`${JSON.stringify(record)}\n`);
    return;
  }
  const colours = !!out.isTTY && !process.env.NO_COLOR;
  out.write(opts.text === undefined ? prettyLine(record, colours) : prettyLine({ level: record.level, time: record.time, msg: opts.text }, colours));
}
