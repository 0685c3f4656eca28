import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import { auditColumns, idColumn } from './columns';

// 危险预判 (hazard perception on video): a clip with the windows in which each hazard develops, and one
// run per viewing, bound to the student, submitted once with the taps and its scores. A run keeps a copy
// of the windows it was scored against, so later edits of the clip do not change a stored result.

const tenant = <C extends string>(t: CreateTableBuilder<string, C>) => t.addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0));

export const hazardClips: Migration = {
  async up(db: Kysely<any>) {
    await tenant(
      auditColumns(
        idColumn(db.schema.createTable('stu_hazard_clip'))
          .addColumn('title', 'varchar(200)', (c) => c.notNull())
          .addColumn('file_path', 'varchar(500)', (c) => c.notNull())
          .addColumn('cover', 'varchar(500)')
          .addColumn('duration_seconds', 'double precision', (c) => c.notNull())
          .addColumn('description', 'varchar(1000)')
          // JSON [{start, end, region: {x,y,w,h} | null, title, explanation}], seconds from the clip's start
          .addColumn('windows_json', 'text')
          // the pattern rule: more than burst_taps taps within burst_seconds, or rhythm_taps evenly spaced taps (0: off)
          .addColumn('burst_taps', 'integer', (c) => c.notNull().defaultTo(3))
          .addColumn('burst_seconds', 'double precision', (c) => c.notNull().defaultTo(1))
          .addColumn('rhythm_taps', 'integer', (c) => c.notNull().defaultTo(5))
          .addColumn('rhythm_tolerance', 'integer', (c) => c.notNull().defaultTo(20)) // percent of the mean spacing
          .addColumn('category', 'varchar(32)')
          .addColumn('grade_band', 'varchar(32)')
          .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0)),
      ),
    ).execute();
    await db.schema.createIndex('idx_stu_hazard_clip_tenant').on('stu_hazard_clip').columns(['tenant_id', 'published']).execute();
    await tenant(
      idColumn(db.schema.createTable('stu_hazard_clip_run'))
        .addColumn('clip_id', 'varchar(32)', (c) => c.notNull().references('stu_hazard_clip.id').onDelete('cascade'))
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
        .addColumn('status', 'varchar(8)', (c) => c.notNull()) // open | done
        .addColumn('started_at', 'bigint', (c) => c.notNull()) // epoch ms
        .addColumn('submitted_at', 'bigint')
        .addColumn('duration_seconds', 'double precision', (c) => c.notNull())
        .addColumn('taps_json', 'text') // [seconds], as submitted
        .addColumn('windows_json', 'text') // the windows scored against, with each one's score and first tap
        .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_score', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('patterned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('create_time', 'varchar(19)'),
    ).execute();
    await db.schema.createIndex('idx_stu_hazard_clip_run_user').on('stu_hazard_clip_run').columns(['user_id', 'clip_id', 'status']).execute();
    await db.schema.createIndex('idx_stu_hazard_clip_run_clip').on('stu_hazard_clip_run').columns(['clip_id', 'status']).execute();
  },
  async down(db: Kysely<any>) {
    for (const t of ['stu_hazard_clip_run', 'stu_hazard_clip']) await db.schema.dropTable(t).ifExists().execute();
  },
};
