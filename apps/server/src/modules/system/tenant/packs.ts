import { pageNoParam, pageSizeParam } from '@anxue/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { CODE_NO_PERMISSION } from '@anxue/shared';
import { callerOf, ResourceError, ResourceService, type Caller, type ResourceDef } from '../../../core/crud';
import { firstIssue } from '../../../core/crud/input';
import { formatDateTime, newId } from '../../../core/db';
import { BizError } from '../../../core/errors';
import { ok } from '../../../core/http';
import { fetchPage } from '../../../core/query';
import { heldPermissionIds, inTransaction, replaceGrants, splitIds } from '../permission/grants';
import { assertAdministratorRemains } from '../role/role-members';
import { userDepartNames } from '../user/user-admin';

// Tenant packs (租户套餐) as the original has them: a named set of menus granted to users of one tenant.
//
// Design: a tenant's pack (packType 'custom') is carried by a role of that tenant (sys_tenant_pack.role_id).
// The pack's menus (sys_tenant_pack_perms) are the role's grants while the pack is open (status '1') and none
// while it is closed; the pack's users are the role's members. Permissions, the permission epoch and its
// triggers therefore work unchanged. Templates (packType 'default', tenant 0) carry no role; syncDefaultPack
// copies the missing ones into a tenant. Granting is bounded: what a pack holds, or is added to or taken from
// it, and handing a pack to users or taking it back, must stay within what the caller holds.

const tags = ['租户管理'];
type Row = Record<string, unknown>;

const refuse = (message: string) => new BizError(message, { status: 403, code: CODE_NO_PERMISSION });
const flag = (label: string) => z.preprocess((v) => (typeof v === 'number' || typeof v === 'boolean' ? String(Number(v)) : v), z.enum(['0', '1'], { error: `${label}只能是0或1` }));

export const packResource: ResourceDef = {
  label: '套餐',
  table: 'sysTenantPack',
  path: '/sys/tenant/pack',
  permission: 'system:tenant',
  defaultSort: [{ field: 'createTime', order: 'desc' }],
  fields: [
    { name: 'id', type: 'string', title: 'id', writable: false },
    { name: 'tenantId', type: 'int', title: '租户', writable: false },
    { name: 'packName', type: 'string', title: '套餐名称', required: true, max: 100 },
    { name: 'packCode', type: 'string', title: '套餐编码', writable: false },
    { name: 'packType', type: 'string', title: '套餐类型', writable: false },
    { name: 'status', type: 'string', title: '开启状态', check: flag('开启状态') },
    { name: 'izSysn', type: 'string', title: '自动分配用户', check: flag('自动分配用户') },
    { name: 'remarks', type: 'string', title: '备注说明', max: 500 },
    { name: 'createBy', type: 'string', title: '创建人', writable: false },
    { name: 'createTime', type: 'datetime', title: '创建时间', writable: false },
    { name: 'updateBy', type: 'string', title: '更新人', writable: false },
    { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false },
  ],
};

/** Templates are seen by everyone with the list right; a tenant's packs by its members (or cross-tenant). */
const packService = new ResourceService(packResource);
const baseScoped = packService.scoped.bind(packService);
packService.scoped = async (db, caller) => {
  const qb = await baseScoped(db, caller);
  if (caller.allTenants) return qb;
  return qb.where((eb) => eb.or([eb('packType', '=', 'default'), eb.and([eb('tenantId', '=', caller.tenantId), eb('tenantId', '>', 0)])]));
};

/** A caller acts inside their current tenant only; every tenant with the cross-tenant permission. */
export function assertTenantOf(caller: Caller, tenantId: number) {
  if (caller.allTenants) return;
  if (!(caller.tenantId > 0 && caller.tenantId === tenantId)) throw new ResourceError('无权限访问他人租户！');
}

async function activeTenant(db: Kysely<any>, tenantId: number) {
  const t = await db.selectFrom('sysTenant').select(['id', 'name']).where('id', '=', tenantId).where('delFlag', '=', 0).executeTakeFirst();
  if (!t) throw new ResourceError('未找到对应租户');
  return t;
}

interface PackRow {
  id: string;
  tenantId: number;
  packName: string;
  packCode: string | null;
  packType: string;
  status: string;
  izSysn: string;
  roleId: string | null;
}

/** The pack, when the caller may act on it: a template needs the cross-tenant permission, a tenant's pack its tenant. */
async function packFor(db: Kysely<any>, caller: Caller, id: string, action: 'read' | 'write'): Promise<PackRow> {
  const pack = (await db
    .selectFrom('sysTenantPack')
    .select(['id', 'tenantId', 'packName', 'packCode', 'packType', 'status', 'izSysn', 'roleId'])
    .where('id', '=', id)
    .executeTakeFirst()) as PackRow | undefined;
  if (!pack) throw new ResourceError('套餐不存在');
  if (pack.packType === 'default') {
    if (action === 'write' && !caller.allTenants) throw new ResourceError('默认套餐属于整个平台，只有可跨租户管理的用户才能维护');
  } else {
    assertTenantOf(caller, Number(pack.tenantId));
  }
  return pack;
}

async function packPermissionIds(db: Kysely<any>, packId: string): Promise<string[]> {
  return (await db.selectFrom('sysTenantPackPerms').select('permissionId').where('packId', '=', packId).execute()).map((r) => r.permissionId);
}

/** Refuses a pack change or hand-out that touches permissions the caller does not hold. */
function assertHolds(held: ReadonlySet<string>, ids: string[], message: string) {
  if (ids.some((id) => !held.has(id))) throw refuse(message);
}

/** Makes the pack's menus exactly `wanted` (checked against the caller's own), then its role's grants follow. */
async function writePackPermissions(db: Kysely<any>, pack: PackRow, wanted: string[], held: ReadonlySet<string>) {
  if (wanted.length > 5000) throw new ResourceError('一次授权的菜单过多');
  if (wanted.length) {
    const found = await db.selectFrom('sysPermission').select('id').where('id', 'in', wanted).where('delFlag', '=', 0).execute();
    if (found.length !== wanted.length) throw new ResourceError('所选菜单不存在或已删除');
  }
  const current = await packPermissionIds(db, pack.id);
  const added = wanted.filter((id) => !current.includes(id));
  const removed = current.filter((id) => !wanted.includes(id));
  assertHolds(held, [...added, ...removed], '不能把您本人没有的权限放入套餐或从套餐中收回');
  if (removed.length) await db.deleteFrom('sysTenantPackPerms').where('packId', '=', pack.id).where('permissionId', 'in', removed).execute();
  for (let i = 0; i < added.length; i += 200) {
    await db.insertInto('sysTenantPackPerms').values(added.slice(i, i + 200).map((permissionId) => ({ id: newId(), packId: pack.id, permissionId }))).execute();
  }
}

/** The role of a tenant's pack: created when missing, named after the pack, granted the pack's menus while it is open. */
async function syncPackRole(db: Kysely<any>, pack: PackRow, held: ReadonlySet<string>): Promise<string | null> {
  if (pack.packType === 'default') return null;
  let roleId = pack.roleId;
  const roleName = `${pack.packName}（套餐）`.slice(0, 200);
  if (!roleId) {
    roleId = newId();
    await db.insertInto('sysRole').values({ id: roleId, roleCode: `tenant_pack_${pack.id}`, roleName, description: '租户套餐的角色，由租户套餐维护', tenantId: pack.tenantId }).execute();
    await db.updateTable('sysTenantPack').set({ roleId }).where('id', '=', pack.id).execute();
  } else {
    await db.updateTable('sysRole').set({ roleName }).where('id', '=', roleId).execute();
  }
  const grants = pack.status === '1' ? await packPermissionIds(db, pack.id) : [];
  await replaceGrants(db as any, 'role', roleId, grants, { grantorHolds: held });
  return roleId;
}

/** Active members of the tenant (those given a pack automatically). */
async function tenantMemberIds(db: Kysely<any>, tenantId: number): Promise<string[]> {
  return (
    await db
      .selectFrom('sysUserTenant as ut')
      .innerJoin('sysUser as u', 'u.id', 'ut.userId')
      .select('ut.userId')
      .where('ut.tenantId', '=', tenantId)
      .where('ut.status', '=', '1')
      .where('u.delFlag', '=', 0)
      .execute()
  ).map((r) => r.userId);
}

async function givePack(db: Kysely<any>, roleId: string, tenantId: number, userIds: string[]) {
  if (!userIds.length) return;
  const holding = new Set((await db.selectFrom('sysUserRole').select('userId').where('roleId', '=', roleId).where('userId', 'in', userIds).execute()).map((r) => r.userId));
  const rows = userIds.filter((id) => !holding.has(id)).map((userId) => ({ id: newId(), userId, roleId, tenantId }));
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('sysUserRole').values(rows.slice(i, i + 200)).execute();
}

const packBody = z.looseObject({
  id: z.string().trim().max(32).optional(),
  packType: z.enum(['default', 'custom'], { error: '套餐类型只能是default或custom' }).optional(),
  tenantId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: '租户id必须是整数' }).int('租户id必须是整数').min(0).max(999_999_999).optional()),
  permissionIds: z.string({ error: '菜单id必须是逗号分隔的文本' }).max(200_000, '选择的菜单过多').nullable().optional(),
});

/** Parses with zod; the first issue becomes a business refusal. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw new ResourceError(firstIssue(parsed.error));
  return parsed.data;
}

async function addPack(db: Kysely<any>, caller: Caller, body: unknown): Promise<string> {
  const meta = parseInput(packBody, body);
  const input = packService.validate(body, 'add');
  const packType = meta.packType ?? 'custom';
  const tenantId = packType === 'default' ? 0 : meta.tenantId ?? 0;
  if (packType === 'default') {
    if (!caller.allTenants) throw new ResourceError('默认套餐属于整个平台，只有可跨租户管理的用户才能维护');
  } else {
    if (!tenantId) throw new ResourceError('缺少租户id');
    assertTenantOf(caller, tenantId);
  }
  const held = await heldPermissionIds(db as any, caller.id);
  return inTransaction(db as any, async (trx: any) => {
    if (tenantId) await activeTenant(trx, tenantId);
    const now = formatDateTime(new Date());
    const pack: PackRow = {
      id: newId(),
      tenantId,
      packName: String(input.packName),
      packCode: packType === 'default' ? `default${Math.floor(1000 + Math.random() * 9000)}` : null,
      packType,
      status: (input.status as string | undefined) ?? '1',
      izSysn: (input.izSysn as string | undefined) ?? '0',
      roleId: null,
    };
    await trx.insertInto('sysTenantPack').values({ ...pack, remarks: (input.remarks as string | undefined) ?? null, createBy: caller.username, createTime: now }).execute();
    await writePackPermissions(trx, pack, splitIds(meta.permissionIds), held);
    const roleId = await syncPackRole(trx, pack, held);
    if (roleId && pack.izSysn === '1') await givePack(trx, roleId, tenantId, await tenantMemberIds(trx, tenantId));
    return pack.id;
  });
}

async function editPack(db: Kysely<any>, caller: Caller, body: unknown) {
  const meta = parseInput(packBody, body);
  if (!meta.id) throw new ResourceError('缺少套餐id');
  const input = packService.validate({ packName: 'x', ...(body as object) }, 'edit');
  const held = await heldPermissionIds(db as any, caller.id);
  await inTransaction(db as any, async (trx: any) => {
    const pack = await packFor(trx, caller, meta.id!, 'write');
    const set: Row = { updateBy: caller.username, updateTime: formatDateTime(new Date()) };
    for (const k of ['packName', 'status', 'izSysn', 'remarks']) if ((body as Row)[k] !== undefined && (input[k] !== null || k === 'remarks')) set[k] = input[k];
    await trx.updateTable('sysTenantPack').set(set).where('id', '=', pack.id).execute();
    const next: PackRow = { ...pack, ...(set as Partial<PackRow>) };
    // the drawer sends the menus; the form leaves them out and keeps them
    if (meta.permissionIds !== undefined) await writePackPermissions(trx, next, splitIds(meta.permissionIds), held);
    const roleId = await syncPackRole(trx, next, held);
    if (roleId && next.izSysn === '1') {
      assertHolds(held, await packPermissionIds(trx, pack.id), '不能分配含有您本人没有的权限的套餐');
      await givePack(trx, roleId, next.tenantId, await tenantMemberIds(trx, next.tenantId));
    }
  });
}

async function deletePacks(db: Kysely<any>, caller: Caller, ids: string[]) {
  const held = await heldPermissionIds(db as any, caller.id);
  await inTransaction(db as any, async (trx: any) => {
    for (const id of ids) {
      const pack = await packFor(trx, caller, id, 'write');
      // deleting a tenant's pack takes its menus from its users
      if (pack.roleId) assertHolds(held, await packPermissionIds(trx, pack.id), `不能删除套餐“${pack.packName}”：它含有您本人没有的权限`);
      await trx.deleteFrom('sysTenantPack').where('id', '=', pack.id).execute();
      if (pack.roleId) await trx.deleteFrom('sysRole').where('id', '=', pack.roleId).execute();
    }
    await assertAdministratorRemains(trx);
  });
}

/** Copies into the tenant every template it does not have yet (by name), with their menus. */
async function syncDefaultPacks(db: Kysely<any>, caller: Caller, tenantId: number): Promise<number> {
  assertTenantOf(caller, tenantId);
  const held = await heldPermissionIds(db as any, caller.id);
  return inTransaction(db as any, async (trx: any) => {
    await activeTenant(trx, tenantId);
    const templates = await trx.selectFrom('sysTenantPack').selectAll().where('packType', '=', 'default').orderBy('createTime').execute();
    const have = new Set((await trx.selectFrom('sysTenantPack').select('packName').where('tenantId', '=', tenantId).where('packType', '=', 'custom').execute()).map((r: Row) => r.packName));
    const missing = templates.filter((p: Row) => !have.has(p.packName));
    const members = await tenantMemberIds(trx, tenantId);
    const now = formatDateTime(new Date());
    for (const tpl of missing) {
      const perms = await packPermissionIds(trx, tpl.id);
      assertHolds(held, perms, `不能初始化套餐“${tpl.packName}”：它含有您本人没有的权限`);
      const pack: PackRow = { id: newId(), tenantId, packName: tpl.packName, packCode: tpl.packCode, packType: 'custom', status: tpl.status, izSysn: tpl.izSysn, roleId: null };
      await trx.insertInto('sysTenantPack').values({ ...pack, remarks: tpl.remarks, createBy: caller.username, createTime: now }).execute();
      await writePackPermissions(trx, pack, perms, held);
      const roleId = await syncPackRole(trx, pack, held);
      if (roleId && pack.izSysn === '1') await givePack(trx, roleId, tenantId, members);
    }
    return missing.length;
  });
}

/** Hands the pack to (or takes it from) users of its tenant. */
async function changePackUsers(db: Kysely<any>, caller: Caller, packId: string, userIds: string[], give: boolean) {
  if (!userIds.length) throw new ResourceError('请选择用户');
  if (userIds.length > 1000) throw new ResourceError('一次最多选择1000个用户');
  const held = await heldPermissionIds(db as any, caller.id);
  await inTransaction(db as any, async (trx: any) => {
    const pack = await packFor(trx, caller, packId, 'write');
    if (pack.packType === 'default') throw new ResourceError('默认套餐不能分配用户，请先初始化到租户');
    assertHolds(held, await packPermissionIds(trx, pack.id), '不能分配或收回含有您本人没有的权限的套餐');
    const roleId = pack.roleId ?? (await syncPackRole(trx, pack, held))!;
    if (give) {
      const members = new Set(await tenantMemberIds(trx, pack.tenantId));
      if (userIds.some((id) => !members.has(id))) throw new ResourceError('只能把套餐分配给该租户的成员');
      await givePack(trx, roleId, pack.tenantId, userIds);
    } else {
      await trx.deleteFrom('sysUserRole').where('roleId', '=', roleId).where('userId', 'in', userIds).execute();
      await assertAdministratorRemains(trx);
    }
  });
}

/** Users holding the pack, with their departments and positions (TenantPackUser of the original). */
async function packUsers(db: Kysely<any>, caller: Caller, q: { tenantId: number; packId?: string; status: number; pageNo: number; pageSize: number }) {
  assertTenantOf(caller, q.tenantId);
  let qb = db
    .selectFrom('sysTenantPack as p')
    .innerJoin('sysUserRole as ur', 'ur.roleId', 'p.roleId')
    .innerJoin('sysUser as u', 'u.id', 'ur.userId')
    .innerJoin('sysUserTenant as ut', (j) => j.onRef('ut.userId', '=', 'u.id').onRef('ut.tenantId', '=', 'p.tenantId'))
    .select(['u.id', 'u.username', 'u.realname', 'u.phone', 'u.avatar', 'u.post', 'p.packName', 'p.id as packId'])
    .where('p.tenantId', '=', q.tenantId)
    .where('p.packType', '=', 'custom')
    .where('ut.status', '=', '1')
    .where('u.status', '=', 1)
    .where('u.delFlag', '=', 0);
  // only granted packs exist here (status 1); the original's applications (status 0) are not kept
  if (q.status !== 1) qb = qb.where((eb) => eb.val(1), '=', 0);
  if (q.packId) qb = qb.where('p.id', '=', q.packId);
  const page = await fetchPage(qb.orderBy('u.username'), q.pageNo, q.pageSize);
  const ids = page.records.map((r: Row) => String(r.id));
  const departs = await userDepartNames(db, ids);
  const codes = [...new Set(page.records.flatMap((r: Row) => splitIds(r.post as string)))];
  const positions = new Map(
    codes.length ? (await db.selectFrom('sysPosition').select(['code', 'name']).where('code', 'in', codes).execute()).map((p) => [p.code, p.name] as const) : [],
  );
  const records = page.records.map((r: Row) => {
    const { post, ...rest } = r;
    return {
      ...rest,
      departNames: departs.get(String(r.id))?.split(',') ?? [],
      positionNames: splitIds(post as string).map((c) => positions.get(c) ?? c),
    };
  });
  return { ...page, records };
}

const tenantIdParam = z.coerce.number({ error: '缺少租户id' }).int('租户id必须是整数').min(1, '缺少租户id').max(999_999_999);
const ids = (missing: string) => z.string({ error: missing }).trim().min(1, missing).max(20000, '选择的项目过多');
/** Query and JSON body together: the original client sends some calls' fields in both. */
const input = (req: { query: unknown; body: unknown }): Row => ({ ...((req.query as Row) ?? {}), ...(req.body && typeof req.body === 'object' ? (req.body as Row) : {}) });
const packUserBody = z.object({ packId: z.string({ error: '缺少套餐id' }).trim().min(1, '缺少套餐id').max(32), userId: ids('请选择用户') });

export const tenantPackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const view = { permission: 'system:tenant:packList' };
  const manage = { permission: 'system:tenant:pack' };

  app.get('/sys/tenant/packList', { config: view, schema: { tags, summary: '套餐列表（默认套餐或某租户的套餐），含菜单id' } }, async (req) => {
    const caller = callerOf(req);
    const q = req.query as Row;
    if (q.tenantId !== undefined && q.tenantId !== '' && q.packType !== 'default') assertTenantOf(caller, parseInput(tenantIdParam, q.tenantId));
    const page = await packService.list(db, caller, q);
    for (const r of page.records) r.permissionIds = (await packPermissionIds(db, String(r.id))).join(',');
    return ok(page);
  });

  app.post('/sys/tenant/addPackPermission', { config: manage, schema: { tags, summary: '添加套餐及其菜单' } }, async (req) => {
    await addPack(db, callerOf(req), req.body);
    return ok(null, '创建租户产品包成功');
  });

  app.put('/sys/tenant/editPackPermission', { config: manage, schema: { tags, summary: '修改套餐或其菜单' } }, async (req) => {
    await editPack(db, callerOf(req), req.body);
    return ok(null, '修改租户产品包成功');
  });

  app.delete('/sys/tenant/deleteTenantPack', { config: manage, schema: { tags, summary: '删除套餐（收回其用户的菜单）', querystring: z.object({ ids: ids('请选择套餐') }) } }, async (req) => {
    await deletePacks(db, callerOf(req), splitIds(req.query.ids).slice(0, 1000));
    return ok(null, '删除租户产品包成功');
  });

  app.post('/sys/tenant/syncDefaultPack', { config: manage, schema: { tags, summary: '把缺少的默认套餐初始化到租户', querystring: z.object({ tenantId: tenantIdParam }) } }, async (req) => {
    await syncDefaultPacks(db, callerOf(req), req.query.tenantId);
    return ok(null, '操作成功');
  });

  app.get(
    '/sys/tenant/listPackByTenantUserId',
    { config: view, schema: { tags, summary: '租户的套餐与某用户持有的套餐', querystring: z.object({ tenantId: tenantIdParam, userId: z.string({ error: '缺少用户id' }).trim().min(1, '缺少用户id').max(32) }) } },
    async (req) => {
      const caller = callerOf(req);
      assertTenantOf(caller, req.query.tenantId);
      const packList = await db
        .selectFrom('sysTenantPack')
        .select(['id', 'tenantId', 'packName', 'packCode', 'packType', 'status', 'izSysn', 'remarks', 'createBy', 'createTime'])
        .where('tenantId', '=', req.query.tenantId)
        .where('packType', '=', 'custom')
        .where('status', '=', '1')
        .orderBy('createTime')
        .execute();
      const held = await db
        .selectFrom('sysTenantPack as p')
        .innerJoin('sysUserRole as ur', 'ur.roleId', 'p.roleId')
        .select('p.id')
        .where('p.tenantId', '=', req.query.tenantId)
        .where('ur.userId', '=', req.query.userId)
        .execute();
      return ok({ packList, userPackIdList: held.map((r) => r.id) });
    },
  );

  app.get(
    '/sys/tenant/queryTenantPackUserList',
    {
      config: view,
      schema: {
        tags,
        summary: '持有某套餐的用户',
        querystring: z.object({
          tenantId: tenantIdParam,
          packId: z.string().trim().max(32).optional(),
          status: z.coerce.number({ error: '状态必须是数字' }).int().default(1),
          pageNo: pageNoParam(),
          pageSize: pageSizeParam(10),
        }),
      },
    },
    async (req) => ok(await packUsers(db, callerOf(req), req.query)),
  );

  app.post('/sys/tenant/addTenantPackUser', { config: { permission: 'system:tenant:packUser' }, schema: { tags, summary: '把套餐分配给用户' } }, async (req) => {
    const body = parseInput(packUserBody, input(req));
    await changePackUsers(db, callerOf(req), body.packId, splitIds(body.userId), true);
    return ok(null, '操作成功！');
  });

  app.put('/sys/tenant/deleteTenantPackUser', { config: { permission: 'system:tenant:packUser' }, schema: { tags, summary: '从套餐移除用户' } }, async (req) => {
    const body = parseInput(packUserBody, input(req));
    await changePackUsers(db, callerOf(req), body.packId, splitIds(body.userId), false);
    return ok(null, '操作成功！');
  });
};

/** Removes a tenant's packs and their roles (a tenant purged from the recycle bin). */
export async function dropTenantPacks(db: Kysely<any>, tenantIds: number[]) {
  if (!tenantIds.length) return;
  const roles = (await db.selectFrom('sysTenantPack').select('roleId').where('tenantId', 'in', tenantIds).execute()).map((r) => r.roleId).filter((r): r is string => !!r);
  await db.deleteFrom('sysTenantPack').where('tenantId', 'in', tenantIds).execute();
  if (roles.length) await db.deleteFrom('sysRole').where('id', 'in', roles).execute();
}
