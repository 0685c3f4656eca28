import type { ColumnType } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

// Data sources and gateway routes (migration 0022).
export interface SysDataSourceTable {
  id: string;
  code: string;
  name: string;
  remark: string | null;
  /** 'postgresql', 'mysql' (MySQL/MariaDB) or 'sqlite'. */
  dbType: string;
  dbDriver: string | null;
  /** postgresql://host:port/db, mysql://host:port/db (a leading jdbc: is accepted) or a file under DATA_DIR. */
  dbUrl: string | null;
  dbName: string | null;
  dbUsername: string | null;
  /** AES-256-GCM ciphertext ('v1:...'), never the password. */
  dbPassword: string | null;
  sysOrgCode: string | null;
  tenantId: Defaulted<number>;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface SysGatewayRouteTable {
  id: string;
  /** The path prefix: /api/gateway/<routerId>/... is proxied to uri. */
  routerId: string;
  name: string;
  /** Upstream base address, http(s) only. */
  uri: string;
  predicates: string | null;
  filters: string | null;
  stripPrefix: number | null;
  retryable: number | null;
  persistable: number | null;
  showApi: number | null;
  /** 1 enabled, 0 disabled. */
  status: Defaulted<number>;
  delFlag: Defaulted<number>;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface IntegrationTables {
  sysDataSource: SysDataSourceTable;
  sysGatewayRoute: SysGatewayRouteTable;
}
