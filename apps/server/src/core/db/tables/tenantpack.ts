import type { ColumnType } from 'kysely';

// Tenant packs (租户套餐, migration 0016): a named set of menus; a tenant's pack is carried by a role of that tenant.
export interface SysTenantPackTable {
  id: string;
  /** 0 for templates (packType 'default'). */
  tenantId: ColumnType<number, number | undefined, number>;
  packName: string;
  packCode: string | null;
  /** 'default' (template) or 'custom' (a tenant's pack). */
  packType: ColumnType<string, string | undefined, string>;
  /** '1' open, '0' closed (a closed pack grants nothing). */
  status: ColumnType<string, string | undefined, string>;
  /** '1': every member of the tenant is given the pack. */
  izSysn: ColumnType<string, string | undefined, string>;
  remarks: string | null;
  /** The role that carries a tenant's pack; null for templates. */
  roleId: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface SysTenantPackPermsTable {
  id: string;
  packId: string;
  permissionId: string;
}

export interface TenantPackTables {
  sysTenantPack: SysTenantPackTable;
  sysTenantPackPerms: SysTenantPackPermsTable;
}
