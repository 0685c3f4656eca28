// A checkable menu/button tree for granting permissions (roles, departments, department roles).
// The value is the set of granted ids. With 父子关联 off (the default, like the original) every node is
// checked on its own; with it on, checking a parent checks its subtree and half-checked parents count
// as granted, so a granted button always keeps its menu.
import { useMemo, useState } from 'react';
import { Button, Empty, Space, Spin, Switch, Tree, Typography } from 'antd';
import type { TreeProps } from 'antd';
import type { Key } from 'react';
import { leafKeys, parentKeys } from './treeUtils';
import type { PermissionTreeNode } from './types';
import { usePermissionTree, type TreeSource } from './usePermissionTree';
import { t } from '../../lib/i18n';

export interface PermissionTreeProps {
  value: string[];
  onChange: (ids: string[]) => void;
  source?: TreeSource;
  /** Clicking a node's title (not its checkbox), e.g. to pick the menu's data rules. */
  onSelectNode?: (node: PermissionTreeNode) => void;
  selectedKey?: string;
  /** Scroll height; the tree virtualises its rows when set. */
  height?: number;
}

type AntNode = { key: string; title: string; children?: AntNode[]; isLeaf?: boolean; raw: PermissionTreeNode };

function toAntNodes(nodes: PermissionTreeNode[]): AntNode[] {
  return nodes.map((n) => ({
    key: String(n.key),
    // seeded menus and buttons carry an English name in the catalogue, as in the side menu
    title: t(n.slotTitle || n.title),
    isLeaf: !n.children?.length,
    raw: n,
    children: n.children?.length ? toAntNodes(n.children) : undefined,
  }));
}

export function PermissionTree({ value, onChange, source, onSelectNode, selectedKey, height }: PermissionTreeProps) {
  const { data, isLoading, isError } = usePermissionTree(source);
  const [linked, setLinked] = useState(false);
  const [expanded, setExpanded] = useState<Key[] | undefined>(undefined);
  const treeData = useMemo(() => toAntNodes(data?.treeList ?? []), [data]);
  const leaves = useMemo(() => new Set(leafKeys(data?.treeList ?? [])), [data]);

  const checkedKeys = linked ? value.filter((k) => leaves.has(k)) : { checked: value, halfChecked: [] };

  const onCheck: TreeProps['onCheck'] = (checked, info) => {
    if (Array.isArray(checked)) {
      const half = (info.halfCheckedKeys ?? []).map(String);
      onChange([...new Set([...checked.map(String), ...half])]);
    } else {
      onChange(checked.checked.map(String));
    }
  };

  if (isLoading) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  if (isError) return <Empty description={t('菜单树加载失败')} />;

  return (
    <div className="permission-tree">
      <Space wrap style={{ marginBottom: 8 }}>
        <span>
          <Switch size="small" checked={linked} onChange={setLinked} aria-label={t('父子关联')} /> <Typography.Text>{t('父子关联')}</Typography.Text>
        </span>
        <Button size="small" onClick={() => setExpanded(parentKeys(data?.treeList ?? []))}>
          {t('展开全部')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('折叠全部')}
        </Button>
        <Button size="small" onClick={() => onChange([...(data?.ids ?? [])])}>
          {t('全部勾选')}
        </Button>
        <Button size="small" onClick={() => onChange([])}>
          {t('取消全选')}
        </Button>
      </Space>
      {treeData.length === 0 ? (
        <Empty description={t('暂无菜单')} />
      ) : (
        <Tree<AntNode>
          checkable
          checkStrictly={!linked}
          treeData={treeData}
          checkedKeys={checkedKeys}
          onCheck={onCheck}
          {...(expanded ? { expandedKeys: expanded, onExpand: (keys: Key[]) => setExpanded(keys) } : { defaultExpandAll: true })}
          selectedKeys={selectedKey ? [selectedKey] : []}
          onSelect={(_keys, info) => onSelectNode?.(info.node.raw)}
          height={height}
        />
      )}
    </div>
  );
}
