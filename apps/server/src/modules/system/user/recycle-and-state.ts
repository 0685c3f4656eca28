import { PASSWORD_MIN_LENGTH, PASSWORD_MISMATCH, PASSWORD_TOO_SHORT } from '@anxue/shared';
import type { Kysely } from 'kysely';
import { randomInt } from 'node:crypto';
import { loadPermissionCodes } from '../../../core/access';
import { hashPassword } from '../../../core/auth';
import type { AppContext } from '../../../core/context';
import { ResourceError, type Caller, type ResourceService } from '../../../core/crud';
import { formatDateTime } from '../../../core/db';
import { SEED_ADMIN_USER } from '../../../core/db/seed/organisation';
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
  // the rows are gone; this also drops any Redis keys and sockets left from before the user was deleted
  for (const id of ids) await ctx.tokens.revokeUser(id);
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
  if (status === 2) for (const id of ids) await ctx.tokens.revokeUser(id);
}

/** An administrator sets another user's password; every session of that user ends. */
/**
 * Refuses to take over an account holding a right the caller does not: setting its password would hand
 * the caller that right (nobody gains more than they hold).
 */
async function refuseMorePrivileged(ctx: AppContext, caller: Caller, userId: string, username: string) {
  if (userId === caller.id || !caller.permissions) return;
  const [mine, theirs] = await Promise.all([caller.permissions(), loadPermissionCodes(ctx.db, userId)]);
  if ([...theirs].some((code) => !mine.has(code))) throw new ResourceError(`不能修改权限多于您的用户“${username}”的密码`);
}

export async function changeUserPassword(ctx: AppContext, svc: ResourceService, caller: Caller, body: { username: string; password: string; confirmpassword: string }) {
  if (body.password !== body.confirmpassword) throw new ResourceError(PASSWORD_MISMATCH);
  if ([...body.password].length < PASSWORD_MIN_LENGTH) throw new ResourceError(PASSWORD_TOO_SHORT);
  const user = await (await svc.scoped(ctx.db, caller)).clearSelect().select('id').where('username', '=', body.username).executeTakeFirst();
  if (!user) throw new ResourceError('用户不存在', 404);
  const id = String(user.id);
  await refuseMorePrivileged(ctx, caller, id, body.username);
  await ctx.db
    .updateTable('sysUser')
    .set({ password: await hashPassword(body.password), loginFailCount: 0, lockUntil: null, updateBy: caller.username, updateTime: formatDateTime(ctx.clock.now()) })
    .where('id', '=', id)
    .execute();
  // an administrator's reset also lifts the per-address sign-in locks of that account
  await ctx.loginAttempts.clearName(body.username);
  await ctx.tokens.revokeUser(id);
}

/** Letters and digits that cannot be mistaken for one another when read aloud or copied from a screen. */
const READABLE = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const SYMBOLS = '#%+=@';

/** A random password of 12 characters with upper and lower case letters, a digit and a symbol. */
export function randomPassword(): string {
  const pick = (set: string) => set[randomInt(set.length)]!;
  for (;;) {
    const chars = Array.from({ length: 11 }, () => pick(READABLE));
    chars.splice(randomInt(12), 0, pick(SYMBOLS));
    const text = chars.join('');
    if (/[A-Z]/.test(text) && /[a-z]/.test(text) && /\d/.test(text)) return text;
  }
}

/**
 * 重置密码 of the original's user list: the original resets to one system-wide default password; here each
 * user gets a random password of their own, answered once to the administrator (who hands it over), and
 * every session of theirs ends. The caller's own account, the first administrator and accounts holding
 * rights the caller lacks are refused.
 */
export async function resetUserPasswords(ctx: AppContext, svc: ResourceService, caller: Caller, usernames: string[]): Promise<Array<{ username: string; password: string }>> {
  const names = [...new Set(usernames.map((u) => u.trim()).filter(Boolean))];
  if (!names.length) throw new ResourceError('请选择一条记录！');
  if (names.length > 100) throw new ResourceError('一次最多重置100个用户的密码');
  const users = (await (await svc.scoped(ctx.db, caller)).clearSelect().select(['id', 'username']).where('username', 'in', names).execute()) as Array<{ id: string; username: string }>;
  const unknown = names.find((n) => !users.some((u) => u.username === n));
  if (unknown) throw new ResourceError(`用户“${unknown}”不存在`);
  if (users.some((u) => u.id === caller.id)) throw new ResourceError('不能重置当前登录用户的密码，请在个人设置中修改');
  if (users.some((u) => u.username === SEED_ADMIN_USER.username)) throw new ResourceError('不能重置超级管理员账号的密码');
  for (const u of users) await refuseMorePrivileged(ctx, caller, u.id, u.username);
  const fresh = await Promise.all(users.map(async (u) => ({ ...u, password: randomPassword(), hash: '' })));
  for (const f of fresh) f.hash = await hashPassword(f.password);
  const at = formatDateTime(ctx.clock.now());
  await ctx.db.transaction().execute(async (trx) => {
    for (const f of fresh) {
      await trx.updateTable('sysUser').set({ password: f.hash, loginFailCount: 0, lockUntil: null, updateBy: caller.username, updateTime: at }).where('id', '=', f.id).execute();
    }
  });
  for (const f of fresh) {
    await ctx.loginAttempts.clearName(f.username);
    await ctx.tokens.revokeUser(f.id);
  }
  return fresh.map((f) => ({ username: f.username, password: f.password }));
}
