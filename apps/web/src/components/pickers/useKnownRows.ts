// Records behind a picker's stored values: rows picked in the modal are remembered, values arriving
// from outside (an edited record) are looked up once through `lookup`.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AnyRow } from './types';

export function useKnownRows<T extends AnyRow>(values: string[], store: string, lookup: (missing: string[]) => Promise<T[]>) {
  const [known, setKnown] = useState<Map<string, T>>(new Map());
  const asked = useRef(new Set<string>());
  const key = values.join('\u0000');

  useEffect(() => {
    const missing = values.filter((v) => !known.has(v) && !asked.current.has(v));
    if (!missing.length) return;
    for (const v of missing) asked.current.add(v);
    let live = true;
    lookup(missing)
      .then((rows) => {
        if (!live) return;
        setKnown((current) => {
          const next = new Map(current);
          for (const r of rows ?? []) next.set(String(r[store] ?? ''), r);
          return next;
        });
      })
      .catch(() => {
        /* the values show as they are */
      });
    return () => {
      live = false;
      for (const v of missing) asked.current.delete(v);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, store]);

  const remember = (rows: T[]) =>
    setKnown((current) => {
      const next = new Map(current);
      for (const r of rows) next.set(String(r[store] ?? ''), r);
      return next;
    });

  const rows = useMemo(() => values.map((v) => known.get(v)).filter((r): r is T => !!r), [known, key]); // eslint-disable-line react-hooks/exhaustive-deps
  return { rows, remember };
}
