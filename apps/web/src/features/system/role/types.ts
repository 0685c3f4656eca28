export interface Role {
  id: string;
  roleName: string;
  roleCode: string;
  description?: string | null;
  createTime?: string | null;
}

/** GET /sys/role/datarule/{permissionId}/{roleId}: the menu's rules and the granted ones (comma list). */
export interface RoleDataRules {
  datarule?: { id: string; ruleName: string; ruleColumn?: string; ruleConditions?: string; ruleValue?: string }[];
  drChecked?: string | string[] | null;
}
