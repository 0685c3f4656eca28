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
  'system:tenant': 'platform', // tenants, their members and recycle bin, crossTenant (packs: SCOPE_BY_CODE)
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
  'students:assignment': 'tenant',
  'students:class': 'tenant',
  'students:competitionTeam': 'tenant',
  'students:competitionTeamPerson': 'tenant',
  'students:course': 'tenant',
  'students:creditRule': 'tenant', // 学分规则: a tenant's points per kind of work
  'students:dangerQuestion': 'tenant',
  'students:hazardClip': 'tenant', // 危险预判视频
  'students:certificate': 'tenant', // 证书管理: a tenant's students' certificates, revoked by its editors
  'students:paper': 'tenant',
  'students:picture': 'tenant',
  'students:poster': 'tenant',
  'students:skill': 'tenant',
  'students:theoryQuestion': 'tenant',
  'students:video': 'tenant',
  'students:works': 'tenant',
  'students:study': 'tenant',
  'students:teach': 'tenant',
  'students:family': 'tenant', // a parent's calls: their own children of the tenant
  // the home page's figures: the caller's tenant's visits and users
  'dashboard:analysis': 'tenant',
};

/** Codes whose scope is not their area's. */
export const SCOPE_BY_CODE: Readonly<Record<string, AccessScope>> = {
  // a tenant's own (custom) packs, bounded to its members and to what the caller holds; the templates
  // (default packs) stay the platform's: only a holder of crossTenant, who acts in the system tenant, keeps them
  'system:tenant:packList': 'tenant',
  'system:tenant:pack': 'tenant',
  'system:tenant:packUser': 'tenant',
  // calling through a gateway route the platform set up changes none of the platform's rows
  'system:gateway:use': 'tenant',
};

/** The scope of one permission code; undefined when its area is not classified. */
export function scopeOfCode(code: string): AccessScope | undefined {
  const exact = SCOPE_BY_CODE[code];
  if (exact) return exact;
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

const inTenant = new WeakMap<ReadonlySet<string>, Map<boolean, ReadonlySet<string>>>();

/**
 * The codes a user holds while acting in `tenantId`: outside the system tenant none of the platform's; in
 * it, the platform's only when a role of the system tenant grants them (`systemCodes`), since roles hold
 * codes whatever tenant they belong to.
 */
export function codesInTenant(access: { codes: ReadonlySet<string>; systemCodes: ReadonlySet<string> }, tenantId: number): ReadonlySet<string> {
  const platform = actsForPlatform(tenantId);
  let byTenant = inTenant.get(access.codes);
  if (!byTenant) inTenant.set(access.codes, (byTenant = new Map()));
  let kept = byTenant.get(platform);
  if (!kept) {
    kept = new Set([...access.codes].filter((c) => scopeOfCode(c) !== 'platform' || (platform && access.systemCodes.has(c))));
    byTenant.set(platform, kept);
  }
  return kept;
}
