import type { Kysely, SelectQueryBuilder } from 'kysely';
import { sql, type SqlBool } from 'kysely';
import { escapeLike } from '../../../core/query';
import type { TenantReader } from '../../../core/access';
import type { PageResult } from '@anxue/shared';
import { ResourceError, ResourceService, type Caller } from '../../../core/crud';
import { userResource } from './resource';
import { applyFilters, applySort, fetchListPage, textIndexedFilters } from '../../../core/query';
import { splitIds } from './user-admin';

type Row = Record<string, unknown>;
type UserQuery = SelectQueryBuilder<any, any, Row>;

/**
 * Users of the caller's tenant: its active members. A caller in no tenant sees nobody; only the explicit
 * cross-tenant permission sees every user.
 */
export function inTenant(qb: UserQuery, caller: TenantReader, userIdRef = 'sysUser.id'): UserQuery {
  if (caller.allTenants) return qb;
  if (caller.tenantId <= 0) return qb.where((eb) => eb.val(1), '=', 0);
  return qb.where((eb) =>
    eb.exists(eb.selectFrom('sysUserTenant as ut').select('ut.id').whereRef('ut.userId', '=', userIdRef as any).where('ut.tenantId', '=', caller.tenantId).where('ut.status', '=', '1')),
  );
}

/** The user resource's service kept to the caller's tenant, for modules that list or check users. */
export function tenantUserService(): ResourceService {
  const svc = new ResourceService(userResource);
  scopeUsersToTenant(svc);
  return svc;
}

/** Makes every read of the user resource (list, export, read, delete) keep to the caller's tenant. */
export function scopeUsersToTenant(svc: ResourceService) {
  const base = svc.scoped.bind(svc);
  svc.scoped = async (db: Kysely<any>, caller: Caller) => inTenant(await base(db, caller), caller);
}

const MAX_DEPART_FILTER = 200;

/** Users of any of the given departments (a comma list), for the list and the pickers. */
export function inDeparts(db: Kysely<any>, qb: UserQuery, departIds: unknown): UserQuery {
  const ids = splitIds(departIds);
  if (!ids.length) return qb;
  if (ids.length > MAX_DEPART_FILTER) throw new ResourceError('选择的部门过多');
  return qb.where('id', 'in', db.selectFrom('sysUserDepart').select('userId').where('depId', 'in', ids));
}

/** The user list: the resource's conventions plus a department, a role and a user-group filter. */
export async function listUsers(db: Kysely<any>, svc: ResourceService, caller: Caller, params: Row): Promise<PageResult<Row>> {
  const q = svc.parse(params);
  const textIndexed = await textIndexedFilters(db, svc.def.fields, q.filters, svc.def.table);
  let qb = applyFilters(await svc.scoped(db, caller), svc.def.fields, { filters: q.filters, superQuery: q.superQuery }, { textIndexed });
  qb = inDeparts(db, qb, params.departId);
  if (typeof params.roleId === 'string' && params.roleId) qb = qb.where('id', 'in', db.selectFrom('sysUserRole').select('userId').where('roleId', '=', params.roleId));
  if (typeof params.groupId === 'string' && params.groupId) qb = qb.where('id', 'in', db.selectFrom('sysUgroupUser').select('userId').where('groupId', '=', params.groupId));
  qb = applySort(qb, q);
  const page = await fetchListPage(db, qb, q.pageNo, q.pageSize, { sort: q.sort, fewRows: textIndexed.size > 0 });
  await svc.decorate(db, caller, page.records);
  return page;
}

/** What pickers (user select widgets) may show of a user: no contact details. */
export const PICKER_FIELDS = ['id', 'username', 'realname', 'avatar', 'sex', 'sex_dictText', 'workNo', 'post', 'orgCode', 'orgCodeTxt', 'status', 'status_dictText'];
export const pickerView = (r: Row) => Object.fromEntries(PICKER_FIELDS.map((k) => [k, r[k] ?? null]));

/** `column` contains `text` literally (its % and _ match themselves), on both dialects. */
export const contains = (column: string, text: string) => sql<SqlBool>`${sql.ref(column)} like ${`%${escapeLike(text)}%`} escape '\\'`;
