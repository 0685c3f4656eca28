import type { FastifyInstance, FastifyReply } from 'fastify';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { BizError } from '../../core/errors';
import { IMAGE_TYPES, sniff } from '../../core/storage/sniff';
import { uploadRoutes } from './upload';

const NOT_FOUND = () => new BizError('文件不存在', { status: 404, code: 404 });

/** The first bytes of a stored file, enough to tell an image from anything else. */
async function head(full: string): Promise<Buffer> {
  const fh = await open(full, 'r');
  try {
    const buf = Buffer.alloc(64);
    const { bytesRead } = await fh.read(buf, 0, 64, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** A raster image type when the file really is one, judged by its bytes, never by its name. */
async function imageType(full: string) {
  const type = sniff(await head(full));
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

  const resolveParam = async (raw: string) => {
    let rel: string;
    try {
      rel = decodeURIComponent(raw);
    } catch {
      throw NOT_FOUND();
    }
    const full = await app.ctx.storage.resolve(rel);
    if (!full) throw NOT_FOUND();
    return full;
  };

  app.get('/sys/common/static/*', { config: { auth: true, httpStatusErrors: true }, schema: { tags: ['通用'], summary: '读取文件' } }, async (req, reply) => {
    const full = await resolveParam((req.params as { '*': string })['*']);
    const image = await imageType(full);
    const name = encodeURIComponent(basename(full));
    safeHeaders(reply).header('Cache-Control', 'private, no-store');
    if (image) return reply.type(image.mime).header('Content-Disposition', `inline; filename*=UTF-8''${name}`).send(createReadStream(full));
    return reply
      .type('application/octet-stream')
      .header('Content-Disposition', `attachment; filename*=UTF-8''${name}`)
      .send(createReadStream(full));
  });

  app.get('/sys/common/view/*', { config: { public: true, httpStatusErrors: true }, schema: { tags: ['通用'], summary: '查看图片' } }, async (req, reply) => {
    const full = await resolveParam((req.params as { '*': string })['*']);
    const image = await imageType(full);
    if (!image) throw NOT_FOUND();
    return safeHeaders(reply)
      .type(image.mime)
      .header('Cache-Control', 'private, max-age=86400')
      .header('Content-Disposition', 'inline')
      .send(createReadStream(full));
  });
}
