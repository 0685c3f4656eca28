import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { markRoutesPublic } from '../access';
import { HTML_SECURITY_HEADERS, renderIndexHtml, type RuntimeConfig } from './index-html';

export const NOT_BUILT_TEXT = '安学云网页应用尚未构建：请先运行 npm run build（The web app is not built yet: run `npm run build`.）';

export interface WebAppOptions {
  webDist: string;
  runtime: RuntimeConfig;
  /** The install's own name, logo and footer (系统设置), read per page so every node follows a change; empty when unset. */
  branding?: () => Promise<Branding>;
}

type Branding = Partial<Record<'siteName' | 'siteLogo' | 'footerText', string>>;

/**
 * Serves the built web app: its files as they are, and index.html (with the runtime configuration and
 * the install's name as its title, so the tab is right before any script runs) at / and for every other
 * page path, so client-side routes survive a reload. Answers `sendIndex` for the not-found handler's
 * SPA fallback.
 */
export async function registerWebApp(app: FastifyInstance, opts: WebAppOptions): Promise<(reply: FastifyReply) => Promise<FastifyReply>> {
  const indexFile = join(opts.webDist, 'index.html');
  const built = existsSync(indexFile);
  // Read once: the built file does not change while the server runs.
  const template = built ? readFileSync(indexFile, 'utf8') : undefined;
  const branding = async (): Promise<Branding> => {
    try {
      const b = (await opts.branding?.()) ?? {};
      // only what is set: the page falls back to the product's own for the rest
      return Object.fromEntries((['siteName', 'siteLogo', 'footerText'] as const).map((k) => [k, b[k]?.trim()]).filter(([, v]) => v));
    } catch (err) {
      // the page still opens, under the product name, while the settings cannot be read
      app.log.warn({ err }, 'site settings unreadable; index.html sent with the product name');
      return {};
    }
  };
  const sendIndex = async (reply: FastifyReply) => {
    if (template === undefined) return reply.status(200).type('text/plain; charset=utf-8').send(NOT_BUILT_TEXT);
    const html = renderIndexHtml(template, { ...opts.runtime, ...(await branding()) });
    reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding').headers(HTML_SECURITY_HEADERS);
    // compressed like the assets (the page is made per request: 3.5 KB, 1.5 KB in brotli, a phone's first bytes)
    const accepts = String(reply.request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
    return reply.send(html);
  };

  await app.register(async (scope) => {
    markRoutesPublic(scope);
    if (built) {
      const common = {
        index: false,
        // Cache headers are set below: long for hashed assets, revalidated for the rest.
        cacheControl: false,
        // the build writes .br and .gz beside its larger files: sent to a browser that takes them
        preCompressed: true,
        setHeaders(res: { setHeader(name: string, value: string): unknown }, filePath: string) {
          // a cache keeps the compressed and the plain answer apart
          res.setHeader('vary', 'accept-encoding');
          // Vite names built assets by content hash, so they never change under the same name.
          if (filePath.includes(`${join('/', 'assets', '/')}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        },
      } as const;
      // the few files beside index.html, one route each
      await scope.register(fastifyStatic, {
        ...common,
        root: opts.webDist,
        wildcard: false,
        // pages rendered with the runtime configuration and their security headers, never as plain files
        globIgnore: ['index.html', 'pdf-viewer.html', 'assets/**'],
      });
      // assets/ (about a thousand files with their .br and .gz): one route for all, not two per file,
      // which cost a third of the start; a path with a dot segment (.., a dotfile) is not found, as before
      await scope.register(fastifyStatic, {
        ...common,
        root: join(opts.webDist, 'assets'),
        prefix: '/assets/',
        decorateReply: false,
        allowedPath: (pathName: string) => !pathName.split('/').some((segment) => segment.startsWith('.')),
      });
    }
    scope.get('/', { config: { public: true }, schema: { hide: true } }, (_req: FastifyRequest, reply) => sendIndex(reply));
    scope.get('/index.html', { config: { public: true }, schema: { hide: true } }, (_req: FastifyRequest, reply) => sendIndex(reply));
  });
  return sendIndex;
}
