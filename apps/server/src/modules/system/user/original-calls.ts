import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { whereTenant } from '../../../core/access';
import { callerOf, type ResourceService } from '../../../core/crud';
import { ok } from '../../../core/http';
import { assertUsersVisible, recycleBin } from './recycle-and-state';
import { listUsers } from './user-list';

const tags = ['用户管理'];

/**
 * Calls of the original platform's user page (jeecgboot-vue3 views/system/user) that our own pages name
 * differently. Each one answers from the same services as our routes, in the shape that client reads.
 */
export function userOriginalCalls(svc: ResourceService): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app.ctx;

    // The original client's user page lists through listAll ("listNoCareTenant"): there it skips the tenant
    // filter behind its own system:user:listAll code. Here it is the user list itself, same page object and
    // filters: still the caller's tenant only, unless the caller holds the explicit cross-tenant permission
    // (system:tenant:crossTenant, applied by the user service's scope, user-list.ts inTenant).
    app.get('/sys/user/listAll', { config: { permission: 'system:user:list' }, schema: { tags, summary: '用户列表（原平台客户端的调用；同样只含本租户）' } }, async (req) =>
      ok(await listUsers(db, svc, callerOf(req), req.query as Record<string, unknown>)),
    );

    // The original answers its recycle bin as a plain array, not paged (its table pages it in the browser);
    // the same rows as /sys/user/recycleBinList.
    app.get('/sys/user/recycleBin', { config: { permission: 'system:user:recycleBin' }, schema: { tags, summary: '回收站中的用户（不分页）' } }, async (req) =>
      ok(await recycleBin(db, svc, callerOf(req))),
    );

    // A user's departments for the user drawer: { key, value, code, title, children } as the original's
    // DepartIdModel, only departments of the caller's tenant, only for a user the caller can see. The
    // original answers "none" with success false and code 0, which its client takes as success with no
    // result; we answer success with an empty list, which that client reads the same way.
    app.get(
      '/sys/user/userDepartList',
      {
        config: { permission: 'system:user:list' },
        schema: { tags, summary: '用户所属的部门', querystring: z.object({ userId: z.string({ error: '缺少userId' }).trim().min(1, '缺少userId').max(64, 'userId过长') }) },
      },
      async (req) => {
        const caller = callerOf(req);
        await assertUsersVisible(db, svc, caller, [req.query.userId]);
        const rows = await whereTenant(
          db
            .selectFrom('sysDepart')
            .select(['id', 'orgCode', 'departName'])
            .where('id', 'in', db.selectFrom('sysUserDepart').select('depId').where('userId', '=', req.query.userId))
            .where('delFlag', '=', '0'),
          caller,
        )
          .orderBy('orgCode')
          .execute();
        const departs = rows.map((d) => ({ key: d.id, value: d.id, code: d.orgCode, title: d.departName, children: [] }));
        return ok(departs, departs.length ? '查找成功' : '该用户没有所属部门');
      },
    );
  };
}
