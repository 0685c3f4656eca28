import { newId, seedId } from '../../src/core/db';
import { auth, createUser, login, type TestApp } from './test-app';

/**
 * The administrator of another tenant than the system one: a new tenant, and a user who is a member of it
 * (and of `alsoMemberOf`) holding, through a role of that tenant, every code of the seeded admin role and
 * the cross-tenant code the seed withholds. Answers his token and the headers acting in his tenant.
 */
export async function createTenantAdmin(t: TestApp, opts: { tenantId: number; username: string; password: string; alsoMemberOf?: number[] }) {
  const { tenantId } = opts;
  if (!(await t.db.selectFrom('sysTenant').select('id').where('id', '=', tenantId).executeTakeFirst())) {
    await t.db.insertInto('sysTenant').values({ id: tenantId, name: `租户${tenantId}`, status: 1 }).execute();
  }
  const userId = await createUser(t.db, { username: opts.username, password: opts.password, tenants: [tenantId, ...(opts.alsoMemberOf ?? [])] });
  const roleId = newId();
  await t.db.insertInto('sysRole').values({ id: roleId, roleCode: `${opts.username}_admin`, roleName: `${opts.username}管理员`, tenantId }).execute();
  await t.db.insertInto('sysUserRole').values({ id: newId(), userId, roleId, tenantId }).execute();
  const granted = await t.db.selectFrom('sysRolePermission').select('permissionId as id').where('roleId', '=', seedId('role.admin')).execute();
  const cross = await t.db.selectFrom('sysPermission').select('id').where('perms', '=', 'system:tenant:crossTenant').execute();
  for (const permissionId of new Set([...granted, ...cross].map((g) => g.id))) {
    await t.db.insertInto('sysRolePermission').values({ id: newId(), roleId, permissionId }).execute();
  }
  const token = await login(t.app, opts.username, opts.password);
  return { userId, token, headers: { ...auth(token), 'x-tenant-id': String(tenantId) } };
}
