// The local dictionary cache (UI_CACHE_DB_DICT_DATA, 7 days) and its refresh from the header menu.
import { toastError, toastSuccess } from './notices';
import { DICT_CACHE_TTL_MS, STORAGE_KEYS } from '@anxue/shared/constants';
import { http } from './http/client';
import { localStore } from './storage';
import { useSession } from './session/store';
import type { DictCache, DictOption } from './types';

// The stored text holds every dictionary: megabytes on an install with 20,000 items. Parsed whole, it made
// tens of thousands of objects a page never reads, and copying them in the young-generation collections was
// a long task of 30–60 ms on opening a list page. It is indexed instead: one scan finds where each
// dictionary's list lies, and a list is parsed when first asked for.
interface DictIndex {
  raw: string;
  /** localStore.writeCount() when `raw` was read */
  writes: number;
  expire: number | null;
  /** where each dictionary's list lies in `raw` */
  spans: Map<string, [number, number]>;
  lists: Map<string, DictOption[]>;
}
let index: DictIndex | undefined;

/** The options of one cached dictionary; undefined when the cache lacks it, or has expired. */
export function cachedDict(code: string): DictOption[] | undefined {
  // just signed in: the items are still in memory, to be stored when the browser is idle
  if (localStore.unwritten(STORAGE_KEYS.dictCache)) return localStore.get<DictCache>(STORAGE_KEYS.dictCache)?.[code];
  if (index?.writes !== localStore.writeCount()) {
    const raw = localStorage.getItem(STORAGE_KEYS.dictCache);
    if (raw === null) return (index = undefined);
    if (index?.raw !== raw) index = indexDictCache(raw);
    index.writes = localStore.writeCount();
  }
  if (index.expire !== null && index.expire <= Date.now()) {
    localStore.remove(STORAGE_KEYS.dictCache);
    index = undefined;
    return undefined;
  }
  let list = index.lists.get(code);
  const span = index.spans.get(code);
  if (!list && span) {
    const value: unknown = JSON.parse(index.raw.slice(span[0], span[1]));
    list = Array.isArray(value) ? (value as DictOption[]) : [];
    index.lists.set(code, list);
  }
  return list;
}

const HEAD = '{"value":{';
// character codes the scan looks for
const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN_LIST = 91;
const CLOSE_LIST = 93;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;

/** Where a JSON string starting at `from` (its opening quote) ends: the index after its closing quote. */
function stringEnd(raw: string, from: number): number {
  // texts are most of the cache: indexOf crosses them far faster than a loop over their characters
  for (let at = raw.indexOf('"', from + 1); at > 0; at = raw.indexOf('"', at + 1)) {
    let slashes = 0;
    while (raw.charCodeAt(at - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return at + 1;
  }
  return -1;
}

/** Where the JSON value starting at `from` ends: the index after it. */
function valueEnd(raw: string, from: number): number {
  let depth = 0;
  for (let i = from; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(raw, i) - 1;
      if (i < 0) return -1;
      if (depth === 0) return i + 1;
    } else if (c === OPEN_LIST || c === OPEN_OBJECT) depth++;
    else if (c === CLOSE_LIST || c === CLOSE_OBJECT) {
      if (depth === 0) return i; // the end of the enclosing object: a bare value ended just before it
      if (--depth === 0) return i + 1;
    } else if (c === COMMA && depth === 0) return i;
  }
  return -1;
}

/** Indexes a stored cache ({"value":{code:[…],…},"expire":…}, as localStore writes it); any other text is parsed whole. */
function indexDictCache(raw: string): DictIndex {
  const found: DictIndex = { raw, writes: localStore.writeCount(), expire: localStore.expiryOf(raw), spans: new Map(), lists: new Map() };
  let i = HEAD.length;
  if (raw.startsWith(HEAD)) {
    while (i > 0 && raw.charCodeAt(i) === QUOTE) {
      const keyEnd = stringEnd(raw, i);
      if (keyEnd < 0 || raw.charCodeAt(keyEnd) !== COLON) break;
      const end = valueEnd(raw, keyEnd + 1);
      if (end < 0) break;
      found.spans.set(JSON.parse(raw.slice(i, keyEnd)) as string, [keyEnd + 1, end]);
      i = raw.charCodeAt(end) === COMMA ? end + 1 : end;
    }
    if (raw.charCodeAt(i) === CLOSE_OBJECT) return found;
  }
  // not the shape localStore writes: read it the plain way
  found.spans.clear();
  for (const [code, list] of Object.entries(localStore.get<DictCache>(STORAGE_KEYS.dictCache) ?? {})) found.lists.set(code, list);
  return found;
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
    localStore.setWhenIdle(STORAGE_KEYS.dictCache, all ?? {}, DICT_CACHE_TTL_MS);
    for (const listener of refreshListeners) listener();
    void toastSuccess('刷新缓存完成！');
    return true;
  } catch {
    void toastError('刷新缓存失败！');
    return false;
  }
}
