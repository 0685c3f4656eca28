import type { FastifyRequest } from 'fastify';

/** Tenant id from `X-Tenant-Id` (current clients) or `tenant-id` (older clients); 0 = none or unreadable. */
export function tenantFromHeaders(request: FastifyRequest): number {
  const raw = request.headers['x-tenant-id'] ?? request.headers['tenant-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{1,9}$/.test(value)) return 0;
  return Number(value);
}
