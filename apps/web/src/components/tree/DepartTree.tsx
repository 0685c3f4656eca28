// The department tree: the whole tree from queryTreeList, levels the server sent without children
// loaded on expand (queryDepartTreeSync?pid=), and a search box (searchBy?keyWord=) that shows the
// matching departments instead of the tree until it is cleared.
import { useEffect, useState } from 'react';
import { Empty, Input, Spin, Tree } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { withChildren } from './treeUtils';
import type { DepartTreeNode } from './types';
import { t } from '../../lib/i18n';

export const DEPART_TREE_KEY = ['depart-tree'] as const;

export interface DepartTreeProps {
  selectedKey?: string;
  onSelect: (node: DepartTreeNode | undefined) => void;
  searchable?: boolean;
  height?: number;
}

type AntNode = { key: string; title: string; isLeaf?: boolean; children?: AntNode[]; raw: DepartTreeNode };

function toAntNodes(nodes: DepartTreeNode[]): AntNode[] {
  return nodes.map((n) => ({
    key: String(n.key ?? n.id),
    title: n.title ?? n.departName ?? '',
    isLeaf: n.isLeaf ?? !n.children?.length,
    raw: n,
    children: n.children?.length ? toAntNodes(n.children) : undefined,
  }));
}

export function DepartTree({ selectedKey, onSelect, searchable = true, height }: DepartTreeProps) {
  const { data, isLoading } = useQuery({
    queryKey: DEPART_TREE_KEY,
    queryFn: async () => (await http.get<DepartTreeNode[]>('/sys/sysDepart/queryTreeList')) ?? [],
  });
  const [nodes, setNodes] = useState<DepartTreeNode[]>([]);
  const [found, setFound] = useState<DepartTreeNode[] | undefined>(undefined);
  const [searching, setSearching] = useState(false);

  useEffect(() => setNodes(data ?? []), [data]);

  const loadChildren = async (node: AntNode) => {
    if (node.children?.length || node.isLeaf) return;
    const children = (await http.get<DepartTreeNode[]>('/sys/sysDepart/queryDepartTreeSync', { pid: node.raw.id ?? node.key })) ?? [];
    setNodes((current) => withChildren(current, node.key, children));
  };

  const search = async (keyWord: string) => {
    const word = keyWord.trim();
    if (!word) {
      setFound(undefined);
      return;
    }
    setSearching(true);
    try {
      setFound((await http.get<DepartTreeNode[]>('/sys/sysDepart/searchBy', { keyWord: word })) ?? []);
    } catch {
      setFound([]);
    } finally {
      setSearching(false);
    }
  };

  const shown = found ?? nodes;
  return (
    <div className="depart-tree">
      {searchable && (
        <Input.Search
          placeholder={t('请输入部门名称')}
          allowClear
          loading={searching}
          onSearch={search}
          onChange={(e) => !e.target.value && setFound(undefined)}
          style={{ marginBottom: 8 }}
        />
      )}
      {isLoading ? (
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      ) : shown.length === 0 ? (
        <Empty description={found ? t('未找到匹配的部门') : t('暂无部门')} />
      ) : (
        <Tree<AntNode>
          key={found ? 'found' : 'tree'}
          treeData={toAntNodes(shown)}
          loadData={found ? undefined : loadChildren}
          defaultExpandedKeys={shown.map((n) => String(n.key ?? n.id))}
          selectedKeys={selectedKey ? [selectedKey] : []}
          onSelect={(_keys, info) => onSelect(info.selected ? info.node.raw : undefined)}
          height={height}
          blockNode
        />
      )}
    </div>
  );
}
