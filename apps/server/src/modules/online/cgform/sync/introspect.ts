import { sql } from 'kysely';
import type { Db, DialectName } from '../../../../core/db';
import type { ActualColumn, ColumnShape } from './columns';

// What the database says a table looks like: the sync compares the definition with this, never with flags.

/** The schema the tables live in: PostgreSQL's current schema, MySQL's current database. */
export const ownSchema = (dialect: DialectName) => (dialect === 'mysql' ? sql`database()` : sql`current_schema()`);

export async function tableExists(db: Db, dialect: DialectName, table: string): Promise<boolean> {
  if (dialect === 'sqlite') {
    const r = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name = ${table}`.execute(db);
    return r.rows.length > 0;
  }
  const r = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = ${ownSchema(dialect)} and table_name = ${table}`.execute(db);
  return r.rows.length > 0;
}

/** The table's columns in order, or null when there is no such table. */
export async function readColumns(db: Db, dialect: DialectName, table: string): Promise<ActualColumn[] | null> {
  if (!(await tableExists(db, dialect, table))) return null;
  if (dialect === 'sqlite') {
    const r = await sql<{ name: string; type: string; notnull: number; dfltValue: string | null; pk: number }>`select name, type, "notnull", dflt_value, pk from pragma_table_info(${table}) order by cid`.execute(db);
    return r.rows.map((c) => ({ name: c.name, ...parseSqliteType(c.type), notNull: Number(c.notnull) === 1, primaryKey: Number(c.pk) > 0, defaultValue: unquoteDefault(c.dfltValue) }));
  }
  if (dialect === 'mysql') return readMysqlColumns(db, table);
  const r = await sql<{
    columnName: string;
    dataType: string;
    characterMaximumLength: number | null;
    numericPrecision: number | null;
    numericScale: number | null;
    isNullable: string;
    columnDefault: string | null;
  }>`select column_name, data_type, character_maximum_length, numeric_precision, numeric_scale, is_nullable, column_default
       from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db);
  const pk = await sql<{ columnName: string }>`select kcu.column_name from information_schema.table_constraints tc
       join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
       where tc.table_schema = current_schema() and tc.table_name = ${table} and tc.constraint_type = 'PRIMARY KEY'`.execute(db);
  const pkNames = new Set(pk.rows.map((p) => p.columnName));
  return r.rows.map((c) => ({
    name: c.columnName,
    ...parsePgType(c.dataType, c.characterMaximumLength, c.numericPrecision, c.numericScale),
    notNull: c.isNullable === 'NO',
    primaryKey: pkNames.has(c.columnName),
    defaultValue: unquoteDefault(c.columnDefault),
  }));
}

async function readMysqlColumns(db: Db, table: string): Promise<ActualColumn[]> {
  // aliases without underscores: MySQL 8 names information_schema's columns in capitals unless aliased
  const r = await sql<{ name: string; type: string; len: number | null; prec: number | null; scale: number | null; nullable: string; def: string | null; pk: string }>`
    select column_name as name, data_type as type, character_maximum_length as len, numeric_precision as prec, numeric_scale as scale,
           is_nullable as nullable, column_default as def, column_key as pk
      from information_schema.columns where table_schema = database() and table_name = ${table} order by ordinal_position`.execute(db);
  return r.rows.map((c) => ({
    name: c.name,
    ...parseMysqlType(c.type, c.len, c.prec, c.scale),
    notNull: c.nullable === 'NO',
    primaryKey: c.pk === 'PRI',
    defaultValue: unquoteDefault(c.def),
  }));
}

/** Names of the table's indexes other than its primary key. */
export async function readIndexNames(db: Db, dialect: DialectName, table: string): Promise<string[]> {
  if (dialect === 'sqlite') {
    const r = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
    return r.rows.map((x) => x.name);
  }
  if (dialect === 'mysql') {
    const r = await sql<{ name: string }>`select distinct index_name as name from information_schema.statistics
         where table_schema = database() and table_name = ${table} and index_name <> 'PRIMARY'`.execute(db);
    return r.rows.map((x) => x.name);
  }
  const r = await sql<{ relname: string }>`select i.relname from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
       join pg_namespace n on n.oid = t.relnamespace where n.nspname = current_schema() and t.relname = ${table} and not x.indisprimary`.execute(db);
  return r.rows.map((x) => x.relname);
}

export async function countRows(db: Db, table: string): Promise<number> {
  const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.id(table)}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

function parseSqliteType(type: string): ColumnShape {
  const t = type.trim().toLowerCase();
  let m = /^(?:varchar|character varying)\s*\((\d+)\)$/.exec(t);
  if (m) return { kind: 'varchar', length: Number(m[1]) };
  m = /^(?:numeric|decimal)\s*\((\d+)\s*,\s*(\d+)\)$/.exec(t);
  if (m) return { kind: 'numeric', length: Number(m[1]), scale: Number(m[2]) };
  if (t === 'integer' || t === 'int') return { kind: 'integer' };
  if (t === 'bigint') return { kind: 'bigint' };
  if (t === 'double precision' || t === 'double' || t === 'real') return { kind: 'double' };
  if (t === 'text') return { kind: 'text' };
  return { kind: 'other' };
}

function parsePgType(dataType: string, maxLength: number | null, precision: number | null, scale: number | null): ColumnShape {
  switch (dataType) {
    case 'character varying':
      return maxLength === null ? { kind: 'text' } : { kind: 'varchar', length: Number(maxLength) };
    case 'integer':
      return { kind: 'integer' };
    case 'bigint':
      return { kind: 'bigint' };
    case 'double precision':
      return { kind: 'double' };
    case 'numeric':
      return precision === null ? { kind: 'other' } : { kind: 'numeric', length: Number(precision), scale: Number(scale ?? 0) };
    case 'text':
      return { kind: 'text' };
    default:
      return { kind: 'other' };
  }
}

function parseMysqlType(dataType: string, maxLength: number | null, precision: number | null, scale: number | null): ColumnShape {
  switch (dataType.toLowerCase()) {
    case 'varchar':
      return { kind: 'varchar', length: Number(maxLength) };
    case 'int':
      return { kind: 'integer' };
    case 'bigint':
      return { kind: 'bigint' };
    case 'double':
      return { kind: 'double' };
    case 'decimal':
      return precision === null ? { kind: 'other' } : { kind: 'numeric', length: Number(precision), scale: Number(scale ?? 0) };
    case 'text':
    case 'mediumtext':
    case 'longtext':
      return { kind: 'text' };
    default:
      return { kind: 'other' };
  }
}

/** 'abc' → abc, 'a''b'::character varying → a'b, 5 → 5, '5'::numeric → 5; null stays null. */
function unquoteDefault(raw: string | null): string | null {
  if (raw === null || raw === undefined) return null;
  let v = raw.trim();
  if (/^null$/i.test(v)) return null;
  const cast = /^(.*)::[a-z ]+(\(\d+(,\d+)?\))?$/is.exec(v);
  if (cast) v = cast[1].trim();
  if (v.startsWith('(') && v.endsWith(')')) v = v.slice(1, -1).trim();
  if (v.startsWith("'") && v.endsWith("'") && v.length >= 2) return v.slice(1, -1).replace(/''/g, "'");
  return v;
}
