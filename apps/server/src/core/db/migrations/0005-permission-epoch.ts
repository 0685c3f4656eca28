import { sql, type Kysely, type Migration } from 'kysely';
import { addEpochFunction, addEpochTriggers, dialectOf, dropEpochTriggers } from './dialect';

// A counter that every change to menus, grants or role membership bumps, by trigger, so caches of
// permission answers on any node can tell at the cost of one tiny query whether they are still valid.
export const PERMISSION_TABLES = ['sys_permission', 'sys_role_permission', 'sys_user_role', 'sys_role', 'sys_depart_permission'];

export const permissionEpoch: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('sys_perm_epoch')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('epoch', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.insertInto('sys_perm_epoch').values({ id: 1, epoch: 0 }).execute();
    await addEpochFunction(db);
    await addEpochTriggers(db, PERMISSION_TABLES);
  },
  async down(db: Kysely<any>) {
    await dropEpochTriggers(db, PERMISSION_TABLES);
    if (dialectOf(db) === 'postgres') await sql`drop function if exists sys_bump_perm_epoch()`.execute(db);
    await db.schema.dropTable('sys_perm_epoch').execute();
  },
};
