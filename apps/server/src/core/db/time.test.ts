import { describe, expect, it } from 'vitest';
import { newId } from './time';

describe('new keys', () => {
  it('are 32 hex characters, never repeat, and sort in the order they were made across milliseconds', async () => {
    const first = Array.from({ length: 5000 }, newId);
    await new Promise((r) => setTimeout(r, 5));
    const later = Array.from({ length: 5000 }, newId);
    const all = [...first, ...later];
    for (const id of all) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(all).size).toBe(all.length);
    // every key of a later millisecond sorts after every earlier one: inserts land at the end of an index
    expect([...first].sort().at(-1)! < [...later].sort()[0]!).toBe(true);
    // the time part is the creation time
    expect(Math.abs(parseInt(later[0]!.slice(0, 12), 16) - Date.now())).toBeLessThan(60_000);
  });
});
