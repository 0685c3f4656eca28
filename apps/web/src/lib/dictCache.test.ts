// The dictionary cache is read by every dictionary widget: one parse per stored text, and what it answers
// follows the stored text (a refresh, another user's sign-in) and its expiry.
import { STORAGE_KEYS } from '@anxue/shared/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedDicts } from './dict';
import { localStore } from './storage';

afterEach(() => {
  vi.useRealTimers();
  localStore.remove(STORAGE_KEYS.dictCache);
});

describe('cachedDicts', () => {
  it('answers what is stored, and a new stored text at once', () => {
    expect(cachedDicts()).toEqual({});
    localStore.set(STORAGE_KEYS.dictCache, { sex: [{ value: '1', text: '男' }] }, 60_000);
    expect(cachedDicts().sex).toEqual([{ value: '1', text: '男' }]);
    localStore.set(STORAGE_KEYS.dictCache, { sex: [{ value: '2', text: '女' }] }, 60_000);
    expect(cachedDicts().sex).toEqual([{ value: '2', text: '女' }]);
    localStore.remove(STORAGE_KEYS.dictCache);
    expect(cachedDicts()).toEqual({});
  });

  it('parses a large cache once for any number of reads', () => {
    const big = { big: Array.from({ length: 20_000 }, (_, i) => ({ value: String(i), text: `项目${i}` })) };
    localStore.set(STORAGE_KEYS.dictCache, big, 60_000);
    const parse = vi.spyOn(JSON, 'parse');
    for (let i = 0; i < 50; i++) expect(cachedDicts().big).toHaveLength(20_000);
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('forgets the cache once it has expired', () => {
    vi.useFakeTimers();
    localStore.set(STORAGE_KEYS.dictCache, { sex: [{ value: '1', text: '男' }] }, 60_000);
    expect(cachedDicts().sex).toHaveLength(1);
    vi.advanceTimersByTime(60_001);
    expect(cachedDicts()).toEqual({});
    expect(localStorage.getItem(STORAGE_KEYS.dictCache)).toBeNull();
  });
});
