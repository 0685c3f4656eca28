import type { Kysely } from 'kysely';
import type { ExcelLink, RequestContext } from '../../../core/crud';
import { inTenant } from '../../system/user/user-list';

// People of a class or a team in spreadsheets, by account name (unique, unlike real names): each role a
// column of its own. Accounts resolve among the users of the caller's tenant; writing is the owner's.

export function memberAccountLink(opts: {
  title: string;
  table: 'stuClassMember' | 'stuTeamMember';
  owner: 'classId' | 'teamId';
  role: string;
  write: ExcelLink['write'];
}): ExcelLink {
  const { title, table, owner, role } = opts;
  return {
    title,
    async names(db: Kysely<any>, ids: string[]) {
      const rows = (await db
        .selectFrom(`${table} as m`)
        .innerJoin('sysUser as u', 'u.id', 'm.userId')
        .select([`m.${owner} as ownerId`, 'u.username'])
        .where(`m.${owner}`, 'in', ids)
        .where('m.memberRole', '=', role)
        .orderBy('u.username')
        .execute()) as Array<{ ownerId: string; username: string }>;
      const out = new Map<string, string[]>();
      for (const r of rows) out.set(r.ownerId, [...(out.get(r.ownerId) ?? []), r.username]);
      return out;
    },
    async lookup(ctx: RequestContext, names: string[]) {
      const rows = await inTenant(ctx.db.selectFrom('sysUser').select(['sysUser.id', 'sysUser.username']).where('sysUser.username', 'in', names).where('sysUser.delFlag', '=', 0), {
        tenantId: ctx.tenantId,
      }).execute();
      const byName = new Map(rows.map((r) => [String(r.username), String(r.id)]));
      return new Map(names.map((n) => [n, byName.has(n) ? { id: byName.get(n)! } : { error: `${title}账号“${n}”不存在或不属于当前租户` }]));
    },
    write: opts.write,
  };
}
