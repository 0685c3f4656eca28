import type { FastifyInstance, FastifyReply } from 'fastify';
import { basename } from 'node:path';
import { BizError } from '../../core/errors';
import { IMAGE_TYPES, sniff } from '../../core/storage/sniff';
import { uploadRoutes } from './upload';
import { pdfPreviewRoutes } from './pdf-preview';

const NOT_FOUND = () => new BizError('文件不存在', { status: 404, code: 404 });

/** A raster image type when the file really is one, judged by its first bytes, never by its name. */
function imageType(head: Buffer) {
  const type = sniff(head);
  return type && Object.values(IMAGE_TYPES).includes(type) ? type : undefined;
}

function safeHeaders(reply: FastifyReply) {
  return reply
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cross-Origin-Resource-Policy', 'same-origin');
}

/**
 * Stored files read back by their relative path.
 * - /sys/common/static/*: signed-in users; images inline, everything else as a download.
 * - /sys/common/view/*: anyone, images only, so `<img>` in pages and stored rich text can show them
 *   (paths carry 64 random bits). Nothing uploaded is ever served as a page of this origin.
 */
export async function commonRoutes(app: FastifyInstance) {
  await app.register(uploadRoutes);
  await app.register(pdfPreviewRoutes);

  // Read through the configured driver (local disk or S3), streamed, never buffered whole.
  const storedFile = async (raw: string) => {
    let rel: string;
    try {
      rel = decodeURIComponent(raw);
    } catch {
      throw NOT_FOUND();
    }
    const head = await app.ctx.storage.head(rel, 64);
    if (!head) throw NOT_FOUND();
    return { rel, image: imageType(head), open: async () => (await app.ctx.storage.read(rel)) ?? Promise.reject(NOT_FOUND()) };
  };

  app.get('/sys/common/static/*', { config: { auth: true, httpStatusErrors: true }, schema: { tags: ['通用'], summary: '读取文件' } }, async (req, reply) => {
    const file = await storedFile((req.params as { '*': string })['*']);
    const name = encodeURIComponent(basename(file.rel));
    safeHeaders(reply).header('Cache-Control', 'private, no-store');
    if (file.image) return reply.type(file.image.mime).header('Content-Disposition', `inline; filename*=UTF-8''${name}`).send(await file.open());
    return reply
      .type('application/octet-stream')
      .header('Content-Disposition', `attachment; filename*=UTF-8''${name}`)
      .send(await file.open());
  });

  app.get('/sys/common/view/*', { config: { public: true, httpStatusErrors: true }, schema: { tags: ['通用'], summary: '查看图片' } }, async (req, reply) => {
    const file = await storedFile((req.params as { '*': string })['*']);
    if (!file.image) throw NOT_FOUND();
    return safeHeaders(reply)
      .type(file.image.mime)
      .header('Cache-Control', 'private, max-age=86400')
      .header('Content-Disposition', 'inline')
      .send(await file.open());
  });
}
