/** What a route needs before its handler runs; every route declares exactly one of these. */
export type RouteAccess = { public: true } | { auth: true } | { permission: string | string[] };

export interface RequestUser {
  id: string;
  username: string;
  realname: string | null;
  orgCode: string | null;
  /** Tenant of this request: the header's when given, else the user's login tenant (0 = none). */
  tenantId: number;
  /** jti of the token used for this request. */
  tokenId: string;
  /** The user's permission codes, loaded once per request on first use. */
  permissions(): Promise<ReadonlySet<string>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: true;
    auth?: true;
    permission?: string | string[];
  }
  interface FastifyRequest {
    /** Set on every route that is not public. */
    user?: RequestUser;
    /** From the `X-Tenant-Id` or `tenant-id` header; 0 when absent. */
    tenantId: number;
  }
}
