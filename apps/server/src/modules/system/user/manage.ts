import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageNoParam, pageSizeParam } from '@anxue/shared';
import { currentUser, holdsAny } from '../../../core/access';
import { PermissionError } from '../../../core/errors';
import { callerOf, registerResource, ResourceError, type Caller, type ResourceHooks } from '../../../core/crud';
import { addRoleUsers, GRANT_ROLE_PERMISSION, removeRoleUsers, visibleRole } from '../role/role-members';
import { fail, ok } from '../../../core/http';
import { fetchPage } from '../../../core/query';
import { assertUsersVisible, changeUserPassword, freezeUsers, purgeDeletedUsers, recycleBin, resetUserPasswords, restoreUsers } from './recycle-and-state';
import { userResource } from './resource';
import { contains, inDeparts, listUsers, pickerView, scopeUsersToTenant } from './user-list';
import { splitIds } from './user-admin';
import { userOriginalCalls } from './original-calls';
import { departUserRoutes } from './depart-users';
import { userSettingRoutes } from './settings';

const tags = ['用户管理'];
const idText = (missing: string) => z.string({ error: missing }).trim().min(1, missing).max(20000, '选择的项目过多');
const userIdsOf = (req: { query: unknown; body?: unknown }) => {
  const fromQuery = (req.query as { userIds?: unknown }).userIds;
  const fromBody = (req.body as { userIds?: unknown } | undefined)?.userIds;
  const ids = splitIds(typeof fromQuery === 'string' && fromQuery ? fromQuery : fromBody);
  if (!ids.length) throw new ResourceError('请选择一条记录！');
  if (ids.length > 1000) throw new ResourceError('一次最多处理1000条记录');
  return ids;
};

const CHECKABLE = ['username', 'phone', 'email', 'workNo'] as const;
const PERSONAL: readonly string[] = ['phone', 'email'];

/** User management (issue 3): the resource routes plus recycle bin, freezing, passwords and pickers. */
export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  // a deleted user's sessions end with the delete (the guard refuses them already; their open sockets close)
  const afterDelete = async (ids: string[]) => {
    for (const id of ids) await app.ctx.tokens.revokeUser(id);
  };
  // the resource's own hooks stay the ones read at each call (a copy would freeze them), with this app's delete hook
  const hooks: ResourceHooks = Object.create(userResource.hooks ?? null, { afterDelete: { value: afterDelete, enumerable: true } });
  const svc = registerResource(app, { ...userResource, without: ['list'], hooks }, { db, storage: app.ctx.storage });
  scopeUsersToTenant(svc);
  const list = { permission: 'system:user:list' };
  const recycle = { permission: 'system:user:recycleBin' };
  // the original client's names for the list, the recycle bin and a user's departments
  await app.register(userOriginalCalls(svc));
  await app.register(departUserRoutes(svc));
  await app.register(userSettingRoutes);

  app.get('/sys/user/list', { config: list, schema: { tags, summary: '用户列表（可按部门 departId 过滤）' } }, async (req) =>
    ok(await listUsers(db, svc, callerOf(req), req.query as Record<string, unknown>)),
  );

  app.get('/sys/user/recycleBinList', { config: recycle, schema: { tags, summary: '回收站中的用户' } }, async (req) => ok(await recycleBin(db, svc, callerOf(req))));
  app.put('/sys/user/putRecycleBin', { config: recycle, schema: { tags, summary: '还原回收站中的用户' } }, async (req) => {
    await restoreUsers(db, callerOf(req), userIdsOf(req));
    return ok(null, '还原成功');
  });
  app.delete('/sys/user/deleteRecycleBin', { config: recycle, schema: { tags, summary: '彻底删除回收站中的用户' } }, async (req) => {
    await purgeDeletedUsers(app.ctx, callerOf(req), userIdsOf(req));
    return ok(null, '删除成功');
  });

  app.put(
    '/sys/user/frozenBatch',
    {
      config: { permission: 'system:user:frozen' },
      schema: {
        tags,
        summary: '冻结（2）或解冻（1）用户',
        body: z.object({ ids: idText('请选择一条记录！'), status: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)], { error: '状态只能是1（正常）或2（冻结）' })) }),
      },
    },
    async (req) => {
      await freezeUsers(app.ctx, svc, callerOf(req), splitIds(req.body.ids), req.body.status);
      return ok(null, '操作成功!');
    },
  );

  app.put(
    '/sys/user/changePassword',
    {
      config: { permission: 'system:user:changePassword' },
      schema: {
        tags,
        summary: '管理员设置用户密码（结束该用户的全部会话）',
        body: z.object({
          username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(100),
          password: z.string({ error: '请输入新密码!' }).min(1, '请输入新密码!').max(200, '密码过长'),
          confirmpassword: z.string({ error: '请确认新密码!' }).min(1, '请确认新密码!').max(200),
        }),
      },
    },
    async (req) => {
      await changeUserPassword(app.ctx, svc, callerOf(req), req.body);
      return ok(null, '密码修改成功！');
    },
  );

  app.put(
    '/sys/user/resetPassword',
    {
      config: { permission: 'system:user:resetPassword' },
      schema: { tags, summary: '重置密码：每个用户一个新的随机密码（只在本次回答中给出），并结束其全部会话', querystring: z.object({ usernames: idText('请选择一条记录！') }) },
    },
    async (req) => ok(await resetUserPasswords(app.ctx, svc, callerOf(req), req.query.usernames.split(',')), '操作成功!'),
  );

  app.get(
    '/sys/user/checkOnlyUser',
    {
      config: { auth: true },
      schema: { tags, summary: '用户账号、手机、邮箱或工号是否可用', querystring: z.object({ ...Object.fromEntries(CHECKABLE.map((k) => [k, z.string().trim().max(100).optional()])), id: z.string().max(64).optional() }) },
    },
    async (req) => {
      const query = req.query as Partial<Record<(typeof CHECKABLE)[number] | 'id', string>>;
      const field = CHECKABLE.find((k) => query[k]);
      if (!field) throw new ResourceError('请提供要校验的值');
      // whether a phone number or an e-mail address is registered is personal data: only for user editors
      if (PERSONAL.includes(field) && !holdsAny(await currentUser(req).permissions(), ['system:user:add', 'system:user:edit'])) throw new PermissionError();
      // deleted users count too: the database keeps these unique across the recycle bin
      let q = db.selectFrom('sysUser').select('id').where(field, '=', query[field]!);
      if (query.id) q = q.where('id', '<>', query.id);
      return (await q.executeTakeFirst()) ? fail('该值不可用，系统中已存在！') : ok(true, '该值可用！');
    },
  );

  app.get(
    '/sys/user/queryUserRole',
    { config: list, schema: { tags, summary: '用户的角色id', querystring: z.object({ userid: z.string({ error: '缺少userid' }).trim().min(1, '缺少userid').max(64) }) } },
    async (req) => {
      await svc.getById(db, callerOf(req), req.query.userid);
      const rows = await db.selectFrom('sysUserRole').select('roleId').where('userId', '=', req.query.userid).execute();
      return ok(rows.map((r) => r.roleId));
    },
  );

  // Members of a role (the role page's user drawer). Changing them is the grant right, within what the caller holds.
  const grant = { permission: GRANT_ROLE_PERMISSION };
  const roleIdOf = (raw: unknown) => {
    if (typeof raw !== 'string' || !raw.trim()) throw new ResourceError('请选择角色');
    return raw.trim();
  };
  app.get('/sys/user/userRoleList', { config: { permission: ['system:role:list', GRANT_ROLE_PERMISSION] }, schema: { tags, summary: '角色的用户' } }, async (req) => {
    const params = req.query as Record<string, unknown>;
    const caller = callerOf(req);
    await visibleRole(db, caller, roleIdOf(params.roleId));
    const page = await listUsers(db, svc, caller, params);
    return ok({ ...page, records: page.records.map(pickerView) });
  });
  app.post(
    '/sys/user/addSysUserRole',
    { config: grant, schema: { tags, summary: '给用户分配角色', body: z.object({ roleId: z.string({ error: '请选择角色' }).trim().min(1, '请选择角色').max(64), userIdList: z.array(z.string().max(64), { error: '请选择用户' }).min(1, '请选择用户').max(1000, '一次最多处理1000条记录') }) } },
    async (req) => {
      const caller = callerOf(req);
      await db.transaction().execute(async (trx) => {
        const userIds = [...new Set(req.body.userIdList)];
        await assertUsersVisible(trx, svc, caller, userIds);
        await addRoleUsers(trx, caller, req.body.roleId, userIds);
      });
      return ok(null, '添加成功!');
    },
  );
  const unlink = async (roleId: unknown, userIds: string[], caller: Caller) => {
    if (!userIds.length) throw new ResourceError('请选择用户');
    if (userIds.length > 1000) throw new ResourceError('一次最多处理1000条记录');
    await db.transaction().execute(async (trx) => {
      await assertUsersVisible(trx, svc, caller, userIds);
      await removeRoleUsers(trx, caller, roleIdOf(roleId), userIds);
    });
  };
  app.delete('/sys/user/deleteUserRole', { config: grant, schema: { tags, summary: '收回用户的角色' } }, async (req) => {
    const q = req.query as { roleId?: unknown; userId?: unknown };
    await unlink(q.roleId, splitIds(q.userId), callerOf(req));
    return ok(null, '删除成功!');
  });
  app.delete('/sys/user/deleteUserRoleBatch', { config: grant, schema: { tags, summary: '批量收回用户的角色' } }, async (req) => {
    const q = req.query as { roleId?: unknown; userIds?: unknown };
    await unlink(q.roleId, splitIds(q.userIds), callerOf(req));
    return ok(null, '删除成功!');
  });

  // Pickers used by forms everywhere: any signed-in user, and only the picker's fields.
  app.get(
    '/sys/user/queryUserByDepId',
    { config: { auth: true }, schema: { tags, summary: '部门的用户', querystring: z.object({ id: z.string({ error: '缺少部门id' }).trim().min(1, '缺少部门id').max(64), realname: z.string().max(100).optional() }) } },
    async (req) => {
      const caller = callerOf(req);
      let qb = inDeparts(db, await svc.scoped(db, caller), req.query.id);
      if (req.query.realname) qb = qb.where(contains('realname', req.query.realname));
      const rows = await qb.orderBy('username').limit(5000).execute();
      await svc.decorate(db, caller, rows);
      return ok(rows.map(pickerView));
    },
  );

  app.get(
    '/sys/user/getMultiUser',
    { config: { auth: true }, schema: { tags, summary: '按账号或id取多个用户', querystring: z.object({ username: z.string().max(20000).optional(), id: z.string().max(20000).optional() }) } },
    async (req) => {
      const key = req.query.username ? 'username' : 'id';
      const values = splitIds(req.query[key]);
      if (!values.length) return ok([]);
      if (values.length > 1000) throw new ResourceError('一次最多查询1000个用户');
      const caller = callerOf(req);
      const rows = await (await svc.scoped(db, caller)).where(key, 'in', values).orderBy('username').execute();
      await svc.decorate(db, caller, rows);
      return ok(rows.map(pickerView));
    },
  );

  // The 3.9 client's user select (comments' @, role and department pickers): active users of the caller's
  // tenant by department (and its sub-departments), role or keyword (account or name), picker fields only.
  app.get(
    '/sys/user/selectUserList',
    {
      config: { auth: true },
      schema: {
        tags,
        summary: '用户选择弹窗的分页数据',
        querystring: z.object({
          pageNo: pageNoParam(),
          pageSize: pageSizeParam(10),
          departId: z.string().trim().max(64, '部门id过长').optional(),
          roleId: z.string().trim().max(64, '角色id过长').optional(),
          keyword: z.string().trim().max(100, '关键字最长100个字符').optional(),
          excludeUserIdList: z.string().max(70000, '选择的项目过多').optional(),
          includeUsernameList: z.string().max(70000, '选择的项目过多').optional(),
        }),
      },
    },
    async (req) => {
      const { pageNo, pageSize, departId, roleId, keyword, excludeUserIdList, includeUsernameList } = req.query;
      const caller = callerOf(req);
      let qb = (await svc.scoped(db, caller)).where('status', '=', 1);
      if (departId) {
        const dep = await db.selectFrom('sysDepart').select('orgCode').where('id', '=', departId).executeTakeFirst();
        if (!dep?.orgCode) return ok({ records: [], total: 0, size: pageSize, current: pageNo, pages: 0 });
        const below = db.selectFrom('sysUserDepart as ud').innerJoin('sysDepart as d', 'd.id', 'ud.depId').select('ud.userId').where('d.orgCode', 'like', `${dep.orgCode}%`);
        qb = qb.where('id', 'in', below);
      } else if (roleId) {
        qb = qb.where('id', 'in', db.selectFrom('sysUserRole').select('userId').where('roleId', '=', roleId));
      }
      const excluded = splitIds(excludeUserIdList);
      if (excluded.length) qb = qb.where('id', 'not in', excluded.slice(0, 1000));
      const included = splitIds(includeUsernameList);
      if (included.length) qb = qb.where('username', 'in', included.slice(0, 1000));
      if (keyword) qb = qb.where((eb) => eb.or([contains('username', keyword), contains('realname', keyword)]));
      const page = await fetchPage(qb.orderBy('createTime', 'desc').orderBy('username'), pageNo, pageSize);
      await svc.decorate(db, caller, page.records);
      return ok({ ...page, records: page.records.map(pickerView) });
    },
  );

  app.get('/sys/user/queryUserComponentData', { config: { auth: true }, schema: { tags, summary: '用户选择组件的分页数据' } }, async (req) => {
    const params = req.query as Record<string, unknown>;
    // only the picker's own filters: no probing of contact details through the list conventions
    const allowed = Object.fromEntries(Object.entries(params).filter(([k]) => ['username', 'realname', 'workNo', 'sex', 'birthday', 'departId', 'pageNo', 'pageSize', 'column', 'order'].includes(k)));
    const page = await listUsers(db, svc, callerOf(req), allowed);
    return ok({ ...page, records: page.records.map(pickerView) });
  });
};
