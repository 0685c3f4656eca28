import { PASSWORD_MIN_LENGTH, PASSWORD_MISMATCH, PASSWORD_TOO_SHORT } from '@anxue/shared';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../../core/auth';
import { whereTenant } from '../../../core/access';
import { insertRows, ResourceError, type RequestContext } from '../../../core/crud';
import { newId, randomHex } from '../../../core/db';
import { SEED_ADMIN_USER } from '../../../core/db/seed/organisation';
import { replaceUserRoles } from '../role/role-members';

/** A well-formed password hash of no password anyone knows (a random key under a random salt). */
export const UNKNOWN_PASSWORD_HASH = () => `scrypt$16384$8$1$${randomHex(32)}$${randomHex(64)}`;

export const splitIds = (raw: unknown): string[] =>
  typeof raw === 'string' ? [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))] : [];

const UNIQUE_COLUMNS = [
  ['username', '用户账号'],
  ['workNo', '工号'],
  ['phone', '手机号码'],
  ['email', '电子邮件'],
] as const;

/**
 * Unique values held by users in the recycle bin: the database keeps them unique across the bin, so a
 * clear message beats a constraint error. (Active users are checked by the framework.)
 */
export async function refuseTakenByDeleted(ctx: RequestContext, row: Record<string, unknown>, exceptId?: string) {
  for (const [name, title] of UNIQUE_COLUMNS) {
    const v = row[name];
    if (v === undefined || v === null || v === '') continue;
    let q = ctx.db.selectFrom('sysUser').select('id').where(name, '=', v).where('delFlag', '<>', 0);
    if (exceptId) q = q.where('id', '<>', exceptId);
    if (await q.executeTakeFirst()) throw new ResourceError(`${title}“${String(v)}”已被回收站中的用户占用`, 409);
  }
}

/** Departments given to a user must exist in the caller's tenant. */
async function assertDepartsVisible(db: Kysely<any>, caller: RequestContext['caller'], ids: string[]) {
  if (!ids.length) return;
  const found = await whereTenant(db.selectFrom('sysDepart').select('id'), caller).where('id', 'in', ids).execute();
  if (found.length !== ids.length) throw new ResourceError('选择的部门不存在');
}

/**
 * Writes a user's password (add), roles and departments in the save's transaction. On edit, a list left
 * out of the body keeps the links as they are; an empty list clears them.
 */
export async function addUserLinks(ctx: RequestContext, userId: string, input: Record<string, unknown>, mode: 'add' | 'edit') {
  const { db } = ctx;
  if (mode === 'add') {
    const password = typeof input.password === 'string' ? input.password : '';
    if (!password) throw new ResourceError('请输入密码');
    if ([...password].length < PASSWORD_MIN_LENGTH) throw new ResourceError(PASSWORD_TOO_SHORT);
    if (typeof input.confirmPassword === 'string' && input.confirmPassword !== password) throw new ResourceError(PASSWORD_MISMATCH);
    await db.updateTable('sysUser').set({ password: await hashPassword(password) }).where('id', '=', userId).execute();
    await joinCreatorsTenant(ctx, [userId]);
  }
  // roles change only with the grant right, and only within what the caller holds
  if (mode === 'add' || input.selectedroles !== undefined) await replaceUserRoles(db, ctx.caller, userId, splitIds(input.selectedroles));
  if (mode === 'add' || input.selecteddeparts !== undefined) {
    const departs = splitIds(input.selecteddeparts);
    await assertDepartsVisible(db, ctx.caller, departs);
    await db.deleteFrom('sysUserDepart').where('userId', '=', userId).execute();
    if (departs.length) await db.insertInto('sysUserDepart').values(departs.map((depId) => ({ id: newId(), userId, depId }))).execute();
    // the login department follows the first selected one when the current one was dropped
    const codes = departs.length ? await db.selectFrom('sysDepart').select(['id', 'orgCode']).where('id', 'in', departs).execute() : [];
    const current = await db.selectFrom('sysUser').select('orgCode').where('id', '=', userId).executeTakeFirst();
    if (!codes.some((c) => c.orgCode === current?.orgCode)) {
      const first = codes.find((c) => c.id === departs[0]);
      await db.updateTable('sysUser').set({ orgCode: first?.orgCode ?? null }).where('id', '=', userId).execute();
    }
  }
  await savePosts(ctx, userId, input, mode);
  await saveCharge(ctx, userId, input, mode);
}

/** The form's ids as a list: the 3.9 client sends arrays, older ones comma-joined text. */
const idList = (raw: unknown): string[] => (Array.isArray(raw) ? raw.map(String).map((s) => s.trim()).filter(Boolean) : splitIds(raw));

/**
 * 主岗位 and 兼职岗位 (mainDepPostId, otherDepPostId): a user's posts are memberships of departments of
 * category 岗位, so the chosen posts become exactly the user's post memberships (the list answers the first
 * by org code as the main one). Left out of the body, the posts stay as they are.
 */
async function savePosts(ctx: RequestContext, userId: string, input: Record<string, unknown>, mode: 'add' | 'edit') {
  if (input.mainDepPostId === undefined && input.otherDepPostId === undefined && mode === 'edit') return;
  const wanted = [...new Set([...idList(input.mainDepPostId), ...idList(input.otherDepPostId)])];
  if (!wanted.length && mode === 'add') return;
  const { db } = ctx;
  if (wanted.length) {
    const posts = await whereTenant(db.selectFrom('sysDepart').select('id').where('delFlag', '=', '0').where('orgCategory', '=', POST_CATEGORY), ctx.caller).where('id', 'in', wanted).execute();
    if (posts.length !== wanted.length) throw new ResourceError('选择的岗位不存在');
  }
  const current = await db
    .selectFrom('sysUserDepart as ud')
    .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
    .select('ud.depId')
    .where('ud.userId', '=', userId)
    .where('d.orgCategory', '=', POST_CATEGORY)
    .execute();
  const drop = current.map((r) => r.depId).filter((id) => !wanted.includes(id));
  if (drop.length) await db.deleteFrom('sysUserDepart').where('userId', '=', userId).where('depId', 'in', drop).execute();
  const have = new Set((await db.selectFrom('sysUserDepart').select('depId').where('userId', '=', userId).execute()).map((r) => r.depId));
  const add = wanted.filter((id) => !have.has(id));
  if (add.length) await db.insertInto('sysUserDepart').values(add.map((depId) => ({ id: newId(), userId, depId }))).execute();
}

/** 负责部门 (departIds): kept for a 上级 (身份 2) only; an ordinary user is in charge of none. */
async function saveCharge(ctx: RequestContext, userId: string, input: Record<string, unknown>, mode: 'add' | 'edit') {
  if (input.departIds === undefined && input.userIdentity === undefined) return;
  const { db } = ctx;
  const identity = input.userIdentity !== undefined ? Number(input.userIdentity) : (await db.selectFrom('sysUser').select('userIdentity').where('id', '=', userId).executeTakeFirst())?.userIdentity;
  let ids = identity === 2 ? idList(input.departIds) : [];
  if (identity === 2 && input.departIds === undefined) {
    if (mode === 'add') ids = [];
    else return;
  }
  await assertDepartsVisible(db, ctx.caller, ids);
  await db.updateTable('sysUser').set({ departIds: ids.length ? [...new Set(ids)].join(',') : null }).where('id', '=', userId).execute();
}

/**
 * Every user created (form, import, registration) joins the creator's current tenant, and signs in to it
 * unless told otherwise (an import writes loginTenantId with the rows).
 */
export async function joinCreatorsTenant(ctx: RequestContext, userIds: string[], { signInThere = true } = {}) {
  if (ctx.tenantId <= 0 || !userIds.length) return;
  const rows = userIds.map((userId) => ({ id: newId(), userId, tenantId: ctx.tenantId, status: '1', createBy: ctx.username, createTime: ctx.now }));
  await insertRows(ctx, 'sysUserTenant', rows);
  if (signInThere) await ctx.db.updateTable('sysUser').set({ loginTenantId: ctx.tenantId }).where('id', 'in', userIds).where((eb) => eb.or([eb('loginTenantId', '=', 0), eb('loginTenantId', 'is', null)])).execute();
}

const SELF_OR_ADMIN_REFUSALS = {
  删除: { self: '不能删除当前登录用户', admin: '不能删除超级管理员账号' },
  冻结: { self: '不能冻结当前登录用户', admin: '不能冻结超级管理员账号' },
} as const;

/** Refuses touching the signed-in user or the first administrator in bulk actions (delete, freeze). */
export async function refuseSelfOrAdmin(db: Kysely<any>, selfId: string, ids: string[], verb: keyof typeof SELF_OR_ADMIN_REFUSALS) {
  const refusal = SELF_OR_ADMIN_REFUSALS[verb];
  if (ids.includes(selfId)) throw new ResourceError(refusal.self);
  const admin = await db.selectFrom('sysUser').select('id').where('id', 'in', ids).where('username', '=', SEED_ADMIN_USER.username).executeTakeFirst();
  if (admin) throw new ResourceError(refusal.admin);
}

export async function assertUsersDeletable(ctx: RequestContext, ids: string[]) {
  await refuseSelfOrAdmin(ctx.db, ctx.userId, ids, '删除');
}

/** Names of each user's departments, comma-joined, in one query for the whole page. */
const POST_CATEGORY = '3';

/**
 * The department columns of the 3.9 user list: orgCodeTxt and belongDepIds (every department and post the
 * user is in, by org code, as the original), departIds (负责部门, stored), mainDepPostId and otherDepPostId
 * (主岗位 and 兼职岗位: the user's first post by org code and the others, where the original keeps the main
 * one on the user), each id list with its names in `<field>_dictText`.
 */
export async function addDepartColumns(db: Kysely<any>, records: Record<string, unknown>[]): Promise<void> {
  const userIds = records.map((r) => String(r.id));
  if (!userIds.length) return;
  const [memberships, charged] = await Promise.all([
    db
      .selectFrom('sysUserDepart as ud')
      .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
      .select(['ud.userId', 'd.id', 'd.departName', 'd.orgCategory'])
      .where('ud.userId', 'in', userIds)
      .orderBy('d.orgCode')
      .execute() as Promise<Array<{ userId: string; id: string; departName: string; orgCategory: string | null }>>,
    db.selectFrom('sysUser').select(['id', 'departIds']).where('id', 'in', userIds).execute() as Promise<Array<{ id: string; departIds: string | null }>>,
  ]);
  const chargedIds = new Map(charged.map((u) => [u.id, splitIds(u.departIds ?? '')]));
  const allCharged = [...new Set([...chargedIds.values()].flat())];
  const chargedNames = new Map<string, string>();
  for (let i = 0; i < allCharged.length; i += 500) {
    const rows = (await db.selectFrom('sysDepart').select(['id', 'departName']).where('id', 'in', allCharged.slice(i, i + 500)).execute()) as Array<{ id: string; departName: string }>;
    for (const d of rows) chargedNames.set(d.id, d.departName);
  }
  const byUser = new Map<string, typeof memberships>();
  for (const m of memberships) byUser.set(m.userId, [...(byUser.get(m.userId) ?? []), m]);
  const join = (list: string[]) => list.join(',');
  for (const r of records) {
    const mine = byUser.get(String(r.id)) ?? [];
    const posts = mine.filter((m) => m.orgCategory === POST_CATEGORY);
    r.orgCodeTxt = join(mine.map((m) => m.departName));
    r.belongDepIds = join(mine.map((m) => m.id));
    const heads = (chargedIds.get(String(r.id)) ?? []).filter((id) => chargedNames.has(id));
    r.departIds = heads.length ? join(heads) : null;
    r.departIds_dictText = heads.length ? join(heads.map((id) => chargedNames.get(id)!)) : null;
    r.mainDepPostId = posts[0]?.id ?? null;
    r.mainDepPostId_dictText = posts[0]?.departName ?? null;
    r.otherDepPostId = posts.length > 1 ? join(posts.slice(1).map((p) => p.id)) : null;
    r.otherDepPostId_dictText = posts.length > 1 ? join(posts.slice(1).map((p) => p.departName)) : null;
  }
}

export async function userDepartNames(db: Kysely<any>, userIds: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (!userIds.length) return names;
  const rows = await db
    .selectFrom('sysUserDepart as ud')
    .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
    .select(['ud.userId', 'd.departName'])
    .where('ud.userId', 'in', userIds)
    .orderBy('d.orgCode')
    .execute();
  for (const r of rows as Array<{ userId: string; departName: string }>) {
    names.set(r.userId, names.has(r.userId) ? `${names.get(r.userId)},${r.departName}` : r.departName);
  }
  return names;
}
