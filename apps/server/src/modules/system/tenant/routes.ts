import { pageNoParam, pageSizeParam } from '@anxue/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../../core/access';
import { callerOf, registerResource, ResourceError, type Caller } from '../../../core/crud';
import { SEED_TENANT } from '../../../core/db/seed/organisation';
import { ok } from '../../../core/http';
import { userTenants } from '../user/profile';
import { splitIds } from '../user/user-admin';
import { tenantResource } from './resource';
import { addTenant, joinTenant, leaveTenant, tenantUsers } from './tenant-service';
import { tenantMemberRoutes, tenantUserRoutes } from './members';
import { tenantPackRoutes } from './packs';

const tags = ['租户管理'];
const operatesPlatform = (caller: Caller) => !!caller.allTenants || caller.tenantId === SEED_TENANT.id;
const tenantId = z.coerce.number({ error: '缺少租户id' }).int('租户id必须是整数').min(1, '缺少租户id').max(999_999_999);
const idList = (missing: string) => z.string({ error: missing }).trim().min(1, missing).max(20000, '选择的项目过多');

/** Tenants: the resource routes, an add that hands out integer ids, the caller's tenants and tenant members. */
export const tenantRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const svc = registerResource(app, tenantResource, { db, storage: app.ctx.storage });
  // Managing tenants is the platform operator's work (members of the system tenant); anyone else with
  // the page's buttons manages only their current tenant.
  const base = svc.scoped.bind(svc);
  svc.scoped = async (d, caller) => (operatesPlatform(caller) ? base(d, caller) : (await base(d, caller)).where('id', '=', caller.tenantId));
  const assertManages = (caller: Caller, id: number) => {
    if (!operatesPlatform(caller) && caller.tenantId !== id) throw new ResourceError('无权限访问他人租户！');
  };
  await tenantPackRoutes(app, {});
  await tenantMemberRoutes(svc)(app, {});
  await tenantUserRoutes(app, {});

  app.post('/sys/tenant/add', { config: { permission: 'system:tenant:add' }, schema: { tags, summary: '添加租户（编号自动分配）' } }, async (req) => {
    const id = await addTenant(db, svc, callerOf(req), req.body);
    return ok({ id }, '添加成功！');
  });

  app.get('/sys/tenant/queryList', { config: { auth: true }, schema: { tags, summary: '当前用户所属的租户' } }, async (req) => ok(await userTenants(db, currentUser(req).id)));

  app.get(
    '/sys/tenant/getTenantUserList',
    {
      config: { permission: 'system:tenant:list' },
      schema: {
        tags,
        summary: '租户的成员',
        querystring: z.object({
          userTenantId: tenantId,
          username: z.string().trim().max(100).optional(),
          pageNo: pageNoParam(),
          pageSize: pageSizeParam(10),
        }),
      },
    },
    async (req) => {
      assertManages(callerOf(req), req.query.userTenantId);
      return ok(await tenantUsers(db, req.query.userTenantId, req.query));
    },
  );

  app.put(
    '/sys/tenant/invitationUserJoin',
    { config: { permission: 'system:tenant:edit' }, schema: { tags, summary: '把用户（按账号）加入租户', body: z.object({ tenantId, usernames: idList('请选择用户') }) } },
    async (req) => {
      const names = splitIds(req.body.usernames);
      if (names.length > 1000) throw new ResourceError('一次最多加入1000个用户');
      assertManages(callerOf(req), req.body.tenantId);
      await joinTenant(db, callerOf(req), req.body.tenantId, names);
      return ok(null, '邀请成功');
    },
  );

  app.put(
    '/sys/tenant/leaveTenant',
    { config: { permission: 'system:tenant:edit' }, schema: { tags, summary: '把用户移出租户', body: z.object({ tenantId, userIds: idList('请选择用户') }) } },
    async (req) => {
      assertManages(callerOf(req), req.body.tenantId);
      await leaveTenant(db, req.body.tenantId, splitIds(req.body.userIds).slice(0, 1000));
      return ok(null, '移除成功');
    },
  );
};
