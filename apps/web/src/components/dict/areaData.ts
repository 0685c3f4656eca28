// Province / city / district codes and names under root 86, from the bundled china-area-data package.
// Loaded on first use only, so the data (≈120 kB) is its own chunk and not part of the sign-in page.
import { useEffect, useState } from 'react';

export const AREA_ROOT = '86';

type RawAreaData = Record<string, Record<string, string>>;

export interface AreaOption {
  value: string;
  label: string;
  children?: AreaOption[];
}

export interface AreaIndex {
  /** The children of a code (provinces under 86), in the data's order. */
  childrenOf(code: string): AreaOption[];
  /** Codes from the province down to `code`; [] for an unknown code. */
  pathOf(code: string | undefined): string[];
  nameOf(code: string): string | undefined;
  /** The three levels as nested options (for a cascader). */
  tree: AreaOption[];
}

export function buildAreaIndex(data: RawAreaData): AreaIndex {
  const parent = new Map<string, string>();
  const names = new Map<string, string>();
  const build = (code: string, depth: number): AreaOption[] =>
    Object.entries(data[code] ?? {}).map(([value, label]) => {
      // A few codes sit under two cities in the data; the first listing wins.
      if (!parent.has(value)) parent.set(value, code);
      names.set(value, label);
      const children = depth < 3 && data[value] ? build(value, depth + 1) : undefined;
      return children?.length ? { value, label, children } : { value, label };
    });
  const tree = build(AREA_ROOT, 1);
  const byCode = new Map<string, AreaOption[]>([[AREA_ROOT, tree]]);
  const index = (nodes: AreaOption[]) => {
    for (const n of nodes) {
      if (n.children) {
        byCode.set(n.value, n.children);
        index(n.children);
      }
    }
  };
  index(tree);
  return {
    tree,
    childrenOf: (code) => (byCode.get(code) ?? []).map(({ value, label }) => ({ value, label })),
    nameOf: (code) => names.get(code),
    pathOf(code) {
      if (!code || !names.has(code)) return [];
      const path = [code];
      let at = parent.get(code);
      while (at && at !== AREA_ROOT) {
        path.unshift(at);
        at = parent.get(at);
      }
      return path;
    },
  };
}

let loading: Promise<AreaIndex> | undefined;

export function loadAreaIndex(): Promise<AreaIndex> {
  loading ??= import('china-area-data/v5/data.json').then((m) => buildAreaIndex((m.default ?? m) as RawAreaData));
  return loading;
}

/** The area index once loaded (undefined while the chunk loads). */
export function useAreaIndex(): AreaIndex | undefined {
  const [index, setIndex] = useState<AreaIndex | undefined>();
  useEffect(() => {
    let alive = true;
    loadAreaIndex().then(
      (i) => alive && setIndex(i),
      (e: unknown) => console.error('地区数据加载失败', e),
    );
    return () => {
      alive = false;
    };
  }, []);
  return index;
}
