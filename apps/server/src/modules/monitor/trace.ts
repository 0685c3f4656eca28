// The HTTP trace: the last requests this node answered, kept in memory from our own response hook
// (the original keeps Spring's in-memory exchange repository). Query values that name a secret are
// masked before anything is stored, so the trace never holds a password or a token.
import type { FastifyReply, FastifyRequest } from 'fastify';

export const TRACE_CAPACITY = 200;

/** Query parameter names whose values are replaced: passwords, tokens, signatures, keys, tickets. */
const SECRET_NAME = /pass|pwd|token|secret|signature|^sig$|ticket|api_?key|access_?key|app_?key|captcha|credential|^auth/i;
export const MASK = '******';

/** One answered request, in the shape of the original's trace rows (timeTaken in milliseconds). */
export interface TraceEntry {
  id: number;
  timestamp: string;
  request: { method: string; uri: string; remoteAddress: string };
  response: { status: number };
  principal: { name: string } | null;
  timeTaken: number;
}

/** The path with every secret-looking query value masked. */
export function maskedUri(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // keep the raw name
      }
      return SECRET_NAME.test(name) ? `${pair.slice(0, eq)}=${MASK}` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/** Counts per method and status for /metrics, kept apart from the ring so they never go down. */
export interface RequestCounter {
  method: string;
  status: number;
  count: number;
  seconds: number;
}

export class HttpTraceLog {
  private readonly ring: TraceEntry[] = [];
  private next = 1;
  private readonly counters = new Map<string, RequestCounter>();

  constructor(private readonly capacity = TRACE_CAPACITY) {}

  record(req: FastifyRequest, reply: FastifyReply, at: Date): void {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    const key = `${req.method} ${status}`;
    const c = this.counters.get(key) ?? { method: req.method, status, count: 0, seconds: 0 };
    c.count += 1;
    c.seconds += ms / 1000;
    this.counters.set(key, c);
    // like the original: no preflights, and the trace page's own calls do not fill the trace
    if (req.method === 'OPTIONS' || req.url.includes('httptrace')) return;
    this.ring.push({
      id: this.next++,
      timestamp: at.toISOString(),
      request: { method: req.method, uri: maskedUri(req.url), remoteAddress: req.ip },
      response: { status },
      principal: req.user ? { name: req.user.username } : null,
      timeTaken: Math.round(ms * 10) / 10,
    });
    if (this.ring.length > this.capacity) this.ring.shift();
  }

  /**
   * The original's query: `<status>[,<sortBy>[,<order>]]` — status all | success (200) | warn (201–403) |
   * error (404–500); sortBy timeTaken | timestamp; order asc | desc (default desc). Newest first otherwise.
   */
  find(query: string): TraceEntry[] {
    const [status = 'all', sortBy, order = 'desc'] = query.split(/[,/]/).map((s) => s.trim().toLowerCase());
    let rows = [...this.ring].reverse();
    if (status === 'success') rows = rows.filter((e) => e.response.status === 200);
    else if (status === 'warn') rows = rows.filter((e) => e.response.status >= 201 && e.response.status < 404);
    else if (status === 'error') rows = rows.filter((e) => e.response.status >= 404 && e.response.status < 501);
    const by = sortBy === 'timetaken' ? (e: TraceEntry) => e.timeTaken : sortBy === 'timestamp' ? (e: TraceEntry) => e.id : null;
    if (by) rows.sort((a, b) => (order === 'asc' ? by(a) - by(b) : by(b) - by(a)));
    return rows;
  }

  requestCounters(): RequestCounter[] {
    return [...this.counters.values()];
  }
}
