// Which trigrams of a contains-filter to ask the text index for (issue 18). A trigram index asked for a
// text reads the posting list of each of its trigrams. In `user77777` on a million users, `use` and `ser`
// are in every row: on PostgreSQL their lists were 600 of the GIN scan's 650 pages (7 ms a request), on
// SQLite FTS5 half of its 1 ms, for nothing, since `r77` and `777` alone leave the same few rows to
// recheck. Which trigrams are common is learnt from a small sample of the column (about 2,000 rows, kept
// ten minutes); the filter itself is still checked on every row the index returns.
import { SqliteAdapter, sql, type Kysely } from 'kysely';
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

const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

/** SQLite: `table` is the FTS5 table; rows picked by random row number, its numbers dense but for deletions. */
async function takeSqliteSample(db: Kysely<any>, table: string, column: string): Promise<Sample> {
  const edge = (order: 'asc' | 'desc') => sql<{ n: number }>`select rowid as n from ${sql.table(table)} order by rowid ${sql.raw(order)} limit 1`.execute(db);
  const [first, last] = [(await edge('asc')).rows[0]?.n, (await edge('desc')).rows[0]?.n];
  if (first === undefined || last === undefined || last - first + 1 < PROBE_FROM_ROWS) return sampleOfValues([]);
  const picks = Array.from({ length: SAMPLE_ROWS }, () => first + Math.floor(Math.random() * (last - first + 1)));
  const picked = await sql<{ v: string | null }>`select lower(${sql.ref(column)}) as v from ${sql.table(table)} where rowid in (select value from json_each(${JSON.stringify(picks)}))`.execute(db);
  return sampleOfValues(picked.rows.map((r) => r.v ?? ''));
}

async function takeSample(db: Kysely<any>, table: string, column: string): Promise<Sample> {
  if (isSqlite(db)) return takeSqliteSample(db, table, column);
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

/** The trigrams FTS5's trigram tokenizer takes from a text: every three characters in a row. */
export function ftsTrigrams(text: string): string[] {
  const lower = text.toLowerCase();
  const found = new Set<string>();
  for (let i = 0; i + 3 <= lower.length; i++) found.add(lower.slice(i, i + 3));
  return [...found];
}

/**
 * The trigrams to ask the index for in place of the whole text, rarest first; undefined to ask for the
 * whole text: a small table, a text pg_trgm would split into words of its own (other than ASCII letters
 * and digits) or holding characters beyond the basic plane, no common trigram to leave out, or none rare
 * enough to keep. `table`: the owner table on PostgreSQL, the FTS5 table on SQLite.
 */
export async function trigramProbe(db: Kysely<any>, table: string, column: string, text: string): Promise<string[] | undefined> {
  const lower = text.toLowerCase();
  const sqlite = isSqlite(db);
  if (sqlite ? /[\uD800-\uDFFF]/.test(lower) || lower.length !== text.length : !/^[a-z0-9]+$/.test(lower)) return undefined;
  const { values, shares } = await sampleOf(db, table, column);
  if (values.length < 100) return undefined;
  const share = (t: string) => {
    let found = shares.get(t);
    if (found === undefined) shares.set(t, (found = values.reduce((n, v) => (v.includes(t) ? n + 1 : n), 0) / values.length));
    return found;
  };
  const scored = (sqlite ? ftsTrigrams(lower) : likeTrigrams(lower))
    .map((t) => ({ t, share: share(t) }))
    .sort((a, b) => a.share - b.share);
  const rare = scored.filter((s) => s.share <= COMMON_SHARE);
  if (!rare.length || rare.length === scored.length) return undefined;
  // FTS5 checks a phrase's trigrams in a row from their positions, at no cost beyond reading their lists:
  // every rare one is kept, and `r77777` leaves the 11 rows that hold it, where `r777` left 1,111 to recheck
  if (sqlite) return rare.map((s) => s.t);
  return [rare[0]!, ...rare.slice(1).filter((s) => s.share <= RARE_SHARE)].slice(0, PROBE_TRIGRAMS).map((s) => s.t);
}

/**
 * The probe as one LIKE pattern: the text's stretches that hold its trigrams, at every place they stand
 * (overlapping ones joined), in the text's order with `%` between, so pg_trgm asks for those trigrams only,
 * in one condition the index answers with one scan (a condition per trigram cost twice as much: 1.1 ms
 * against 0.6 for `user77777`). Every value holding the text matches it; the text itself is still checked
 * on the rows that match it. Every place counts: `%r77777%` leaves 11 of the 1,111 rows the index gives
 * for `user77777` to that check, where `%r777%` left them all (1.7 ms a query against 1.2).
 */
export function probePattern(text: string, trigrams: string[]): string {
  // overlapping stretches joined: `%abc%cde%` would miss `abcde`
  return `%${probeStretches(text, trigrams, 2).join('%')}%`;
}

/**
 * The probe as an FTS5 query on one column: each stretch of the text made of the probe's trigrams, at
 * every place they stand, a phrase; all of them required. Every row holding the text matches it; the text
 * itself is still checked on each row.
 */
export function probeMatch(column: string, text: string, trigrams: string[]): string {
  // only trigrams in a row make one phrase: a phrase's every trigram is asked for
  return probeStretches(text, trigrams, 1)
    .map((span) => `${column} : "${span.replaceAll('"', '""')}"`)
    .join(' AND ');
}

/**
 * The stretches of the lower-cased text made of the trigrams, at every place they stand, in order: places
 * up to `joinWithin` characters apart make one stretch.
 */
function probeStretches(text: string, trigrams: string[], joinWithin: number): string[] {
  const lower = text.toLowerCase();
  const kept = new Set(trigrams);
  const stretches: number[][] = [];
  for (let at = 0; at + 3 <= lower.length; at++) {
    if (!kept.has(lower.slice(at, at + 3))) continue;
    const last = stretches.at(-1);
    if (last && at - (last[1] - 3) <= joinWithin) last[1] = at + 3;
    else stretches.push([at, at + 3]);
  }
  return stretches.map(([from, to]) => lower.slice(from, to));
}
