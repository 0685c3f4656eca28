// Pure helpers over wire trees (any node with `key` and optional `children`).

export interface KeyedNode {
  key: string;
  children?: KeyedNode[] | null;
}

/** Keys of nodes that have children (what 展开全部 expands). */
export function parentKeys(nodes: readonly KeyedNode[]): string[] {
  const out: string[] = [];
  const walk = (list: readonly KeyedNode[]) => {
    for (const n of list) {
      if (n.children?.length) {
        out.push(n.key);
        walk(n.children);
      }
    }
  };
  walk(nodes);
  return out;
}

/** Every key in the tree, depth first. */
export function allKeys(nodes: readonly KeyedNode[]): string[] {
  const out: string[] = [];
  const walk = (list: readonly KeyedNode[]) => {
    for (const n of list) {
      out.push(n.key);
      if (n.children?.length) walk(n.children);
    }
  };
  walk(nodes);
  return out;
}

/** Keys of nodes without children. */
export function leafKeys(nodes: readonly KeyedNode[]): string[] {
  const parents = new Set(parentKeys(nodes));
  return allKeys(nodes).filter((k) => !parents.has(k));
}

export function findNode<T extends KeyedNode>(nodes: readonly T[], key: string): T | undefined {
  for (const n of nodes) {
    if (n.key === key) return n;
    const hit = n.children?.length ? findNode(n.children as T[], key) : undefined;
    if (hit) return hit;
  }
  return undefined;
}

/** The tree with `children` of node `key` replaced (used for lazily loaded levels). */
export function withChildren<T extends KeyedNode>(nodes: readonly T[], key: string, children: T[]): T[] {
  return nodes.map((n) => {
    if (n.key === key) return { ...n, children };
    if (n.children?.length) return { ...n, children: withChildren(n.children as T[], key, children) };
    return n;
  });
}

/** Comma list for the wire (`permissionIds`, `lastpermissionIds`, `dataRuleIds`). */
export const joinIds = (ids: readonly string[]) => ids.join(',');

/** A comma list or an array from the wire as an array of ids. */
export function splitIds(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value === 'string') return value.split(',').map((s) => s.trim()).filter(Boolean);
  return [];
}
