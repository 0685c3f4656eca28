import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connect';
import type { TokenService } from '../auth/tokens';
import { AuthError, BizError, PermissionError } from '../errors';
import { holdsAny } from './permissions';
import { CROSS_TENANT_PERMISSION, tenantFromHeaders } from './tenant';
import { UserAccessCache } from './user-access';
import { actsForPlatform, codesInTenant, scopeOfCode, scopeOfRoute, type AccessScope } from './scope';
import { DbPermissionEpochs, type PermissionEpochs } from './epoch';
import type { RequestUser } from './types';

export const TOKEN_HEADER = 'x-access-token';
export const MUST_CHANGE_PASSWORD = '请先修改初始密码';

type RouteAccessConfig = { public?: true; auth?: true; permission?: string | string[]; alsoRequires?: string[]; scope?: AccessScope };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route with the access it declares. */
    declaredRoutes(): Array<{ method: RouteOptions['method']; url: string; config: RouteAccessConfig }>;
  }
}

function declaresAccess(config: RouteOptions['config']): boolean {
  const c = (config ?? {}) as Record<string, unknown>;
  return c.public === true || c.auth === true || typeof c.permission === 'string' || Array.isArray(c.permission);
}

/** The token a request carries in its X-Access-Token header. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[TOKEN_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  return value?.trim() || undefined;
}

/**
 * Marks every route registered in `scope` (a plugin's encapsulated context) as public. Used only for
 * routes that third-party plugins add: the API documentation page and the static web app.
 */
export function markRoutesPublic(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    if (!declaresAccess(route.config)) route.config = { ...(route.config ?? {}), public: true };
  });
}

/**
 * Enforces the access each route declares. Registration of a route without a declaration makes the
 * server refuse to start, so nothing is left unguarded by accident.
 */
export function installAccessGuard(app: FastifyInstance, deps: { db: Db; tokens: TokenService; epochs?: PermissionEpochs }): void {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    const c = (route.config ?? {}) as RouteAccessConfig;
    // the scope a permission route's codes imply, kept on the route for the request hook
    if (c.permission !== undefined && !c.scope) {
      const scope = scopeOfRoute(c.permission);
      if (scope) route.config = { ...(route.config ?? {}), scope };
    }
    routes.push(route);
  });
  // what each route declares, for the test that tries every route as a user without rights
  app.decorate('declaredRoutes', () => routes.map((r) => ({ method: r.method, url: r.url, config: (r.config ?? {}) as RouteAccessConfig })));
  // Checked when the app is ready, after every plugin's onRoute hooks had their say.
  app.addHook('onReady', async () => {
    const bare = routes.filter((r) => !declaresAccess(r.config));
    if (bare.length > 0) {
      const list = bare.map((r) => `${String(r.method)} ${r.url}`).join(', ');
      throw new Error(`Routes without an access declaration ({ public | auth | permission }): ${list}`);
    }
    const unscoped = routes.filter((r) => {
      const c = (r.config ?? {}) as RouteAccessConfig;
      return c.permission !== undefined && (!c.scope || (c.alsoRequires ?? []).some((code) => !scopeOfCode(code)));
    });
    if (unscoped.length > 0) {
      const list = unscoped.map((r) => `${String(r.method)} ${r.url}`).join(', ');
      throw new Error(`Routes whose scope is not declared ({ scope: 'platform' | 'tenant' }, or their codes' area in SCOPE_BY_PREFIX): ${list}`);
    }
  });

  app.decorateRequest('user', undefined);
  app.decorateRequest('tenantId', 0);
  const epochs = deps.epochs ?? new DbPermissionEpochs(deps.db);
  const access = new UserAccessCache(deps.db, epochs);
  // the permission epoch read in the guard's own statement, where it is kept in the same database
  const epochColumn = epochs instanceof DbPermissionEpochs && epochs.db === deps.db ? epochs.column() : undefined;
  const authDeps = { ...deps, epochColumn };

  app.addHook('onRequest', async (request) => {
    request.tenantId = tenantFromHeaders(request);
    if (request.is404) return;
    const config = request.routeOptions.config;
    if (config.public) return;
    request.user = await authenticate(request, authDeps, access);
    if (config.permission !== undefined) {
      // a first password opens only the calls of one's own account (auth routes) until it is changed
      if (request.user.mustChangePassword) throw new BizError(MUST_CHANGE_PASSWORD, { status: 403, code: 510 });
      // the platform's rows are the system tenant's to manage, whatever codes another tenant's roles hold
      if (config.scope !== 'tenant' && !actsForPlatform(request.user.tenantId)) throw new PermissionError();
      const codes = await request.user.permissions();
      if (!holdsAny(codes, config.permission) || !(config.alsoRequires ?? []).every((c) => codes.has(c))) throw new PermissionError();
    }
  });
}

async function authenticate(request: FastifyRequest, deps: { db: Db; tokens: TokenService; epochColumn?: RawBuilder<number> }, cache: UserAccessCache): Promise<RequestUser> {
  const token = tokenOf(request);
  if (!token) throw new AuthError();
  const session = await deps.tokens.authenticateWith(token, deps.db);
  if (!session) throw new AuthError();
  const { claims } = session;
  // the token's entry and the permission epoch, where they are in this database, in the same statement
  let read = deps.db
    .selectFrom('sysUser')
    .select(['id', 'username', 'realname', 'orgCode', 'loginTenantId', 'status', 'delFlag', 'pwdMustChange'])
    .select((deps.epochColumn ?? sql<number | null>`null`).as('permEpoch'))
    .where('id', '=', claims.sub);
  if (session.entry !== true) read = read.where(session.entry);
  const user = await read.executeTakeFirst();
  // A frozen or deleted account loses its sessions at once.
  if (!user || user.status !== 1 || user.delFlag !== 0) throw new AuthError();
  // Membership is read per request (cached per permission epoch), so leaving a tenant takes effect at once.
  const access = await cache.get(user.id, user.permEpoch === null ? undefined : Number(user.permEpoch));
  const member = (id: number) => access.tenants.includes(id);
  // A tenant named in the header must be one the user belongs to.
  if (request.tenantId && !member(request.tenantId)) throw new BizError('您不是该租户的成员', { status: 403, code: 510 });
  const loginTenant = Number(user.loginTenantId ?? 0);
  const tenantId = request.tenantId || (member(loginTenant) ? loginTenant : (access.tenants[0] ?? 0));
  // outside the system tenant the platform's codes are not held (crossTenant among them)
  const codes = codesInTenant(access, tenantId);
  return {
    id: user.id,
    username: user.username,
    realname: user.realname,
    orgCode: user.orgCode,
    tenantId,
    allTenants: codes.has(CROSS_TENANT_PERMISSION),
    tokenId: claims.jti,
    permissions: async () => codes,
    dataRuleGrants: access.dataRuleGrants,
    mustChangePassword: user.pwdMustChange === 1,
  };
}

/** The signed-in user of a route declared `auth` or `permission` (the guard has set it). */
export function currentUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new AuthError();
  return request.user;
}
