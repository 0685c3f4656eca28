import { sql, type Kysely, type Migration } from 'kysely';
import { EPOCH_HOLD } from '../permissionEpochHold';
import { addEpochTriggers, dialectOf, dropEpochTriggers } from './dialect';

// The permission-epoch triggers count nothing while a long transaction holds them (an import, see
// permissionEpochHold.ts), which bumps once at its end instead of locking the epoch's row from its first
// chunk on. SQLite has one writer: its triggers stay as they are.
const WATCHED = ['sys_permission', 'sys_role_permission', 'sys_user_role', 'sys_role', 'sys_depart_permission', 'sys_user_tenant', 'sys_tenant'];
const OPS = ['insert', 'update', 'delete'] as const;

export const holdPermissionEpoch: Migration = {
  async up(db: Kysely<any>) {
    const dialect = dialectOf(db);
    if (dialect === 'postgres') {
      await sql`create or replace function sys_bump_perm_epoch() returns trigger language plpgsql as $$
        begin
          if current_setting(${sql.lit(EPOCH_HOLD.postgres)}, true) = 'on' then return null; end if;
          update sys_perm_epoch set epoch = epoch + 1 where id = 1;
          return null;
        end $$`.execute(db);
    }
    if (dialect !== 'mysql') return;
    await dropEpochTriggers(db, WATCHED);
    for (const t of WATCHED) {
      for (const op of OPS) {
        await sql`create trigger ${sql.raw(`trg_epoch_${t}_${op}`)} after ${sql.raw(op)} on ${sql.table(t)} for each row
          begin if ${sql.raw(EPOCH_HOLD.mysql)} is null then update sys_perm_epoch set epoch = epoch + 1 where id = 1; end if; end`.execute(db);
      }
    }
  },
  async down(db: Kysely<any>) {
    const dialect = dialectOf(db);
    if (dialect === 'postgres') {
      await sql`create or replace function sys_bump_perm_epoch() returns trigger language plpgsql as $$
        begin update sys_perm_epoch set epoch = epoch + 1 where id = 1; return null; end $$`.execute(db);
    }
    if (dialect !== 'mysql') return;
    await dropEpochTriggers(db, WATCHED);
    await addEpochTriggers(db, WATCHED);
  },
};
