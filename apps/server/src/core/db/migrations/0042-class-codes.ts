import type { Kysely, Migration } from 'kysely';
import { seedId } from '../time';
import { dropIndex } from './dialect';

// Joining a class by its code, and classes that move up a grade each year. A class's code is unique
// across every tenant (it is the whole key a student types); an archived (graduated) class keeps its
// members, attempts and progress but has no code. Join requests wait for a teacher; wrong guesses are
// counted per user so codes cannot be tried out.
export const classCodes: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('stu_class').addColumn('join_code', 'varchar(8)').execute();
    await db.schema.alterTable('stu_class').addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('stu_class').addColumn('archived_time', 'varchar(19)').execute();
    await db.schema.createIndex('uniq_stu_class_join_code').on('stu_class').column('join_code').unique().execute();
    await db.schema.createIndex('idx_stu_class_tenant_archived').on('stu_class').columns(['tenant_id', 'archived']).execute();

    await db.schema
      .createTable('stu_class_join')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('class_id', 'varchar(32)', (c) => c.notNull().references('stu_class.id').onDelete('cascade'))
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
      .addColumn('status', 'varchar(16)', (c) => c.notNull()) // pending | accepted | refused
      .addColumn('create_time', 'varchar(19)')
      .addColumn('decided_by', 'varchar(32)')
      .addColumn('decided_time', 'varchar(19)')
      .execute();
    await db.schema.createIndex('uniq_stu_class_join_class_user').on('stu_class_join').columns(['class_id', 'user_id']).unique().execute();
    await db.schema.createIndex('idx_stu_class_join_user').on('stu_class_join').column('user_id').execute();

    await db.schema
      .createTable('stu_class_code_miss')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('idx_stu_class_code_miss_user').on('stu_class_code_miss').columns(['user_id', 'at']).execute();

    // the sample as seeded before: 三年级一班 stood in grade '1', and the drawn test added up to 98
    await db.updateTable('stu_class').set({ grade: '3' }).where('id', '=', seedId('students.sample.class.demo')).where('grade', '=', '1').execute();
    await db.updateTable('stu_paper_rule').set({ score: 10 }).where('id', 'in', [seedId('students.sample.paper.mixed.multi'), seedId('students.sample.paper.mixed.judge')]).where('score', 'in', [15, 7]).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('stu_class_code_miss').execute();
    await db.schema.dropTable('stu_class_join').execute();
    await dropIndex(db, 'idx_stu_class_tenant_archived', 'stu_class');
    await dropIndex(db, 'uniq_stu_class_join_code', 'stu_class');
    await db.schema.alterTable('stu_class').dropColumn('archived_time').execute();
    await db.schema.alterTable('stu_class').dropColumn('archived').execute();
    await db.schema.alterTable('stu_class').dropColumn('join_code').execute();
  },
};
