// Database figures: size, and connections where the database can tell (PostgreSQL, MySQL; SQLite is a
// file opened by this process only).
import { stat } from 'node:fs/promises';
import { sql } from 'kysely';
import type { AppContext } from '../../core/context';
import type { DialectName } from '../../core/db';

export interface DatabaseFigures {
  dialect: DialectName;
  version: string;
  sizeBytes: number;
  tableCount: number;
  /** Open connections to this database (PostgreSQL, MySQL), null when not measurable. */
  connections: number | null;
  maxConnections: number | null;
}

export async function databaseFigures(ctx: AppContext): Promise<DatabaseFigures> {
  const { db, dialect } = ctx;
  if (dialect === 'postgres') {
    const row = await sql<{ size: string; version: string; connections: string; max: string; tables: string }>`
      select pg_database_size(current_database()) as size,
             version() as version,
             (select count(*) from pg_stat_activity where datname = current_database()) as connections,
             current_setting('max_connections') as max,
             (select count(*) from information_schema.tables where table_schema = current_schema()) as tables`.execute(db);
    const r = row.rows[0]!;
    return {
      dialect,
      version: r.version.split(' on ')[0] ?? r.version,
      sizeBytes: Number(r.size),
      tableCount: Number(r.tables),
      connections: Number(r.connections),
      maxConnections: Number(r.max),
    };
  }
  if (dialect === 'mysql') {
    const row = await sql<{ size: number | null; version: string; connections: number; max: number; tables: number }>`
      select (select sum(data_length + index_length) from information_schema.tables where table_schema = database()) as size,
             version() as version,
             (select count(*) from information_schema.processlist where db = database()) as connections,
             @@max_connections as max,
             (select count(*) from information_schema.tables where table_schema = database()) as tables`.execute(db);
    const r = row.rows[0]!;
    return {
      dialect,
      version: /mariadb/i.test(r.version) ? `MariaDB ${r.version.split('-')[0]}` : `MySQL ${r.version}`,
      sizeBytes: Number(r.size ?? 0),
      tableCount: Number(r.tables),
      connections: Number(r.connections),
      maxConnections: Number(r.max),
    };
  }
  const [version, tables] = await Promise.all([
    sql<{ v: string }>`select sqlite_version() as v`.execute(db),
    sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table'`.execute(db),
  ]);
  // the file itself plus its write-ahead log, as a backup would copy them
  let sizeBytes = 0;
  for (const file of [ctx.config.sqliteFile, `${ctx.config.sqliteFile}-wal`]) {
    sizeBytes += await stat(file).then((s) => s.size, () => 0);
  }
  return {
    dialect,
    version: `SQLite ${version.rows[0]!.v}`,
    sizeBytes,
    tableCount: Number(tables.rows[0]!.n),
    connections: null,
    maxConnections: null,
  };
}
