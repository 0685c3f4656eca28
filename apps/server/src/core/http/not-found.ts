import type { FastifyInstance, FastifyReply } from 'fastify';
import { MESSAGES } from '../errors';
import { fail } from './envelope';

/**
 * Unknown API paths answer 404 in the envelope; any other GET (a page of the single-page app)
 * answers index.html so the browser's router takes over.
 */
export function installNotFound(app: FastifyInstance, apiBase: string, sendIndex: (reply: FastifyReply) => FastifyReply | Promise<FastifyReply>): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = path === apiBase || path.startsWith(`${apiBase}/`);
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD') && !/\.[A-Za-z0-9]{1,8}$/.test(path)) {
      return sendIndex(reply);
    }
    return reply.status(404).send(fail(MESSAGES.notFound, 404));
  });
}
