import { sql, type Kysely } from 'kysely';
import type { ResourceDef, ResourceField } from './types';

/**
 * A set of strings that answers "certainly not here" or "perhaps here" (a Bloom filter that grows by
 * layers), in a few bytes per string. An import asks it before it asks the database: a value it has
 * certainly not met needs no lookup in the table.
 */
export class ValueFilter {
  private readonly layers: Array<{ bits: Uint32Array; mask: number; room: number }> = [];
  private count = 0;

  /** `expected`: how many strings the first layer holds; each later layer holds four times more. */
  constructor(expected = 4096) {
    this.grow(expected);
  }

  private grow(room: number) {
    // BITS_PER_VALUE bits per value, a power of two: about one false "perhaps" in a hundred thousand
    let size = 32;
    while (size < room * BITS_PER_VALUE) size *= 2;
    this.layers.push({ bits: new Uint32Array(size / 32), mask: size - 1, room });
  }

  /** Whether the value was perhaps added (false: certainly not). */
  has(value: string): boolean {
    hash(value);
    return this.holds();
  }

  add(value: string): void {
    hash(value);
    this.put();
  }

  /** has, then add where it answered false: the value is hashed once. */
  met(value: string): boolean {
    hash(value);
    if (this.holds()) return true;
    this.put();
    return false;
  }

  private holds(): boolean {
    for (const { bits, mask } of this.layers) {
      let all = true;
      for (let i = 0; i < PROBES && all; i++) {
        const at = (h1 + Math.imul(i, h2)) & mask;
        all = (bits[at >>> 5] & (1 << (at & 31))) !== 0;
      }
      if (all) return true;
    }
    return false;
  }

  private put(): void {
    let last = this.layers[this.layers.length - 1];
    if (this.count >= last.room) {
      this.grow(last.room * 4);
      last = this.layers[this.layers.length - 1];
      this.count = 0;
    }
    for (let i = 0; i < PROBES; i++) {
      const at = (h1 + Math.imul(i, h2)) & last.mask;
      last.bits[at >>> 5] |= 1 << (at & 31);
    }
    this.count++;
  }

  /** Bytes held by the bits. */
  get bytes(): number {
    return this.layers.reduce((n, l) => n + l.bits.byteLength, 0);
  }
}

const BITS_PER_VALUE = 24;
const PROBES = 14;

// The last value's two hashes (set by hash): kept here, not returned in an array, on an import's hot path.
let h1 = 0;
let h2 = 1;

/** Two 32-bit hashes of the string's UTF-16 units (FNV-1a, and a second pass with another basis); the second odd. */
function hash(s: string): void {
  let a = 0x811c9dc5;
  let b = 0x6b43a9b5;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  a ^= a >>> 16;
  a = Math.imul(a, 0x85ebca6b);
  a ^= a >>> 13;
  h1 = a >>> 0;
  h2 = (b | 1) >>> 0;
}

/** Up to this many rows, the table's unique values are read into filters when an import begins. */
export const FILTERED_TABLE_ROWS = 200_000;

/**
 * The unique values a table holds, per unique field, as filters an import adds its own rows' values to:
 * where a row's values are all certainly absent, the import asks the database nothing for it. Read once,
 * at the import's start, on its connection; undefined where the table holds more than `limit` rows (then
 * every value is looked up, as the table would take long to read). A value someone else writes after
 * this read is not in the filter: the unique index refuses the chunk that repeats it, and the import
 * reports it taken meanwhile and writes nothing, as it does for a value taken after a chunk's lookup.
 * Only for unique indexes that compare values exactly (PostgreSQL's deterministic collations).
 */
export async function uniqueValueFilters(
  db: Kysely<any>,
  def: ResourceDef,
  fields: ResourceField[],
  limit = FILTERED_TABLE_ROWS,
): Promise<Map<string, ValueFilter> | undefined> {
  if (!fields.length) return undefined;
  const { n } = (await sql<{ n: number | string }>`select count(*) as n from (select 1 from ${sql.table(def.table)} limit ${limit + 1}) held`
    .execute(db)
    .then((r) => r.rows[0])) ?? { n: 0 };
  const rows = Number(n);
  if (rows > limit) return undefined;
  const filters = new Map(fields.map((f) => [f.name, new ValueFilter(Math.max(4096, rows * 2))]));
  if (!rows) return filters;
  let q = db.selectFrom(def.table).select(fields.map((f) => f.name));
  // values in the recycle bin stay unique only where the resource says so
  if (def.softDelete && !def.uniqueAcrossBin) q = q.where('delFlag', '=', 0);
  for (const r of (await q.execute()) as Array<Record<string, unknown>>) {
    for (const f of fields) {
      const v = r[f.name];
      if (v !== null && v !== undefined) filters.get(f.name)!.add(String(v));
    }
  }
  return filters;
}
