// Texts of the tree select's current values that the loaded part of the tree does not hold yet,
// fetched once per value (failures only logged, spec/02 §8).
import { useEffect, useState } from 'react';

export function useTreeTexts(values: string[], loaded: Map<string, string>, fetchTexts: ((ids: string[]) => Promise<string[]>) | undefined) {
  const [fetched, setFetched] = useState<Map<string, string>>(() => new Map());
  const missing = values.filter((v) => !loaded.has(v) && !fetched.has(v));
  const missingKey = missing.join(',');
  useEffect(() => {
    if (!missingKey || !fetchTexts) return;
    let alive = true;
    const ids = missingKey.split(',');
    fetchTexts(ids).then(
      (texts) => {
        if (!alive) return;
        setFetched((prev) => {
          const next = new Map(prev);
          ids.forEach((id, i) => next.set(id, texts?.[i] ?? id));
          return next;
        });
      },
      (e: unknown) => console.error('树选择文本加载失败', e),
    );
    return () => {
      alive = false;
    };
    // fetchTexts is rebuilt each render; the ids decide
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [missingKey]);
  return (v: string) => loaded.get(v) ?? fetched.get(v) ?? v;
}
