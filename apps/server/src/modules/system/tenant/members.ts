import { pageNoParam, pageSizeParam } from '@anxue/shared';
import { randomInt } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { currentUser } from '../../../core/access';
import { verifyPassword } from '../../../core/auth/password';
import { addDictTexts } from '../../../core/crud/dict-text';
import { callerOf, ResourceError, type Caller, type ResourceService } from '../../../core/crud';
import { formatDateTime, newId } from '../../../core/db';
import { ok } from '../../../core/http';
import { fetchPage } from '../../../core/query';
import { splitIds } from '../permission/grants';
import { assertAdministratorRemains } from '../role/role-members';
import { userDepartNames } from '../user/user-admin';
import { contains } from '../user/user-list';
import { dropTenantPacks, parseInput } from './packs';
import { tenantResource } from './resource';
import { addTenant } from './tenant-service';

// Tenant membership as the original's clients use it: the caller's own tenants (my tenants, invitations,
// applications by house number), the join applications of the caller's tenant, the tenant recycle bin.
// Membership status (sys_user_tenant.status): '1' member, '2' left, '3' applied, '4' refused, '5' invited.
// Joining by house number only files an application ('3'); the tenant's user managers approve it.

const tags = ['租户管理'];
type Row = Record<string, unknown>;
const STATUSES = ['1', '2', '3', '4', '5'];

const tenantId = z.coerce.number({ error: '缺少租户id' }).int('租户id必须是整数').min(1, '缺少租户id').max(999_999_999);
const statusList = z
  .string()
  .trim()
  .max(20)
  .optional()
  .transform((v) => splitIds(v ?? ''))
  .refine((v) => v.every((s) => STATUSES.includes(s)), '租户用户状态只能是1到5');
const page = { pageNo: pageNoParam(), pageSize: pageSizeParam(10) };
const text = z.string().trim().max(100).optional();
const input = (req: FastifyRequest): Row => ({ ...((req.query as Row) ?? {}), ...(req.body && typeof req.body === 'object' ? (req.body as Row) : {}) });

const TENANT_FIELDS = ['id', 'name', 'status', 'trade', 'companySize', 'companyAddress', 'companyLogo', 'houseNumber', 'workPlace', 'position', 'department', 'createBy', 'createTime', 'beginDate', 'endDate'] as const;

async function membership(db: Kysely<any>, userId: string, tenant: number) {
  return db.selectFrom('sysUserTenant').select(['id', 'status']).where('userId', '=', userId).where('tenantId', '=', tenant).executeTakeFirst();
}

async function liveTenant(db: Kysely<any>, id: number) {
  return db.selectFrom('sysTenant').select(['id', 'name', 'createBy', 'status']).where('id', '=', id).where('delFlag', '=', 0).executeTakeFirst();
}

/** Takes the user out of the tenant, with the roles (and packs) of that tenant. */
async function removeFromTenant(db: Kysely<any>, userId: string, tenant: number) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sysUserTenant').where('userId', '=', userId).where('tenantId', '=', tenant).execute();
    await trx.deleteFrom('sysUserRole').where('userId', '=', userId).where('roleId', 'in', trx.selectFrom('sysRole').select('id').where('tenantId', '=', tenant)).execute();
    await assertAdministratorRemains(trx);
  });
}

export function tenantMemberRoutes(tenantSvc: ResourceService): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app.ctx;

    // --- the caller's own tenants ---------------------------------------------------------------

    app.get('/sys/tenant/getCurrentUserTenant', { config: { auth: true }, schema: { tags, summary: '当前用户所属的有效租户' } }, async (req) => {
      const list = await db
        .selectFrom('sysTenant as t')
        .innerJoin('sysUserTenant as ut', 'ut.tenantId', 't.id')
        .select(TENANT_FIELDS.map((f) => `t.${f}` as const))
        .where('ut.userId', '=', currentUser(req).id)
        .where('ut.status', '=', '1')
        .where('t.status', '=', 1)
        .where('t.delFlag', '=', 0)
        .orderBy('t.id')
        .execute();
      return ok(list.length ? { list } : {});
    });

    app.get(
      '/sys/tenant/getTenantListByUserId',
      { config: { auth: true }, schema: { tags, summary: '当前用户与各租户的关系（成员、申请、邀请）', querystring: z.object({ userTenantStatus: statusList }) } },
      async (req) => {
        let qb = db
          .selectFrom('sysUserTenant as ut')
          .innerJoin('sysTenant as t', 't.id', 'ut.tenantId')
          .select(['t.id as tenantUserId', 't.name', 't.trade', 't.houseNumber', 't.createBy', 'ut.status as userTenantStatus', 'ut.userId as id'])
          .where('ut.userId', '=', currentUser(req).id)
          .where('t.status', '=', 1)
          .where('t.delFlag', '=', 0);
        if (req.query.userTenantStatus.length) qb = qb.where('ut.status', 'in', req.query.userTenantStatus);
        return ok(await qb.orderBy('t.id').execute());
      },
    );

    app.get(
      '/sys/tenant/getTenantPageListByUserId',
      { config: { auth: true }, schema: { tags, summary: '当前用户的租户（分页）', querystring: z.object({ userTenantStatus: statusList, name: text, status: text, ...page }) } },
      async (req) => {
        const q = req.query;
        let qb = db
          .selectFrom('sysUserTenant as ut')
          .innerJoin('sysTenant as t', 't.id', 'ut.tenantId')
          .select([...TENANT_FIELDS.map((f) => `t.${f}` as const), 'ut.status as userTenantStatus'])
          .where('ut.userId', '=', currentUser(req).id)
          .where('t.status', '=', 1)
          .where('t.delFlag', '=', 0)
          .where('ut.status', 'in', q.userTenantStatus.length ? q.userTenantStatus : ['1']);
        if (q.name) qb = qb.where(contains('t.name', q.name));
        const result = await fetchPage(qb.orderBy('t.createTime', 'desc').orderBy('t.id', 'desc'), q.pageNo, q.pageSize);
        await addDictTexts(db, tenantResource.fields, result.records as Row[]);
        return ok(result);
      },
    );

    app.route({
      method: ['PUT', 'POST'],
      url: '/sys/tenant/editOwnTenant',
      config: { auth: true },
      schema: { tags, summary: '修改自己拥有的当前租户（名称、行业、地址等，不含状态与期限）' },
      handler: async (req) => {
        const caller = callerOf(req);
        const body = parseInput(z.looseObject({ id: tenantId }), req.body);
        if (body.id !== caller.tenantId) throw new ResourceError('无权修改他人租户！');
        const tenant = await liveTenant(db, body.id);
        if (!tenant) throw new ResourceError('未找到对应实体');
        const codes = await caller.permissions!();
        if (tenant.createBy !== caller.username && !codes.has('system:tenant:edit')) throw new ResourceError('只有租户的拥有者才能修改租户信息');
        const values = tenantSvc.validate({ ...body, id: String(body.id) }, 'edit');
        const set: Row = {};
        for (const k of ['name', 'trade', 'companySize', 'companyAddress', 'companyLogo', 'workPlace', 'houseNumber']) if ((req.body as Row)[k] !== undefined) set[k] = values[k];
        if (set.name === null) throw new ResourceError('租户名称不能为空');
        if (set.houseNumber) await tenantSvc.checkUnique(db, { houseNumber: set.houseNumber }, String(body.id));
        await db.updateTable('sysTenant').set({ ...set, updateBy: caller.username, updateTime: formatDateTime(new Date()) }).where('id', '=', body.id).execute();
        return ok(null, '修改成功!');
      },
    });

    app.delete('/sys/tenant/exitUserTenant', { config: { auth: true }, schema: { tags, summary: '退出租户（需登录密码）' } }, async (req) => {
      const caller = callerOf(req);
      const body = parseInput(z.looseObject({ id: tenantId, loginPassword: z.string({ error: '请输入登录密码' }).min(1, '请输入登录密码').max(200) }), input(req));
      const row = await membership(db, caller.id, body.id);
      if (!row) throw new ResourceError('此租户下没有当前用户');
      const user = await db.selectFrom('sysUser').select('password').where('id', '=', caller.id).executeTakeFirstOrThrow();
      if (!user.password || !(await verifyPassword(body.loginPassword, user.password))) throw new ResourceError('密码不正确');
      const tenant = await liveTenant(db, body.id);
      if (tenant?.createBy === caller.username) throw new ResourceError('您是该租户的拥有者，请先变更拥有者再退出');
      await removeFromTenant(db, caller.id, body.id);
      return ok(null, '退出租户成功');
    });

    app.post('/sys/tenant/changeOwenUserTenant', { config: { auth: true }, schema: { tags, summary: '变更租户的拥有者（拥有者本人或租户管理员）' } }, async (req) => {
      const caller = callerOf(req);
      const body = parseInput(z.looseObject({ userId: z.string({ error: '请选择用户' }).trim().min(1, '请选择用户').max(32), tenantId }), input(req));
      const tenant = await liveTenant(db, body.tenantId);
      if (!tenant) throw new ResourceError('未找到对应租户');
      const codes = await caller.permissions!();
      const manager = codes.has('system:tenant:edit') && (caller.allTenants || caller.tenantId === body.tenantId);
      if (tenant.createBy !== caller.username && !manager) throw new ResourceError('只有租户的拥有者才能变更拥有者');
      const member = await membership(db, body.userId, body.tenantId);
      const user = await db.selectFrom('sysUser').select('username').where('id', '=', body.userId).where('delFlag', '=', 0).executeTakeFirst();
      if (!user || member?.status !== '1') throw new ResourceError('新的拥有者必须是该租户的成员');
      await db.updateTable('sysTenant').set({ createBy: user.username, updateBy: caller.username, updateTime: formatDateTime(new Date()) }).where('id', '=', body.tenantId).execute();
      return ok(null, '变更租户拥有者成功');
    });

    app.put('/sys/tenant/agreeOrRefuseJoinTenant', { config: { auth: true }, schema: { tags, summary: '被邀请人同意（1）或拒绝（4）加入租户' } }, async (req) => {
      const caller = callerOf(req);
      const body = parseInput(z.looseObject({ tenantId, status: z.coerce.string().refine((s) => s === '1' || s === '4', '类型不匹配，禁止修改数据') }), input(req));
      if (!(await liveTenant(db, body.tenantId))) throw new ResourceError('不存在该组织');
      const row = await membership(db, caller.id, body.tenantId);
      if (!row) throw new ResourceError('该用户不存在该组织中，无权修改');
      if (row.status !== '5') throw new ResourceError('没有待处理的邀请');
      if (body.status === '1') {
        await db.updateTable('sysUserTenant').set({ status: '1', updateBy: caller.username, updateTime: formatDateTime(new Date()) }).where('id', '=', row.id).execute();
        return ok(null, '您已同意该组织的邀请');
      }
      await db.deleteFrom('sysUserTenant').where('id', '=', row.id).execute();
      return ok(null, '您已成功拒绝该组织的邀请');
    });

    app.put('/sys/tenant/cancelApplyTenant', { config: { auth: true }, schema: { tags, summary: '撤回加入租户的申请' } }, async (req) => {
      const caller = callerOf(req);
      const body = parseInput(z.looseObject({ tenantId }), input(req));
      const row = await membership(db, caller.id, body.tenantId);
      if (row?.status !== '3') throw new ResourceError('没有待审核的申请');
      await db.deleteFrom('sysUserTenant').where('id', '=', row.id).execute();
      return ok(null, '取消申请成功');
    });

    app.post('/sys/tenant/joinTenantByHouseNumber', { config: { auth: true }, schema: { tags, summary: '按门牌号申请加入租户（待租户审核）' } }, async (req) => {
      const caller = callerOf(req);
      const body = parseInput(z.looseObject({ houseNumber: z.string({ error: '请输入门牌号' }).trim().min(1, '请输入门牌号').max(10, '门牌号不存在') }), req.body);
      const tenant = await db.selectFrom('sysTenant').select('id').where('houseNumber', '=', body.houseNumber).where('delFlag', '=', 0).where('status', '=', 1).executeTakeFirst();
      if (!tenant) throw new ResourceError('该门牌号不存在');
      const row = await membership(db, caller.id, tenant.id);
      const now = formatDateTime(new Date());
      if (row?.status === '1') throw new ResourceError('您已是该组织的成员');
      if (row?.status === '3') throw new ResourceError('已提交申请，请等待审核');
      if (row?.status === '5') throw new ResourceError('该组织已邀请您，请在“我的租户”中同意邀请');
      if (row) await db.updateTable('sysUserTenant').set({ status: '3', updateBy: caller.username, updateTime: now }).where('id', '=', row.id).execute();
      else await db.insertInto('sysUserTenant').values({ id: newId(), userId: caller.id, tenantId: tenant.id, status: '3', createBy: caller.username, createTime: now }).execute();
      return ok(tenant.id, '申请加入组织成功');
    });

    app.post('/sys/tenant/saveTenantJoinUser', { config: { permission: 'system:tenant:add' }, schema: { tags, summary: '创建租户并加入（成为拥有者）' } }, async (req) => {
      const caller = callerOf(req);
      const body = { ...((req.body as Row) ?? {}) };
      delete body.id;
      if (!body.houseNumber) body.houseNumber = Array.from({ length: 6 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ'[randomInt(24)]).join('');
      const id = await addTenant(db, tenantSvc, caller, body);
      await db.insertInto('sysUserTenant').values({ id: newId(), userId: caller.id, tenantId: id, status: '1', createBy: caller.username, createTime: formatDateTime(new Date()) }).execute();
      return ok(id, '创建成功');
    });

    // --- members of the caller's tenant ---------------------------------------------------------

    app.get(
      '/sys/tenant/getUserTenantPageList',
      {
        config: { permission: 'system:user:list' },
        schema: { tags, summary: '当前租户的用户及其加入状态（含待审核）', querystring: z.object({ userTenantStatus: statusList, username: text, realname: text, sex: text, ...page }) },
      },
      async (req) => {
        const caller = callerOf(req);
        const q = req.query;
        let qb = db
          .selectFrom('sysUserTenant as ut')
          .innerJoin('sysUser as u', 'u.id', 'ut.userId')
          .innerJoin('sysTenant as t', 't.id', 'ut.tenantId')
          .select(['u.id', 'u.realname', 'u.username', 'u.email', 'u.phone', 'u.avatar', 'u.workNo', 'u.orgCode', 'ut.status', 'u.createTime', 't.createBy'])
          .where('ut.tenantId', '=', caller.tenantId)
          .where('u.delFlag', '=', 0)
          .where('t.delFlag', '=', 0)
          .where('ut.status', 'in', q.userTenantStatus.length ? q.userTenantStatus : ['1']);
        if (q.username) qb = qb.where(contains('u.username', q.username));
        if (q.realname) qb = qb.where(contains('u.realname', q.realname));
        if (q.sex) qb = qb.where('u.sex', '=', Number(q.sex));
        const result = await fetchPage(qb.orderBy('u.createTime', 'desc').orderBy('u.username'), q.pageNo, q.pageSize);
        const ids = result.records.map((r: Row) => String(r.id));
        const departs = await userDepartNames(db, ids);
        const rel = ids.length ? await db.selectFrom('sysUserTenant').select(['userId', 'tenantId']).where('userId', 'in', ids).orderBy('tenantId').execute() : [];
        const records = result.records.map((r: Row) => ({
          ...r,
          orgCodeTxt: departs.get(String(r.id)) ?? null,
          relTenantIds: rel.filter((x) => x.userId === r.id).map((x) => x.tenantId).join(','),
        }));
        return ok({ ...result, records });
      },
    );

    app.put('/sys/tenant/updateUserTenantStatus', { config: { permission: 'system:user:edit' }, schema: { tags, summary: '审核加入申请、离职或恢复（当前租户）' } }, async (req) => {
      const caller = callerOf(req);
      const body = parseInput(z.looseObject({ userId: z.string({ error: '请选择用户' }).trim().min(1, '请选择用户').max(32), status: z.coerce.string() }), input(req));
      if (caller.tenantId <= 0) throw new ResourceError('未找到当前租户信息');
      if (body.userId === caller.id) throw new ResourceError('不能修改自己的租户状态');
      const row = await membership(db, body.userId, caller.tenantId);
      if (!row) throw new ResourceError('租户数据为空');
      // approve or refuse an application; a member leaves (离职) or comes back; invitations are the invitee's to answer
      const allowed: Record<string, string[]> = { '3': ['1', '4'], '1': ['2'], '2': ['1'] };
      if (!(allowed[row.status] ?? []).includes(body.status)) throw new ResourceError('不能把该用户改为这个状态');
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('sysUserTenant').set({ status: body.status, updateBy: caller.username, updateTime: formatDateTime(new Date()) }).where('id', '=', row.id).execute();
        if (body.status === '2') await assertAdministratorRemains(trx);
      });
      return ok(null, '更新用户租户状态成功');
    });

    // --- the tenant recycle bin -----------------------------------------------------------------

    const recycle = { permission: 'system:tenant:recycleBin' };
    app.get(
      '/sys/tenant/recycleBinPageList',
      { config: recycle, schema: { tags, summary: '已删除的租户', querystring: z.object({ name: text, houseNumber: text, ...page }) } },
      async (req) => {
        const q = req.query;
        let qb = db.selectFrom('sysTenant').select(['id', 'name', 'companyLogo', 'houseNumber', 'status']).where('delFlag', '=', 1);
        if (q.name) qb = qb.where(contains('name', q.name));
        if (q.houseNumber) qb = qb.where(contains('houseNumber', q.houseNumber));
        const result = await fetchPage(qb.orderBy('id'), q.pageNo, q.pageSize);
        await addDictTexts(db, tenantResource.fields, result.records as Row[]);
        return ok(result);
      },
    );

    const idsOf = (req: FastifyRequest) =>
      splitIds(parseInput(z.looseObject({ ids: z.string({ error: '请选择租户' }).trim().min(1, '请选择租户').max(20000, '选择的项目过多') }), input(req)).ids)
        .slice(0, 1000)
        .map((s) => (/^\d{1,9}$/.test(s) ? Number(s) : -1))
        .filter((n) => n > 0);

    app.put('/sys/tenant/revertTenantLogic', { config: recycle, schema: { tags, summary: '还原已删除的租户' } }, async (req) => {
      const ids = idsOf(req);
      await db.transaction().execute(async (trx) => {
        const rows = ids.length ? await trx.selectFrom('sysTenant').select(['id', 'houseNumber']).where('id', 'in', ids).where('delFlag', '=', 1).execute() : [];
        for (const r of rows) if (r.houseNumber) await tenantSvc.checkUnique(trx, { houseNumber: r.houseNumber }, String(r.id));
        if (rows.length) await trx.updateTable('sysTenant').set({ delFlag: 0 }).where('id', 'in', rows.map((r) => r.id)).execute();
      });
      return ok(null, '还原成功');
    });

    // Purged tenants keep their row with del_flag 2, hidden everywhere: their id is never handed out again
    // (ids are max + 1), so rows other modules left under that id never reach a new tenant.
    app.delete('/sys/tenant/deleteLogicDeleted', { config: { ...recycle, alsoRequires: ['system:tenant:delete'] }, schema: { tags, summary: '彻底删除回收站中的租户' } }, async (req) => {
      const ids = idsOf(req);
      await db.transaction().execute(async (trx) => {
        const rows = ids.length ? await trx.selectFrom('sysTenant').select('id').where('id', 'in', ids).where('delFlag', '=', 1).execute() : [];
        const gone = rows.map((r) => r.id);
        if (!gone.length) return;
        await trx.updateTable('sysTenant').set({ delFlag: 2, houseNumber: null }).where('id', 'in', gone).execute();
        await trx.deleteFrom('sysUserTenant').where('tenantId', 'in', gone).execute();
        await dropTenantPacks(trx, gone);
        await assertAdministratorRemains(trx);
      });
      return ok(null, '彻底删除成功');
    });
  };
}

/** Forwards the tenant user page's add and edit to the user routes (same rights, checks and tenant rules). */
export const tenantUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const forward = async (req: FastifyRequest, method: 'POST' | 'PUT', target: string, body: Row) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    for (const h of ['x-access-token', 'authorization', 'x-tenant-id', 'tenant-id', 'x-version', 'user-agent']) {
      const v = req.headers[h];
      if (typeof v === 'string') headers[h] = v;
    }
    const res = await app.inject({ method, url: `${app.ctx.config.apiBase}${target}`, headers, payload: JSON.stringify(body), remoteAddress: req.ip });
    return { status: res.statusCode, body: res.json() };
  };

  app.post('/sys/user/addTenantUser', { config: { permission: 'system:user:add' }, schema: { tags: ['用户'], summary: '在当前租户添加用户（同 /sys/user/add）' } }, async (req, reply) => {
    const body = input(req);
    delete body.id;
    const res = await forward(req, 'POST', '/sys/user/add', body);
    return reply.code(res.status).send(res.body);
  });

  app.route({
    method: ['POST', 'PUT'],
    url: '/sys/user/editTenantUser',
    config: { permission: 'system:user:edit' },
    schema: { tags: ['用户'], summary: '修改当前租户的用户（部门等；不改角色、账号与密码）' },
    handler: async (req, reply) => {
      const caller = callerOf(req);
      const body = input(req);
      const id = typeof body.id === 'string' ? body.id : '';
      if (!id) throw new ResourceError('缺少id');
      const row = caller.tenantId > 0 ? await membership(app.ctx.db, id, caller.tenantId) : undefined;
      if (!row) throw new ResourceError('非当前租户下的用户，不允许修改！');
      for (const k of ['selectedroles', 'username', 'password', 'confirmPassword', 'relTenantIds', 'status', 'delFlag']) delete body[k];
      const res = await forward(req, 'PUT', '/sys/user/edit', body);
      if (res.body?.success) return ok(null, '修改成功');
      return reply.code(res.status).send(res.body);
    },
  });
};

export type { Caller };
