import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../core/access';
import { ok } from '../../../core/http';
import { userPermissionBundle } from './service';

export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/permission/getUserPermissionByToken',
    { config: { auth: true }, schema: { tags: ['菜单权限'], summary: '当前用户的菜单与按钮权限' } },
    async (request) => ok(await userPermissionBundle(app.ctx.db, currentUser(request))),
  );
};
