import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { QueryInputError } from '../query/types';
import { BizError, MESSAGES } from '../errors';
import { fail } from './envelope';
import { BAD_UTF8_CODE, BAD_UTF8_MESSAGE } from './json-body';
import { validationMessage } from './validation-message';

const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES.bodyTooLarge,
  FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES.badJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: MESSAGES.badJson,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGES.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: MESSAGES.badRequest,
  [BAD_UTF8_CODE]: BAD_UTF8_MESSAGE,
};

/**
 * Business refusals (invalid input, wrong password, duplicates, records not found) answer as the
 * original platform does, HTTP 200 with `success: false`, so its clients show our message; a token
 * problem stays HTTP 401 and a missing permission HTTP 403 with code 510. Refusals of the request
 * itself (malformed JSON or UTF-8, body too large, unknown path) keep their HTTP status.
 */
const BUSINESS_STATUS = 200;
function httpStatusOf(err: BizError, request: FastifyRequest): number {
  if (err.status === 401 || err.status === 403) return err.status;
  // a WebSocket handshake, or a file read by an <img> or a download, is refused by its HTTP status
  if (request.headers.upgrade?.toLowerCase() === 'websocket' || request.routeOptions.config?.httpStatusErrors) return err.status;
  return BUSINESS_STATUS;
}

/**
 * The one place that turns errors into answers: every failure leaves in the envelope with a Chinese
 * message; stack traces and internal details go to the log only.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof BizError) {
      return reply.status(httpStatusOf(err, request)).send(fail(err.message, err.code));
    }
    if (err instanceof QueryInputError) {
      return reply.status(BUSINESS_STATUS).send(fail(err.message));
    }
    if (err.validation) {
      return reply.status(BUSINESS_STATUS).send(fail(validationMessage(err.validation, err.validationContext)));
    }
    // SyntaxError from JSON.parse of a body carries statusCode 400 as well.
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message = (err.code && FASTIFY_CLIENT_ERRORS[err.code]) || (status === 413 ? MESSAGES.bodyTooLarge : MESSAGES.badRequest);
      return reply.status(status).send(fail(message));
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send(fail(MESSAGES.internal));
  });
}

/**
 * Errors the router raises before any route runs (bad URL encoding, an over-long path parameter):
 * passed to Fastify as `frameworkErrors`, answered in the envelope like every other refusal.
 */
export function frameworkErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  request.log.info({ code: err.code }, 'request refused by the router');
  void reply.status(status).send(fail(status === 414 ? '请求路径过长' : MESSAGES.badRequest));
}

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  400: MESSAGES.badRequest,
  408: '请求超时',
  431: '请求头过大',
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (header fields too large → 431, a
 * request too slow → 408, a broken request line or header → 400): passed to Fastify as
 * `clientErrorHandler`, answered with a raw HTTP response carrying the same envelope as every other
 * refusal, then the connection is closed.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  this.log.debug({ code: err.code }, 'request refused by the HTTP parser');
  if (socket.writable) {
    const body = JSON.stringify(fail(CLIENT_ERROR_MESSAGES[status]));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
