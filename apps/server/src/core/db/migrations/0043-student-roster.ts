import type { Kysely, Migration } from 'kysely';

// A school's roster: the must-change flag of a first password (set by a roster import, a login card or
// a teacher's reset; cleared when the user picks their own), and each student's 学号 and parent phone in a
// tenant, which a re-import matches on and a later family link reads.
export const studentRoster: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('sys_user').addColumn('pwd_must_change', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema
      .createTable('stu_student')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
      .addColumn('student_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('parent_phone', 'varchar(32)')
      .addColumn('create_time', 'varchar(19)')
      .addColumn('update_time', 'varchar(19)')
      .execute();
    await db.schema.createIndex('uniq_stu_student_tenant_no').on('stu_student').columns(['tenant_id', 'student_no']).unique().execute();
    await db.schema.createIndex('uniq_stu_student_tenant_user').on('stu_student').columns(['tenant_id', 'user_id']).unique().execute();
    await db.schema.createIndex('idx_stu_student_user').on('stu_student').column('user_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('stu_student').execute();
    await db.schema.alterTable('sys_user').dropColumn('pwd_must_change').execute();
  },
};
