// Selected rows of a paged picker table, kept across pages by key. In single mode only the newest
// pick stays selected.
import { useCallback, useMemo, useState } from 'react';
import type { TableRowSelection } from 'antd/es/table/interface';
import { namedRowCheckbox } from '../list-page/rowCheckbox';

export interface KeyedSelection<T> {
  rows: T[];
  keys: string[];
  /** antd rowSelection props for a table of `T`. */
  rowSelection: (type: 'checkbox' | 'radio') => TableRowSelection<T>;
  /** Clicking a row toggles it. */
  toggle: (row: T) => void;
  remove: (key: string) => void;
  reset: (rows?: T[]) => void;
}

export function useKeyedSelection<T>(rowKey: (row: T) => string, multiple: boolean): KeyedSelection<T> {
  const [selected, setSelected] = useState<Map<string, T>>(new Map());

  const apply = useCallback(
    (keys: string[], pageRows: T[]) =>
      setSelected((current) => {
        let wanted = keys;
        if (!multiple && keys.length > 1) {
          // the key that was not selected before is the newest pick
          const fresh = keys.filter((k) => !current.has(k));
          wanted = [fresh.at(-1) ?? keys.at(-1)!];
        }
        const next = new Map<string, T>();
        for (const k of wanted) {
          const row = current.get(k) ?? pageRows.find((r) => rowKey(r) === k);
          if (row !== undefined) next.set(k, row);
        }
        return next;
      }),
    [multiple, rowKey],
  );

  const keys = useMemo(() => [...selected.keys()], [selected]);
  const rows = useMemo(() => [...selected.values()], [selected]);

  return {
    rows,
    keys,
    rowSelection: (type) => ({
      type,
      selectedRowKeys: keys,
      preserveSelectedRowKeys: true,
      // one pick only: no select-all box
      hideSelectAll: !multiple,
      getCheckboxProps: namedRowCheckbox,
      onChange: (k, pageRows) => apply(k.map(String), pageRows.filter((r): r is T => r !== undefined)),
    }),
    toggle: (row) => {
      const k = rowKey(row);
      apply(selected.has(k) ? keys.filter((x) => x !== k) : [...keys, k], [row]);
    },
    remove: (key) => setSelected((current) => new Map([...current].filter(([k]) => k !== key))),
    reset: (initial = []) => setSelected(new Map(initial.map((r) => [rowKey(r), r]))),
  };
}
