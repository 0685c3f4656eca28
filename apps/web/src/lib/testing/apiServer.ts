// A real local HTTP server for component and client tests: handlers answer like the API does, and
// the app's runtime config points at it. CORS is open because jsdom enforces it like a browser.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';

export interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export type Handler = (req: Seen) => { status?: number; body: unknown; delayMs?: number; contentType?: string } | undefined;

export interface ApiServer {
  url: string;
  seen: Seen[];
  handle(method: string, path: string, handler: Handler): void;
  close(): Promise<void>;
}

export const envelope = (result: unknown, message = '操作成功！', code = 200) => ({
  success: code === 200,
  message,
  code,
  result,
  timestamp: Date.now(),
});

export async function startApiServer(): Promise<ApiServer> {
  const routes = new Map<string, Handler>();
  const seen: Seen[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET,POST,PUT,DELETE');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const path = url.pathname.replace(/^\/api/, '');
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        /* keep raw */
      }
      const entry: Seen = { method: req.method ?? 'GET', path, query: url.searchParams, headers: req.headers, body };
      seen.push(entry);
      const handler = routes.get(`${entry.method} ${path}`);
      const answer = handler?.(entry) ?? { status: 404, body: envelope(null, '路径不存在，请检查路径是否正确', 404) };
      const reply = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, { 'Content-Type': answer.contentType ?? 'application/json' });
        res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  window.__APP_CONFIG__ = { ...(window.__APP_CONFIG__ ?? {}), apiBase: `${url}/api` };
  return {
    url,
    seen,
    handle: (method, path, handler) => routes.set(`${method.toUpperCase()} ${path}`, handler),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * One local API server for the calling test file: started before its tests, closed after them, and its
 * record of requests cleared after each test. The answer stands in for the server once it has started.
 */
export function useApiServer(): ApiServer {
  let server: ApiServer | undefined;
  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server?.close());
  afterEach(() => {
    if (server) server.seen.length = 0;
  });
  return new Proxy({} as ApiServer, {
    get(_target, key) {
      if (!server) throw new Error('useApiServer: the server starts in beforeAll; use it inside tests');
      const value = (server as unknown as Record<PropertyKey, unknown>)[key];
      return typeof value === 'function' ? value.bind(server) : value;
    },
  });
}

/**
 * useApiServer for a page test: also closes notices and forgets the session (permissions granted by the
 * test) after each test, so one test's state never leaks into the next.
 */
export function usePageApiServer(): ApiServer {
  const server = useApiServer();
  afterEach(async () => {
    const [{ resetErrorState }, { clearLocalSession }] = await Promise.all([import('../http/errors'), import('../session/store')]);
    await resetErrorState();
    clearLocalSession();
  });
  return server;
}
