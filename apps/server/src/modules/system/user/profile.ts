import type { Db } from '../../../core/db';

/** The fields of a user that may leave the server; password and salt never do. */
export async function loadUserInfo(db: Db, userId: string) {
  const user = await db
    .selectFrom('sysUser as u')
    .leftJoin('sysDepart as d', (j) => j.onRef('d.orgCode', '=', 'u.orgCode'))
    .select([
      'u.id',
      'u.username',
      'u.realname',
      'u.avatar',
      'u.birthday',
      'u.sex',
      'u.email',
      'u.phone',
      'u.orgCode',
      'd.departName as orgCodeTxt',
      'u.status',
      'u.delFlag',
      'u.workNo',
      'u.telephone',
      'u.userIdentity',
      'u.loginTenantId',
      'u.pwdMustChange',
      'u.createTime',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return user ?? null;
}

export type UserInfo = NonNullable<Awaited<ReturnType<typeof loadUserInfo>>>;

/** Tenants a user belongs to (membership and tenant both active). */
export async function userTenants(db: Db, userId: string) {
  return db
    .selectFrom('sysTenant as t')
    .innerJoin('sysUserTenant as ut', 'ut.tenantId', 't.id')
    .select(['t.id', 't.name', 't.status', 't.houseNumber', 't.companyLogo', 't.beginDate', 't.endDate'])
    .where('ut.userId', '=', userId)
    .where('ut.status', '=', '1')
    .where('t.status', '=', 1)
    .where('t.delFlag', '=', 0)
    .orderBy('t.id')
    .execute();
}
