import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../core/access';
import { ok } from '../../../core/http';
import { MESSAGES, updatePasswordBody } from './schema';
import { updateOwnPassword } from './service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // The spec posts; the original's clients put.
  app.route({
    method: ['POST', 'PUT'],
    url: '/sys/user/updatePassword',
    config: { auth: true },
    schema: { tags: ['用户'], summary: '修改自己的密码', body: updatePasswordBody },
    handler: async (request) => {
      await updateOwnPassword(app.ctx, currentUser(request), request.body, request.ip);
      return ok(null, MESSAGES.done);
    },
  });
};
