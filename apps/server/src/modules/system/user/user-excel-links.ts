import type { Kysely } from 'kysely';
import { whereTenant } from '../../../core/access';
import { insertRows, type ExcelLink, type ExcelLinkTarget, type RequestContext } from '../../../core/crud';
import { newId } from '../../../core/db';
import { assertMayHandOut, visibleRoles } from '../role/role-members';

// A user's 部门 and 角色 in spreadsheets, by name (issue 19): export → delete → import restores the users
// with their departments and roles. Names resolve among what the importer may see, and roles only among
// those the importer may hand out.

type Found = Map<string, ExcelLinkTarget | { error: string }>;

async function namesOf(rows: Array<{ userId: string; name: string }>): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), r.name]);
  return out;
}

/** name → the one row of that name, or why not (none, several). */
function byName(names: string[], rows: Array<{ id: string; name: string }>, title: string): Found {
  const found: Found = new Map();
  for (const n of names) {
    const matches = rows.filter((r) => r.name === n);
    found.set(n, matches.length === 1 ? { id: matches[0].id } : { error: matches.length ? `${title}“${n}”有重名，无法确定是哪一个` : `${title}“${n}”不存在` });
  }
  return found;
}

export const userDepartLink: ExcelLink = {
  title: '部门',
  async names(db: Kysely<any>, ids: string[]) {
    const rows = await db
      .selectFrom('sysUserDepart as ud')
      .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
      .select(['ud.userId', 'd.departName as name'])
      .where('ud.userId', 'in', ids)
      .orderBy('d.orgCode')
      .execute();
    return namesOf(rows as Array<{ userId: string; name: string }>);
  },
  async lookup(ctx: RequestContext, names: string[]) {
    const rows = await whereTenant(ctx.db.selectFrom('sysDepart').select(['id', 'departName as name', 'orgCode']).where('delFlag', '=', '0'), ctx.caller)
      .where('departName', 'in', names)
      .execute();
    const found = byName(names, rows as Array<{ id: string; name: string }>, '部门');
    // the login department is the first one named, as when a form picks departments
    for (const v of found.values()) if ('id' in v) v.rowValues = { orgCode: rows.find((r) => r.id === v.id)?.orgCode ?? null };
    return found;
  },
  async write(ctx: RequestContext, links) {
    const rows = links.flatMap((l) => l.targets.map((depId) => ({ id: newId(), userId: l.id, depId })));
    await insertRows(ctx, 'sysUserDepart', rows);
  },
};

export const userRoleLink: ExcelLink = {
  title: '角色',
  async names(db: Kysely<any>, ids: string[]) {
    const rows = await db
      .selectFrom('sysUserRole as ur')
      .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
      .select(['ur.userId', 'r.roleName as name'])
      .where('ur.userId', 'in', ids)
      .orderBy('r.roleCode')
      .execute();
    return namesOf(rows as Array<{ userId: string; name: string }>);
  },
  async lookup(ctx: RequestContext, names: string[]) {
    const rows = (await visibleRoles(ctx.db, ctx.caller).where('roleName', 'in', names).execute()).map((r) => ({ id: r.id, name: r.roleName }));
    const found = byName(names, rows, '角色');
    for (const [name, v] of found) {
      if (!('id' in v)) continue;
      try {
        await assertMayHandOut(ctx.db, ctx.caller, [v.id]);
      } catch (err) {
        found.set(name, { error: (err as Error).message });
      }
    }
    return found;
  },
  // the importer may hand out each role (lookup asked), and imported users are new, holding none yet
  async write(ctx: RequestContext, links) {
    const rows = links.flatMap((l) => [...new Set(l.targets)].map((roleId) => ({ id: newId(), userId: l.id, roleId })));
    await insertRows(ctx, 'sysUserRole', rows);
  },
};
