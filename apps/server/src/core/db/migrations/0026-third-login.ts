import type { Kysely, Migration } from 'kysely';
import { auditColumns, idColumn } from './columns';

// Third-party sign-in (issue 16).
// sys_third_app_config: the OpenID Connect providers an administrator configured (the original's table of
// that name, which held DingTalk/WeCom apps): third_type is the provider's code used in the sign-in paths,
// client_secret holds AES-256-GCM ciphertext keyed from the install secret (core/auth/secret-box.ts).
// Providers are install-wide: the sign-in page has no tenant yet.
// sys_third_account: a provider's account (its subject, third_user_uuid) linked to one of our users.
// sys_third_login_flow: short-lived single-use rows of the sign-in flow: 'state' rows (the PKCE verifier,
// nonce and redirect address of an authorization request, keyed by the state) and 'ticket' rows (the
// one-time token the browser exchanges at getLoginUser). Only a SHA-256 of the key is stored.
export const thirdLogin: Migration = {
  async up(db: Kysely<any>) {
    await auditColumns(
      idColumn(db.schema.createTable('sys_third_app_config'))
        .addColumn('third_type', 'varchar(32)', (c) => c.notNull())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('issuer', 'varchar(500)', (c) => c.notNull())
        .addColumn('client_id', 'varchar(200)', (c) => c.notNull())
        .addColumn('client_secret', 'varchar(1000)')
        .addColumn('scopes', 'varchar(500)')
        .addColumn('username_claim', 'varchar(64)')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('uq_stac_third_type').on('sys_third_app_config').column('third_type').unique().execute();

    await auditColumns(
      idColumn(db.schema.createTable('sys_third_account'))
        .addColumn('sys_user_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('third_type', 'varchar(32)', (c) => c.notNull())
        .addColumn('third_user_uuid', 'varchar(255)', (c) => c.notNull())
        .addColumn('third_user_id', 'varchar(255)')
        .addColumn('realname', 'varchar(100)')
        .addColumn('avatar', 'varchar(500)')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('uq_sta_type_uuid').on('sys_third_account').columns(['third_type', 'third_user_uuid']).unique().execute();
    await db.schema.createIndex('uq_sta_user_type').on('sys_third_account').columns(['sys_user_id', 'third_type']).unique().execute();

    await db.schema
      .createTable('sys_third_login_flow')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(10)', (c) => c.notNull())
      .addColumn('third_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('purpose', 'varchar(10)', (c) => c.notNull())
      .addColumn('code_verifier', 'varchar(200)')
      .addColumn('nonce', 'varchar(100)')
      .addColumn('redirect_uri', 'varchar(1000)')
      .addColumn('user_id', 'varchar(32)')
      .addColumn('expires_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('idx_stlf_expires').on('sys_third_login_flow').column('expires_at').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('sys_third_login_flow').execute();
    await db.schema.dropTable('sys_third_account').execute();
    await db.schema.dropTable('sys_third_app_config').execute();
  },
};
