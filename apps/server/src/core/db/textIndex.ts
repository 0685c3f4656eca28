// Trigram indexes for contains-filters (issue 18; the query side is core/query/textIndex.ts).
//   SQLite: an FTS5 table with the trigram tokenizer, holding the owner's id and the indexed columns, kept
//   by triggers. Each FTS row's number is recorded beside the owner's id (<name>_doc), not taken from the
//   owner's rowid: a table with a text key may be renumbered by VACUUM, and the index must not lose track.
//   PostgreSQL: pg_trgm GIN indexes on lower(column), which the list's `lower(col) like lower(…)` uses.
//   Where the extension cannot be created (no right to), the lists work as before, unindexed.
import { PostgresAdapter, SqliteAdapter, sql, type Kysely } from 'kysely';

export interface TextIndex {
  /** Owner table (snake_case), with a text primary key `id`. */
  table: string;
  /** The FTS5 table's name on SQLite, and the prefix of the GIN indexes on PostgreSQL. */
  name: string;
  /** Indexed columns (snake_case). */
  columns: string[];
}

const ident = (name: string) => sql.id(name);
const list = (names: string[], prefix = '') => sql.join(names.map((c) => sql.raw(`${prefix}"${c}"`)));

async function sqliteTextIndex(db: Kysely<any>, { table, name, columns }: TextIndex) {
  const doc = `${name}_doc`;
  await sql`create virtual table ${ident(name)} using fts5(id unindexed, ${list(columns)}, tokenize='trigram')`.execute(db);
  await sql`create table ${ident(doc)} (owner_id varchar(64) primary key, doc integer not null)`.execute(db);
  await sql`insert into ${ident(name)} (rowid, id, ${list(columns)}) select rowid, id, ${list(columns)} from ${ident(table)}`.execute(db);
  await sql`insert into ${ident(doc)} (owner_id, doc) select id, rowid from ${ident(table)}`.execute(db);
  const add = sql`insert into ${ident(name)} (id, ${list(columns)}) values (new.id, ${list(columns, 'new.')}); insert into ${ident(doc)} (owner_id, doc) values (new.id, last_insert_rowid());`;
  const remove = sql`delete from ${ident(name)} where rowid = (select doc from ${ident(doc)} where owner_id = old.id); delete from ${ident(doc)} where owner_id = old.id;`;
  await sql`create trigger ${ident(`${name}_ai`)} after insert on ${ident(table)} begin ${add} end`.execute(db);
  await sql`create trigger ${ident(`${name}_ad`)} after delete on ${ident(table)} begin ${remove} end`.execute(db);
  await sql`create trigger ${ident(`${name}_au`)} after update of id, ${list(columns)} on ${ident(table)} begin ${remove} ${add} end`.execute(db);
}

async function postgresTextIndex(db: Kysely<any>, { table, name, columns }: TextIndex) {
  // in public, so dropping an install's own schema never drops the extension under another one
  await sql`savepoint text_index`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint text_index`.execute(db);
  } catch {
    await sql`rollback to savepoint text_index`.execute(db);
    return;
  }
  for (const c of columns) {
    await sql`create index ${ident(`${name}_${c}`)} on ${ident(table)} using gin (lower(${ident(c)}) public.gin_trgm_ops)`.execute(db);
  }
}

/** Creates the trigram index of `columns` of `table`, filled from its rows. MySQL/MariaDB: none yet. */
export async function createTextIndex(db: Kysely<any>, index: TextIndex): Promise<void> {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof SqliteAdapter) await sqliteTextIndex(db, index);
  else if (adapter instanceof PostgresAdapter) await postgresTextIndex(db, index);
}

/**
 * Merges an SQLite text index into one segment. Rows added one at a time leave FTS5 a few segments,
 * which it merges as it goes; a bulk load of many thousand rows leaves dozens, and every trigram a
 * filter asks for is then looked up in each: on a million users a rare text took three times as long.
 * PostgreSQL's GIN indexes need no such step.
 */
export async function compactTextIndex(db: Kysely<any>, name: string): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) await sql`insert into ${ident(name)} (${ident(name)}) values ('optimize')`.execute(db);
}

export async function dropTextIndex(db: Kysely<any>, { name, columns }: TextIndex): Promise<void> {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof SqliteAdapter) {
    for (const t of ['ai', 'ad', 'au']) await sql`drop trigger if exists ${ident(`${name}_${t}`)}`.execute(db);
    await sql`drop table if exists ${ident(name)}`.execute(db);
    await sql`drop table if exists ${ident(`${name}_doc`)}`.execute(db);
  } else if (adapter instanceof PostgresAdapter) {
    for (const c of columns) await sql`drop index if exists ${ident(`${name}_${c}`)}`.execute(db);
  }
}
