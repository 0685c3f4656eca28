import type { Kysely, Migration } from 'kysely';

// Failed sign-ins counted per account name AND client address (issue 10): five wrong passwords from one
// address lock that name for that address only, so an attacker elsewhere cannot lock the real owner out.
// The row's id is a hash of (name, address), so writers find or create it without a second unique index.
// Columns stay plain varchar/integer so the same DDL fits SQLite, PostgreSQL and MariaDB. The old
// sys_user.login_fail_count / lock_until columns are no longer used by sign-in.
export const loginAttempts: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('sys_login_attempt')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('username', 'varchar(100)', (c) => c.notNull())
      .addColumn('client_ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('fail_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('lock_until', 'varchar(19)')
      .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('idx_sla_username').on('sys_login_attempt').column('username').execute();
    await db.schema.createIndex('idx_sla_update_time').on('sys_login_attempt').column('update_time').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('sys_login_attempt').execute();
  },
};
