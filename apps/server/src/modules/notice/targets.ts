// Who an announcement reaches: every active member of its tenant (ALL), the chosen users (USER) or the
// members of the chosen departments and the departments under them (DEPART) — always members of its
// tenant only, so a forged user id from another tenant reaches nobody.
import type { Db } from '../../core/db';
import { idList } from './resource';

interface Targeted {
  tenantId: number;
  msgType: string;
  userIds: string | null;
  departIds: string | null;
}

export async function targetUserIds(db: Db, annt: Targeted): Promise<string[]> {
  let qb = db
    .selectFrom('sysUser as u')
    .innerJoin('sysUserTenant as ut', 'ut.userId', 'u.id')
    .select('u.id')
    .distinct()
    .where('ut.tenantId', '=', annt.tenantId)
    .where('ut.status', '=', '1')
    .where('u.status', '=', 1)
    .where('u.delFlag', '=', 0);
  if (annt.msgType === 'USER') {
    const ids = idList(annt.userIds);
    if (!ids.length) return [];
    qb = qb.where('u.id', 'in', ids);
  } else if (annt.msgType === 'DEPART') {
    const ids = idList(annt.departIds);
    if (!ids.length) return [];
    const chosen = await db.selectFrom('sysDepart').select('orgCode').where('id', 'in', ids).where('tenantId', '=', annt.tenantId).execute();
    if (!chosen.length) return [];
    qb = qb.where(({ exists, selectFrom, or }) =>
      exists(
        selectFrom('sysUserDepart as ud')
          .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
          .select('ud.id')
          .whereRef('ud.userId', '=', 'u.id')
          .where('d.tenantId', '=', annt.tenantId)
          .where((eb) => or(chosen.map((c) => eb('d.orgCode', 'like', `${c.orgCode.replace(/[%_\\]/g, '')}%`)))),
      ),
    );
  }
  return (await qb.execute()).map((r) => r.id);
}
