import { sql, type Kysely, type Migration } from 'kysely';

// A menu's English name (issue 17: menus carry both names), shown when the interface is in English.
// Nullable: a menu without one falls back to the catalogue's English of its Chinese name, then to the
// Chinese itself. The seed fills it for seeded menus. A plain varchar: the same DDL on every database.
export const menuEnglishName: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('sys_permission').addColumn('name_en', 'varchar(255)').execute();
  },
  async down(db: Kysely<any>) {
    await sql`alter table sys_permission drop column name_en`.execute(db);
  },
};
