import type { FastifyRequest } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';

/**
 * The one permission that reads rows of every tenant. It is never implied: the seed does not grant it to
 * the administrator role, an administrator grants it explicitly.
 */
export const CROSS_TENANT_PERMISSION = 'system:tenant:crossTenant';

/** Whose rows a caller reads: one tenant, or every tenant with the explicit permission. Tenant 0 reads none. */
export interface TenantReader {
  tenantId: number;
  allTenants?: boolean;
}

/** Tenant id from `X-Tenant-Id` (current clients) or `tenant-id` (older clients); 0 = none or unreadable. */
export function tenantFromHeaders(request: FastifyRequest): number {
  const raw = request.headers['x-tenant-id'] ?? request.headers['tenant-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{1,9}$/.test(value)) return 0;
  return Number(value);
}

/**
 * Keeps a query to the caller's tenant. A caller in no tenant sees no rows: tenant 0 never switches the
 * filter off; only the explicit cross-tenant permission does.
 */
export function whereTenant<Q extends SelectQueryBuilder<any, any, any>>(qb: Q, caller: TenantReader, column = 'tenantId'): Q {
  if (caller.allTenants) return qb;
  if (caller.tenantId > 0) return qb.where(column as any, '=', caller.tenantId) as Q;
  return qb.where((eb) => eb.val(1), '=', 0) as Q;
}
