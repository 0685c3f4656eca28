import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../core/http';
import { listByUserQuery } from './schema';

export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Announcements do not exist yet: the shape the notice bell reads, empty.
  app.get(
    '/sys/annountCement/listByUser',
    { config: { auth: true }, schema: { tags: ['通知公告'], summary: '当前用户的未读通知', querystring: listByUserQuery } },
    async () => ok({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 }),
  );
};
