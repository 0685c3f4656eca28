import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { prettyStream, resolveLogFormat, type LogFormat } from './format';

export { prettyLine, prettyStream, resolveLogFormat, writeRecord, type LogFormat } from './format';

/** What is logged of each request: nothing, every one at info, or (default) only the refused, failed and slow ones. */
export type RequestLogging = 'off' | 'info' | 'debug';

/** A request whose answer took this long to start is logged as slow (a download's own length does not count). */
export const SLOW_REQUEST_MS = 1000;

const MASK = '******';
/** Field names whose values are never written: passwords, tokens, keys, cookies, signatures. */
const SECRET_KEY = /pass|pwd|token|secret|authorization|cookie|signature|credential|api_?key|access_?key|private_?key/i;
const MAX_DEPTH = 6;

/** The value with every secret-named field masked, copied where something changed (the caller's object stays). */
export function withoutSecrets<T>(value: T, depth = 0): T {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object' || value instanceof Error || Buffer.isBuffer(value)) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const clean = withoutSecrets(item, depth + 1);
      if (clean !== item) (copy ??= [...value])[i] = clean;
    });
    return (copy ?? value) as T;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const clean = SECRET_KEY.test(k) && v !== undefined && v !== null && v !== '' ? MASK : withoutSecrets(v, depth + 1);
    if (clean !== v) (copy ??= { ...(value as Record<string, unknown>) })[k] = clean;
  }
  return (copy ?? value) as T;
}

/** Masks secret-looking query values of a URL (the original client sends some passwords as query parameters). */
export type UrlMask = (url: string) => string;

/**
 * Pino options of the server's logger: the level, one format (JSON lines, or readable ones), request URLs with
 * secret-looking query values masked and secret-named fields masked in every record. `given` (tests) replaces
 * level and destination; false turns logging off.
 */
export function loggerOptions(config: { logLevel: string; logFormat?: LogFormat }, maskUrl: UrlMask, given?: boolean | object): false | object {
  if (given === false) return false;
  const base =
    given && typeof given === 'object'
      ? given
      : { level: config.logLevel, ...(resolveLogFormat(config.logFormat) === 'pretty' ? { stream: prettyStream() } : {}) };
  const own = base as { serializers?: object; formatters?: { log?: (o: Record<string, unknown>) => Record<string, unknown> } };
  return {
    ...base,
    serializers: {
      req: (r: FastifyRequest) => ({ method: r.method, url: maskUrl(r.url), host: r.host, remoteAddress: r.ip, remotePort: r.socket?.remotePort }),
      ...(own.serializers ?? {}),
    },
    formatters: { ...(own.formatters ?? {}), log: (o: Record<string, unknown>) => withoutSecrets(own.formatters?.log ? own.formatters.log(o) : o) },
  };
}

const startedAnswer = Symbol('startedAnswer');
type Timed = FastifyRequest & { [startedAnswer]?: number };

function levelOf(mode: RequestLogging, status: number, slow: boolean): 'debug' | 'info' | 'warn' {
  if (status >= 500 || slow) return 'warn';
  if (status >= 400) return 'info';
  return mode === 'info' ? 'info' : 'debug';
}

/**
 * One line per request, after its answer, at a level by what happened: a failure or a slow answer at warn, a
 * refused request at info, the others at debug (LOG_REQUESTS=debug, the default: unseen at LOG_LEVEL=info) or
 * info (LOG_REQUESTS=info). LOG_REQUESTS=off writes none; errors are still logged where they happen.
 */
export function installRequestLog(app: FastifyInstance, mode: RequestLogging, maskUrl: UrlMask): void {
  if (mode === 'off') return;
  app.addHook('onSend', async (req: Timed, reply: FastifyReply) => {
    req[startedAnswer] ??= reply.elapsedTime;
  });
  app.addHook('onResponse', async (req: Timed, reply: FastifyReply) => {
    const status = reply.statusCode;
    // a socket's connection lasts as long as it is open: not slow
    const slow = !req.headers.upgrade && (req[startedAnswer] ?? reply.elapsedTime) >= SLOW_REQUEST_MS;
    const level = levelOf(mode, status, slow);
    const responseTime = Math.round(reply.elapsedTime);
    req.log[level]({ req, res: { statusCode: status }, responseTime, ...(slow ? { slow: true } : {}) }, `${req.method} ${maskUrl(req.url)} ${status} ${responseTime}ms`);
  });
}
