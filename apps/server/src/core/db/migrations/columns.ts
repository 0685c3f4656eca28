import type { CreateTableBuilder } from 'kysely';

// Portable column helpers: the same DDL runs on SQLite and PostgreSQL.

/** varchar(32) primary key holding random hex. */
export function idColumn<T extends string>(t: CreateTableBuilder<T, never>) {
  return t.addColumn('id', 'varchar(32)', (c) => c.primaryKey());
}

/** create_by, create_time, update_by, update_time as in the original tables. */
export function auditColumns<T extends string, C extends string>(t: CreateTableBuilder<T, C>) {
  return t
    .addColumn('create_by', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(32)')
    .addColumn('update_time', 'varchar(19)');
}
