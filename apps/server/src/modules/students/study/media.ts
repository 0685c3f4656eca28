import type { FastifyInstance, FastifyReply } from 'fastify';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { BizError } from '../../../core/errors';
import { formatDateTime, type Db } from '../../../core/db';
import { sniff } from '../../../core/storage/sniff';
import { encodeStoredPath } from './common';

/** How long a signed video address stays valid: long enough to watch a lesson, short enough not to be worth sharing. */
export const MEDIA_URL_TTL_SECONDS = 2 * 60 * 60;
const SECRET_KEY = 'media_signing_secret';

const forbidden = () => new BizError('视频地址无效或已过期', { status: 403, code: 403 });
const notFound = () => new BizError('文件不存在', { status: 404, code: 404 });

/**
 * Signs and checks the short-lived video addresses. The key is this installation's own, generated at first
 * use and kept in sys_install (like the token secret), so every node on one database signs alike.
 */
export class MediaSigner {
  private secret: Promise<string> | undefined;
  constructor(private readonly db: Db) {}

  private key(): Promise<string> {
    this.secret ??= (async () => {
      await this.db
        .insertInto('sysInstall')
        .values({ key: SECRET_KEY, value: randomBytes(48).toString('base64url'), createTime: formatDateTime(new Date()) })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await this.db.selectFrom('sysInstall').select('value').where('key', '=', SECRET_KEY).executeTakeFirstOrThrow();
      return row.value;
    })();
    return this.secret;
  }

  async signature(path: string, exp: number): Promise<string> {
    return createHmac('sha256', await this.key()).update(`${path}\n${exp}`).digest('base64url');
  }

  /** The signed address of a stored file: /api/students/study/media/<path>?exp=<epoch s>&sig=<hmac>. */
  async address(apiBase: string, path: string, nowMs: number): Promise<string> {
    const exp = Math.floor(nowMs / 1000) + MEDIA_URL_TTL_SECONDS;
    return `${apiBase}/students/study/media/${encodeStoredPath(path)}?exp=${exp}&sig=${await this.signature(path, exp)}`;
  }

  /** True when the signature is this installation's for the path and the address has not expired. */
  async verify(path: string, exp: string | undefined, sig: string | undefined, nowMs: number): Promise<boolean> {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
    if (Number(exp) * 1000 < nowMs) return false;
    const want = Buffer.from(await this.signature(path, Number(exp)));
    const got = Buffer.from(sig);
    return want.length === got.length && timingSafeEqual(want, got);
  }
}

/** A byte range of a file of `size` bytes from a Range header; 'whole' without a usable single range, 'unsatisfiable' past the end. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'whole' | 'unsatisfiable' {
  if (!header) return 'whole';
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // several ranges or another unit: answered with the whole file, which RFC 9110 allows
  if (!m || (m[1] === '' && m[2] === '')) return 'whole';
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

async function mimeOf(full: string): Promise<string> {
  const fh = await open(full, 'r');
  try {
    const buf = Buffer.alloc(64);
    const { bytesRead } = await fh.read(buf, 0, 64, 0);
    const type = sniff(buf.subarray(0, bytesRead));
    return type?.kind === 'media' ? type.mime : 'application/octet-stream';
  } finally {
    await fh.close();
  }
}

/** The safe headers of the common file routes: never sniffed, never run as a page of this origin. */
function safeHeaders(reply: FastifyReply) {
  return reply
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cross-Origin-Resource-Policy', 'same-origin');
}

export function registerMediaRoute(app: FastifyInstance, signer: MediaSigner) {
  // Public on purpose: a <video> element cannot send the Authorization header, so the address carries its
  // own proof instead, an HMAC of the path and expiry made with this installation's key when a signed-in
  // student opened the lesson. A bad or expired signature is refused with 403.
  app.get(
    '/students/study/media/*',
    { config: { public: true, httpStatusErrors: true }, schema: { tags: ['学习园地'], summary: '播放视频（签名地址，支持断点续传）' } },
    async (req, reply) => {
      let rel: string;
      try {
        rel = decodeURIComponent((req.params as { '*': string })['*']);
      } catch {
        throw forbidden();
      }
      const { exp, sig } = req.query as { exp?: string; sig?: string };
      if (!(await signer.verify(rel, exp, sig, app.ctx.clock.now().getTime()))) throw forbidden();
      const full = await app.ctx.storage.resolve(rel);
      if (!full) throw notFound();
      const size = (await stat(full)).size;
      safeHeaders(reply)
        .type(await mimeOf(full))
        .header('Accept-Ranges', 'bytes')
        .header('Cache-Control', 'private, max-age=3600')
        .header('Content-Disposition', 'inline');
      const range = parseRange(req.headers.range, size);
      if (range === 'unsatisfiable') {
        return reply.code(416).header('Content-Range', `bytes */${size}`).header('Content-Length', '0').send('');
      }
      if (range === 'whole') return reply.header('Content-Length', String(size)).send(createReadStream(full));
      return reply
        .code(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
        .header('Content-Length', String(range.end - range.start + 1))
        .send(createReadStream(full, { start: range.start, end: range.end }));
    },
  );
}
