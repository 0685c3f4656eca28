import type { Kysely, Migration } from 'kysely';

// Per-role authorization of online forms (issue 15): the original's onl_auth_page (field and button
// rules), onl_auth_data (row conditions) and onl_auth_relation (rules granted to roles).
export const onlineAuth: Migration = {
  async up(db: Kysely<any>) {
    const audit = (t: any) =>
      t
        .addColumn('create_by', 'varchar(50)')
        .addColumn('create_time', 'varchar(19)')
        .addColumn('update_by', 'varchar(50)')
        .addColumn('update_time', 'varchar(19)');
    await audit(
      db.schema
        .createTable('onl_auth_page')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('cgform_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('code', 'varchar(100)', (c) => c.notNull())
        .addColumn('type', 'integer', (c) => c.notNull())
        .addColumn('control', 'integer', (c) => c.notNull())
        .addColumn('page', 'integer', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)),
    ).execute();
    await db.schema.createIndex('uq_onl_auth_page_rule').on('onl_auth_page').columns(['cgform_id', 'type', 'code', 'page', 'control']).unique().execute();
    await audit(
      db.schema
        .createTable('onl_auth_data')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('cgform_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('rule_name', 'varchar(50)', (c) => c.notNull())
        .addColumn('rule_column', 'varchar(64)')
        .addColumn('rule_operator', 'varchar(20)', (c) => c.notNull())
        .addColumn('rule_value', 'varchar(255)')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)),
    ).execute();
    await db.schema.createIndex('idx_onl_auth_data_form').on('onl_auth_data').column('cgform_id').execute();
    await db.schema
      .createTable('onl_auth_relation')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('role_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('auth_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('cgform_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('auth_mode', 'varchar(20)', (c) => c.notNull().defaultTo('role'))
      .execute();
    await db.schema.createIndex('uq_onl_auth_relation').on('onl_auth_relation').columns(['role_id', 'auth_id']).unique().execute();
    await db.schema.createIndex('idx_onl_auth_relation_form').on('onl_auth_relation').columns(['cgform_id', 'type']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('onl_auth_relation').execute();
    await db.schema.dropTable('onl_auth_data').execute();
    await db.schema.dropTable('onl_auth_page').execute();
  },
};
