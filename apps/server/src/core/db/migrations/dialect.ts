import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../connect';
import { EPOCH_HOLD } from '../permissionEpochHold';

// What differs between the three databases in DDL, said once for every migration.

export { dialectOf };

const OPS = ['insert', 'update', 'delete'] as const;

/**
 * Every change to these tables bumps the permission epoch (sys_perm_epoch, row 1): once per statement on
 * PostgreSQL (its function is created by `addEpochFunction`), once per row on SQLite and MySQL, whose
 * triggers are row triggers. On PostgreSQL and MySQL a long transaction may hold the count (EPOCH_HOLD,
 * see permissionEpochHold.ts); SQLite has one writer and no such need.
 */
export async function addEpochTriggers(db: Kysely<any>, tables: readonly string[]): Promise<void> {
  const dialect = dialectOf(db);
  const bump = sql`update sys_perm_epoch set epoch = epoch + 1 where id = 1`;
  for (const t of tables) {
    if (dialect === 'postgres') {
      await sql`create trigger ${sql.raw(`trg_epoch_${t}`)} after insert or update or delete on ${sql.table(t)}
        for each statement execute function sys_bump_perm_epoch()`.execute(db);
      continue;
    }
    for (const op of OPS) {
      const name = sql.raw(`trg_epoch_${t}_${op}`);
      if (dialect === 'mysql') {
        await sql`create trigger ${name} after ${sql.raw(op)} on ${sql.table(t)} for each row
          begin if ${sql.raw(EPOCH_HOLD.mysql)} is null then ${bump}; end if; end`.execute(db);
      } else await sql`create trigger ${name} after ${sql.raw(op)} on ${sql.table(t)} begin ${bump}; end`.execute(db);
    }
  }
}

/** PostgreSQL's trigger function behind `addEpochTriggers` (created or replaced). */
export async function addEpochFunction(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create or replace function sys_bump_perm_epoch() returns trigger language plpgsql as $$
    begin
      if current_setting(${sql.lit(EPOCH_HOLD.postgres)}, true) = 'on' then return null; end if;
      update sys_perm_epoch set epoch = epoch + 1 where id = 1;
      return null;
    end $$`.execute(db);
}

export async function dropEpochTriggers(db: Kysely<any>, tables: readonly string[]): Promise<void> {
  const dialect = dialectOf(db);
  for (const t of tables) {
    if (dialect === 'postgres') await sql`drop trigger if exists ${sql.raw(`trg_epoch_${t}`)} on ${sql.table(t)}`.execute(db);
    else for (const op of OPS) await sql`drop trigger if exists ${sql.raw(`trg_epoch_${t}_${op}`)}`.execute(db);
  }
}

/**
 * A unique index over `columns` for the rows whose `column` holds `value` (one open attempt per student
 * and paper). MySQL has no partial indexes: there a hidden generated column is 1 for those rows and null
 * for the rest, and the index takes it last (rows with a null never collide).
 */
export async function addUniqueWhere(db: Kysely<any>, name: string, table: string, columns: string[], column: string, value: string): Promise<void> {
  if (dialectOf(db) !== 'mysql') {
    await db.schema.createIndex(name).on(table).columns(columns).unique().where(sql.ref(column), '=', value).execute();
    return;
  }
  const flag = `${name}_flag`;
  await sql`alter table ${sql.table(table)} add column ${sql.ref(flag)} tinyint as (case when ${sql.ref(column)} = ${sql.lit(value)} then 1 end) virtual invisible`.execute(db);
  await db.schema.createIndex(name).on(table).columns([...columns, flag]).unique().execute();
}

/** MySQL names an index within its table, so dropping one names the table too. */
export async function dropIndex(db: Kysely<any>, name: string, table: string): Promise<void> {
  const drop = db.schema.dropIndex(name);
  await (dialectOf(db) === 'mysql' ? drop.on(table) : drop).execute();
}

/** PostgreSQL: whether a table or index of that name exists on the search path. */
export async function postgresRelationExists(db: Kysely<any>, name: string): Promise<boolean> {
  return (await sql<{ found: string | null }>`select to_regclass(${name})::text as found`.execute(db)).rows[0]?.found != null;
}
