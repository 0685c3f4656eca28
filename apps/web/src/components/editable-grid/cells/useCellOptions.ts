// Options of a choice cell: linked (from the parent's value), async (keyword search), or static
// (column options or the dictionary map). Loaded options are remembered so the cell can show texts.
import { useEffect, useRef, useState } from 'react';
import type { GridOption } from '../types';
import type { CellProps } from './cellTypes';

export function useCellOptions({ column, parentValue, ctx }: Pick<CellProps, 'column' | 'parentValue' | 'ctx'>, active: boolean) {
  const [loaded, setLoaded] = useState<GridOption[] | null>(null);
  const [loading, setLoading] = useState(false);
  const known = useRef(new Map<string, GridOption>());
  const linked = !!(column.linkageKey && column.linkage);

  useEffect(() => {
    if (!linked) return;
    let live = true;
    void Promise.resolve(column.linkage!.getOptions(parentValue)).then((opts) => live && setLoaded(opts));
    return () => {
      live = false;
    };
  }, [linked, column.linkage, parentValue]);

  const search = async (keyword: string) => {
    if (!column.loadOptions) return;
    setLoading(true);
    try {
      setLoaded(await column.loadOptions(keyword));
    } catch (err) {
      console.warn('[grid] options failed to load', err); // grid dictionary failures are only logged
      setLoaded([]);
    } finally {
      setLoading(false);
    }
  };

  // First opening of a remote cell lists the options for an empty keyword.
  const needsFirstLoad = active && !!column.loadOptions && loaded === null;
  const searchRef = useRef(search);
  searchRef.current = search;
  useEffect(() => {
    if (needsFirstLoad) void searchRef.current('');
  }, [needsFirstLoad]);

  const options = linked || column.loadOptions ? (loaded ?? []) : ctx.optionsFor(column);
  for (const o of options) known.current.set(String(o.value), o);
  return { options, loading, search, known: known.current };
}
