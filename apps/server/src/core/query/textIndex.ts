// Contains-filters through a trigram index (issue 18). `*user77777*` on a million users read every row:
// a LIKE with a leading % can use no B-tree. On PostgreSQL a pg_trgm GIN index on lower(column) serves the
// list's own `lower(col) like lower(pattern)`; SQLite's FTS5 trigram table is a table of its own
// (createTextIndex). On both, a filter is answered from the index only when that pays: a text of three
// characters or more (a trigram) that matches few rows. Many matches are better found by walking the
// list's order, which meets ten of them soon, than by sorting them all.
import { PostgresAdapter, SqliteAdapter, sql, type Kysely } from 'kysely';
import { escapeLike } from './convert';
import { snakeCase } from '../db/names';
import { RecentKeys } from './recentKeys';
import { probeMatch, probePattern, trigramProbe } from './trigramProbe';
import type { Condition, FieldDef } from './types';

/** Up to this many matches a filter is answered from the text index; more and the list's order is walked. */
export const TEXT_INDEX_SELECTIVE = 2_000;

const LIKE_RULES = new Set(['like', 'left_like', 'right_like']);

/** The LIKE pattern of a contains/starts/ends condition, wildcards of the text escaped. */
export function likePattern(c: Condition): string {
  const text = escapeLike(String(c.value));
  return c.rule === 'left_like' ? `%${text}` : c.rule === 'right_like' ? `${text}%` : `%${text}%`;
}

/** PostgreSQL: whether the GIN index exists (pg_trgm may not have been allowed), asked once per database. */
const ginIndexes = new WeakMap<Kysely<any>, Map<string, Promise<boolean>>>();
function hasGinIndex(db: Kysely<any>, name: string): Promise<boolean> {
  let known = ginIndexes.get(db);
  if (!known) ginIndexes.set(db, (known = new Map()));
  let found = known.get(name);
  if (!found) {
    found = sql`select 1 from pg_indexes where schemaname = current_schema() and indexname = ${name}`
      .execute(db)
      .then(
        (r) => r.rows.length > 0,
        () => {
          known.delete(name); // asked again next time
          return false;
        },
      );
    known.set(name, found);
  }
  return found;
}

/** Filters found to match more than TEXT_INDEX_SELECTIVE rows lately: not asked of the index again for a while. */
const broad = new RecentKeys(30_000, 1_000);

/**
 * The filters answered from their fields' text index, with the ids they match: contains-filters on
 * indexed fields whose text holds a trigram, no LIKE wildcard of its own, and matches at most
 * TEXT_INDEX_SELECTIVE rows. The index is read once; the page and its count then look up these ids.
 * On PostgreSQL (`table`: the fields' own table) the GIN index is then read once a request, not once for
 * the page and again for its count (on a million users, 7 ms each for a rare text).
 */
export async function textIndexedFilters(db: Kysely<any>, fields: FieldDef[], filters: Condition[], table?: string): Promise<Map<Condition, string[]>> {
  const chosen = new Map<Condition, string[]>();
  const adapter = db.getExecutor().adapter;
  const sqlite = adapter instanceof SqliteAdapter;
  if (!sqlite && !(adapter instanceof PostgresAdapter && table)) return chosen;
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const c of filters) {
    const def = byName.get(c.field);
    const text = String(c.value ?? '');
    if (!def?.textIndex || def.type !== 'string' || !LIKE_RULES.has(c.rule) || [...text].length < 3 || /[%_\\]/.test(text)) continue;
    const key = `${def.textIndex}\u0000${c.field}\u0000${c.rule}\u0000${text.toLowerCase()}`;
    if (broad.has(db, key)) continue;
    let query;
    if (sqlite) {
      const probe = await trigramProbe(db, def.textIndex, c.field, text);
      query = db.selectFrom(def.textIndex).select('id');
      if (!probe) query = query.where(sql.ref(c.field), 'like', likePattern(c));
      else {
        // the index is asked for the text's rarer trigrams only; the text is checked on an expression the
        // index does not serve (on the column, FTS5 would take the LIKE into its query, every trigram again)
        query = query.where(sql<boolean>`${sql.table(def.textIndex)} match ${probeMatch(snakeCase(c.field), text, probe)}`);
        query = query.where(sql<boolean>`lower(${sql.ref(c.field)} || '') like lower(${likePattern(c)}) escape '\\'`);
      }
    }
    else if (await hasGinIndex(db, `${def.textIndex}_${snakeCase(c.field)}`)) {
      const column = sql.ref(c.field);
      const probe = await trigramProbe(db, table!, c.field, text);
      query = db.selectFrom(table!).select('id');
      if (!probe) query = query.where(sql<boolean>`lower(${column}) like lower(${likePattern(c)}) escape '\\'`);
      else {
        // the index is asked for the text's rarer trigrams only; the text itself is checked on an
        // expression the index does not serve (else the planner asks it for every trigram again)
        query = query.where(sql<boolean>`lower(${column}) like ${probePattern(text, probe)}`);
        query = query.where(sql<boolean>`(lower(${column}) || '') like lower(${likePattern(c)}) escape '\\'`);
      }
    } else continue;
    const rows = await query.limit(TEXT_INDEX_SELECTIVE + 1).execute();
    if (rows.length <= TEXT_INDEX_SELECTIVE) chosen.set(c, rows.map((r) => String(r.id)));
    else broad.note(db, key);
  }
  return chosen;
}
