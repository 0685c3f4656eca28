import type { ColumnType } from 'kysely';

// User groups (用户组) of the original: named sets of users of one tenant, used by pickers and messages.
export interface SysUgroupTable {
  id: string;
  groupName: string;
  description: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  tenantId: ColumnType<number, number | undefined, number>;
}

export interface SysUgroupUserTable {
  id: string;
  userId: string;
  groupId: string;
  tenantId: ColumnType<number, number | undefined, number>;
}

export interface UserGroupTables {
  sysUgroup: SysUgroupTable;
  sysUgroupUser: SysUgroupUserTable;
}
