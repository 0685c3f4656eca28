export { PermissionTree, type PermissionTreeProps } from './PermissionTree';
export { DepartTree, DEPART_TREE_KEY, type DepartTreeProps } from './DepartTree';
export { usePermissionTree, PERMISSION_TREE_URL, type TreeSource } from './usePermissionTree';
export { joinIds, splitIds, findNode, parentKeys, allKeys } from './treeUtils';
export { useGrants, type GrantsEndpoints } from './useGrants';
export type { PermissionTreeNode, PermissionTreeAnswer, DepartTreeNode } from './types';
