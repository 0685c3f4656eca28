// The local dictionary cache (UI_CACHE_DB_DICT_DATA, 7 days) and its refresh from the header menu.
import { message } from './antdStatic';
import { DICT_CACHE_TTL_MS, STORAGE_KEYS } from '@anxue/shared/constants';
import { http } from './http/client';
import { localStore } from './storage';
import type { DictCache } from './types';

export function cachedDicts(): DictCache {
  return localStore.get<DictCache>(STORAGE_KEYS.dictCache) ?? {};
}

// Widgets remember dictionaries they fetched while the page lives; a refresh must drop those too.
const refreshListeners = new Set<() => void>();

/** Runs `listener` after every successful cache refresh; returns the unsubscribe. */
export function onDictCacheRefreshed(listener: () => void): () => void {
  refreshListeners.add(listener);
  return () => refreshListeners.delete(listener);
}

export async function refreshDictCache(): Promise<boolean> {
  try {
    await http.get('/sys/dict/refleshCache', undefined, { silent: true });
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
