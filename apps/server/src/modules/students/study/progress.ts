import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely, Transaction } from 'kysely';
import { progressInput, STUDY_PERMISSION, type LessonProgress, type ProgressAnswer } from '@anxue/shared';
import { ok } from '../../../core/http';
import { formatDateTime, newId, type Db } from '../../../core/db';
import type { Database } from '../../../core/db/schema';
import { progressRecorded } from '../assignment/stored';
import { issueAfterLesson } from './certificates';
import { inTenant, parseDateTime, refuse, studyCaller, type StudyCaller } from './common';

/** Seconds granted on top of the wall time between two reports (network delay, rounding of stored times). */
export const PROGRESS_TOLERANCE_SECONDS = 5;
/** A player may report its length plus a little (rounding of the media's duration). */
export const LENGTH_TOLERANCE_SECONDS = 1;
export const BEYOND_LENGTH = '播放进度超出视频长度';

/**
 * The position credited after a report: never backwards, never past the lesson, and never more than the
 * wall time since the last report (plus a tolerance) ahead of what was credited, so seeking to the end
 * does not count as watching. Refuses a position beyond the lesson's length.
 */
export function creditedPosition(opts: { maxPosition: number; position: number; durationSeconds: number; elapsedSeconds: number }): number {
  const { maxPosition, position, durationSeconds } = opts;
  if (position > durationSeconds + LENGTH_TOLERANCE_SECONDS) throw refuse(BEYOND_LENGTH);
  const reachable = maxPosition + Math.max(0, opts.elapsedSeconds) + PROGRESS_TOLERANCE_SECONDS;
  return Math.floor(Math.max(maxPosition, Math.min(position, reachable, durationSeconds)));
}

type Tx = Kysely<Database> | Transaction<Database>;

export interface LessonRow {
  id: string;
  courseId: string;
  kind: string;
  mediaId: string | null;
  durationSeconds: number;
}

/** A lesson of a published course in the caller's tenant, or a refusal. */
export async function publishedLesson(db: Db, caller: StudyCaller, lessonId: string) {
  const lesson = await inTenant(
    db
      .selectFrom('stuLesson as l')
      .innerJoin('stuCourse as c', 'c.id', 'l.courseId')
      .selectAll('l')
      .where('l.id', '=', lessonId)
      .where('c.published', '=', 1),
    caller,
    'l.tenantId',
  ).executeTakeFirst();
  if (!lesson) throw refuse('课时不存在或未发布');
  return lesson;
}

/** Seconds a lesson lasts: its own duration, else (a video lesson) its video's. */
export async function lessonLength(db: Tx, lesson: LessonRow): Promise<number> {
  if (lesson.durationSeconds > 0 || lesson.kind !== 'video' || !lesson.mediaId) return lesson.durationSeconds;
  const video = await db.selectFrom('stuVideo').select('durationSeconds').where('id', '=', lesson.mediaId).executeTakeFirst();
  return video?.durationSeconds ?? 0;
}

type ProgressRow = { maxPosition: number; durationSeconds: number; finished: number; finishedAt: string | null; updateTime: string | null };
const progressView = (lessonId: string, row: ProgressRow | undefined, length: number): LessonProgress => ({
  lessonId,
  maxPosition: row?.maxPosition ?? 0,
  durationSeconds: length,
  finished: row?.finished === 1,
  finishedAt: row?.finishedAt ?? null,
});

async function progressRow(db: Tx, userId: string, lessonId: string) {
  return db
    .selectFrom('stuLessonProgress')
    .select(['maxPosition', 'durationSeconds', 'finished', 'finishedAt', 'updateTime'])
    .where('userId', '=', userId)
    .where('lessonId', '=', lessonId)
    .executeTakeFirst();
}

/**
 * Opening a lesson starts its clock (the first report is credited from here). A lesson that is not a
 * video and has no reading time is finished as soon as it is opened.
 */
export async function openLesson(db: Db, caller: StudyCaller, lesson: LessonRow, length: number, now: Date): Promise<LessonProgress> {
  const at = formatDateTime(now);
  const finishOnOpen = lesson.kind !== 'video' && length === 0;
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('stuLessonProgress')
      .values({
        id: newId(),
        tenantId: caller.tenantId,
        userId: caller.id,
        lessonId: lesson.id,
        courseId: lesson.courseId,
        durationSeconds: length,
        maxPosition: 0,
        finished: finishOnOpen ? 1 : 0,
        finishedAt: finishOnOpen ? at : null,
        updateTime: at,
      })
      .onConflict((oc) => oc.columns(['userId', 'lessonId']).doNothing())
      .execute();
    let row = await progressRow(trx, caller.id, lesson.id);
    if (row && finishOnOpen && row.finished !== 1) {
      await trx.updateTable('stuLessonProgress').set({ finished: 1, finishedAt: at }).where('userId', '=', caller.id).where('lessonId', '=', lesson.id).execute();
      row = await progressRow(trx, caller.id, lesson.id);
    } else if (row && row.finished !== 1) {
      // the clock of the next report starts when the student opens the lesson again
      await trx.updateTable('stuLessonProgress').set({ updateTime: at }).where('userId', '=', caller.id).where('lessonId', '=', lesson.id).execute();
    }
    return progressView(lesson.id, row, length);
  });
}

/** Finished lessons / lessons of a course for one student, 0–100. */
export async function courseProgress(db: Tx, userId: string, courseId: string) {
  const [lessons, finished] = await Promise.all([
    db.selectFrom('stuLesson').select((eb) => eb.fn.countAll<number>().as('n')).where('courseId', '=', courseId).executeTakeFirst(),
    db
      .selectFrom('stuLessonProgress as p')
      .innerJoin('stuLesson as l', 'l.id', 'p.lessonId')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('l.courseId', '=', courseId)
      .where('p.userId', '=', userId)
      .where('p.finished', '=', 1)
      .executeTakeFirst(),
  ]);
  return percent(Number(finished?.n ?? 0), Number(lessons?.n ?? 0));
}

export const percent = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.floor((part * 100) / whole)) : 0);

/** Records a report of the player's position; answers the credited progress and the course's. */
export async function reportProgress(db: Db, caller: StudyCaller, lesson: LessonRow, length: number, position: number, now: Date): Promise<ProgressAnswer> {
  const at = formatDateTime(now);
  return db.transaction().execute(async (trx) => {
    const row = await progressRow(trx, caller.id, lesson.id);
    const last = parseDateTime(row?.updateTime);
    const elapsed = last === null ? 0 : (now.getTime() - last) / 1000;
    const credited = creditedPosition({ maxPosition: row?.maxPosition ?? 0, position, durationSeconds: length, elapsedSeconds: elapsed });
    const finished = row?.finished === 1 || credited >= length;
    const finishedAt = row?.finishedAt ?? (finished ? at : null);
    if (row) {
      await trx
        .updateTable('stuLessonProgress')
        .set({ maxPosition: credited, durationSeconds: length, finished: finished ? 1 : 0, finishedAt, updateTime: at })
        .where('userId', '=', caller.id)
        .where('lessonId', '=', lesson.id)
        .execute();
    } else {
      await trx
        .insertInto('stuLessonProgress')
        .values({ id: newId(), tenantId: caller.tenantId, userId: caller.id, lessonId: lesson.id, courseId: lesson.courseId, durationSeconds: length, maxPosition: credited, finished: finished ? 1 : 0, finishedAt, updateTime: at })
        .execute();
    }
    const view = progressView(lesson.id, { maxPosition: credited, durationSeconds: length, finished: finished ? 1 : 0, finishedAt, updateTime: at }, length);
    return { ...view, courseId: lesson.courseId, courseProgress: await courseProgress(trx, caller.id, lesson.courseId) };
  });
}

export function registerProgressRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/students/study/progress',
    { config: { permission: STUDY_PERMISSION }, schema: { tags: ['学习园地'], summary: '上报课时进度', body: progressInput } },
    async (req) => {
      const caller = studyCaller(req);
      const lesson = await publishedLesson(db, caller, req.body.lessonId);
      const length = await lessonLength(db, lesson);
      const now = clock.now();
      const answer = await reportProgress(db, caller, lesson, length, req.body.position, now);
      if (answer.finished && answer.finishedAt === formatDateTime(now)) {
        await progressRecorded(db, caller, { lessonId: lesson.id }, now, req.log);
        await issueAfterLesson(app.ctx, req.log, caller, lesson);
      }
      return ok(answer);
    },
  );
}
