import type { FastifyInstance } from 'fastify';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { BizError } from '../../core/errors';

/**
 * Stored files read back by their relative path. Files are always sent as downloads with nosniff and a
 * sandboxing CSP, so nothing uploaded can run as a page of this origin.
 */
export async function commonRoutes(app: FastifyInstance) {
  app.get('/sys/common/static/*', { config: { auth: true } }, async (req, reply) => {
    const rel = (req.params as { '*': string })['*'];
    const full = await app.ctx.storage.resolve(decodeURIComponent(rel));
    if (!full) throw new BizError('文件不存在', { status: 404, code: 404 });
    const name = encodeURIComponent(basename(full));
    return reply
      .header('Content-Type', 'application/octet-stream')
      .header('Content-Disposition', `attachment; filename*=UTF-8''${name}`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(createReadStream(full));
  });
}
