// Wire shapes of the tree endpoints (/sys/permission/queryTreeList, /sys/sysDepart/queryTreeList …).

/** A node of /sys/permission/queryTreeList. */
export interface PermissionTreeNode {
  key: string;
  title: string;
  slotTitle?: string;
  isLeaf?: boolean;
  /** 1 when the menu has data rules. */
  ruleFlag?: number | boolean;
  children?: PermissionTreeNode[] | null;
}

export interface PermissionTreeAnswer {
  treeList: PermissionTreeNode[];
  /** Every permission id, for 全部勾选. */
  ids: string[];
}

/** A node of /sys/sysDepart/queryTreeList, queryDepartTreeSync and searchBy. */
export interface DepartTreeNode {
  key: string;
  value?: string;
  title: string;
  id: string;
  parentId?: string | null;
  orgCode?: string;
  departName?: string;
  isLeaf?: boolean;
  children?: DepartTreeNode[] | null;
  departNameEn?: string | null;
  departNameAbbr?: string | null;
  departOrder?: number | null;
  orgCategory?: string | null;
  mobile?: string | null;
  fax?: string | null;
  address?: string | null;
  memo?: string | null;
  description?: string | null;
  status?: string | null;
}
