import type { FastifyInstance } from 'fastify';

/** A body the JSON parser refuses: answered 400 in the envelope by the error handler (its code names the message). */
class BodyError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'BodyError';
  }
}

export const BAD_UTF8_CODE = 'ANX_BODY_BAD_UTF8';
export const BAD_UTF8_MESSAGE = '请求内容不是有效的 UTF-8 编码';

/**
 * Replaces Fastify's JSON body parser so that:
 * - an empty body sent as application/json counts as no body (clients such as axios send
 *   `Content-Type: application/json` with nothing after it, e.g. on POST /sys/logout); Fastify refuses it with 400;
 * - a body that is not valid UTF-8 is refused (400) instead of being read with replacement characters;
 * - everything else goes through Fastify's own parser, with prototype and constructor poisoning refused.
 * Malformed JSON is still 400 请求内容不是有效的 JSON.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    let text: string;
    try {
      text = utf8.decode(body);
    } catch {
      done(new BodyError(BAD_UTF8_CODE, BAD_UTF8_MESSAGE), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
