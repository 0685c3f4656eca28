// One page of rows from a loader, reloaded when its inputs change; late answers of older requests are dropped.
import { useEffect, useRef, useState } from 'react';

export interface Page<T> {
  records: T[];
  total: number;
}

export function usePagedRows<T>(load: (() => Promise<Page<T>>) | null, deps: readonly unknown[]) {
  const [page, setPage] = useState<Page<T>>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);

  useEffect(() => {
    if (!load) return;
    const ticket = ++latest.current;
    setLoading(true);
    load()
      .then((p) => ticket === latest.current && setPage({ records: p?.records ?? [], total: Number(p?.total ?? 0) }))
      .catch(() => ticket === latest.current && setPage({ records: [], total: 0 }))
      .finally(() => ticket === latest.current && setLoading(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);

  return { ...page, loading };
}
