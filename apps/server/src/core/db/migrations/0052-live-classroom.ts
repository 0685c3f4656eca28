import type { Kysely, Migration } from 'kysely';
import { idColumn } from './columns';

// The live classroom beyond the quiz: a session may play a hazard picture (the class taps where it sees
// hazards, each tap judged against the scene's regions and kept per student), may count for an assignment,
// and keeps each question's full score so a linked quiz becomes a scored attempt of its paper.

export const liveClassroom: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('stu_live_session').addColumn('kind', 'varchar(8)', (c) => c.notNull().defaultTo('quiz')).execute(); // quiz | hazard
    await db.schema.alterTable('stu_live_session').addColumn('scene_id', 'varchar(32)').execute();
    await db.schema.alterTable('stu_live_session').addColumn('assignment_id', 'varchar(32)').execute();
    await db.schema.alterTable('stu_live_question').addColumn('full_score', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await idColumn(db.schema.createTable('stu_live_tap'))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('session_id', 'varchar(32)', (c) => c.notNull().references('stu_live_session.id').onDelete('cascade'))
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull()) // 1.. per student: the unique key caps the taps under races
      .addColumn('x', 'double precision', (c) => c.notNull()) // fractions of the image
      .addColumn('y', 'double precision', (c) => c.notNull())
      .addColumn('region_id', 'varchar(32)') // the hazard hit, null for a miss
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('uniq_stu_live_tap').on('stu_live_tap').columns(['session_id', 'user_id', 'seq']).unique().execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('stu_live_tap').ifExists().execute();
    await db.schema.alterTable('stu_live_question').dropColumn('full_score').execute();
    for (const c of ['assignment_id', 'scene_id', 'kind']) await db.schema.alterTable('stu_live_session').dropColumn(c).execute();
  },
};
