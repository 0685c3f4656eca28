import type { FastifyInstance } from 'fastify';
import { messageRoutes } from './routes';

/** Message templates, messages and their sending (issue 13): the original's /sys/message/* calls. */
export async function messageModule(app: FastifyInstance) {
  await app.register(messageRoutes);
}
export { messageDispatcher } from './routes';
export { SEND_STATUS } from './dispatcher';
export { renderTemplate, placeholdersOf, parseTemplate } from './render';
