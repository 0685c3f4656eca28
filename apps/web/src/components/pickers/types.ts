// Row shapes the pickers read from the API.

/** A user as /sys/user/queryUserComponentData and /sys/user/getMultiUser send it. */
export interface UserRow {
  id: string;
  username: string;
  realname?: string | null;
  sex?: number | string | null;
  sex_dictText?: string | null;
  phone?: string | null;
  birthday?: string | null;
  orgCodeTxt?: string | null;
  workNo?: string | null;
  [field: string]: unknown;
}

export interface RoleRow {
  id: string;
  roleName?: string | null;
  roleCode: string;
  [field: string]: unknown;
}

export type AnyRow = Record<string, unknown>;

/** A node of a tree picker; `children` nest, anything else travels along. */
export interface PickerTreeNode {
  key: string;
  title: string;
  children?: PickerTreeNode[] | null;
  isLeaf?: boolean;
  disabled?: boolean;
  [field: string]: unknown;
}
