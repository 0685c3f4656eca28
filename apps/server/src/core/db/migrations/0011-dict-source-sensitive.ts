import { sql, type Kysely, type Migration } from 'kysely';

// Sensitive columns of dictionary sources (issue 10): per source, the columns an administrator marks
// sensitive (never read through a dictionary; duplicate-checked only by holders of the listed codes)
// and those permission codes. The user source installed by the seed stops offering phone and e-mail as
// readable columns and declares them sensitive instead, checkable by whoever may add or edit users.
// Plain varchar columns: the same DDL runs on SQLite, PostgreSQL and MariaDB.

const USER_SENSITIVE = ['phone', 'email'];
const USER_SENSITIVE_PERMS = 'system:user:add,system:user:edit';

export const dictSourceSensitive: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('sys_dict_source').addColumn('sensitive_fields', 'varchar(1000)').execute();
    await db.schema.alterTable('sys_dict_source').addColumn('sensitive_perms', 'varchar(500)').execute();
    const user = (await db.selectFrom('sys_dict_source').select(['id', 'fields']).where('table_name', '=', 'sys_user').executeTakeFirst()) as
      | { id: string; fields: string | null }
      | undefined;
    if (user) {
      const fields = (user.fields ?? '').split(',').map((f) => f.trim()).filter(Boolean);
      await db
        .updateTable('sys_dict_source')
        .set({
          fields: fields.filter((f) => !USER_SENSITIVE.includes(f)).join(','),
          sensitive_fields: USER_SENSITIVE.join(','),
          sensitive_perms: USER_SENSITIVE_PERMS,
        })
        .where('id', '=', user.id)
        .execute();
    }
  },
  async down(db: Kysely<any>) {
    await sql`alter table sys_dict_source drop column sensitive_perms`.execute(db);
    await sql`alter table sys_dict_source drop column sensitive_fields`.execute(db);
  },
};
