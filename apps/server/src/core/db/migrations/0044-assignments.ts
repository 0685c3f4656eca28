import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import { auditColumns, idColumn } from './columns';

// 安全作业: a teacher's work for classes (lessons, courses, papers, hazard scenes, activities) with open and
// due times, and a per-student later due time. Whether it is done is never stored: it is read from progress.

const tenant = <C extends string>(t: CreateTableBuilder<string, C>) => t.addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0));

export const assignments: Migration = {
  async up(db: Kysely<any>) {
    await tenant(
      auditColumns(
        idColumn(db.schema.createTable('stu_assignment'))
          .addColumn('title', 'varchar(200)', (c) => c.notNull())
          .addColumn('open_time', 'varchar(19)', (c) => c.notNull())
          .addColumn('due_time', 'varchar(19)', (c) => c.notNull())
          .addColumn('receipt', 'integer', (c) => c.notNull().defaultTo(0)),
      ),
    ).execute();
    await db.schema.createIndex('idx_stu_assignment_tenant_id').on('stu_assignment').columns(['tenant_id', 'open_time']).execute();
    await tenant(
      idColumn(db.schema.createTable('stu_assignment_class'))
        .addColumn('assignment_id', 'varchar(32)', (c) => c.notNull().references('stu_assignment.id').onDelete('cascade'))
        .addColumn('class_id', 'varchar(32)', (c) => c.notNull().references('stu_class.id').onDelete('cascade')),
    ).execute();
    await db.schema.createIndex('uniq_stu_assignment_class').on('stu_assignment_class').columns(['assignment_id', 'class_id']).unique().execute();
    await db.schema.createIndex('idx_stu_assignment_class_class').on('stu_assignment_class').columns(['class_id']).execute();
    await tenant(
      idColumn(db.schema.createTable('stu_assignment_item'))
        .addColumn('assignment_id', 'varchar(32)', (c) => c.notNull().references('stu_assignment.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(16)', (c) => c.notNull()) // lesson | course | paper | hazard | activity
        .addColumn('item_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('uniq_stu_assignment_item').on('stu_assignment_item').columns(['assignment_id', 'kind', 'item_id']).unique().execute();
    await tenant(
      idColumn(db.schema.createTable('stu_assignment_extension'))
        .addColumn('assignment_id', 'varchar(32)', (c) => c.notNull().references('stu_assignment.id').onDelete('cascade'))
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
        .addColumn('due_time', 'varchar(19)', (c) => c.notNull())
        .addColumn('create_by', 'varchar(32)')
        .addColumn('create_time', 'varchar(19)'),
    ).execute();
    await db.schema.createIndex('uniq_stu_assignment_extension').on('stu_assignment_extension').columns(['assignment_id', 'user_id']).unique().execute();
  },
  async down(db: Kysely<any>) {
    for (const t of ['stu_assignment_extension', 'stu_assignment_item', 'stu_assignment_class', 'stu_assignment']) await db.schema.dropTable(t).ifExists().execute();
  },
};
