import { type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import { auditColumns, idColumn } from './columns';
import { addUniqueWhere } from './dialect';

// The safety-education area (issue 12): content (courses, media, skills, questions, papers, hazard
// scenes), classes and teams, and what students do with it (progress, attempts, wrong answers, hazard
// plays, works). Every table carries tenant_id; times are 'YYYY-MM-DD HH:mm:ss' text like elsewhere,
// except the timers of attempts and plays, kept as epoch milliseconds so a reload can resume exactly.

type T = CreateTableBuilder<string, never>;
const tenant = <C extends string>(t: CreateTableBuilder<string, C>) => t.addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0));
const content = <C extends string>(t: CreateTableBuilder<string, C>) =>
  t
    .addColumn('category', 'varchar(32)')
    .addColumn('grade_band', 'varchar(32)')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0));

async function table(db: Kysely<any>, name: string, build: (t: T) => CreateTableBuilder<string, any>, indexes: Array<[cols: string[], unique?: boolean]> = []) {
  await build(idColumn(db.schema.createTable(name))).execute();
  for (const [cols, unique] of indexes) {
    let ix = db.schema.createIndex(`${unique ? 'uniq' : 'idx'}_${name}_${cols.join('_')}`).on(name).columns(cols);
    if (unique) ix = ix.unique();
    await ix.execute();
  }
}

const TABLES = [
  'stu_team_score',
  'stu_team_member',
  'stu_team',
  'stu_work',
  'stu_hazard_click',
  'stu_hazard_play',
  'stu_hazard_region',
  'stu_hazard_scene',
  'stu_wrong_book',
  'stu_attempt_item',
  'stu_attempt',
  'stu_activity_class',
  'stu_activity_lesson',
  'stu_activity',
  'stu_paper_rule',
  'stu_paper_question',
  'stu_paper',
  'stu_question_option',
  'stu_question',
  'stu_lesson_progress',
  'stu_lesson',
  'stu_course_chapter',
  'stu_course',
  'stu_skill_step',
  'stu_skill',
  'stu_poster',
  'stu_video',
  'stu_picture',
  'stu_class_member',
  'stu_class',
];

export const students: Migration = {
  async up(db: Kysely<any>) {
    // classes: a teacher sees the statistics of the classes they teach, nothing else
    await table(db, 'stu_class', (t) =>
      tenant(auditColumns(t.addColumn('name', 'varchar(100)', (c) => c.notNull()).addColumn('grade', 'varchar(32)').addColumn('depart_id', 'varchar(32)').addColumn('description', 'varchar(500)'))),
      [[['tenant_id']]],
    );
    await table(db, 'stu_class_member', (t) =>
      tenant(
        t
          .addColumn('class_id', 'varchar(32)', (c) => c.notNull().references('stu_class.id').onDelete('cascade'))
          .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
          .addColumn('member_role', 'varchar(16)', (c) => c.notNull()), // student | teacher
      ),
      [[['class_id', 'user_id'], true], [['user_id']]],
    );

    // media
    await table(db, 'stu_picture', (t) =>
      tenant(auditColumns(content(t.addColumn('title', 'varchar(200)', (c) => c.notNull()).addColumn('cover', 'varchar(500)').addColumn('images', 'text').addColumn('description', 'text')))),
      [[['tenant_id', 'published']]],
    );
    await table(db, 'stu_video', (t) =>
      tenant(
        auditColumns(
          content(
            t
              .addColumn('title', 'varchar(200)', (c) => c.notNull())
              .addColumn('cover', 'varchar(500)')
              .addColumn('file_path', 'varchar(500)')
              .addColumn('duration_seconds', 'integer', (c) => c.notNull().defaultTo(0))
              .addColumn('file_size', 'bigint')
              .addColumn('description', 'text'),
          ),
        ),
      ),
      [[['tenant_id', 'published']]],
    );
    await table(db, 'stu_poster', (t) =>
      tenant(auditColumns(content(t.addColumn('title', 'varchar(200)', (c) => c.notNull()).addColumn('image', 'varchar(500)').addColumn('description', 'text')))),
      [[['tenant_id', 'published']]],
    );
    await table(db, 'stu_skill', (t) =>
      tenant(auditColumns(content(t.addColumn('title', 'varchar(200)', (c) => c.notNull()).addColumn('cover', 'varchar(500)').addColumn('summary', 'varchar(1000)')))),
      [[['tenant_id', 'published']]],
    );
    await table(db, 'stu_skill_step', (t) =>
      tenant(
        t
          .addColumn('skill_id', 'varchar(32)', (c) => c.notNull().references('stu_skill.id').onDelete('cascade'))
          .addColumn('step_no', 'integer', (c) => c.notNull())
          .addColumn('content', 'varchar(2000)', (c) => c.notNull())
          .addColumn('image', 'varchar(500)'),
      ),
      [[['skill_id', 'step_no']]],
    );

    // courses
    await table(db, 'stu_course', (t) =>
      tenant(auditColumns(content(t.addColumn('title', 'varchar(200)', (c) => c.notNull()).addColumn('cover', 'varchar(500)').addColumn('description', 'text')))),
      [[['tenant_id', 'published']]],
    );
    await table(db, 'stu_course_chapter', (t) =>
      tenant(
        auditColumns(
          t
            .addColumn('course_id', 'varchar(32)', (c) => c.notNull().references('stu_course.id').onDelete('cascade'))
            .addColumn('title', 'varchar(200)', (c) => c.notNull())
            .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0)),
        ),
      ),
      [[['course_id']]],
    );
    await table(db, 'stu_lesson', (t) =>
      tenant(
        auditColumns(
          t
            .addColumn('course_id', 'varchar(32)', (c) => c.notNull().references('stu_course.id').onDelete('cascade'))
            .addColumn('chapter_id', 'varchar(32)', (c) => c.references('stu_course_chapter.id').onDelete('cascade'))
            .addColumn('title', 'varchar(200)', (c) => c.notNull())
            .addColumn('kind', 'varchar(16)', (c) => c.notNull()) // video | picture | poster | article
            .addColumn('media_id', 'varchar(32)') // stu_video / stu_picture / stu_poster by kind
            .addColumn('content', 'text') // article body (sanitised HTML)
            // seconds a student must spend: a video's length, a reading time for the others
            .addColumn('duration_seconds', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0)),
        ),
      ),
      [[['course_id', 'sort_no']]],
    );
    await table(db, 'stu_lesson_progress', (t) =>
      tenant(
        t
          .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
          .addColumn('lesson_id', 'varchar(32)', (c) => c.notNull().references('stu_lesson.id').onDelete('cascade'))
          .addColumn('course_id', 'varchar(32)', (c) => c.notNull())
          .addColumn('duration_seconds', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('max_position', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('finished_at', 'varchar(19)')
          .addColumn('update_time', 'varchar(19)'),
      ),
      [[['user_id', 'lesson_id'], true], [['course_id', 'user_id']]],
    );

    // questions and papers
    await table(db, 'stu_question', (t) =>
      tenant(
        auditColumns(
          t
            .addColumn('type', 'varchar(16)', (c) => c.notNull()) // single | multi | judge
            .addColumn('stem', 'text', (c) => c.notNull())
            .addColumn('analysis', 'text')
            .addColumn('difficulty', 'varchar(8)', (c) => c.notNull().defaultTo('2')) // 1 easy, 2 medium, 3 hard
            .addColumn('category', 'varchar(32)')
            .addColumn('grade_band', 'varchar(32)')
            .addColumn('score', 'integer', (c) => c.notNull().defaultTo(5))
            .addColumn('answer', 'varchar(64)') // labels of the right options, e.g. "A" or "A,C"
            .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0)),
        ),
      ),
      [[['tenant_id', 'category', 'type', 'difficulty']]],
    );
    await table(db, 'stu_question_option', (t) =>
      tenant(
        t
          .addColumn('question_id', 'varchar(32)', (c) => c.notNull().references('stu_question.id').onDelete('cascade'))
          .addColumn('label', 'varchar(4)', (c) => c.notNull())
          .addColumn('content', 'varchar(1000)', (c) => c.notNull())
          .addColumn('image', 'varchar(500)')
          .addColumn('is_correct', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0)),
      ),
      [[['question_id', 'label'], true]],
    );
    await table(db, 'stu_paper', (t) =>
      tenant(
        auditColumns(
          t
            .addColumn('title', 'varchar(200)', (c) => c.notNull())
            .addColumn('description', 'varchar(1000)')
            .addColumn('mode', 'varchar(8)', (c) => c.notNull().defaultTo('fixed')) // fixed | rule
            .addColumn('time_limit_minutes', 'integer', (c) => c.notNull().defaultTo(0)) // 0: no limit
            .addColumn('open_time', 'varchar(19)')
            .addColumn('close_time', 'varchar(19)')
            .addColumn('pass_score', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(0)) // 0: unlimited
            .addColumn('score_rule', 'varchar(8)', (c) => c.notNull().defaultTo('best')) // best | last
            .addColumn('partial_credit', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('shuffle_options', 'integer', (c) => c.notNull().defaultTo(1))
            .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0)),
        ),
      ),
      [[['tenant_id']]],
    );
    await table(db, 'stu_paper_question', (t) =>
      tenant(
        t
          .addColumn('paper_id', 'varchar(32)', (c) => c.notNull().references('stu_paper.id').onDelete('cascade'))
          .addColumn('question_id', 'varchar(32)', (c) => c.notNull().references('stu_question.id').onDelete('cascade'))
          .addColumn('score', 'integer', (c) => c.notNull())
          .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0)),
      ),
      [[['paper_id', 'question_id'], true]],
    );
    await table(db, 'stu_paper_rule', (t) =>
      tenant(
        t
          .addColumn('paper_id', 'varchar(32)', (c) => c.notNull().references('stu_paper.id').onDelete('cascade'))
          .addColumn('category', 'varchar(32)') // null: any
          .addColumn('type', 'varchar(16)') // null: any
          .addColumn('difficulty', 'varchar(8)') // null: any
          .addColumn('question_count', 'integer', (c) => c.notNull())
          .addColumn('score', 'integer', (c) => c.notNull())
          .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0)),
      ),
      [[['paper_id']]],
    );

    // 专题活动: a dated bundle of lessons plus a short quiz, assigned to classes
    await table(db, 'stu_activity', (t) =>
      tenant(
        auditColumns(
          t
            .addColumn('title', 'varchar(200)', (c) => c.notNull())
            .addColumn('description', 'text')
            .addColumn('cover', 'varchar(500)')
            .addColumn('start_time', 'varchar(19)')
            .addColumn('end_time', 'varchar(19)')
            .addColumn('paper_id', 'varchar(32)')
            .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0)),
        ),
      ),
      [[['tenant_id']]],
    );
    await table(db, 'stu_activity_lesson', (t) =>
      tenant(
        t
          .addColumn('activity_id', 'varchar(32)', (c) => c.notNull().references('stu_activity.id').onDelete('cascade'))
          .addColumn('lesson_id', 'varchar(32)', (c) => c.notNull().references('stu_lesson.id').onDelete('cascade'))
          .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0)),
      ),
      [[['activity_id', 'lesson_id'], true]],
    );
    await table(db, 'stu_activity_class', (t) =>
      tenant(
        t
          .addColumn('activity_id', 'varchar(32)', (c) => c.notNull().references('stu_activity.id').onDelete('cascade'))
          .addColumn('class_id', 'varchar(32)', (c) => c.notNull().references('stu_class.id').onDelete('cascade')),
      ),
      [[['activity_id', 'class_id'], true], [['class_id']]],
    );

    // attempts: each a frozen copy of the questions with its own option order
    await table(db, 'stu_attempt', (t) =>
      tenant(
        t
          .addColumn('paper_id', 'varchar(32)', (c) => c.notNull().references('stu_paper.id').onDelete('cascade'))
          .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
          .addColumn('activity_id', 'varchar(32)')
          .addColumn('status', 'varchar(8)', (c) => c.notNull()) // doing | done
          .addColumn('started_at', 'bigint', (c) => c.notNull()) // epoch ms
          .addColumn('deadline_at', 'bigint') // epoch ms, null without a time limit
          .addColumn('submitted_at', 'bigint')
          .addColumn('timed_out', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('total_score', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('correct_count', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('question_count', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('passed', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('create_time', 'varchar(19)'),
      ),
      [[['paper_id', 'user_id']], [['user_id', 'status']]],
    );
    // at most one unfinished attempt per student and paper, even when two starts race
    await addUniqueWhere(db, 'uniq_stu_attempt_open', 'stu_attempt', ['user_id', 'paper_id'], 'status', 'doing');
    await table(db, 'stu_attempt_item', (t) =>
      tenant(
        t
          .addColumn('attempt_id', 'varchar(32)', (c) => c.notNull().references('stu_attempt.id').onDelete('cascade'))
          .addColumn('question_id', 'varchar(32)', (c) => c.notNull())
          .addColumn('sort_no', 'integer', (c) => c.notNull())
          .addColumn('type', 'varchar(16)', (c) => c.notNull())
          .addColumn('stem', 'text', (c) => c.notNull())
          .addColumn('analysis', 'text')
          // JSON [{label, content, image, correct}] in the order this attempt shows them, relabelled A, B, …
          .addColumn('options_json', 'text', (c) => c.notNull())
          .addColumn('correct_answer', 'varchar(64)', (c) => c.notNull())
          .addColumn('answer', 'varchar(64)')
          .addColumn('is_right', 'integer')
          .addColumn('full_score', 'integer', (c) => c.notNull())
          .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0)),
      ),
      [[['attempt_id', 'sort_no'], true], [['attempt_id', 'question_id'], true]],
    );
    await table(db, 'stu_wrong_book', (t) =>
      tenant(
        t
          .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
          .addColumn('question_id', 'varchar(32)', (c) => c.notNull().references('stu_question.id').onDelete('cascade'))
          .addColumn('wrong_count', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('right_streak', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('last_answer', 'varchar(64)')
          .addColumn('last_wrong_at', 'varchar(19)')
          .addColumn('mastered', 'integer', (c) => c.notNull().defaultTo(0)),
      ),
      [[['user_id', 'question_id'], true], [['user_id', 'mastered']]],
    );

    // hazard spotting
    await table(db, 'stu_hazard_scene', (t) =>
      tenant(
        auditColumns(
          content(
            t
              .addColumn('title', 'varchar(200)', (c) => c.notNull())
              .addColumn('image', 'varchar(500)')
              // pixel size of the image: a circle's radius is a fraction of the width, so hit tests need the ratio
              .addColumn('image_width', 'integer', (c) => c.notNull().defaultTo(0))
              .addColumn('image_height', 'integer', (c) => c.notNull().defaultTo(0))
              .addColumn('description', 'varchar(1000)')
              .addColumn('required_count', 'integer', (c) => c.notNull().defaultTo(0)) // 0: all regions
              .addColumn('time_limit_seconds', 'integer', (c) => c.notNull().defaultTo(0)) // 0: no limit
              .addColumn('hints_allowed', 'integer', (c) => c.notNull().defaultTo(0))
              .addColumn('hit_score', 'integer', (c) => c.notNull().defaultTo(100))
              .addColumn('wrong_penalty', 'integer', (c) => c.notNull().defaultTo(0))
              .addColumn('time_bonus_per_second', 'integer', (c) => c.notNull().defaultTo(0)),
          ),
        ),
      ),
      [[['tenant_id', 'published']]],
    );
    await table(db, 'stu_hazard_region', (t) =>
      tenant(
        t
          .addColumn('scene_id', 'varchar(32)', (c) => c.notNull().references('stu_hazard_scene.id').onDelete('cascade'))
          .addColumn('shape', 'varchar(8)', (c) => c.notNull()) // rect | circle | polygon
          // JSON, fractions of the image (0–1): rect {x,y,w,h}; circle {cx,cy,r} (r of the width); polygon {points:[[x,y],…]}
          .addColumn('coords', 'text', (c) => c.notNull())
          .addColumn('title', 'varchar(200)', (c) => c.notNull())
          .addColumn('risk', 'varchar(1000)')
          .addColumn('fix', 'varchar(1000)')
          .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0)),
      ),
      [[['scene_id']]],
    );
    await table(db, 'stu_hazard_play', (t) =>
      tenant(
        t
          .addColumn('scene_id', 'varchar(32)', (c) => c.notNull().references('stu_hazard_scene.id').onDelete('cascade'))
          .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
          .addColumn('status', 'varchar(8)', (c) => c.notNull()) // playing | done
          .addColumn('started_at', 'bigint', (c) => c.notNull())
          .addColumn('deadline_at', 'bigint')
          .addColumn('finished_at', 'bigint')
          .addColumn('found_count', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('miss_count', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('hints_used', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('create_time', 'varchar(19)'),
      ),
      [[['scene_id', 'user_id']], [['user_id', 'status']]],
    );
    await addUniqueWhere(db, 'uniq_stu_hazard_play_open', 'stu_hazard_play', ['user_id', 'scene_id'], 'status', 'playing');
    await table(db, 'stu_hazard_click', (t) =>
      tenant(
        t
          .addColumn('play_id', 'varchar(32)', (c) => c.notNull().references('stu_hazard_play.id').onDelete('cascade'))
          .addColumn('x', 'double precision', (c) => c.notNull())
          .addColumn('y', 'double precision', (c) => c.notNull())
          .addColumn('region_id', 'varchar(32)') // null: a miss
          .addColumn('hint', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('at', 'bigint', (c) => c.notNull()),
      ),
      [[['play_id']]],
    );

    // competition teams and students' works
    await table(db, 'stu_team', (t) =>
      tenant(auditColumns(t.addColumn('name', 'varchar(100)', (c) => c.notNull()).addColumn('slogan', 'varchar(200)').addColumn('logo', 'varchar(500)').addColumn('class_id', 'varchar(32)'))),
      [[['tenant_id']]],
    );
    await table(db, 'stu_team_member', (t) =>
      tenant(
        t
          .addColumn('team_id', 'varchar(32)', (c) => c.notNull().references('stu_team.id').onDelete('cascade'))
          .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
          .addColumn('member_role', 'varchar(16)', (c) => c.notNull().defaultTo('member')) // captain | member
          .addColumn('join_time', 'varchar(19)'),
      ),
      [[['team_id', 'user_id'], true], [['user_id']]],
    );
    await table(db, 'stu_team_score', (t) =>
      tenant(
        t
          .addColumn('team_id', 'varchar(32)', (c) => c.notNull().references('stu_team.id').onDelete('cascade'))
          .addColumn('user_id', 'varchar(32)') // the member who earned it, null for a team award
          .addColumn('points', 'integer', (c) => c.notNull())
          .addColumn('reason', 'varchar(200)', (c) => c.notNull())
          .addColumn('source_id', 'varchar(32)') // attempt or play that earned it: counted once
          .addColumn('create_by', 'varchar(32)')
          .addColumn('create_time', 'varchar(19)'),
      ),
      [[['team_id']], [['source_id']]],
    );
    await table(db, 'stu_work', (t) =>
      tenant(
        auditColumns(
          t
            .addColumn('title', 'varchar(200)', (c) => c.notNull())
            .addColumn('author_id', 'varchar(32)', (c) => c.notNull())
            .addColumn('team_id', 'varchar(32)')
            .addColumn('files', 'text')
            .addColumn('description', 'text')
            .addColumn('review_status', 'varchar(8)', (c) => c.notNull().defaultTo('0')) // 0 pending, 1 approved, 2 rejected
            .addColumn('review_comment', 'varchar(500)')
            .addColumn('award', 'varchar(32)')
            .addColumn('reviewed_by', 'varchar(32)')
            .addColumn('reviewed_at', 'varchar(19)'),
        ),
      ),
      [[['tenant_id', 'review_status']], [['author_id']]],
    );
  },
  async down(db: Kysely<any>) {
    for (const t of TABLES) await db.schema.dropTable(t).ifExists().execute();
  },
};
