import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { ResourceError, type Caller, type ResourceService } from '../../../core/crud';
import { formatDateTime, isUniqueViolation, newId } from '../../../core/db';
import { fetchPage } from '../../../core/query';
import { contains } from '../user/user-list';

export const FIRST_TENANT_ID = 1000;


/** Adds a tenant with the next integer id (max + 1, at least 1000); retried if another add took the id first. */
export async function addTenant(db: Kysely<any>, svc: ResourceService, caller: Caller, body: unknown): Promise<number> {
  const input = svc.validate(body, 'add');
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const ctx = svc.ctx(trx, caller);
        const top = await trx.selectFrom('sysTenant').select(sql<number | null>`max(id)`.as('top')).executeTakeFirst();
        const id = Math.max(FIRST_TENANT_ID, Number(top?.top ?? 0) + 1);
        const row: Record<string, unknown> = { ...input, id };
        svc.stamp(row, ctx, 'add');
        await svc.def.hooks?.beforeSave?.(row, ctx, 'add');
        await svc.checkUnique(trx, row);
        await trx.insertInto('sysTenant').values(row).execute();
        return id;
      });
    } catch (err) {
      if (attempt < 3 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

async function activeTenant(db: Kysely<any>, tenantId: number) {
  const t = await db.selectFrom('sysTenant').select('id').where('id', '=', tenantId).where('delFlag', '=', 0).executeTakeFirst();
  if (!t) throw new ResourceError('未找到对应租户', 404);
}

/** Members of a tenant, paged, optionally filtered by account or name. */
export async function tenantUsers(db: Kysely<any>, tenantId: number, params: { username?: string; pageNo: number; pageSize: number }) {
  await activeTenant(db, tenantId);
  let qb = db
    .selectFrom('sysUser as u')
    .innerJoin('sysUserTenant as ut', 'ut.userId', 'u.id')
    .select(['u.id', 'u.username', 'u.realname', 'u.phone', 'u.email', 'u.status', 'u.createTime', 'ut.status as userTenantStatus'])
    .where('ut.tenantId', '=', tenantId)
    .where('u.delFlag', '=', 0);
  if (params.username) {
    const text = params.username;
    qb = qb.where((eb) => eb.or([contains('u.username', text), contains('u.realname', text)]));
  }
  return fetchPage(qb.orderBy('u.username'), params.pageNo, params.pageSize);
}

/** Adds users (by account) to a tenant; members already there are left as they are. */
export async function joinTenant(db: Kysely<any>, caller: Caller, tenantId: number, usernames: string[]) {
  await db.transaction().execute(async (trx) => {
    await activeTenant(trx, tenantId);
    const users = await trx.selectFrom('sysUser').select(['id', 'username']).where('username', 'in', usernames).where('delFlag', '=', 0).execute();
    const missing = usernames.filter((u) => !users.some((x) => x.username === u));
    if (missing.length) throw new ResourceError(`用户不存在：${missing.join('、')}`);
    const existing = new Set((await trx.selectFrom('sysUserTenant').select('userId').where('tenantId', '=', tenantId).where('userId', 'in', users.map((u) => u.id)).execute()).map((r) => r.userId));
    const now = formatDateTime(new Date());
    const rows = users.filter((u) => !existing.has(u.id)).map((u) => ({ id: newId(), userId: u.id, tenantId, status: '1', createBy: caller.username, createTime: now }));
    if (rows.length) await trx.insertInto('sysUserTenant').values(rows).execute();
    await trx.updateTable('sysUserTenant').set({ status: '1' }).where('tenantId', '=', tenantId).where('userId', 'in', users.map((u) => u.id)).execute();
  });
}

/** Removes users from a tenant (their accounts stay). */
export async function leaveTenant(db: Kysely<any>, tenantId: number, userIds: string[]) {
  await db.deleteFrom('sysUserTenant').where('tenantId', '=', tenantId).where('userId', 'in', userIds).execute();
}
