// Contains-filters through a trigram index (issue 18). `*user77777*` on a million users read every row:
// a LIKE with a leading % can use no B-tree. On PostgreSQL a pg_trgm GIN index on lower(column) serves the
// list's own `lower(col) like lower(pattern)` unchanged. SQLite's FTS5 trigram table is a table of its
// own (createTextIndex), so a filter is answered from it only when that pays: a text of three characters
// or more (a trigram) that matches few rows. Many matches are better found by walking the list's order,
// which meets ten of them soon, than by sorting them all.
import { SqliteAdapter, sql, type Kysely } from 'kysely';
import { escapeLike } from './convert';
import type { Condition, FieldDef } from './types';

/** Up to this many matches a filter is answered from the text index; more and the list's order is walked. */
export const TEXT_INDEX_SELECTIVE = 2_000;

const LIKE_RULES = new Set(['like', 'left_like', 'right_like']);

/** The LIKE pattern of a contains/starts/ends condition, wildcards of the text escaped. */
export function likePattern(c: Condition): string {
  const text = escapeLike(String(c.value));
  return c.rule === 'left_like' ? `%${text}` : c.rule === 'right_like' ? `${text}%` : `%${text}%`;
}

/**
 * The filters answered from their fields' text index, with the ids they match: on SQLite, contains-filters
 * on indexed fields whose text holds a trigram, no LIKE wildcard of its own, and matches at most
 * TEXT_INDEX_SELECTIVE rows. The index is read once; the page and its count then look up these ids.
 */
export async function textIndexedFilters(db: Kysely<any>, fields: FieldDef[], filters: Condition[]): Promise<Map<Condition, string[]>> {
  const chosen = new Map<Condition, string[]>();
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return chosen;
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const c of filters) {
    const def = byName.get(c.field);
    const text = String(c.value ?? '');
    if (!def?.textIndex || !LIKE_RULES.has(c.rule) || [...text].length < 3 || /[%_\\]/.test(text)) continue;
    const rows = await db
      .selectFrom(def.textIndex)
      .select('id')
      .where(sql.ref(c.field), 'like', likePattern(c))
      .limit(TEXT_INDEX_SELECTIVE + 1)
      .execute();
    if (rows.length <= TEXT_INDEX_SELECTIVE) chosen.set(c, rows.map((r) => String(r.id)));
  }
  return chosen;
}
