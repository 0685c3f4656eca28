import type { Kysely, Migration } from 'kysely';

// QR-code sign-in (issue 16): a code the sign-in page shows, which a signed-in user confirms from another
// device; the page then polls for its session. Only a SHA-256 of the code's id and of the browser's cookie
// is kept; 2 minutes, single use; the rows also count the codes an address asks for.
export const loginQrcode: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('sys_login_qrcode')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('browser_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('user_id', 'varchar(32)')
      .addColumn('client_ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('expire_time', 'varchar(19)', (c) => c.notNull())
      .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('idx_slq_ip_time').on('sys_login_qrcode').columns(['client_ip', 'create_time']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('sys_login_qrcode').execute();
  },
};
