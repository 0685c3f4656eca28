import type { FastifyInstance } from 'fastify';
import { announcementRoutes } from './routes';
import { noticeSocketRoutes } from './socket';

/** Announcements (issue 13): the original's calls under the API base and the notification socket beside them. */
export async function noticeModule(app: FastifyInstance) {
  await app.register(announcementRoutes);
  await app.register(noticeSocketRoutes);
}
export { NOTICE_CHANNEL, type NoticePush } from './socket';
export { deliverAnnouncement, pushAnnouncement, type Releasable } from './release';
