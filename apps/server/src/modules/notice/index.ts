import type { FastifyInstance } from 'fastify';
import type { MessageBus } from '../../core/bus';
import { announcementRoutes } from './routes';
import { noticeSocketRoutes } from './socket';

/** Announcements (issue 13): the original's calls under the API base and the notification socket beside them. */
export async function noticeModule(app: FastifyInstance, opts: { bus: MessageBus }) {
  await app.register(announcementRoutes, opts);
  await app.register(noticeSocketRoutes, opts);
}
export { NOTICE_CHANNEL, type NoticePush } from './socket';
export { deliverAnnouncement, pushAnnouncement, type Releasable } from './release';
