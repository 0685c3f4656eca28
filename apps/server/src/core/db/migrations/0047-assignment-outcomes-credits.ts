import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import { auditColumns, idColumn } from './columns';

// 安全作业 outcomes kept current and 学分 (credits).
// - stu_assignment_outcome: each student's outcome of an assignment as completion.ts derives it from progress,
//   stored so the teachers' view of a class of thousands reads one row per student. Written when progress is
//   recorded and when the assignment is saved; a row whose requirements (sig) changed, or a missing one, is
//   derived again when read. `mark` counts the progress rows it was derived from: it only grows, so of two
//   writers racing the one that saw more wins. awarded_at: when its credits were written (once).
// - stu_credit_rule: points per kind of work (lesson, course, paper, hazard, activity, and the whole
//   assignment's bonus), in time and late, per tenant; a tenant without rows has the defaults.
// - stu_credit_ledger: credits given, one row per item and bonus of a finished assignment; never two for the
//   same (user, assignment, item). Kept when the assignment is deleted (the reason says what it was).

const tenant = <C extends string>(t: CreateTableBuilder<string, C>) => t.addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0));

export const assignmentOutcomesCredits: Migration = {
  async up(db: Kysely<any>) {
    await tenant(
      idColumn(db.schema.createTable('stu_assignment_outcome'))
        .addColumn('assignment_id', 'varchar(32)', (c) => c.notNull().references('stu_assignment.id').onDelete('cascade'))
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
        .addColumn('sig', 'varchar(64)', (c) => c.notNull())
        .addColumn('mark', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('finished_at', 'bigint') // epoch ms
        .addColumn('items', 'text', (c) => c.notNull()) // [[done 0/1, at ms|null, score|null], …] in the items' order
        .addColumn('awarded_at', 'varchar(19)')
        .addColumn('update_time', 'varchar(19)'),
    ).execute();
    await db.schema.createIndex('uniq_stu_assignment_outcome').on('stu_assignment_outcome').columns(['assignment_id', 'user_id']).unique().execute();
    await db.schema.createIndex('idx_stu_assignment_outcome_user').on('stu_assignment_outcome').columns(['user_id']).execute();

    await tenant(
      auditColumns(
        idColumn(db.schema.createTable('stu_credit_rule'))
          .addColumn('kind', 'varchar(16)', (c) => c.notNull()) // lesson | course | paper | hazard | activity | assignment
          .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('late_points', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0)),
      ),
    ).execute();
    await db.schema.createIndex('uniq_stu_credit_rule').on('stu_credit_rule').columns(['tenant_id', 'kind']).unique().execute();

    await tenant(
      idColumn(db.schema.createTable('stu_credit_ledger'))
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('reason', 'varchar(300)', (c) => c.notNull()) // what earned it, as titled then (the item, or the assignment for the bonus)
        .addColumn('assignment_title', 'varchar(200)', (c) => c.notNull())
        .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('assignment_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('item_kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('item_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('create_time', 'varchar(19)', (c) => c.notNull()),
    ).execute();
    await db.schema.createIndex('uniq_stu_credit_ledger').on('stu_credit_ledger').columns(['user_id', 'assignment_id', 'item_kind', 'item_id']).unique().execute();
    await db.schema.createIndex('idx_stu_credit_ledger_user_time').on('stu_credit_ledger').columns(['user_id', 'create_time']).execute();
    await db.schema.createIndex('idx_stu_credit_ledger_assignment').on('stu_credit_ledger').columns(['assignment_id']).execute();
  },
  async down(db: Kysely<any>) {
    for (const t of ['stu_credit_ledger', 'stu_credit_rule', 'stu_assignment_outcome']) await db.schema.dropTable(t).ifExists().execute();
  },
};
