import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import { idColumn } from './columns';

// Families: a parent account linked to a child (by the roster's parent phone or a teacher's one-time
// code), the codes themselves (only a hash kept: a code is the whole key to a child's results), and the
// home-school receipts parents sign for assignments that ask for one (one per child and assignment).

const tenant = <C extends string>(t: CreateTableBuilder<string, C>) => t.addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0));

export const families: Migration = {
  async up(db: Kysely<any>) {
    await tenant(
      idColumn(db.schema.createTable('stu_parent_link'))
        .addColumn('parent_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
        .addColumn('student_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
        .addColumn('via', 'varchar(8)', (c) => c.notNull()) // phone | code
        .addColumn('create_time', 'varchar(19)'),
    ).execute();
    await db.schema.createIndex('uniq_stu_parent_link').on('stu_parent_link').columns(['parent_id', 'student_id']).unique().execute();
    await db.schema.createIndex('idx_stu_parent_link_student').on('stu_parent_link').columns(['student_id', 'tenant_id']).execute();

    await tenant(
      idColumn(db.schema.createTable('stu_parent_code'))
        .addColumn('student_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('expire_time', 'varchar(19)', (c) => c.notNull())
        .addColumn('create_by', 'varchar(32)')
        .addColumn('create_time', 'varchar(19)')
        .addColumn('used_by', 'varchar(32)')
        .addColumn('used_time', 'varchar(19)'),
    ).execute();
    await db.schema.createIndex('uniq_stu_parent_code_hash').on('stu_parent_code').column('code_hash').unique().execute();
    await db.schema.createIndex('idx_stu_parent_code_student').on('stu_parent_code').column('student_id').execute();

    await tenant(
      idColumn(db.schema.createTable('stu_assignment_receipt'))
        .addColumn('assignment_id', 'varchar(32)', (c) => c.notNull().references('stu_assignment.id').onDelete('cascade'))
        .addColumn('student_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
        // the parent who signed; a deleted parent's signature stays, without a name
        .addColumn('parent_id', 'varchar(32)', (c) => c.references('sys_user.id').onDelete('set null'))
        .addColumn('sign_time', 'varchar(19)', (c) => c.notNull()),
    ).execute();
    await db.schema.createIndex('uniq_stu_assignment_receipt').on('stu_assignment_receipt').columns(['assignment_id', 'student_id']).unique().execute();
  },
  async down(db: Kysely<any>) {
    for (const t of ['stu_assignment_receipt', 'stu_parent_code', 'stu_parent_link']) await db.schema.dropTable(t).ifExists().execute();
  },
};
