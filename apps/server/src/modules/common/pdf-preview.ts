import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BizError } from '../../core/errors';
import { safeRelPath } from '../../core/storage/naming';
import { HTML_SECURITY_HEADERS, renderIndexHtml } from '../../core/web/index-html';
import { NOT_BUILT_TEXT } from '../../core/web/static';

/** The built viewer page (apps/web/pdf-viewer.html, its own Vite entry with pdf.js bundled). */
export const PDF_VIEWER_FILE = 'pdf-viewer.html';

export const ONLY_STORED_PDF = '只能预览本系统存储的文件';

/**
 * A stored file's relative path, or undefined for anything else: an address with a scheme (http:,
 * file:, //host), an absolute or drive path, or one that climbs out of the storage root. The viewer
 * reads only our own storage, so the page can never be turned into a proxy for other addresses.
 */
export function storedPdfPath(file: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(file) || file.startsWith('//') || file.startsWith('\\\\')) return undefined;
  return safeRelPath(file);
}

/**
 * GET /sys/common/pdf/pdfPreviewIframe?file=<stored path>: the PDF viewer page the original serves for
 * its iframes. The page itself holds no file: it reads the file through /sys/common/static with the
 * signed-in user's token (so the same access as any file preview applies) and draws it with pdf.js.
 * Public like the original's, since an iframe cannot send the token header; it only checks that
 * `file` names a path of our storage, and answers 400 otherwise.
 */
export const pdfPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  const file = join(config.webDist, PDF_VIEWER_FILE);
  // read once: the built page does not change while the server runs
  const page = existsSync(file)
    ? renderIndexHtml(readFileSync(file, 'utf8'), { apiBase: config.apiBase, title: config.appTitle, captcha: config.loginCaptcha, signatureSecret: '' })
    : undefined;

  app.get(
    '/sys/common/pdf/pdfPreviewIframe',
    {
      config: { public: true, httpStatusErrors: true },
      schema: {
        tags: ['通用'],
        summary: 'PDF 预览页（iframe）',
        querystring: z.object({ file: z.string().trim().max(500, '文件路径过长').optional(), title: z.string().max(100).optional() }),
      },
    },
    async (req, reply) => {
      if (req.query.file && !storedPdfPath(req.query.file)) throw new BizError(ONLY_STORED_PDF, { status: 400, code: 400 });
      if (!page) return reply.type('text/plain; charset=utf-8').send(NOT_BUILT_TEXT);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').headers(HTML_SECURITY_HEADERS).send(page);
    },
  );
};
