import type { Kysely } from 'kysely';
import type { TenantReader } from '../../../core/access';
import { BizError } from '../../../core/errors';
import { inTenant } from '../user/user-list';

/** 身份: 1 ordinary user, 2 a head (上级) of the departments listed in the user's departIds (as the original). */
const IDENTITY_USER = 1;
const IDENTITY_HEAD = 2;

const idsOf = (raw: string | null | undefined) => (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** Live, active users of the caller's tenant who head the department, by name. */
export async function chargeUsersOf(db: Kysely<any>, caller: TenantReader, departId: string) {
  const qb = db
    .selectFrom('sysUser')
    .select(['id', 'username', 'realname', 'avatar', 'sex', 'telephone', 'phone', 'createTime', 'departIds'])
    .where('delFlag', '=', 0)
    .where('status', '=', 1)
    .where('userIdentity', '=', IDENTITY_HEAD)
    .where('departIds', 'like', `%${departId}%`);
  const rows = (await inTenant(qb as any, caller).orderBy('createTime', 'desc').orderBy('username').execute()) as Array<Record<string, any>>;
  // the like above is a first cut; a head is one whose list holds exactly this id
  return rows.filter((r) => idsOf(r.departIds).includes(departId));
}

/** Makes a user of the caller's tenant head the department (status true) or no longer head it. */
export async function setDepartCharge(db: Kysely<any>, caller: TenantReader, userId: string, departId: string, status: boolean) {
  const user = (await inTenant(db.selectFrom('sysUser').select(['id', 'departIds', 'userIdentity']).where('id', '=', userId).where('delFlag', '=', 0) as any, caller).executeTakeFirst()) as
    | { id: string; departIds: string | null; userIdentity: number | null }
    | undefined;
  if (!user) throw new BizError('未找到对应用户');
  const ids = idsOf(user.departIds);
  const next = status ? (ids.includes(departId) ? ids : [...ids, departId]) : ids.filter((x) => x !== departId);
  const identity = next.length ? IDENTITY_HEAD : IDENTITY_USER;
  await db.updateTable('sysUser').set({ departIds: next.length ? next.join(',') : null, userIdentity: identity }).where('id', '=', user.id).execute();
}
