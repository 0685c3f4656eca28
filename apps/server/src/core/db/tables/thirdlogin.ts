import type { ColumnType } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

// Third-party sign-in (migration 0026).
export interface SysThirdAppConfigTable {
  id: string;
  /** The provider's code in the sign-in paths (/sys/thirdLogin/render/<thirdType>). */
  thirdType: string;
  name: string;
  /** OpenID Connect issuer; discovery at <issuer>/.well-known/openid-configuration. */
  issuer: string;
  clientId: string;
  /** AES-256-GCM ciphertext ('v1:...'), never the secret. */
  clientSecret: string | null;
  /** Space-separated; openid is always asked. */
  scopes: string | null;
  /** The claim shown as the linked account's name (default preferred_username). */
  usernameClaim: string | null;
  /** 1 enabled, 0 disabled. */
  status: Defaulted<number>;
  tenantId: Defaulted<number>;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface SysThirdAccountTable {
  id: string;
  sysUserId: string;
  thirdType: string;
  /** The provider's subject (sub): stable, never reassigned. */
  thirdUserUuid: string;
  /** The provider's account name, shown only. */
  thirdUserId: string | null;
  realname: string | null;
  avatar: string | null;
  status: Defaulted<number>;
  delFlag: Defaulted<number>;
  tenantId: Defaulted<number>;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface SysThirdLoginFlowTable {
  /** SHA-256 (hex) of the state or the one-time token; the value itself is never stored. */
  id: string;
  kind: 'state' | 'ticket';
  thirdType: string;
  /** 'login' or 'bind'. */
  purpose: string;
  codeVerifier: string | null;
  nonce: string | null;
  redirectUri: string | null;
  /** bind: who started it; ticket: who signs in. */
  userId: string | null;
  expiresAt: string;
}

export interface ThirdLoginTables {
  sysThirdAppConfig: SysThirdAppConfigTable;
  sysThirdAccount: SysThirdAccountTable;
  sysThirdLoginFlow: SysThirdLoginFlowTable;
}
