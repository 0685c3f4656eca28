import { sql, type Kysely } from 'kysely';
import { dialectOf } from './connect';
import { snakeCase } from './names';

type Row = Record<string, unknown>;


/**
 * Inserts many rows of one table (camelCase names, as the plugin presents them), a statement per set of
 * defined columns, so a column a row leaves out (or undefined) takes its default on every database. On
 * PostgreSQL the rows travel as one JSON parameter read by json_populate_recordset, which takes the
 * table's own column types: a thousand rows of twenty columns bound one value at a time cost PostgreSQL
 * more to parse and bind than to insert (and Node as much to build), about half of a big import's time.
 * Rows holding objects (dates, buffers: the driver writes them its own way) or big integers go the
 * ordinary way, as on the other databases.
 */
export async function insertMany(db: Kysely<any>, table: string, rows: Row[]): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  for (const { cols, rows: same, scalar } of columnGroups(rows)) {
    if (postgres && scalar) await sql`insert into ${jsonInsert(table, cols, same)}`.execute(db);
    else await db.insertInto(table).values(same.map((r) => Object.fromEntries(cols.map((c) => [c, r[c]])))).execute();
  }
}

/**
 * PostgreSQL: inserts the rows of several tables in one statement, a data-modifying WITH part per table
 * and column set, in the order given (foreign keys are checked at the statement's end, so a row may name
 * one of an earlier part). One round trip instead of one per table: a big import's connection otherwise
 * waited on Node between the statements of each chunk. Built by `prepareInsertTogether` ahead of time.
 * Rows holding objects or big integers, or any other database: insertMany per part, in order.
 */
export function prepareInsertTogether(db: Kysely<any>, parts: Array<{ table: string; rows: Row[] }>): () => Promise<void> {
  const groups = parts.flatMap(({ table, rows }) => columnGroups(rows).map((g) => ({ table, ...g })));
  if (dialectOf(db) !== 'postgres' || groups.some((g) => !g.scalar)) {
    return async () => {
      for (const { table, rows } of parts) await insertMany(db, table, rows);
    };
  }
  if (!groups.length) return async () => {};
  const inserts = groups.map((g) => jsonInsert(g.table, g.cols, g.rows));
  const last = inserts.pop()!;
  const query = inserts.length ? sql`with ${sql.join(inserts.map((ins, i) => sql`${sql.raw(`part_${i}`)} as (insert into ${ins})`))} insert into ${last}` : sql`insert into ${last}`;
  const compiled = query.compile(db);
  return async () => {
    await db.executeQuery(compiled);
  };
}

/** The rows by the set of columns they define (undefined is left out), and whether all values are scalars. */
function columnGroups(rows: Row[]) {
  const groups = new Map<string, { cols: string[]; rows: Row[]; scalar: boolean }>();
  for (const row of rows) {
    const cols: string[] = [];
    let scalar = true;
    for (const k in row) {
      const v = row[k];
      if (v === undefined) continue;
      cols.push(k);
      if ((v !== null && typeof v === 'object') || typeof v === 'bigint') scalar = false;
    }
    const key = cols.join(',');
    const group = groups.get(key);
    if (group) {
      group.rows.push(row);
      group.scalar &&= scalar;
    } else groups.set(key, { cols, rows: [row], scalar });
  }
  return [...groups.values()];
}

/** `<table> (<cols>) select <cols> from json_populate_recordset(...)`: the rows as one JSON value. */
function jsonInsert(table: string, cols: string[], rows: Row[]) {
  // objects under the columns' SQL names, written by JSON.stringify at once: a string built a value at a
  // time cost several kilobytes of short-lived strings per row (a big import's memory grew with them)
  const keys = cols.map(snakeCase);
  const named = rows.map((r) => {
    const o: Row = {};
    for (let j = 0; j < cols.length; j++) o[keys[j]] = r[cols[j]];
    return o;
  });
  const names = sql.join(cols.map((c) => sql.ref(c)));
  const rowType = sql.table(table);
  return sql`${rowType} (${names}) select ${names} from json_populate_recordset(null::${rowType}, ${JSON.stringify(named)}::json)`;
}
