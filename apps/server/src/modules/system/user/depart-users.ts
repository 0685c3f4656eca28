import { pageNoParam, pageSizeParam } from '@anxue/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { currentUser, whereTenant, type TenantReader } from '../../../core/access';
import { callerOf, ResourceError, type ResourceService } from '../../../core/crud';
import { formatDateTime, newId } from '../../../core/db';
import { BizError } from '../../../core/errors';
import { ok } from '../../../core/http';
import { fetchPage } from '../../../core/query';
import { userDepartNames } from './user-admin';
import { contains, inTenant, pickerView } from './user-list';
import { splitIds } from './user-admin';

const tags = ['用户管理'];
const page = {
  pageNo: pageNoParam(100000, 'pageNo 必须是整数'),
  pageSize: pageSizeParam(10, 'pageSize 必须是整数'),
};
const text = (max: number) => z.string().trim().max(max, '查询条件过长').optional();
/** Membership states of sys_user_tenant, as the original: 1 normal, 2 left (离职). */
const MEMBER = '1';
const LEFT = '2';

/** Live departments of the caller's tenant whose code starts with `orgCode` (all of them when none given). */
function departsUnder(db: Kysely<any>, caller: TenantReader, orgCode: string | undefined) {
  let q = db.selectFrom('sysDepart').select('id').where('delFlag', '=', '0');
  if (orgCode) q = q.where('orgCode', 'like', `${orgCode}%`);
  return whereTenant(q, caller);
}

/** Users' contact fields, for callers who may read users. */
const CONTACT = ['phone', 'email', 'telephone'] as const;

/**
 * The original client's user lists by department and post (the user picker by post, the department page's
 * member list, the address book) and its 离职 (left the tenant) list. All keep to the caller's tenant;
 * pickers show the picker's fields, contact details only to holders of the user list or the address book.
 */
export function departUserRoutes(svc: ResourceService): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app.ctx;

    // UserSelectByDepPostModal: users of a department or post.
    app.get(
      '/sys/user/queryDepartPostUserPageList',
      {
        config: { auth: true },
        schema: { tags, summary: '按部门或岗位选择用户（分页）', querystring: z.object({ ...page, departId: text(64), realname: text(100), username: text(100), id: text(20000), isMultiTranslate: text(10) }) },
      },
      async (req) => {
        const { pageNo, pageSize, departId, realname, username, id } = req.query;
        const caller = callerOf(req);
        let qb = await svc.scoped(db, caller);
        if (departId) qb = qb.where('id', 'in', db.selectFrom('sysUserDepart').select('userId').where('depId', '=', departId).where('depId', 'in', departsUnder(db, caller, undefined)));
        if (realname) qb = qb.where(contains('realname', realname));
        if (username) qb = qb.where(contains('username', username));
        const ids = splitIds(id);
        if (ids.length > 1000) throw new ResourceError('一次最多查询1000个用户');
        if (ids.length) qb = qb.where('id', 'in', ids);
        const result = await fetchPage(qb.orderBy('username'), pageNo, pageSize);
        await svc.decorate(db, caller, result.records);
        return ok({ ...result, records: result.records.map(pickerView) });
      },
    );

    // The department page's member list and the user picker's department tab: members of a department,
    // its sub-departments and posts, by org code.
    app.get(
      '/sys/user/queryDepartPostByOrgCode',
      { config: { auth: true }, schema: { tags, summary: '部门及其下级（含岗位）的用户（分页）', querystring: z.object({ ...page, orgCode: text(200), realname: text(100), workNo: text(100) }) } },
      async (req) => {
        const { pageNo, pageSize, orgCode, realname, workNo } = req.query;
        const caller = callerOf(req);
        let qb = (await svc.scoped(db, caller)).where('id', 'in', db.selectFrom('sysUserDepart').select('userId').where('depId', 'in', departsUnder(db, caller, orgCode)));
        if (realname) qb = qb.where(contains('realname', realname));
        if (workNo) qb = qb.where(contains('workNo', workNo));
        const result = await fetchPage(qb.orderBy('createTime', 'desc').orderBy('username'), pageNo, pageSize);
        await svc.decorate(db, caller, result.records);
        const contact = (await currentUser(req).permissions()).has('system:user:list');
        const records = result.records.map((r) => ({
          ...pickerView(r),
          ...(contact ? Object.fromEntries(CONTACT.map((k) => [k, r[k] ?? null])) : {}),
          departName: r.orgCodeTxt ?? '',
        }));
        return ok({ ...result, records });
      },
    );

    // 部门用户 (views/system/departUser): members of a department and its sub-departments, each with the
    // names of all their departments in orgCode, as the original answers. Without depId the original lists
    // the departments a 上级 (userIdentity 2) is in charge of, and nothing (null) for anyone else.
    app.get(
      '/sys/user/departUserList',
      { config: { permission: 'system:user:list' }, schema: { tags, summary: '部门及其下级的用户（分页）', querystring: z.object({ ...page, depId: text(64), username: text(100), realname: text(100) }) } },
      async (req) => {
        const { pageNo, pageSize, depId, username, realname } = req.query;
        const caller = callerOf(req);
        const live = (ids: string[]) => whereTenant(db.selectFrom('sysDepart').select(['id', 'orgCode']).where('delFlag', '=', '0'), caller).where('id', 'in', ids).execute();
        let roots: Array<{ orgCode: string }> = [];
        if (depId) {
          roots = await live([depId]);
          if (!roots.length) throw new ResourceError('未找到对应部门', 404);
        } else {
          const me = await db.selectFrom('sysUser').select(['userIdentity', 'departIds']).where('id', '=', caller.id).executeTakeFirst();
          const charged = me?.userIdentity === 2 ? splitIds(me.departIds) : [];
          if (charged.length) roots = await live(charged);
        }
        if (!roots.length) return ok(null);
        // a department's sub-departments are those whose org code it prefixes
        const under = db.selectFrom('sysDepart').select('id').where('delFlag', '=', '0').where((eb) => eb.or(roots.map((r) => eb('orgCode', 'like', `${r.orgCode}%`))));
        let qb = (await svc.scoped(db, caller)).where('id', 'in', db.selectFrom('sysUserDepart').select('userId').where('depId', 'in', whereTenant(under, caller)));
        if (username) qb = qb.where(contains('username', username));
        if (realname) qb = qb.where(contains('realname', realname));
        const result = await fetchPage(qb.orderBy('createTime', 'desc').orderBy('username'), pageNo, pageSize);
        await svc.decorate(db, caller, result.records);
        const names = await userDepartNames(db, result.records.map((r) => String(r.id)));
        return ok({ ...result, records: result.records.map((r) => ({ ...r, orgCode: names.get(String(r.id)) ?? null })) });
      },
    );

    // 部门用户 → 添加已有用户: users of the caller's tenant join a department (those already in it stay).
    app.post(
      '/sys/user/editSysDepartWithUser',
      {
        config: { permission: 'system:user:edit' },
        schema: {
          tags,
          summary: '给部门添加用户',
          body: z.object({
            depId: z.string({ error: '请选择部门' }).trim().min(1, '请选择部门').max(64),
            userIdList: z.array(z.string().trim().min(1).max(64), { error: '请选择用户' }).min(1, '请选择用户').max(1000, '一次最多处理1000条记录'),
          }),
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const { depId } = req.body;
        const ids = [...new Set(req.body.userIdList)];
        if (!(await whereTenant(db.selectFrom('sysDepart').select('id').where('delFlag', '=', '0'), caller).where('id', '=', depId).executeTakeFirst())) throw new ResourceError('未找到对应部门', 404);
        const visible = await (await svc.scoped(db, caller)).select('id').where('id', 'in', ids).execute();
        if (visible.length !== ids.length) throw new ResourceError('选择的用户不存在');
        await db.transaction().execute(async (trx) => {
          const already = new Set((await trx.selectFrom('sysUserDepart').select('userId').where('depId', '=', depId).where('userId', 'in', ids).execute()).map((r) => r.userId));
          const rows = ids.filter((id) => !already.has(id)).map((userId) => ({ id: newId(), userId, depId }));
          if (rows.length) await trx.insertInto('sysUserDepart').values(rows).execute();
        });
        return ok(null, '添加成功!');
      },
    );

    // 部门用户 → 取消关联: users leave a department, and with it their roles in that department.
    app.delete(
      '/sys/user/deleteUserInDepartBatch',
      {
        config: { permission: 'system:user:edit' },
        schema: {
          tags,
          summary: '从部门移除用户',
          querystring: z.object({ depId: z.string({ error: '请选择部门' }).trim().min(1, '请选择部门').max(64), userIds: z.string({ error: '请选择用户' }).trim().min(1, '请选择用户').max(70000) }),
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const { depId } = req.query;
        const ids = splitIds(req.query.userIds);
        if (ids.length > 1000) throw new ResourceError('一次最多处理1000条记录');
        if (!(await whereTenant(db.selectFrom('sysDepart').select('id').where('delFlag', '=', '0'), caller).where('id', '=', depId).executeTakeFirst())) throw new ResourceError('未找到对应部门', 404);
        const removed = await db.transaction().execute(async (trx) => {
          const gone = await trx.deleteFrom('sysUserDepart').where('depId', '=', depId).where('userId', 'in', ids).executeTakeFirst();
          const roles = trx.selectFrom('sysDepartRole').select('id').where('departId', '=', depId);
          await trx.deleteFrom('sysDepartRoleUser').where('userId', 'in', ids).where('droleId', 'in', roles).execute();
          return Number(gone.numDeletedRows);
        });
        if (!removed) throw new ResourceError('删除失败，目标用户不在当前部门！');
        return ok(null, '删除成功!');
      },
    );

    // The original's address book (views/system/address): active members of a department and below.
    app.get(
      '/sys/user/queryDepartUserByOrgCode',
      { config: { permission: 'system:addressbook:list' }, schema: { tags: ['通讯录'], summary: '通讯录：部门及其下级的用户（分页）', querystring: z.object({ ...page, orgCode: text(200), realname: text(100) }) } },
      async (req) => {
        const { pageNo, pageSize, orgCode, realname } = req.query;
        const caller = callerOf(req);
        let qb = db
          .selectFrom('sysUser')
          .select(['id', 'username', 'realname', 'avatar', 'sex', 'birthday', 'telephone', 'email', 'phone', 'workNo', 'createTime'])
          .where('delFlag', '=', 0)
          .where('status', '=', 1)
          .where('id', 'in', db.selectFrom('sysUserDepart').select('userId').where('depId', 'in', departsUnder(db, caller, orgCode)));
        qb = inTenant(qb as any, caller) as unknown as typeof qb;
        if (realname) qb = qb.where(contains('realname', realname));
        const result = await fetchPage(qb.orderBy('createTime', 'desc').orderBy('username'), pageNo, pageSize);
        const names = await userDepartNames(db, result.records.map((r) => r.id));
        // the original's main and part-time posts (postName, otherPostName) are not kept here
        const records = result.records.map((r) => ({ ...r, departName: names.get(r.id) ?? '', postName: null, otherPostName: null }));
        return ok({ ...result, records });
      },
    );

    // 离职: the original marks a user who left a tenant by the membership's status 2 (sys_user_tenant),
    // the user record itself stays as it is. The list: those of the caller's tenant, as a plain array.
    app.get('/sys/user/getQuitList', { config: { permission: 'system:user:list' }, schema: { tags, summary: '本租户的离职人员' } }, async (req) => {
      const caller = callerOf(req);
      if (caller.tenantId <= 0) return ok([]);
      const rows = await db
        .selectFrom('sysUser as u')
        .innerJoin('sysUserTenant as ut', 'ut.userId', 'u.id')
        .select(['u.id', 'u.username', 'u.realname', 'u.sex', 'u.avatar', 'u.createTime', 'ut.createBy'])
        .where('ut.tenantId', '=', caller.tenantId)
        .where('ut.status', '=', LEFT)
        .where('u.status', '=', 1)
        .where('u.delFlag', '=', 0)
        .orderBy('u.username')
        .limit(5000)
        .execute();
      const names = await userDepartNames(db, rows.map((r) => r.id));
      return ok(rows.map((r) => ({ ...r, orgCode: names.get(r.id) ?? null })));
    });

    app.put(
      '/sys/user/putCancelQuit',
      {
        config: { permission: 'system:user:edit' },
        schema: { tags, summary: '取消离职（恢复为本租户的成员）', body: z.object({ userIds: z.string({ error: '请选择用户' }).trim().min(1, '请选择用户').max(20000, '选择的用户过多'), usernames: text(20000) }) },
      },
      async (req) => {
        const caller = callerOf(req);
        if (caller.tenantId <= 0) throw new BizError('当前未登录任何租户');
        const ids = splitIds(req.body.userIds);
        if (ids.length > 1000) throw new BizError('一次最多处理1000条记录');
        await db.transaction().execute(async (trx) => {
          const left = await trx.selectFrom('sysUserTenant').select('userId').where('tenantId', '=', caller.tenantId).where('status', '=', LEFT).where('userId', 'in', ids).execute();
          if (new Set(left.map((r) => r.userId)).size !== ids.length) throw new BizError('所选用户不是本租户的离职人员');
          await trx
            .updateTable('sysUserTenant')
            .set({ status: MEMBER, updateBy: caller.username, updateTime: formatDateTime(new Date()) })
            .where('tenantId', '=', caller.tenantId)
            .where('status', '=', LEFT)
            .where('userId', 'in', ids)
            .execute();
        });
        return ok(null, '取消离职成功');
      },
    );
  };
}
