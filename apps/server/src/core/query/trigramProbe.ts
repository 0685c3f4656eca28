// PostgreSQL: which trigrams of a contains-filter to ask the GIN index for (issue 18). pg_trgm asks for
// every trigram of the text, and a GIN scan reads each one's posting list. In `user77777` on a million
// users, `use` and `ser` are in every row: their lists were 600 of the scan's 650 pages, 7 ms a request,
// for nothing, since `r77` and `777` alone leave the same thousand rows to recheck. Which trigrams are
// common is learnt from a small sample of the column (about 2,000 rows, kept ten minutes); the filter
// itself is still checked on every row the index returns.
import { sql, type Kysely } from 'kysely';
import { snakeCase } from '../db/names';

/** Below this many rows a table's posting lists are short: the text is asked for whole. */
export const PROBE_FROM_ROWS = 100_000;
/** A trigram in more than this share of the sampled rows is left out of the probe. */
const COMMON_SHARE = 0.1;
/**
 * Past the rarest, a trigram joins the probe only below this share: one in a tenth of the rows cost the
 * probe of `user77777` more to read (0.6 ms) than it saved in rows to recheck (none).
 */
const RARE_SHARE = 0.03;
/** At most this many trigrams are asked for: the rarest. */
const PROBE_TRIGRAMS = 3;
const SAMPLE_ROWS = 2_000;
const SAMPLE_TTL_MS = 10 * 60_000;

interface Sample {
  /** The column's values in the sample, lower-cased; empty when the table is small. */
  values: string[];
  /** Share of the sampled values holding a trigram, counted once per trigram. */
  shares: Map<string, number>;
}
const samples = new WeakMap<Kysely<any>, Map<string, { at: number; sample: Promise<Sample> }>>();

const sampleOfValues = (values: string[]): Sample => ({ values, shares: new Map() });

async function takeSample(db: Kysely<any>, table: string, column: string): Promise<Sample> {
  const { rows } = await sql<{ n: number }>`select reltuples::float8 as n from pg_class where oid = to_regclass(${snakeCase(table)})`.execute(db);
  const estimate = Number(rows[0]?.n ?? 0);
  if (!(estimate >= PROBE_FROM_ROWS)) return sampleOfValues([]);
  // SYSTEM sampling reads whole pages picked at random: a few dozen pages, not the table
  // (pages in the table's order: the limit, a guard against a stale estimate, would favour its first pages)
  const percent = Math.min(100, (SAMPLE_ROWS / estimate) * 100);
  const picked = await sql<{ v: string | null }>`select lower(${sql.ref(column)}) as v from ${sql.table(table)} tablesample system (${sql.lit(Number(percent.toFixed(6)))}) limit ${SAMPLE_ROWS * 2}`.execute(db);
  return sampleOfValues(picked.rows.map((r) => r.v ?? ''));
}

function sampleOf(db: Kysely<any>, table: string, column: string): Promise<Sample> {
  let kept = samples.get(db);
  if (!kept) samples.set(db, (kept = new Map()));
  const key = `${table}.${column}`;
  const found = kept.get(key);
  if (found && Date.now() - found.at <= SAMPLE_TTL_MS) return found.sample;
  const sample = takeSample(db, table, column).catch(() => sampleOfValues([]));
  kept.set(key, { at: Date.now(), sample });
  return sample;
}

/** The trigrams pg_trgm takes from a LIKE text: those inside runs of letters and digits (here ASCII only). */
export function likeTrigrams(text: string): string[] {
  const found = new Set<string>();
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    for (let i = 0; i + 3 <= word.length; i++) found.add(word.slice(i, i + 3));
  }
  return [...found];
}

/**
 * The trigrams to ask the index for in place of the whole text, rarest first; undefined to ask for the
 * whole text: a small table, a text outside ASCII letters and digits (pg_trgm's own words then decide),
 * no common trigram to leave out, or none rare enough to keep.
 */
export async function trigramProbe(db: Kysely<any>, table: string, column: string, text: string): Promise<string[] | undefined> {
  const lower = text.toLowerCase();
  if (!/^[a-z0-9]+$/.test(lower)) return undefined;
  const { values, shares } = await sampleOf(db, table, column);
  if (values.length < 100) return undefined;
  const share = (t: string) => {
    let found = shares.get(t);
    if (found === undefined) shares.set(t, (found = values.reduce((n, v) => (v.includes(t) ? n + 1 : n), 0) / values.length));
    return found;
  };
  const scored = likeTrigrams(lower)
    .map((t) => ({ t, share: share(t) }))
    .sort((a, b) => a.share - b.share);
  const rare = scored.filter((s) => s.share <= COMMON_SHARE);
  if (!rare.length || rare.length === scored.length) return undefined;
  return [rare[0]!, ...rare.slice(1).filter((s) => s.share <= RARE_SHARE)].slice(0, PROBE_TRIGRAMS).map((s) => s.t);
}

/**
 * The probe as one LIKE pattern: the text's stretches that hold its trigrams (overlapping ones joined), in
 * the text's order with `%` between, so pg_trgm asks for those trigrams only, in one condition the index
 * answers with one scan (a condition per trigram cost twice as much: 1.1 ms against 0.6 for `user77777`).
 * Every value holding the text matches it; the text itself is still checked on each row.
 */
export function probePattern(text: string, trigrams: string[]): string {
  const lower = text.toLowerCase();
  const spans = trigrams
    .map((t) => lower.indexOf(t))
    .filter((at) => at >= 0)
    .sort((a, b) => a - b)
    .map((at) => [at, at + 3]);
  const joined: number[][] = [];
  for (const [from, to] of spans) {
    const last = joined.at(-1);
    if (last && from < last[1]) last[1] = Math.max(last[1], to);
    else joined.push([from, to]);
  }
  return `%${joined.map(([from, to]) => lower.slice(from, to)).join('%')}%`;
}
