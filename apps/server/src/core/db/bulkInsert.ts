import { sql, type Kysely } from 'kysely';
import { dialectOf } from './connect';
import { snakeCase } from './names';
import { copyQuery } from './copyIn';

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
 * PostgreSQL: writes the rows of several tables in one round trip, as COPY statements (one per table and
 * column set) in one query, in the order given: a row may name one of an earlier part. COPY reads its
 * text format with no JSON to parse and puts the rows in a page a thousand at a time; it cost PostgreSQL
 * about a quarter less than inserting the same rows from JSON. Built by `prepareInsertTogether` ahead of
 * time, so the connection does not wait on Node between the chunks of an import. Rows holding objects or
 * big integers, or any other database: insertMany per part, in order.
 */
export function prepareInsertTogether(db: Kysely<any>, parts: Array<{ table: string; rows: Row[] }>): () => Promise<void> {
  const groups = parts.flatMap(({ table, rows }) => columnGroups(rows).map((g) => ({ table, ...g })));
  if (dialectOf(db) !== 'postgres' || groups.some((g) => !g.scalar)) {
    return async () => {
      for (const { table, rows } of parts) await insertMany(db, table, rows);
    };
  }
  if (!groups.length) return async () => {};
  const statements = groups.map((g) => sql`copy ${sql.table(g.table)} (${sql.join(g.cols.map((c) => sql.ref(c)))}) from stdin`.compile(db).sql);
  const query = copyQuery(statements, groups.map((g) => copyText(g.cols, g.rows)));
  return async () => {
    await db.executeQuery(query);
  };
}

/** The value as COPY's text format writes it: \N for null; a backslash, tab, new line or return escaped. */
const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
function copyValue(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  const s = typeof v === 'string' ? v : String(v);
  return COPY_SPECIAL.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]) : s;
}

/** The rows in COPY's text format (a line per row, values split by tabs), as UTF-8, a few kilobytes at a time. */
function copyText(cols: string[], rows: Row[]): Buffer {
  let buf = Buffer.allocUnsafe(Math.max(1024, rows.length * 256));
  let at = 0;
  let text = '';
  const put = () => {
    // at most three bytes per UTF-16 unit
    if (at + text.length * 3 > buf.length) {
      const grown = Buffer.allocUnsafe(Math.max(buf.length * 2, at + text.length * 3));
      buf.copy(grown, 0, 0, at);
      buf = grown;
    }
    at += buf.write(text, at);
    text = '';
  };
  for (const r of rows) {
    for (let j = 0; j < cols.length; j++) text += (j ? '\t' : '') + copyValue(r[cols[j]]);
    text += '\n';
    if (text.length >= 8192) put();
  }
  put();
  return buf.subarray(0, at);
}

/** The rows by the set of columns they define (undefined is left out), and whether all values are scalars. */
function columnGroups(rows: Row[]) {
  const groups = new Map<string, { cols: string[]; rows: Row[]; scalar: boolean }>();
  let last: { cols: string[]; rows: Row[]; scalar: boolean } | undefined;
  for (const row of rows) {
    // a row mostly defines the columns of the row before: compared in place, no key made (a million-row
    // import's profile spent 3% of the server's thread making keys)
    let cols: string[] | undefined;
    let n = 0;
    let scalar = true;
    for (const k in row) {
      const v = row[k];
      if (v === undefined) continue;
      if (!cols && last?.cols[n] !== k) cols = last ? last.cols.slice(0, n) : [];
      cols?.push(k);
      n++;
      if ((v !== null && typeof v === 'object') || typeof v === 'bigint') scalar = false;
    }
    if (!cols && last && n === last.cols.length) {
      last.rows.push(row);
      last.scalar &&= scalar;
      continue;
    }
    cols ??= last ? last.cols.slice(0, n) : [];
    const key = cols.join(',');
    const group = groups.get(key);
    if (group) {
      group.rows.push(row);
      group.scalar &&= scalar;
      last = group;
    } else groups.set(key, (last = { cols, rows: [row], scalar }));
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
