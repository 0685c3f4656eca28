import type { FastifyInstance } from 'fastify';

/**
 * Headers every answer carries: browsers must not guess a content type other than the one sent
 * (an uploaded file served as text is never run as HTML or script), and addresses of this app are not
 * leaked to other sites through the Referer header. The HTML page adds its Content-Security-Policy
 * (core/web/index-html.ts).
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
  });
}
