import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STUDENT_DICTS, TEACH_PERMISSION, type ActivityStats, type ClassStats, type TeachClass } from '@anxue/shared';
import { addDictTexts } from '../../../core/crud/dict-text';
import type { ResourceField } from '../../../core/crud';
import { ok } from '../../../core/http';
import type { Db } from '../../../core/db';
import { inTenant, refuse, studyCaller, type StudyCaller } from './common';
import { countedScores, toCounted } from './counted-scores';
import { percent } from './progress';

export const TEACHER_ONLY = '只有本班教师可以查看班级统计';
const id = z.string().min(1).max(32);

/**
 * The class, when the caller teaches it. Completion and scores of a class are for its own teachers only,
 * never a public list of who has not finished (the lesson of the 2023 complaints about such lists): an
 * administrator, a teacher of another class and a student are all refused.
 */
async function taughtClass(db: Db, caller: StudyCaller, classId: string) {
  const cls = await inTenant(db.selectFrom('stuClass').select(['id', 'name']), caller)
    .where('id', '=', classId)
    .where((eb) => eb.exists(eb.selectFrom('stuClassMember').select('id').where('classId', '=', classId).where('userId', '=', caller.id).where('memberRole', '=', 'teacher')))
    .executeTakeFirst();
  if (!cls) throw refuse(TEACHER_ONLY);
  return cls;
}

const studentsOf = (db: Db, classId: string) => db.selectFrom('stuClassMember').select('userId').where('classId', '=', classId).where('memberRole', '=', 'student');

/** Class and activity statistics for a class's teachers, each figure one aggregate query over the class. */
export function registerTeachingRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: TEACH_PERMISSION };
  const tags = ['学习园地'];

  api.get('/students/teach/classes', { config, schema: { tags, summary: '我任教的班级' } }, async (req) => {
    const caller = studyCaller(req);
    const classes = await inTenant(db.selectFrom('stuClass as c').select((eb) => [
      'c.id',
      'c.name',
      'c.grade',
      eb.selectFrom('stuClassMember as s').select(eb.fn.countAll<number>().as('n')).whereRef('s.classId', '=', 'c.id').where('s.memberRole', '=', 'student').as('studentCount'),
    ]), caller, 'c.tenantId')
      .where('c.id', 'in', db.selectFrom('stuClassMember').select('classId').where('userId', '=', caller.id).where('memberRole', '=', 'teacher'))
      .where('c.archived', '=', 0)
      .orderBy('c.name')
      .execute();
    const activities = classes.length
      ? await db
          .selectFrom('stuActivityClass as ac')
          .innerJoin('stuActivity as a', 'a.id', 'ac.activityId')
          .select(['ac.classId', 'a.id', 'a.title'])
          .where('ac.classId', 'in', classes.map((c) => c.id))
          .where('a.published', '=', 1)
          .orderBy('a.startTime', 'desc')
          .execute()
      : [];
    const out: TeachClass[] = classes.map((c) => ({
      id: c.id,
      name: c.name,
      grade: c.grade,
      studentCount: Number(c.studentCount ?? 0),
      activities: activities.filter((a) => a.classId === c.id).map((a) => ({ id: a.id, title: a.title })),
    }));
    // the grade's name (三年级) as the back-office shows it, not its stored value
    await addDictTexts(db, [{ name: 'grade', title: '年级', type: 'string', dictCode: STUDENT_DICTS.grade }] as ResourceField[], out as unknown as Record<string, unknown>[]);
    return ok(out);
  });

  api.get('/students/teach/classStats', { config, schema: { tags, summary: '班级统计（仅本班教师）', querystring: z.object({ classId: id }) } }, async (req) => {
    const caller = studyCaller(req);
    const cls = await taughtClass(db, caller, req.query.classId);
    const students = () => studentsOf(db, cls.id);
    const [roster, lessonCount, finished, attempts, hazards, clips] = await Promise.all([
      db.selectFrom('stuClassMember as m').innerJoin('sysUser as u', 'u.id', 'm.userId').select(['m.userId', 'u.realname', 'u.username']).where('m.classId', '=', cls.id).where('m.memberRole', '=', 'student').orderBy('u.realname').execute(),
      inTenant(db.selectFrom('stuLesson as l').innerJoin('stuCourse as c', 'c.id', 'l.courseId').select((eb) => eb.fn.countAll<number>().as('n')).where('c.published', '=', 1), caller, 'l.tenantId').executeTakeFirst(),
      db
        .selectFrom('stuLessonProgress as p')
        .innerJoin('stuLesson as l', 'l.id', 'p.lessonId')
        .innerJoin('stuCourse as c', 'c.id', 'l.courseId')
        .select((eb) => ['p.userId', eb.fn.countAll<number>().as('n')])
        .where('p.finished', '=', 1)
        .where('c.published', '=', 1)
        .where('p.userId', 'in', students())
        .groupBy('p.userId')
        .execute(),
      inTenant(
        db
          .selectFrom('stuAttempt as a')
          .select((eb) => ['a.userId', eb.fn.countAll<number>().as('n'), eb.fn.max('a.score').as('best'), eb.fn.max('a.passed').as('passed')])
          .where('a.status', '=', 'done')
          .where('a.userId', 'in', students())
          .groupBy('a.userId'),
        caller,
        'a.tenantId',
      ).execute(),
      db
        .selectFrom('stuHazardClick as k')
        .innerJoin('stuHazardPlay as p', 'p.id', 'k.playId')
        .select((eb) => ['p.userId', eb.fn.count('k.regionId').distinct().as('n')])
        .where('k.hint', '=', 0)
        .where('k.regionId', 'is not', null)
        .where('p.userId', 'in', students())
        .groupBy('p.userId')
        .execute(),
      // 危险预判: the clips each has watched to the end
      inTenant(
        db
          .selectFrom('stuHazardClipRun as r')
          .select((eb) => ['r.userId', eb.fn.count('r.clipId').distinct().as('n')])
          .where('r.status', '=', 'done')
          .where('r.userId', 'in', students())
          .groupBy('r.userId'),
        caller,
        'r.tenantId',
      ).execute(),
    ]);
    const lessons = Number(lessonCount?.n ?? 0);
    const clipsBy = new Map(clips.map((r) => [r.userId, Number(r.n)]));
    const finishedBy = new Map(finished.map((r) => [r.userId, Number(r.n)]));
    const attemptsBy = new Map(attempts.map((r) => [r.userId, r]));
    const hazardsBy = new Map(hazards.map((r) => [r.userId, Number(r.n)]));
    const rows: ClassStats['students'] = roster.map((s) => {
      const a = attemptsBy.get(s.userId);
      return {
        userId: s.userId,
        realname: s.realname ?? s.username,
        lessonsFinished: finishedBy.get(s.userId) ?? 0,
        lessonCount: lessons,
        attempts: Number(a?.n ?? 0),
        bestScore: a ? Number(a.best) : null,
        passed: Number(a?.passed ?? 0) === 1,
        hazardsFound: hazardsBy.get(s.userId) ?? 0,
        clipsWatched: clipsBy.get(s.userId) ?? 0,
      };
    });
    const scored = rows.filter((r) => r.bestScore !== null);
    const stats: ClassStats = {
      classId: cls.id,
      className: cls.name,
      studentCount: rows.length,
      courseCompletion: rows.length ? Math.round(rows.reduce((s, r) => s + percent(r.lessonsFinished, lessons), 0) / rows.length) : 0,
      averageScore: scored.length ? Math.round((scored.reduce((s, r) => s + r.bestScore!, 0) / scored.length) * 10) / 10 : null,
      students: rows,
    };
    return ok(stats);
  });

  api.get('/students/teach/activityStats', { config, schema: { tags, summary: '活动统计（仅本班教师）', querystring: z.object({ activityId: id, classId: id }) } }, async (req) => {
    const caller = studyCaller(req);
    const cls = await taughtClass(db, caller, req.query.classId);
    const activity = await inTenant(db.selectFrom('stuActivity').select(['id', 'title', 'paperId']), caller)
      .where('id', '=', req.query.activityId)
      .where('id', 'in', db.selectFrom('stuActivityClass').select('activityId').where('classId', '=', cls.id))
      .executeTakeFirst();
    if (!activity) throw refuse('该活动未布置给本班');
    const students = () => studentsOf(db, cls.id);
    const activityLessons = () => db.selectFrom('stuActivityLesson').select('lessonId').where('activityId', '=', activity.id);
    const [count, lessonCount, lessonsDone, passed, counted] = await Promise.all([
      students().clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      db.selectFrom('stuActivityLesson').select((eb) => eb.fn.countAll<number>().as('n')).where('activityId', '=', activity.id).executeTakeFirst(),
      db
        .selectFrom('stuLessonProgress')
        .select((eb) => ['userId', eb.fn.countAll<number>().as('n')])
        .where('finished', '=', 1)
        .where('lessonId', 'in', activityLessons())
        .where('userId', 'in', students())
        .groupBy('userId')
        .execute(),
      activity.paperId
        ? db
            .selectFrom('stuAttempt')
            .select((eb) => eb.fn.count('userId').distinct().as('n'))
            .where('paperId', '=', activity.paperId)
            .where('status', '=', 'done')
            .where('passed', '=', 1)
            .where('userId', 'in', students())
            .executeTakeFirst()
        : Promise.resolve(undefined),
      activity.paperId ? countedScores(db, caller).where('a.paperId', '=', activity.paperId).where('a.userId', 'in', students()).execute() : Promise.resolve([]),
    ]);
    const studentCount = Number(count?.n ?? 0);
    const lessons = Number(lessonCount?.n ?? 0);
    const scores = counted.map(toCounted);
    const stats: ActivityStats = {
      activityId: activity.id,
      title: activity.title,
      classId: cls.id,
      className: cls.name,
      studentCount,
      lessonsDone: lessons === 0 ? studentCount : lessonsDone.filter((r) => Number(r.n) >= lessons).length,
      quizPassed: Number(passed?.n ?? 0),
      averageScore: scores.length ? Math.round((scores.reduce((s, c) => s + c.score, 0) / scores.length) * 10) / 10 : null,
    };
    return ok(stats);
  });
}
