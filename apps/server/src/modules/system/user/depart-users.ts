import { pageSizeParam } from '@anxue/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { currentUser, whereTenant, type TenantReader } from '../../../core/access';
import { callerOf, ResourceError, type ResourceService } from '../../../core/crud';
import { formatDateTime } from '../../../core/db';
import { BizError } from '../../../core/errors';
import { ok } from '../../../core/http';
import { fetchPage } from '../../../core/query';
import { userDepartNames } from './user-admin';
import { contains, inTenant, pickerView } from './user-list';
import { splitIds } from './user-admin';

const tags = ['用户管理'];
const page = {
  pageNo: z.coerce.number({ error: 'pageNo 必须是整数' }).int('pageNo 必须是整数').min(1).max(100000).default(1),
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
