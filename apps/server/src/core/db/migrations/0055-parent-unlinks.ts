import type { Kysely, Migration } from 'kysely';
import { idColumn } from './columns';

// A parent taken off a child by the class's teacher (or who left themself): the roster's parent phone
// must not link them again at their next sign-in. A teacher's new one-time code lifts it.
export const parentUnlinks: Migration = {
  async up(db: Kysely<any>) {
    await idColumn(db.schema.createTable('stu_parent_unlink'))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('parent_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
      .addColumn('student_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
      .addColumn('unlink_by', 'varchar(32)')
      .addColumn('unlink_time', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('uniq_stu_parent_unlink').on('stu_parent_unlink').columns(['parent_id', 'student_id']).unique().execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('stu_parent_unlink').ifExists().execute();
  },
};
