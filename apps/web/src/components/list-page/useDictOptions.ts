// Dictionary options for selects: the local cache first, then GET /sys/dict/getDictItems/{code}.
import { useEffect, useState } from 'react';
import { cachedDicts } from '../../lib/dict';
import { http } from '../../lib/http';
import type { DictOption } from '../../lib/types';

const loaded = new Map<string, Promise<DictOption[]>>();

export function loadDictOptions(code: string): Promise<DictOption[]> {
  const cached = cachedDicts()[code];
  if (cached?.length) return Promise.resolve(cached);
  let p = loaded.get(code);
  if (!p) {
    // On failure the options are emptied (spec/02 §7) and a later call may try again.
    p = http.get<DictOption[]>(`/sys/dict/getDictItems/${code}`, undefined, { silent: true }).then(
      (r) => r ?? [],
      () => {
        loaded.delete(code);
        return [];
      },
    );
    loaded.set(code, p);
  }
  return p;
}

export function useDictOptions(code: string | undefined, fixed?: DictOption[]): DictOption[] {
  const [options, setOptions] = useState<DictOption[]>(fixed ?? []);
  useEffect(() => {
    if (fixed || !code) return;
    let alive = true;
    void loadDictOptions(code).then((o) => alive && setOptions(o));
    return () => {
      alive = false;
    };
  }, [code, fixed]);
  return fixed ?? options;
}
