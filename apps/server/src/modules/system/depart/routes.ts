import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../core/access';
import { BizError } from '../../../core/errors';
import { ok } from '../../../core/http';
import { loadUserInfo, userTenants } from '../user/profile';
import { MESSAGES, selectDepartBody } from './schema';
import { userDeparts } from './service';

export const departRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const tags = ['部门'];

  app.get(
    '/sys/user/getCurrentUserDeparts',
    { config: { auth: true }, schema: { tags, summary: '当前用户的部门' } },
    async (request) => {
      const user = currentUser(request);
      const departs = await userDeparts(db, user.id);
      const info = await loadUserInfo(db, user.id);
      return ok({
        list: departs.map((d) => ({ id: d.id, orgCode: d.orgCode, departName: d.departName, parentId: d.parentId })),
        orgCode: info?.orgCode ?? null,
      });
    },
  );

  // The spec posts; the original's later clients put.
  app.route({
    method: ['POST', 'PUT'],
    url: '/sys/selectDepart',
    config: { auth: true },
    schema: { tags, summary: '切换当前部门', body: selectDepartBody },
    handler: async (request) => {
      const user = currentUser(request);
      const { orgCode, username, loginTenantId } = request.body;
      if (username && username !== user.username) throw new BizError(MESSAGES.notYourAccount);
      const departs = await userDeparts(db, user.id);
      if (!departs.some((d) => d.orgCode === orgCode)) throw new BizError(MESSAGES.notYourDepart);
      const changes: { orgCode: string; loginTenantId?: number } = { orgCode };
      if (loginTenantId !== undefined && loginTenantId !== 0) {
        const tenants = await userTenants(db, user.id);
        if (!tenants.some((t) => t.id === loginTenantId)) throw new BizError(MESSAGES.notYourTenant);
        changes.loginTenantId = loginTenantId;
      }
      await db.updateTable('sysUser').set(changes).where('id', '=', user.id).execute();
      return ok({ userInfo: await loadUserInfo(db, user.id) });
    },
  });
};
