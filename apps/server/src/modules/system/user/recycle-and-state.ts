import { PASSWORD_MIN_LENGTH, PASSWORD_MISMATCH, PASSWORD_TOO_SHORT } from '@anxue/shared';
import type { Kysely } from 'kysely';
import { hashPassword, LoginAttempts } from '../../../core/auth';
import type { AppContext } from '../../../core/context';
import { ResourceError, type Caller, type ResourceService } from '../../../core/crud';
import { formatDateTime } from '../../../core/db';
import { refuseSelfOrAdmin } from './user-admin';
import { inTenant } from './user-list';

type Row = Record<string, unknown>;

function deletedUsers(db: Kysely<any>, svc: ResourceService, caller: Caller) {
  const qb = db.selectFrom('sysUser').select(svc.readable as any).where('delFlag', '=', 1);
  return inTenant(qb as any, caller);
}

/** Users in the recycle bin, most recently changed first. */
export async function recycleBin(db: Kysely<any>, svc: ResourceService, caller: Caller): Promise<Row[]> {
  const rows = await deletedUsers(db, svc, caller).orderBy('updateTime', 'desc').orderBy('username').limit(5000).execute();
  await svc.decorate(db, caller, rows);
  return rows;
}

async function assertAllInBin(db: Kysely<any>, caller: Caller, ids: string[]) {
  const qb = inTenant(db.selectFrom('sysUser').select('id').where('delFlag', '=', 1) as any, caller);
  const found = await qb.where('id', 'in', ids).execute();
  if (found.length !== ids.length) throw new ResourceError('未找到对应用户', 404);
}

export async function restoreUsers(db: Kysely<any>, caller: Caller, ids: string[]) {
  await db.transaction().execute(async (trx) => {
    await assertAllInBin(trx, caller, ids);
    await trx.updateTable('sysUser').set({ delFlag: 0, updateBy: caller.username, updateTime: formatDateTime(new Date()) }).where('id', 'in', ids).execute();
  });
}

/** Removes users from the bin for good, with their role, department, tenant and session rows. */
export async function purgeDeletedUsers(ctx: AppContext, caller: Caller, ids: string[]) {
  await ctx.db.transaction().execute(async (trx) => {
    await assertAllInBin(trx, caller, ids);
    for (const table of ['sysUserRole', 'sysUserDepart', 'sysUserTenant', 'sysDepartRoleUser', 'sysUserToken'] as const) {
      await trx.deleteFrom(table).where('userId', 'in', ids).execute();
    }
    await trx.deleteFrom('sysUser').where('id', 'in', ids).where('delFlag', '=', 1).execute();
  });
}

/** Refuses ids that are not live users the caller can see. */
export async function assertUsersVisible(db: Kysely<any>, svc: ResourceService, caller: Caller, ids: string[]) {
  if (!ids.length) throw new ResourceError('请选择一条记录！');
  if (ids.length > 1000) throw new ResourceError('一次最多处理1000条记录');
  const found = await (await svc.scoped(db, caller)).clearSelect().select('id').where('id', 'in', ids).execute();
  if (found.length !== ids.length) throw new ResourceError('未找到对应用户', 404);
}

/** Freezes (2) or unfreezes (1) users; a frozen user's sessions end at once. */
export async function freezeUsers(ctx: AppContext, svc: ResourceService, caller: Caller, ids: string[], status: 1 | 2) {
  await ctx.db.transaction().execute(async (trx) => {
    await assertUsersVisible(trx, svc, caller, ids);
    if (status === 2) await refuseSelfOrAdmin(trx, caller.id, ids, '冻结');
    await trx.updateTable('sysUser').set({ status, updateBy: caller.username, updateTime: formatDateTime(ctx.clock.now()) }).where('id', 'in', ids).execute();
  });
  // the guard already refuses frozen users; dropping their tokens makes unfreezing not revive old sessions
  if (status === 2) for (const id of ids) await ctx.tokens.store.revokeUser(id);
}

/** An administrator sets another user's password; every session of that user ends. */
export async function changeUserPassword(ctx: AppContext, svc: ResourceService, caller: Caller, body: { username: string; password: string; confirmpassword: string }) {
  if (body.password !== body.confirmpassword) throw new ResourceError(PASSWORD_MISMATCH);
  if ([...body.password].length < PASSWORD_MIN_LENGTH) throw new ResourceError(PASSWORD_TOO_SHORT);
  const user = await (await svc.scoped(ctx.db, caller)).clearSelect().select('id').where('username', '=', body.username).executeTakeFirst();
  if (!user) throw new ResourceError('用户不存在', 404);
  const id = String(user.id);
  await ctx.db
    .updateTable('sysUser')
    .set({ password: await hashPassword(body.password), loginFailCount: 0, lockUntil: null, updateBy: caller.username, updateTime: formatDateTime(ctx.clock.now()) })
    .where('id', '=', id)
    .execute();
  // an administrator's reset also lifts the per-address sign-in locks of that account
  await new LoginAttempts(ctx.db).clearName(body.username);
  await ctx.tokens.store.revokeUser(id);
}
