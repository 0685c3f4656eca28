/** What a route needs before its handler runs; every route declares exactly one of these. */
export type RouteAccess = { public: true } | { auth: true } | { permission: string | string[] };

export interface RequestUser {
  id: string;
  username: string;
  realname: string | null;
  orgCode: string | null;
  /** Tenant of this request: the header's when given, else the login tenant, else the first one the user belongs to (0 = none). */
  tenantId: number;
  /** Holds the explicit cross-tenant permission: tenant filters do not apply. */
  allTenants: boolean;
  /** jti of the token used for this request. */
  tokenId: string;
  /** The user's permission codes (cached per permission epoch). */
  permissions(): Promise<ReadonlySet<string>>;
  /** The data rules the user's roles grant on a menu (cached per permission epoch). */
  dataRuleGrants?(menu: string): Promise<readonly string[]>;
  /** Signed in with a first password (sys_user.pwd_must_change): only auth routes until it is changed. */
  mustChangePassword?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: true;
    auth?: true;
    permission?: string | string[];
    /** Codes needed on top of `permission`, all of them (e.g. importing users also grants roles). */
    alsoRequires?: string[];
    /**
     * Whose rows the route serves (scope.ts): needed with `permission`, unless every code's area is
     * classified in SCOPE_BY_PREFIX. `platform` routes refuse callers acting outside the system tenant.
     */
    scope?: import('./scope').AccessScope;
    /** Refusals keep their HTTP status (files read by <img> tags and downloads), not the business 200. */
    httpStatusErrors?: true;
  }
  interface FastifyRequest {
    /** Set on every route that is not public. */
    user?: RequestUser;
    /** From the `X-Tenant-Id` or `tenant-id` header; 0 when absent. */
    tenantId: number;
  }
}
