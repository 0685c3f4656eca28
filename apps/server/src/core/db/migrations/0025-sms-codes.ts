import type { Kysely, Migration } from 'kysely';

// SMS verification codes (issue 16): phone sign-in, registration, forgotten password and the account
// settings' phone/password changes. Only a keyed hash of each code is kept, with its purpose, expiry and
// single use; the rows of the last hour are also what the send limits count (per number and per client
// address), so every node on one database sees the same counts without Redis. A verified forgotten-password
// code is swapped for a short-lived reset key, kept here the same way (purpose `reset`).
export const smsCodes: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('sys_sms_code')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
      .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('client_ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('username', 'varchar(100)')
      .addColumn('fail_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expire_time', 'varchar(19)', (c) => c.notNull())
      .addColumn('used_time', 'varchar(19)')
      .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('idx_ssc_mobile_time').on('sys_sms_code').columns(['mobile', 'create_time']).execute();
    await db.schema.createIndex('idx_ssc_ip_time').on('sys_sms_code').columns(['client_ip', 'create_time']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('sys_sms_code').execute();
  },
};
