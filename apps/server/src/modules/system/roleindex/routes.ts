import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, registerResource } from '../../../core/crud';
import type { Db } from '../../../core/db';
import { BizError } from '../../../core/errors';
import { ok } from '../../../core/http';
import { DEF_INDEX_ALL, DEF_INDEX_COMPONENT, DEF_INDEX_URL, roleIndexResource } from './resource';

const P = 'system:roleindex';

/** The body as the framework validates it: the original's boolean `route` becomes the is_route column. */
function withIsRoute(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BizError('请求体须为 JSON 对象');
  const { route, ...rest } = body as Record<string, unknown>;
  if (route !== undefined && route !== null && rest.isRoute === undefined) {
    if (typeof route !== 'boolean' && route !== 0 && route !== 1 && route !== 'true' && route !== 'false') throw new BizError('是否路由菜单只能是 true 或 false');
    rest.isRoute = route === true || route === 1 || route === 'true' ? 1 : 0;
  }
  return rest;
}

/** The original's built-in default when a tenant has configured none (SysRoleIndexServiceImpl.initDefaultIndex). */
export function builtInDefaultIndex() {
  return {
    id: null,
    roleCode: DEF_INDEX_ALL,
    url: DEF_INDEX_URL,
    component: DEF_INDEX_COMPONENT,
    route: true,
    priority: null,
    status: '1',
    relationType: 'DEFAULT',
    sysOrgCode: null,
    createBy: null,
    createTime: null,
    updateBy: null,
    updateTime: null,
  };
}

/**
 * The home path of a user in a tenant: the enabled configuration of the user itself, else of the
 * highest-priority one of their roles, else the tenant's enabled global default; with a leading '/'.
 * Null when none is configured (the client then keeps its own home).
 */
export async function homePathOf(db: Db, userId: string, username: string, tenantId: number): Promise<string | null> {
  const roleCodes = (
    await db.selectFrom('sysUserRole as ur').innerJoin('sysRole as r', 'r.id', 'ur.roleId').select('r.roleCode').where('ur.userId', '=', userId).where('r.tenantId', '=', tenantId).execute()
  ).map((r) => r.roleCode);
  const rows = await db
    .selectFrom('sysRoleIndex')
    .select(['roleCode', 'relationType', 'url', 'priority'])
    .where('tenantId', '=', tenantId)
    .where('status', '=', '1')
    .where((eb) =>
      eb.or([
        eb.and([eb('relationType', '=', 'USER'), eb('roleCode', '=', username)]),
        ...(roleCodes.length ? [eb.and([eb('relationType', '=', 'ROLE'), eb('roleCode', 'in', roleCodes)])] : []),
        eb('roleCode', '=', DEF_INDEX_ALL),
      ]),
    )
    .execute();
  const rank = (r: (typeof rows)[number]) => (r.relationType === 'USER' ? 0 : r.roleCode === DEF_INDEX_ALL ? 2 : 1);
  const best = rows.filter((r) => r.url).sort((a, b) => rank(a) - rank(b) || b.priority - a.priority)[0];
  if (!best?.url) return null;
  return best.url.startsWith('/') ? best.url : `/${best.url}`;
}

/**
 * 首页配置 (/sys/sysRoleIndex/*): the page a role's users, one user or everyone land on after signing in,
 * one tenant's each. The management calls need the page's buttons (the original's system:roleindex:*,
 * its list unguarded there, 查询 here); the role page's 首页配置 dialog reads one role's configuration with
 * any of them. queryDefIndex is read by the client of every user at start, so a signed-in user is enough;
 * cleanDefaultIndexCache has nothing to clear here (nothing is cached) and only answers success.
 */
export const roleIndexRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;
  const tags = ['首页配置'];
  const svc = registerResource(app, roleIndexResource, { db, storage });

  app.post('/sys/sysRoleIndex/add', { config: { permission: `${P}:add` }, schema: { tags, summary: '添加首页配置' } }, async (req) => {
    await svc.add(db, callerOf(req), withIsRoute(req.body));
    return ok(null, '添加成功！');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysRoleIndex/edit',
    config: { permission: `${P}:edit` },
    schema: { tags, summary: '编辑首页配置' },
    handler: async (req) => {
      await svc.edit(db, callerOf(req), withIsRoute(req.body));
      return ok(null, '编辑成功!');
    },
  });

  app.get(
    '/sys/sysRoleIndex/queryByCode',
    {
      config: { permission: [`${P}:list`, `${P}:add`, `${P}:edit`] },
      schema: { tags, summary: '按角色编码取首页配置', querystring: z.object({ roleCode: z.string({ error: '缺少roleCode' }).trim().min(1, '缺少roleCode').max(100, 'roleCode最长100个字符') }) },
    },
    async (req) => {
      const caller = callerOf(req);
      const row = await (await svc.scoped(db, caller)).where('roleCode', '=', req.query.roleCode).orderBy('priority', 'desc').orderBy('id').executeTakeFirst();
      if (!row) return ok(null);
      await svc.decorate(db, caller, [row]);
      return ok(row);
    },
  );

  app.get('/sys/sysRoleIndex/queryDefIndex', { config: { auth: true }, schema: { tags, summary: '全局默认首页' } }, async (req) => {
    const caller = callerOf(req);
    const row = await (await svc.scoped(db, caller)).where('roleCode', '=', DEF_INDEX_ALL).where('status', '=', '1').orderBy('priority', 'desc').orderBy('id').executeTakeFirst();
    if (!row) return ok(builtInDefaultIndex());
    await svc.decorate(db, caller, [row]);
    return ok(row);
  });

  app.get('/sys/sysRoleIndex/cleanDefaultIndexCache', { config: { auth: true }, schema: { tags, summary: '清除默认首页缓存（此处无缓存）' } }, async () => ok(null));
};
