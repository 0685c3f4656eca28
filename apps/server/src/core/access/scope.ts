/**
 * Whose a route's rows are. `platform`: one set shared by every tenant (configuration, definitions,
 * monitoring), read and changed only by holders of its code acting in the system tenant. `tenant`: rows
 * of one tenant, filtered and stamped by the tenant rule (whereTenant), open to the code's holders of
 * any tenant.
 */
export type AccessScope = 'platform' | 'tenant';

/** The tenant a fresh install creates and its administrator belongs to: the operator of the platform. */
export const SYSTEM_TENANT = 1000;

/**
 * The scope of every permission code, by its first two segments (`system:user:list` → `system:user`).
 * A route whose codes are not all listed here (and that declares no `scope` itself) stops the server
 * from starting, so a new area is classified on purpose.
 */
export const SCOPE_BY_PREFIX: Readonly<Record<string, AccessScope>> = {
  // the platform's configuration and definitions: no tenant column, shared by every tenant
  'system:thirdApp': 'platform', // sign-in providers shown on every tenant's sign-in page
  'system:gateway': 'platform',
  'system:dict': 'platform',
  'system:dictItem': 'platform',
  'system:dictSource': 'platform', // the table white-list of table dictionaries
  'system:checkRule': 'platform',
  'system:fillRule': 'platform',
  'system:tenant': 'platform', // tenants, tenant packs, memberships of any tenant, crossTenant
  'system:permission': 'platform', // menus, buttons and their data rules
  'system:setting': 'platform',
  'system:quartzJob': 'platform',
  'system:online': 'platform', // signed-in sessions of every tenant
  'monitor:server': 'platform',
  'system:info': 'platform', // figures of the server (系统信息)
  'monitor:metrics': 'platform', // the Prometheus text of the whole server
  'online:cgform': 'platform', // form definitions and their physical tables
  'online:cgreport': 'platform',
  'online:graphreport': 'platform',
  'app:edit': 'platform', // the app version every client reads
  // one tenant's rows
  'system:user': 'tenant',
  'system:role': 'tenant',
  'system:depart': 'tenant',
  'system:position': 'tenant',
  'system:category': 'tenant',
  'system:sysAnnouncement': 'tenant',
  'system:sys_ugroup': 'tenant',
  'system:roleindex': 'tenant',
  'system:addressbook': 'tenant',
  'system:message': 'tenant',
  'system:messageTemplate': 'tenant',
  'system:log': 'tenant',
  'system:dataLog': 'tenant',
  'system:ossFile': 'tenant',
  'system:datasource': 'tenant',
  'online:form': 'tenant', // records of an online form (online:form:<table>:<action>)
  'online:report': 'tenant', // reading an online report (online:report:<code>)
  'demo:order': 'tenant',
  'students:activity': 'tenant',
  'students:class': 'tenant',
  'students:competitionTeam': 'tenant',
  'students:competitionTeamPerson': 'tenant',
  'students:course': 'tenant',
  'students:dangerQuestion': 'tenant',
  'students:paper': 'tenant',
  'students:picture': 'tenant',
  'students:poster': 'tenant',
  'students:skill': 'tenant',
  'students:theoryQuestion': 'tenant',
  'students:video': 'tenant',
  'students:works': 'tenant',
  'students:study': 'tenant',
  'students:teach': 'tenant',
};

/** The scope of one permission code; undefined when its area is not classified. */
export function scopeOfCode(code: string): AccessScope | undefined {
  const [a, b] = code.split(':');
  return SCOPE_BY_PREFIX[b === undefined ? a! : `${a}:${b}`];
}

/**
 * The scope of a route that needs any of `codes`: its own declaration, else `tenant` when a tenant code
 * opens it (a tenant's holder may use it; the codes it holds decide), `platform` when only platform codes
 * do, undefined when a code is not classified.
 */
export function scopeOfRoute(codes: string | string[], declared?: AccessScope): AccessScope | undefined {
  if (declared) return declared;
  const scopes = [codes].flat().map(scopeOfCode);
  if (scopes.length === 0 || scopes.includes(undefined)) return undefined;
  return scopes.includes('tenant') ? 'tenant' : 'platform';
}

/** Whether a request acting in `tenantId` may use the platform's codes. */
export function actsForPlatform(tenantId: number): boolean {
  return tenantId === SYSTEM_TENANT;
}

const withoutPlatform = new WeakMap<ReadonlySet<string>, ReadonlySet<string>>();

/**
 * The codes a user holds while acting in `tenantId`: all of them in the system tenant, elsewhere only
 * those not classified as the platform's (roles hold codes whatever tenant they belong to).
 */
export function codesInTenant(codes: ReadonlySet<string>, tenantId: number): ReadonlySet<string> {
  if (actsForPlatform(tenantId)) return codes;
  let kept = withoutPlatform.get(codes);
  if (!kept) {
    kept = new Set([...codes].filter((c) => scopeOfCode(c) !== 'platform'));
    withoutPlatform.set(codes, kept);
  }
  return kept;
}
