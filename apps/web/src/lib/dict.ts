// The local dictionary cache (UI_CACHE_DB_DICT_DATA, 7 days) and its refresh from the header menu.
import { message } from './antdStatic';
import { DICT_CACHE_TTL_MS, STORAGE_KEYS } from '@anxue/shared/constants';
import { http } from './http/client';
import { localStore } from './storage';
import { useSession } from './session/store';
import type { DictCache } from './types';

// With thousands of items the cache is megabytes of JSON: parse it once per stored text, not per widget.
let parsed: { raw: string; dicts: DictCache; expire: number | null } | undefined;

export function cachedDicts(): DictCache {
  const raw = localStorage.getItem(STORAGE_KEYS.dictCache);
  if (raw === null) return {};
  if (parsed?.raw !== raw) {
    const dicts = localStore.get<DictCache>(STORAGE_KEYS.dictCache);
    if (!dicts) return {};
    parsed = { raw, dicts, expire: localStore.expiryOf(raw) };
  }
  if (parsed.expire !== null && parsed.expire <= Date.now()) {
    localStore.remove(STORAGE_KEYS.dictCache);
    return {};
  }
  return parsed.dicts;
}

// Widgets remember dictionaries they fetched while the page lives; a refresh must drop those too.
const refreshListeners = new Set<() => void>();

/** Runs `listener` after every successful cache refresh; returns the unsubscribe. */
export function onDictCacheRefreshed(listener: () => void): () => void {
  refreshListeners.add(listener);
  return () => refreshListeners.delete(listener);
}

/** The 刷新缓存 button of 数据字典: flushing the server's dictionary cache needs it (issue 10). */
export const DICT_REFRESH_PERMISSION = 'system:dict:refresh';

/** Does the signed-in user hold `code` (granted, not a disable-type entry)? */
function holds(code: string): boolean {
  return useSession.getState().auth.some((a) => a.action === code && String(a.type) !== '2');
}

/**
 * Reloads this browser's dictionaries; holders of system:dict:refresh flush the server's cache first,
 * everyone else only reloads (the server refuses them the flush).
 */
export async function refreshDictCache(): Promise<boolean> {
  try {
    if (holds(DICT_REFRESH_PERMISSION)) await http.get('/sys/dict/refleshCache', undefined, { silent: true });
    const all = await http.get<DictCache>('/sys/dict/queryAllDictItems', undefined, { silent: true });
    localStore.set(STORAGE_KEYS.dictCache, all ?? {}, DICT_CACHE_TTL_MS);
    for (const listener of refreshListeners) listener();
    message.success('刷新缓存完成！');
    return true;
  } catch {
    message.error('刷新缓存失败！');
    return false;
  }
}
