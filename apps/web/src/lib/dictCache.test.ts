// The dictionary cache is read by every dictionary widget: a dictionary is parsed when first asked for (not
// the whole cache), and what it answers follows the stored text (a refresh, another user's sign-in), its
// expiry, and a sign-in whose items are not yet written.
import { STORAGE_KEYS } from '@anxue/shared/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedDict } from './dict';
import { localStore } from './storage';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStore.remove(STORAGE_KEYS.dictCache);
});

describe('cachedDict', () => {
  it('answers what is stored, and a new stored text at once', () => {
    expect(cachedDict('sex')).toBeUndefined();
    localStore.set(STORAGE_KEYS.dictCache, { sex: [{ value: '1', text: '男' }] }, 60_000);
    expect(cachedDict('sex')).toEqual([{ value: '1', text: '男' }]);
    localStore.set(STORAGE_KEYS.dictCache, { sex: [{ value: '2', text: '女' }] }, 60_000);
    expect(cachedDict('sex')).toEqual([{ value: '2', text: '女' }]);
    expect(cachedDict('status')).toBeUndefined();
    localStore.remove(STORAGE_KEYS.dictCache);
    expect(cachedDict('sex')).toBeUndefined();
  });

  it('parses only the dictionary asked for, once, however large the cache', () => {
    const big: Record<string, { value: string; text: string }[]> = {};
    for (let d = 0; d < 100; d++) big[`dict_${d}`] = Array.from({ length: 200 }, (_, i) => ({ value: String(i), text: `字典${d}的选项${i}` }));
    localStore.set(STORAGE_KEYS.dictCache, big, 60_000);
    const stored = localStorage.getItem(STORAGE_KEYS.dictCache)!.length;
    const parse = vi.spyOn(JSON, 'parse');
    for (let i = 0; i < 50; i++) expect(cachedDict('dict_42')).toEqual(big.dict_42);
    expect(cachedDict('dict_99')?.[199]).toEqual({ value: '199', text: '字典99的选项199' });
    // the two lists, and the codes met on the way; never the whole text
    const parsed = parse.mock.calls.map(([text]) => String(text).length);
    expect(Math.max(...parsed)).toBeLessThan(stored / 50);
    expect(parsed.filter((n) => n > 1000)).toHaveLength(2);
  });

  it('finds each list whatever its codes and texts hold', () => {
    const odd = {
      'a"[{': [{ value: '1', text: 'x]},"expire":1' }],
      'sys_user,realname,id': [{ value: 'u1', text: '管\\理\n员' }],
      empty: [],
      last: [{ value: '{', text: '[' }],
    };
    localStore.set(STORAGE_KEYS.dictCache, odd, 60_000);
    for (const [code, list] of Object.entries(odd)) expect(cachedDict(code)).toEqual(list);
  });

  it('reads a text of another shape whole', () => {
    localStorage.setItem(STORAGE_KEYS.dictCache, JSON.stringify({ expire: Date.now() + 60_000, value: { sex: [{ value: '1', text: '男' }] } }));
    expect(cachedDict('sex')).toEqual([{ value: '1', text: '男' }]);
  });

  it('forgets the cache once it has expired', () => {
    vi.useFakeTimers();
    localStore.set(STORAGE_KEYS.dictCache, { sex: [{ value: '1', text: '男' }] }, 60_000);
    expect(cachedDict('sex')).toHaveLength(1);
    vi.advanceTimersByTime(60_001);
    expect(cachedDict('sex')).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.dictCache)).toBeNull();
  });

  it('answers a sign-in’s items before the browser has had a quiet moment to store them', async () => {
    localStore.setWhenIdle(STORAGE_KEYS.dictCache, { sex: [{ value: '1', text: '男' }] }, 60_000);
    expect(localStorage.getItem(STORAGE_KEYS.dictCache)).toBeNull();
    expect(cachedDict('sex')).toEqual([{ value: '1', text: '男' }]);
    await vi.waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.dictCache)).not.toBeNull());
    expect(cachedDict('sex')).toEqual([{ value: '1', text: '男' }]);
    // signing out before it is written leaves nothing behind
    localStore.setWhenIdle(STORAGE_KEYS.dictCache, { sex: [{ value: '2', text: '女' }] }, 60_000);
    localStore.remove(STORAGE_KEYS.dictCache);
    await new Promise((r) => setTimeout(r, 20));
    expect(localStorage.getItem(STORAGE_KEYS.dictCache)).toBeNull();
    expect(cachedDict('sex')).toBeUndefined();
  });
});
