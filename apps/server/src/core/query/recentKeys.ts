import type { Kysely } from 'kysely';

/**
 * Keys noted lately, per database, each for `ttlMs`; at most `kept` per database, the oldest noted
 * forgotten first. What a list learns about a statement (its count reaches the cap, its text matches
 * too many rows for the index) and may act on for a while without asking the database again.
 */
export class RecentKeys {
  private readonly noted = new WeakMap<Kysely<any>, Map<string, number>>();
  constructor(
    private readonly ttlMs: number,
    private readonly kept: number,
  ) {}

  has(db: Kysely<any>, key: string): boolean {
    const at = this.noted.get(db)?.get(key);
    return at !== undefined && Date.now() - at < this.ttlMs;
  }

  note(db: Kysely<any>, key: string): void {
    let seen = this.noted.get(db);
    if (!seen) this.noted.set(db, (seen = new Map()));
    seen.delete(key);
    seen.set(key, Date.now());
    if (seen.size > this.kept) seen.delete(seen.keys().next().value!);
  }
}
