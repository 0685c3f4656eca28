// Wire shapes of /sys/permission/* (menus, sub-menus, buttons and their data rules).

export type MenuType = 0 | 1 | 2;

export interface PermissionItem {
  id: string;
  parentId?: string | null;
  name: string;
  /** The English name, shown when the interface is in English. */
  nameEn?: string | null;
  url?: string | null;
  component?: string | null;
  componentName?: string | null;
  redirect?: string | null;
  menuType: MenuType;
  menuType_dictText?: string;
  perms?: string | null;
  permsType?: string | null;
  sortNo?: number | null;
  icon?: string | null;
  isRoute?: boolean | number | null;
  route?: boolean | number | null;
  keepAlive?: boolean | number | null;
  hidden?: boolean | number | null;
  alwaysShow?: boolean | number | null;
  internalOrExternal?: boolean | number | null;
  status?: string | null;
  ruleFlag?: number | boolean | null;
  children?: PermissionItem[] | null;
}

export interface DataRule {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn?: string | null;
  ruleConditions: string;
  ruleValue?: string | null;
  status?: string | null;
}
