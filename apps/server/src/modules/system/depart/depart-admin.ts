import type { Selectable } from 'kysely';
import { z } from 'zod';
import { whereTenant, type TenantReader } from '../../../core/access';
import { ResourceError } from '../../../core/crud';
import { formatDateTime, newId, type Db, type SysDepartTable } from '../../../core/db';
import { nextOrgCode } from './org-code';

export type DepartRow = Selectable<SysDepartTable>;

export interface DepartNode extends DepartRow {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children?: DepartNode[];
}

const text = (max: number) => z.string().trim().max(max).nullish();
export const departBody = z.object({
  id: z.string().max(64).optional(),
  parentId: text(64),
  departName: z.string({ error: '部门名称不能为空' }).trim().min(1, '部门名称不能为空').max(100),
  departNameEn: text(500),
  departNameAbbr: text(500),
  departOrder: z.coerce.number().int().min(0).max(99999).nullish(),
  description: text(500),
  orgCategory: z.enum(['1', '2', '3']).nullish(),
  orgType: text(10),
  mobile: text(32),
  fax: text(32),
  address: text(100),
  memo: text(500),
  status: text(1),
});
export type DepartBody = z.infer<typeof departBody>;

/** Every undeleted department in display order; only the caller's tenant's when a caller is given. */
export async function allDeparts(db: Db, caller?: TenantReader): Promise<DepartRow[]> {
  let qb = db.selectFrom('sysDepart').selectAll().where('delFlag', '=', '0');
  if (caller) qb = whereTenant(qb, caller);
  const rows = await qb.execute();
  return rows.sort((a, b) => a.departOrder - b.departOrder || a.orgCode.localeCompare(b.orgCode));
}

/** Refuses departments that are not live ones of the caller's tenant (404, as if they did not exist). */
export async function assertDepartsVisible(db: Db, caller: TenantReader, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const found = await whereTenant(db.selectFrom('sysDepart').select('id').where('delFlag', '=', '0'), caller).where('id', 'in', unique).execute();
  if (found.length !== unique.length) throw new ResourceError('未找到对应部门', 404);
}

/** What a department picker shows and stores: no contact data (phone, fax, address), notes or audit columns. */
export const PICKER_FIELDS = [
  'id', 'parentId', 'departName', 'departNameEn', 'departNameAbbr', 'departOrder', 'orgCategory', 'orgType', 'orgCode', 'status', 'izLeaf',
  'key', 'value', 'title', 'isLeaf',
] as const;

export type PickerDepartNode = Pick<DepartNode, (typeof PICKER_FIELDS)[number]> & { children?: PickerDepartNode[] };

/** A tree (or list) of nodes cut to the picker's fields, children included. */
export function pickerNodes(nodes: DepartNode[]): PickerDepartNode[] {
  return nodes.map((n) => {
    const out = Object.fromEntries(PICKER_FIELDS.map((f) => [f, n[f]])) as unknown as PickerDepartNode;
    if (n.children) out.children = pickerNodes(n.children);
    return out;
  });
}

export function departNode(r: DepartRow, hasChildren: boolean): DepartNode {
  return { ...r, key: r.id, value: r.id, title: r.departName, isLeaf: !hasChildren };
}

/** Trees of departments under the given roots (all roots when none given). */
export function departTree(rows: DepartRow[], rootIds?: string[]): DepartNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const kids = new Map<string | null, DepartRow[]>();
  for (const r of rows) {
    const p = r.parentId && ids.has(r.parentId) ? r.parentId : null;
    kids.set(p, [...(kids.get(p) ?? []), r]);
  }
  const build = (r: DepartRow): DepartNode => {
    const children = (kids.get(r.id) ?? []).map(build);
    const node = departNode(r, children.length > 0);
    if (children.length) node.children = children;
    return node;
  };
  const roots = rootIds ? rows.filter((r) => rootIds.includes(r.id)) : (kids.get(null) ?? []);
  return roots.map(build);
}

/** Departments under (and including) the given ones. */
export function departSubtree(rows: DepartRow[], rootIds: string[]): string[] {
  const out = new Set(rootIds);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) if (r.parentId && out.has(r.parentId) && !out.has(r.id)) (out.add(r.id), (grew = true));
  }
  return [...out];
}

function columns(body: DepartBody) {
  return {
    departName: body.departName,
    departNameEn: body.departNameEn ?? null,
    departNameAbbr: body.departNameAbbr ?? null,
    departOrder: body.departOrder ?? 0,
    description: body.description ?? null,
    orgCategory: body.orgCategory ?? '2',
    mobile: body.mobile ?? null,
    fax: body.fax ?? null,
    address: body.address ?? null,
    memo: body.memo ?? null,
    status: body.status ?? '1',
  };
}

/** Adds a department with the next free org code under its parent; retried when another add took it meanwhile. */
export async function addDepart(db: Db, username: string, body: DepartBody, caller: TenantReader): Promise<DepartRow> {
  const tenantId = caller.tenantId;
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const parentId = body.parentId || null;
        let parentCode = '';
        if (parentId) {
          const parent = await whereTenant(trx.selectFrom('sysDepart').select(['orgCode']).where('id', '=', parentId).where('delFlag', '=', '0'), caller).executeTakeFirst();
          if (!parent) throw new ResourceError('上级部门不存在');
          parentCode = parent.orgCode;
        }
        const siblings = await trx.selectFrom('sysDepart').select('orgCode').where('orgCode', 'like', `${parentCode}___`).execute();
        let orgCode: string;
        try {
          orgCode = nextOrgCode(parentCode, siblings.map((s) => s.orgCode));
        } catch {
          throw new ResourceError('该上级部门下的部门数量已达上限');
        }
        const row = {
          ...columns(body),
          id: newId(),
          parentId,
          orgCode,
          orgType: parentId ? '2' : '1',
          delFlag: '0',
          izLeaf: 1,
          tenantId,
          createBy: username,
          createTime: formatDateTime(new Date()),
        };
        await trx.insertInto('sysDepart').values(row).execute();
        if (parentId) await trx.updateTable('sysDepart').set({ izLeaf: 0 }).where('id', '=', parentId).execute();
        return row as DepartRow;
      });
    } catch (err) {
      if (attempt < 3 && /unique|duplicate/i.test(String((err as Error).message))) continue;
      throw err;
    }
  }
}

/** Edits a department's own fields; its place in the tree (parent, org code) does not move. */
export async function editDepart(db: Db, username: string, body: DepartBody, caller: TenantReader) {
  if (!body.id) throw new ResourceError('缺少id');
  await assertDepartsVisible(db, caller, [body.id]);
  const res = await db
    .updateTable('sysDepart')
    .set({ ...columns(body), updateBy: username, updateTime: formatDateTime(new Date()) })
    .where('id', '=', body.id)
    .where('delFlag', '=', '0')
    .executeTakeFirst();
  if (!Number(res.numUpdatedRows)) throw new ResourceError('未找到对应部门', 404);
}

/**
 * Deletes departments with everything under them (as the original does), with their department roles
 * and grants. Refused while any of those departments still has users: their members would silently lose
 * their department and, through the org code, their data scope.
 */
export async function deleteDeparts(db: Db, ids: string[], caller: TenantReader): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await allDeparts(trx, caller);
    const known = new Set(rows.map((r) => r.id));
    if (!ids.length || ids.some((id) => !known.has(id))) throw new ResourceError('未找到对应部门', 404);
    const all = departSubtree(rows, ids);
    const member = await trx.selectFrom('sysUserDepart').select('depId').where('depId', 'in', all).executeTakeFirst();
    if (member) {
      const name = rows.find((r) => r.id === member.depId)?.departName;
      throw new ResourceError(`部门“${name}”下还有用户，请先移除用户`);
    }
    const roles = await trx.selectFrom('sysDepartRole').select('id').where('departId', 'in', all).execute();
    if (roles.length) {
      const roleIds = roles.map((r) => r.id);
      await trx.deleteFrom('sysDepartRoleUser').where('droleId', 'in', roleIds).execute();
      await trx.deleteFrom('sysDepartRolePermission').where('roleId', 'in', roleIds).execute();
      await trx.deleteFrom('sysDepartRole').where('id', 'in', roleIds).execute();
    }
    await trx.deleteFrom('sysDepartRolePermission').where('departId', 'in', all).execute();
    await trx.deleteFrom('sysDepartPermission').where('departId', 'in', all).execute();
    await trx.deleteFrom('sysDepart').where('id', 'in', all).execute();
    for (const p of new Set(rows.filter((r) => ids.includes(r.id) && r.parentId && !all.includes(r.parentId)).map((r) => r.parentId!))) {
      const child = await trx.selectFrom('sysDepart').select('id').where('parentId', '=', p).executeTakeFirst();
      if (!child) await trx.updateTable('sysDepart').set({ izLeaf: 1 }).where('id', '=', p).execute();
    }
    return all.length;
  });
}
