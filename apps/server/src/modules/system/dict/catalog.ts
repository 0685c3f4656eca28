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

/** Tables of this install's schema (the PostgreSQL introspector reads only the current schema). */
export async function introspectTables(db: Kysely<any>): Promise<Map<string, TableInfo>> {
  const tables = await db.introspection.getTables();
  const map = new Map<string, TableInfo>();
  for (const t of tables) {
    const columns = new Map<string, ColumnInfo>();
    for (const c of t.columns) columns.set(c.name, { name: c.name, numeric: NUMERIC_TYPE.test(c.dataType) });
    map.set(t.name, { name: t.name, columns });
  }
  return map;
}
