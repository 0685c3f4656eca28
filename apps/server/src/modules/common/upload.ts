import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkUpload } from '../../core/storage/sniff';
import { safeSegment } from '../../core/storage/local';
import { BizError } from '../../core/errors';
import { ok } from '../../core/http';

const MAX_FIELD = 200;
const VIDEO_NAME = /\.(mp4|webm)$/i;

/**
 * POST /sys/common/upload: one file (field `file`) into a biz folder (default temp; editor images go to
 * jeditor). The stored relative path comes back in `message`, as the original platform answers, and
 * with name, size and type in `result`.
 */
/** A file that passed the upload checks: size, accepted extension, content agreeing with it. */
export interface CheckedUpload {
  name: string;
  data: Buffer;
  mime: string;
  /** The other form fields sent with it. */
  fields: Record<string, string>;
}

/**
 * Reads one multipart upload (field `file`) and applies the upload checks; throws the refusal
 * (415 not multipart or wrong type, 413 too large, 400 no file). Every upload route goes through it.
 */
export async function readCheckedUpload(request: FastifyRequest, max: number, videoMax = max): Promise<CheckedUpload> {
  if (!request.isMultipart()) throw new BizError('请以 multipart/form-data 上传文件', { status: 415 });
  const fields: Record<string, string> = {};
  let file: { name: string; data: Buffer } | undefined;
  for await (const part of request.parts({ limits: { fileSize: Math.max(max, videoMax), files: 1, fields: 10, fieldSize: MAX_FIELD } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        continue;
      }
      // videos may be larger than other files; what the content really is is checked below
      const limit = VIDEO_NAME.test(part.filename ?? '') ? videoMax : max;
      const tooLarge = () => new BizError(`文件大小超出${Math.round(limit / 1024 / 1024)}MB限制`, { status: 413 });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file) {
        size += (chunk as Buffer).length;
        if (size > limit) {
          part.file.resume();
          throw tooLarge();
        }
        chunks.push(chunk as Buffer);
      }
      if (part.file.truncated) throw tooLarge();
      file = { name: part.filename ?? '', data: Buffer.concat(chunks) };
    } else {
      fields[part.fieldname] = String(part.value ?? '');
    }
  }
  if (!file) throw new BizError('未上传任何文件', { status: 400 });
  const check = checkUpload(file.name, file.data);
  if (!check.ok) throw new BizError(check.reason, { status: 415 });
  return { ...file, mime: check.type.mime, fields };
}

export async function uploadRoutes(app: FastifyInstance) {
  const { uploadMaxBytes: max, uploadVideoMaxBytes: videoMax } = app.ctx.config;

  app.post('/sys/common/upload', { config: { auth: true }, schema: { tags: ['通用'], summary: '上传文件' } }, async (request) => {
    const file = await readCheckedUpload(request, max, videoMax);
    const editor = file.fields.jeditor === '1';
    const biz = safeSegment(editor ? 'jeditor' : file.fields.biz || 'temp') || 'temp';
    const path = await app.ctx.storage.save(biz, file.name, file.data);
    request.log.info({ path, size: file.data.length, user: request.user?.username }, 'file uploaded');
    return ok({ path, name: file.name, size: file.data.length, type: file.mime }, path);
  });
}
