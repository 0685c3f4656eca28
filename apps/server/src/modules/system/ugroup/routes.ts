import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, registerResource, ResourceError, type Caller } from '../../../core/crud';
import { newId } from '../../../core/db';
import { ok } from '../../../core/http';
import { listUsers, pickerView, tenantUserService } from '../user/user-list';
import { splitIds } from '../user/user-admin';
import { userGroupResource } from './resource';
import type { ResourceService } from '../../../core/crud';

const tags = ['用户组'];
const P = 'system:sys_ugroup';
const groupIdText = z.string({ error: '请选择用户组' }).trim().min(1, '请选择用户组').max(64);
const groupIdOf = (raw: unknown) => {
  if (typeof raw !== 'string' || !raw.trim() || raw.length > 64) throw new ResourceError('请选择用户组');
  return raw.trim();
};

/**
 * User groups (/sys/ugroup/*) on the resource framework, and their members through the original's
 * user calls (/sys/user/groupUserList, addSysUserGroup, deleteGroupUser, deleteUserGroupBatch).
 */
export const userGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const groups = registerResource(app, userGroupResource, { db, storage: app.ctx.storage });
  const users = tenantUserService();

  const visibleGroup = async (svc: ResourceService, caller: Caller, id: string) => svc.getById(db, caller, id);
  const visibleUsers = async (caller: Caller, ids: string[]) => {
    if (!ids.length) throw new ResourceError('请选择用户');
    if (ids.length > 1000) throw new ResourceError('一次最多处理1000条记录');
    const found = await (await users.scoped(db, caller)).clearSelect().select('id').where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw new ResourceError('未找到对应用户', 404);
  };

  app.get('/sys/user/groupUserList', { config: { permission: `${P}:list` }, schema: { tags, summary: '用户组的成员' } }, async (req) => {
    const params = req.query as Record<string, unknown>;
    const caller = callerOf(req);
    const group = await visibleGroup(groups, caller, groupIdOf(params.groupId));
    const page = await listUsers(db, users, caller, { ...params, groupId: String(group.id) });
    return ok({ ...page, records: page.records.map(pickerView) });
  });

  app.post(
    '/sys/user/addSysUserGroup',
    { config: { permission: `${P}:edit` }, schema: { tags, summary: '把用户加入用户组', body: z.object({ groupId: groupIdText, userIdList: z.array(z.string().max(64), { error: '请选择用户' }).min(1, '请选择用户').max(1000, '一次最多处理1000条记录') }) } },
    async (req) => {
      const caller = callerOf(req);
      const group = await visibleGroup(groups, caller, req.body.groupId);
      const userIds = [...new Set(req.body.userIdList)];
      await visibleUsers(caller, userIds);
      await db.transaction().execute(async (trx) => {
        const present = new Set((await trx.selectFrom('sysUgroupUser').select('userId').where('groupId', '=', String(group.id)).where('userId', 'in', userIds).execute()).map((r) => r.userId));
        const rows = userIds.filter((id) => !present.has(id)).map((userId) => ({ id: newId(), userId, groupId: String(group.id), tenantId: caller.tenantId }));
        if (rows.length) await trx.insertInto('sysUgroupUser').values(rows).execute();
      });
      return ok(null, '添加成功!');
    },
  );

  const remove = async (caller: Caller, groupId: unknown, userIds: string[]) => {
    const group = await visibleGroup(groups, caller, groupIdOf(groupId));
    await visibleUsers(caller, userIds);
    await db.deleteFrom('sysUgroupUser').where('groupId', '=', String(group.id)).where('userId', 'in', userIds).execute();
  };
  app.delete('/sys/user/deleteGroupUser', { config: { permission: `${P}:edit` }, schema: { tags, summary: '把用户移出用户组' } }, async (req) => {
    const q = req.query as { groupId?: unknown; userId?: unknown };
    await remove(callerOf(req), q.groupId, splitIds(q.userId));
    return ok(null, '删除成功!');
  });
  app.delete('/sys/user/deleteUserGroupBatch', { config: { permission: `${P}:edit` }, schema: { tags, summary: '把多个用户移出用户组' } }, async (req) => {
    const q = req.query as { groupId?: unknown; userIds?: unknown };
    await remove(callerOf(req), q.groupId, splitIds(q.userIds));
    return ok(null, '删除成功!');
  });
};
