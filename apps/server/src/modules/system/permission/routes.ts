import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../core/access';
import { PermissionAnswerCache, permissionEpoch } from './cache';
import { userCodeBundle, userPermissionBundle } from './service';
import { ok } from '../../../core/http';

export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new PermissionAnswerCache();
  app.get(
    '/sys/permission/getUserPermissionByToken',
    { config: { auth: true }, schema: { tags: ['菜单权限'], summary: '当前用户的菜单与按钮权限' } },
    async (request, reply) => {
      const user = currentUser(request);
      // The epoch is read before building, so a change made meanwhile makes this entry stale, not wrong.
      const epoch = await permissionEpoch(app.ctx.db);
      let result = cache.get(user.id, epoch);
      if (!result) {
        result = JSON.stringify(await userPermissionBundle(app.ctx.db, user));
        cache.set(user.id, epoch, result);
      }
      return reply.type('application/json; charset=utf-8').send(`{"success":true,"message":"","code":200,"result":${result},"timestamp":${Date.now()}}`);
    },
  );

  // The original client's separate call for the buttons and codes (its menus come from the call above).
  app.get('/sys/permission/getPermCode', { config: { auth: true }, schema: { tags: ['菜单权限'], summary: '当前用户的按钮权限与权限编码' } }, async (request) =>
    ok(await userCodeBundle(app.ctx.db, currentUser(request))),
  );
};
