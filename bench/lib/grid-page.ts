// Builds bench/grid-page (the real EditableGrid source and antd's Table) with Vite into a temporary
// folder and serves it on a local port; apps/web/dist is neither read nor written.
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const REPO = resolve(import.meta.dirname, '../..');
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

export interface GridPage {
  url: string;
  close(): Promise<void>;
}

export async function buildAndServeGridPage(): Promise<GridPage> {
  const outDir = mkdtempSync(join(tmpdir(), 'grid-bench-'));
  const { build } = await import('vite');
  // The React plugin is installed for apps/web only; load it from there.
  const pluginPath = createRequire(join(REPO, 'apps/web/package.json')).resolve('@vitejs/plugin-react');
  const react = (await import(pathToFileURL(pluginPath).href)).default as () => unknown;
  await build({
    root: join(REPO, 'bench/grid-page'),
    base: './',
    logLevel: 'warn',
    configFile: false,
    plugins: [react() as never],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  });

  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(outDir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(outDir) || !existsSync(file) || statSync(file).isDirectory()) file = join(outDir, 'index.html');
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise((r) => server.close(r));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
