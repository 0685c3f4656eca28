import type { FastifyInstance } from 'fastify';
import { STUDY_PERMISSION, type ActivityCard, type LessonKind } from '@anxue/shared';
import { ok } from '../../../core/http';
import { imageAddress, inTenant, studyCaller } from './common';
import { paperTotals } from './attempts';
import { countedScores, toCounted } from './counted-scores';

/** 专题活动 of the caller's classes, published, each with the caller's finished lessons and counted quiz score. */
export function registerActivityRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  app.get('/students/study/activities', { config: { permission: STUDY_PERMISSION }, schema: { tags: ['学习园地'], summary: '我的专题活动' } }, async (req) => {
    const caller = studyCaller(req);
    const myClasses = inTenant(db.selectFrom('stuClassMember').select('classId'), caller).where('userId', '=', caller.id);
    const activities = await inTenant(db.selectFrom('stuActivity').select(['id', 'title', 'description', 'cover', 'startTime', 'endTime', 'paperId']), caller)
      .where('published', '=', 1)
      .where('id', 'in', db.selectFrom('stuActivityClass').select('activityId').where('classId', 'in', myClasses))
      .orderBy('startTime', 'desc')
      .orderBy('id')
      .execute();
    if (!activities.length) return ok([]);
    const ids = activities.map((a) => a.id);
    const paperIds = [...new Set(activities.map((a) => a.paperId).filter((p): p is string => !!p))];
    const [lessons, papers] = await Promise.all([
      db
        .selectFrom('stuActivityLesson as al')
        .innerJoin('stuLesson as l', 'l.id', 'al.lessonId')
        .leftJoin('stuLessonProgress as p', (j) => j.onRef('p.lessonId', '=', 'l.id').on('p.userId', '=', caller.id))
        .select(['al.activityId', 'l.id', 'l.courseId', 'l.title', 'l.kind', 'p.finished'])
        .where('al.activityId', 'in', ids)
        .orderBy('al.sortNo')
        .orderBy('al.id')
        .execute(),
      paperIds.length ? inTenant(db.selectFrom('stuPaper').select(['id', 'title', 'passScore', 'mode']), caller).where('id', 'in', paperIds).execute() : Promise.resolve([]),
    ]);
    const [totals, counted] = await Promise.all([
      paperTotals(db, papers),
      paperIds.length ? countedScores(db, caller).where('a.userId', '=', caller.id).where('a.paperId', 'in', paperIds).execute() : Promise.resolve([]),
    ]);
    const countedBy = new Map(counted.map((c) => [c.paperId, toCounted(c)]));
    const cards: ActivityCard[] = activities.map((a) => {
      const own = lessons.filter((l) => l.activityId === a.id).map((l) => ({ id: l.id, courseId: l.courseId, title: l.title, kind: l.kind as LessonKind, finished: l.finished === 1 }));
      const paper = papers.find((p) => p.id === a.paperId);
      const score = paper ? countedBy.get(paper.id) : undefined;
      return {
        id: a.id,
        title: a.title,
        description: a.description,
        cover: imageAddress(app, a.cover),
        startTime: a.startTime,
        endTime: a.endTime,
        lessons: own,
        lessonCount: own.length,
        finishedCount: own.filter((l) => l.finished).length,
        paper: paper ? { id: paper.id, title: paper.title, passScore: paper.passScore, totalScore: totals.get(paper.id)?.totalScore ?? 0 } : null,
        quizScore: score?.score ?? null,
        quizPassed: score?.passed ?? false,
      };
    });
    return ok(cards);
  });
}
