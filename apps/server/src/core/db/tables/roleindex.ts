import type { ColumnType } from 'kysely';

/**
 * Home-page configuration (首页配置, the original's sys_role_index): the page a role's users (relation
 * ROLE), one user (USER, roleCode holds the username) or everyone (roleCode DEF_INDEX_ALL) land on.
 */
export interface SysRoleIndexTable {
  id: string;
  roleCode: string;
  url: string | null;
  component: string | null;
  /** 1 when the page is a route of the menu (the original's is_route, `route` on the wire). */
  isRoute: ColumnType<number, number | undefined, number>;
  priority: ColumnType<number, number | undefined, number>;
  /** '1' enabled, '0' disabled. */
  status: ColumnType<string, string | undefined, string>;
  /** ROLE, USER or DEFAULT. */
  relationType: ColumnType<string, string | undefined, string>;
  sysOrgCode: string | null;
  tenantId: ColumnType<number, number | undefined, number>;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface RoleIndexTables {
  sysRoleIndex: SysRoleIndexTable;
}
