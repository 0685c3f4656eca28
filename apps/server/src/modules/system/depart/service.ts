import type { Db } from '../../../core/db';

/** Departments a user belongs to, in tree order. */
export async function userDeparts(db: Db, userId: string) {
  return db
    .selectFrom('sysDepart as d')
    .innerJoin('sysUserDepart as ud', 'ud.depId', 'd.id')
    .select([
      'd.id',
      'd.parentId',
      'd.departName',
      'd.departNameEn',
      'd.departNameAbbr',
      'd.departOrder',
      'd.description',
      'd.orgCategory',
      'd.orgType',
      'd.orgCode',
      'd.mobile',
      'd.fax',
      'd.address',
      'd.memo',
      'd.status',
      'd.tenantId',
    ])
    .where('ud.userId', '=', userId)
    .where('d.delFlag', '=', '0')
    .orderBy('d.orgCode')
    .execute();
}

export type UserDepart = Awaited<ReturnType<typeof userDeparts>>[number];

/**
 * Which department a session works in: 0 none, 1 exactly one (that one), 2 several (the current one if
 * still among them, else the first).
 */
export function chooseDepart(departs: UserDepart[], current: string | null): { multiDepart: 0 | 1 | 2; orgCode: string | null } {
  if (departs.length === 0) return { multiDepart: 0, orgCode: current };
  if (departs.length === 1) return { multiDepart: 1, orgCode: departs[0].orgCode };
  const keep = departs.some((d) => d.orgCode === current);
  return { multiDepart: 2, orgCode: keep ? current : departs[0].orgCode };
}
