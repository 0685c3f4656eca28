// Lazily loaded trees for the tree selects: server nodes → antd nodes, children put under their parent.
export interface ServerTreeNode {
  key?: string;
  value: string;
  title?: string;
  label?: string;
  leaf?: number | string | boolean;
  isLeaf?: boolean;
  children?: ServerTreeNode[];
}

export interface SelectTreeNode {
  value: string;
  title: string;
  isLeaf: boolean;
  children?: SelectTreeNode[];
}

export function toSelectNodes(nodes: ServerTreeNode[] | undefined | null): SelectTreeNode[] {
  return (nodes ?? []).map((n) => {
    const children = n.children?.length ? toSelectNodes(n.children) : undefined;
    const isLeaf = n.isLeaf ?? (n.leaf === true || Number(n.leaf) === 1);
    return { value: String(n.value ?? n.key), title: String(n.title ?? n.label ?? n.value), isLeaf: children ? false : isLeaf, ...(children ? { children } : {}) };
  });
}

/** A copy of `tree` with `children` under the node valued `parent` (a childless parent becomes a leaf). */
export function withChildren(tree: SelectTreeNode[], parent: string, children: SelectTreeNode[]): SelectTreeNode[] {
  return tree.map((n) => {
    if (n.value === parent) return children.length ? { ...n, children } : { ...n, isLeaf: true, children: undefined };
    return n.children ? { ...n, children: withChildren(n.children, parent, children) } : n;
  });
}

/** value → title of every node loaded so far. */
export function nodeTitles(tree: SelectTreeNode[], into = new Map<string, string>()): Map<string, string> {
  for (const n of tree) {
    into.set(n.value, n.title);
    if (n.children) nodeTitles(n.children, into);
  }
  return into;
}
