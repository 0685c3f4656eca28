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
  for (const { cols, rows: same, scalar } of groups.values()) {
    if (postgres && scalar) await insertJson(db, table, cols, same);
    else await db.insertInto(table).values(same.map((r) => Object.fromEntries(cols.map((c) => [c, r[c]])))).execute();
  }
}

async function insertJson(db: Kysely<any>, table: string, cols: string[], rows: Row[]): Promise<void> {
  const keys = cols.map((c) => JSON.stringify(snakeCase(c)));
  let json = '[';
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    json += i ? ',{' : '{';
    for (let j = 0; j < cols.length; j++) json += `${j ? ',' : ''}${keys[j]}:${JSON.stringify(r[cols[j]])}`;
    json += '}';
  }
  json += ']';
  const names = sql.join(cols.map((c) => sql.ref(c)));
  const rowType = sql.table(table);
  await sql`insert into ${rowType} (${names}) select ${names} from json_populate_recordset(null::${rowType}, ${json}::json)`.execute(db);
}
