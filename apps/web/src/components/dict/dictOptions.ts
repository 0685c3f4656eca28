// Dictionary options for the widgets: the local cache (UI_CACHE_DB_DICT_DATA) first, then
// GET /sys/dict/getDictItems/{code}. Fetched dictionaries are remembered until the cache is refreshed.
import { useEffect, useState } from 'react';
import { cachedDict, onDictCacheRefreshed } from '../../lib/dict';
import { http } from '../../lib/http';
import { t } from '../../lib/i18n';
import type { DictOption } from '../../lib/types';

const fetched = new Map<string, Promise<DictOption[]>>();
onDictCacheRefreshed(() => fetched.clear());

/** A dictionary code as one path segment: table codes carry commas and may carry a condition. */
export function dictPath(base: string, code: string): string {
  return `${base}/${encodeURIComponent(code)}`;
}

export function loadDictOptions(code: string): Promise<DictOption[]> {
  const cached = cachedDict(code);
  if (cached?.length) return Promise.resolve(cached);
  let p = fetched.get(code);
  if (!p) {
    // On failure the options are emptied and the error only logged (spec/02 §7); a later call retries.
    p = http.get<DictOption[]>(dictPath('/sys/dict/getDictItems', code), undefined, { silent: true }).then(
      (r) => (Array.isArray(r) ? r : []),
      (e: unknown) => {
        fetched.delete(code);
        console.error(`字典 ${code} 加载失败`, e);
        return [];
      },
    );
    fetched.set(code, p);
  }
  return p;
}

/** Options of `code` (or `fixed` when given); reloads after a cache refresh. */
export function useDictOptions(code: string | undefined, fixed?: DictOption[]): DictOption[] {
  const [loaded, setLoaded] = useState<{ code: string; options: DictOption[] } | undefined>();
  const [generation, setGeneration] = useState(0);
  useEffect(() => onDictCacheRefreshed(() => setGeneration((g) => g + 1)), []);
  useEffect(() => {
    if (fixed || !code) return;
    let alive = true;
    void loadDictOptions(code).then((options) => alive && setLoaded({ code, options }));
    return () => {
      alive = false;
    };
  }, [code, fixed, generation]);
  if (fixed) return fixed;
  // Options of a previous code never show under a new one.
  return loaded && loaded.code === code ? loaded.options : [];
}

/** The text an option shows, in the interface language when the catalogue knows it (是/否, 正常...). */
export function optionText(o: DictOption): string {
  return t(o.text ?? o.label ?? o.title ?? o.value);
}
