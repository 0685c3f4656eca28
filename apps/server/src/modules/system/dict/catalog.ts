import { sql, type Kysely } from 'kysely';

// What the database really holds, read by introspection (never by building SQL from names): the
// second gate, after the declarations, that every identifier of a table dictionary must pass.

export interface ColumnInfo {
  name: string;
  /** Numeric columns only compare with numbers (PostgreSQL refuses '' = 1). */
  numeric: boolean;
}

export interface TableInfo {
  name: string;
  columns: Map<string, ColumnInfo>;
}

const NUMERIC_TYPE = /^(int|integer|int[248]|smallint|bigint|numeric|decimal|real|double|float|float[48]|serial|bigserial|smallserial)\b/i;

/** Tables of the current schema (PostgreSQL lists every schema it can see; SQLite has one). */
export async function introspectTables(db: Kysely<any>): Promise<Map<string, TableInfo>> {
  let tables;
  try {
    tables = await db.introspection.getTables();
  } catch {
    // A schema dropped by someone else while PostgreSQL lists them all: once more is enough.
    tables = await db.introspection.getTables();
  }
  let current: string | undefined;
  if (tables.some((t) => t.schema)) {
    const r = await sql<{ s: string }>`select current_schema() as s`.execute(db);
    current = r.rows[0]?.s;
  }
  const map = new Map<string, TableInfo>();
  for (const t of tables) {
    if (t.schema && t.schema !== current) continue;
    const columns = new Map<string, ColumnInfo>();
    for (const c of t.columns) columns.set(c.name, { name: c.name, numeric: NUMERIC_TYPE.test(c.dataType) });
    map.set(t.name, { name: t.name, columns });
  }
  return map;
}
