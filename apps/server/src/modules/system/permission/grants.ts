import type { Kysely } from 'kysely';
import { CODE_NO_PERMISSION } from '@anxue/shared';
import { BizError } from '../../../core/errors';
import { formatDateTime, newId, type Db } from '../../../core/db';

/** Tables that hold grants of menus and buttons, and the column naming their holder. */
const HOLDERS = {
  role: { table: 'sysRolePermission', column: 'roleId' },
  depart: { table: 'sysDepartPermission', column: 'departId' },
  departRole: { table: 'sysDepartRolePermission', column: 'roleId' },
} as const;
export type GrantHolder = keyof typeof HOLDERS;

/** Comma-joined ids from a request, trimmed, empty parts dropped, duplicates removed. */
export function splitIds(raw: string | undefined | null): string[] {
  return [...new Set((raw ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
}

/** Ids of every menu and button a user holds through their roles. */
export async function heldPermissionIds(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('sysRolePermission as rp')
    .innerJoin('sysUserRole as ur', 'ur.roleId', 'rp.roleId')
    .select('rp.permissionId')
    .where('ur.userId', '=', userId)
    .execute();
  return new Set(rows.map((r) => r.permissionId));
}

/** Ids of the permissions a holder is granted. */
export async function grantedIds(db: Db, holder: GrantHolder, holderId: string): Promise<string[]> {
  const h = HOLDERS[holder];
  const rows = await (db as unknown as Kysely<any>).selectFrom(h.table).select('permissionId').where(h.column, '=', holderId).execute();
  return rows.map((r: { permissionId: string }) => r.permissionId);
}

/**
 * Makes the holder's grants exactly `permissionIds`, in one transaction. Grants that stay keep their
 * data rules; the client's lastpermissionIds is not trusted, the difference is taken from the database.
 * `allowed`, when given, bounds what may be granted (a department role only gets its department's menus);
 * `grantorHolds`, the permissions of the one granting: what is added or taken away must be among them.
 */
export async function replaceGrants(
  db: Db,
  holder: GrantHolder,
  holderId: string,
  permissionIds: string[],
  opts: { extra?: Record<string, unknown>; allowed?: ReadonlySet<string>; grantorHolds?: ReadonlySet<string> } = {},
): Promise<{ added: number; removed: number }> {
  const h = HOLDERS[holder];
  if (permissionIds.length > 5000) throw new BizError('一次授权的菜单过多');
  return inTransaction(db, async (trx) => {
    const t = trx as unknown as Kysely<any>;
    if (permissionIds.length) {
      const found = await trx.selectFrom('sysPermission').select('id').where('id', 'in', permissionIds).where('delFlag', '=', 0).execute();
      if (found.length !== permissionIds.length) throw new BizError('所选菜单不存在或已删除');
    }
    if (opts.allowed && permissionIds.some((id) => !opts.allowed!.has(id))) throw new BizError('所选菜单超出了部门的权限范围');
    const current = new Set(await grantedIds(trx, holder, holderId));
    const wanted = new Set(permissionIds);
    const removed = [...current].filter((id) => !wanted.has(id));
    const added = permissionIds.filter((id) => !current.has(id));
    if (opts.grantorHolds && [...added, ...removed].some((id) => !opts.grantorHolds!.has(id))) {
      throw new BizError('不能授予或收回您本人没有的权限', { status: 403, code: CODE_NO_PERMISSION });
    }
    if (removed.length) await t.deleteFrom(h.table).where(h.column, '=', holderId).where('permissionId', 'in', removed).execute();
    if (added.length) {
      const stamp = holder === 'depart' ? {} : { operateDate: formatDateTime(new Date()) };
      const rows = added.map((permissionId) => ({ id: newId(), [h.column]: holderId, permissionId, ...stamp, ...opts.extra }));
      for (let i = 0; i < rows.length; i += 200) await t.insertInto(h.table).values(rows.slice(i, i + 200)).execute();
    }
    return { added: added.length, removed: removed.length };
  });
}

/** Runs `fn` in the caller's transaction when there is one, else in a new one. */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
