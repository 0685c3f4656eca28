import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

// A counter that every change to menus, grants or role membership bumps, by trigger, so caches of
// permission answers on any node can tell at the cost of one tiny query whether they are still valid.
const WATCHED = ['sys_permission', 'sys_role_permission', 'sys_user_role', 'sys_role', 'sys_depart_permission'];

function isPostgres(db: Kysely<any>) {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export const permissionEpoch: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('sys_perm_epoch')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('epoch', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.insertInto('sys_perm_epoch').values({ id: 1, epoch: 0 }).execute();
    if (isPostgres(db)) {
      await sql`create or replace function sys_bump_perm_epoch() returns trigger language plpgsql as $$
        begin update sys_perm_epoch set epoch = epoch + 1 where id = 1; return null; end $$`.execute(db);
      for (const t of WATCHED) {
        await sql`create trigger ${sql.raw(`trg_epoch_${t}`)} after insert or update or delete on ${sql.table(t)}
          for each statement execute function sys_bump_perm_epoch()`.execute(db);
      }
    } else {
      for (const t of WATCHED) {
        for (const op of ['insert', 'update', 'delete']) {
          await sql`create trigger ${sql.raw(`trg_epoch_${t}_${op}`)} after ${sql.raw(op)} on ${sql.table(t)}
            begin update sys_perm_epoch set epoch = epoch + 1 where id = 1; end`.execute(db);
        }
      }
    }
  },
  async down(db: Kysely<any>) {
    if (isPostgres(db)) {
      for (const t of WATCHED) await sql`drop trigger if exists ${sql.raw(`trg_epoch_${t}`)} on ${sql.table(t)}`.execute(db);
      await sql`drop function if exists sys_bump_perm_epoch()`.execute(db);
    } else {
      for (const t of WATCHED) for (const op of ['insert', 'update', 'delete']) await sql`drop trigger if exists ${sql.raw(`trg_epoch_${t}_${op}`)}`.execute(db);
    }
    await db.schema.dropTable('sys_perm_epoch').execute();
  },
};
