import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { callerOf, registerResource } from '../../../core/crud';
import { GRANT_ROLE_PERMISSION, visibleRole, visibleRoles } from './role-members';
import { fail, ok } from '../../../core/http';
import { roleDataRules, saveRoleDataRules } from '../permission/data-rule';
import { splitIds } from '../permission/grants';
import { roleResource } from './resource';

const requiredId = (missing: string) => z.string({ error: missing }).trim().min(1, missing).max(64);

/** Role management: the resource routes plus pickers, the code check and data-rule grants. */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const roles = registerResource(app, roleResource, { db, storage: app.ctx.storage });
  const tags = ['角色管理'];
  const visible = (req: FastifyRequest) =>
    visibleRoles(db, callerOf(req)).select(['description', 'createTime']).orderBy('createTime', 'desc').orderBy('roleCode').execute();

  // Pickers of the user form, the role list and department roles: the caller's tenant's roles only.
  const rolePickers = { permission: ['system:role:list', GRANT_ROLE_PERMISSION] };
  app.get('/sys/role/queryall', { config: rolePickers, schema: { tags, summary: '本租户的全部角色' } }, async (req) => ok(await visible(req)));

  // The original client's names for the same pickers. Its listByTenant (role select widgets, the tenant role
  // page) is the role list's page object and filters; its queryallNoByTenant (the user form's role select)
  // skips the tenant filter there. Here both keep to the caller's tenant, like every role read: the roles of
  // another tenant can neither be seen nor handed out (role-members.ts).
  app.get('/sys/role/listByTenant', { config: rolePickers, schema: { tags, summary: '本租户的角色（分页）' } }, async (req) =>
    ok(await roles.list(db, callerOf(req), req.query as Record<string, unknown>)),
  );
  app.get('/sys/role/queryallNoByTenant', { config: rolePickers, schema: { tags, summary: '本租户的全部角色（原平台客户端的调用）' } }, async (req) => ok(await visible(req)));
  app.get('/sys/role/queryTreeList', { config: rolePickers, schema: { tags, summary: '本租户的角色树节点' } }, async (req) =>
    ok((await visible(req)).map((r) => ({ key: r.id, value: r.id, title: r.roleName ?? r.roleCode, isLeaf: true, roleCode: r.roleCode }))),
  );

  app.get(
    '/sys/role/checkRoleCode',
    {
      config: { permission: ['system:role:add', 'system:role:edit'] },
      schema: { tags, summary: '角色编码是否可用', querystring: z.object({ roleCode: z.string({ error: '角色编码不能为空' }).trim().min(1, '角色编码不能为空').max(100), id: z.string().max(64).optional() }) },
    },
    async (req) => {
      let q = db.selectFrom('sysRole').select('id').where('roleCode', '=', req.query.roleCode);
      if (req.query.id) q = q.where('id', '<>', req.query.id);
      // the original answers a taken code with success=false at HTTP 200; the form shows the message
      return (await q.executeTakeFirst()) ? fail('角色编码已存在') : ok(true, '该值可用！');
    },
  );

  const authorize = { permission: 'system:role:authorize' };
  app.get(
    '/sys/role/datarule/:permissionId/:roleId',
    { config: authorize, schema: { tags, summary: '菜单的数据规则及角色已授权的', params: z.object({ permissionId: requiredId('缺少菜单id'), roleId: requiredId('请选择角色') }) } },
    async (req) => {
      await visibleRole(db, callerOf(req), req.params.roleId);
      const answer = await roleDataRules(db, req.params.permissionId, req.params.roleId);
      return answer.datarule.length ? ok(answer) : ok(answer, '未找到权限配置信息');
    },
  );

  app.post(
    '/sys/role/datarule',
    {
      config: authorize,
      schema: { tags, summary: '授予角色数据规则', body: z.object({ permissionId: requiredId('缺少菜单id'), roleId: requiredId('请选择角色'), dataRuleIds: z.string().max(20000).nullish() }) },
    },
    async (req) => {
      await visibleRole(db, callerOf(req), req.body.roleId);
      await saveRoleDataRules(db, req.body.permissionId, req.body.roleId, splitIds(req.body.dataRuleIds));
      return ok(null, '数据权限保存成功！');
    },
  );
};
