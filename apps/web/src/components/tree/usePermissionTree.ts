import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';
import type { PermissionTreeAnswer } from './types';

export const PERMISSION_TREE_URL = '/sys/permission/queryTreeList';

export interface TreeSource {
  url: string;
  params?: Record<string, unknown>;
}

/** The menu tree to grant from: the whole tree, or a narrower one (a department's grants for its roles). */
export function usePermissionTree(source: TreeSource = { url: PERMISSION_TREE_URL }) {
  return useQuery({
    queryKey: ['permission-tree', source.url, source.params ?? {}],
    queryFn: async () => {
      const answer = await http.get<PermissionTreeAnswer>(source.url, source.params);
      return { treeList: answer?.treeList ?? [], ids: (answer?.ids ?? []).map(String) };
    },
  });
}
