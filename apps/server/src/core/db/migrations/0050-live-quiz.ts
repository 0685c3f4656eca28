import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import { idColumn } from './columns';
import { addUniqueWhere } from './dialect';

// 课堂答题: a live quiz a class's teacher runs on the classroom screen, students answering on their phones.
// The whole state is in these rows (no node keeps it in memory): the session with its current question,
// a frozen copy of each question (its options and right answer as they were when it started), who joined,
// and one answer per student and question.

const tenant = <C extends string>(t: CreateTableBuilder<string, C>) => t.addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0));

export const liveQuiz: Migration = {
  async up(db: Kysely<any>) {
    await tenant(
      idColumn(db.schema.createTable('stu_live_session'))
        .addColumn('class_id', 'varchar(32)', (c) => c.notNull().references('stu_class.id').onDelete('cascade'))
        .addColumn('paper_id', 'varchar(32)')
        .addColumn('teacher_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('code', 'varchar(6)', (c) => c.notNull())
        .addColumn('status', 'varchar(8)', (c) => c.notNull()) // open | ended
        .addColumn('current_index', 'integer', (c) => c.notNull().defaultTo(-1))
        .addColumn('question_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('started_at', 'bigint', (c) => c.notNull()) // epoch ms
        .addColumn('active_at', 'bigint', (c) => c.notNull()) // the teacher's last step; long-idle sessions end
        .addColumn('ended_at', 'bigint')
        .addColumn('create_time', 'varchar(19)'),
    ).execute();
    // a code names one open session; ended ones give theirs back
    await addUniqueWhere(db, 'uniq_stu_live_session_code', 'stu_live_session', ['code'], 'status', 'open');
    await db.schema.createIndex('idx_stu_live_session_class').on('stu_live_session').columns(['class_id', 'status']).execute();
    await tenant(
      idColumn(db.schema.createTable('stu_live_question'))
        .addColumn('session_id', 'varchar(32)', (c) => c.notNull().references('stu_live_session.id').onDelete('cascade'))
        .addColumn('sort_no', 'integer', (c) => c.notNull())
        .addColumn('question_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('stem', 'text', (c) => c.notNull())
        .addColumn('options_json', 'text', (c) => c.notNull())
        .addColumn('correct_answer', 'varchar(64)', (c) => c.notNull())
        .addColumn('opened_at', 'bigint') // epoch ms, null until shown
        .addColumn('deadline_at', 'bigint')
        .addColumn('revealed', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('uniq_stu_live_question').on('stu_live_question').columns(['session_id', 'sort_no']).unique().execute();
    await tenant(
      idColumn(db.schema.createTable('stu_live_member'))
        .addColumn('session_id', 'varchar(32)', (c) => c.notNull().references('stu_live_session.id').onDelete('cascade'))
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
        .addColumn('joined_at', 'bigint', (c) => c.notNull()),
    ).execute();
    await db.schema.createIndex('uniq_stu_live_member').on('stu_live_member').columns(['session_id', 'user_id']).unique().execute();
    await tenant(
      idColumn(db.schema.createTable('stu_live_answer'))
        .addColumn('session_id', 'varchar(32)', (c) => c.notNull().references('stu_live_session.id').onDelete('cascade'))
        .addColumn('item_id', 'varchar(32)', (c) => c.notNull().references('stu_live_question.id').onDelete('cascade'))
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
        .addColumn('answer', 'varchar(64)', (c) => c.notNull())
        .addColumn('is_right', 'integer', (c) => c.notNull())
        .addColumn('answered_at', 'bigint', (c) => c.notNull()),
    ).execute();
    // one answer per student and question, even when two arrive together
    await db.schema.createIndex('uniq_stu_live_answer').on('stu_live_answer').columns(['item_id', 'user_id']).unique().execute();
    await db.schema.createIndex('idx_stu_live_answer_user').on('stu_live_answer').columns(['user_id', 'session_id']).execute();
  },
  async down(db: Kysely<any>) {
    for (const t of ['stu_live_answer', 'stu_live_member', 'stu_live_question', 'stu_live_session']) await db.schema.dropTable(t).ifExists().execute();
  },
};
