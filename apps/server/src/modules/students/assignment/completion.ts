// Whether an assignment is done, read from what students really did; nothing here is ever ticked by hand.
//   lesson   its progress row is finished
//   course   every lesson of the course is finished
//   paper    an attempt submitted after the assignment opened (its best such score is shown)
//   hazard   a play of the scene finished after the assignment opened (its best such score is shown)
//   activity every lesson of the activity finished and, when it has a quiz paper, an attempt of that paper
//            submitted after the assignment opened: the activity module keeps no completion of its own,
//            so its parts decide, as they do in the teachers' activity statistics
import type { AssignmentItemKind, AssignmentItemState, AssignmentStatus } from '@anxue/shared';
import type { Db } from '../../../core/db';
import { formatDateTime } from '../../../core/db';
import { parseDateTime } from '../study/common';

export interface AssignmentRow {
  id: string;
  title: string;
  openTime: string;
  dueTime: string;
  receipt: number;
  tenantId: number;
}

/** An item with what it takes: lessons finished, papers submitted and scenes played after the opening. */
interface Requirement {
  kind: AssignmentItemKind;
  id: string;
  title: string;
  lessons: string[];
  papers: string[];
  scenes: string[];
}

/** The users whose progress is read: a list, or a subquery of user ids. */
type Users = readonly string[] | { readonly isSelectQueryBuilder: true } | any;

export interface StudentOutcome {
  items: AssignmentItemState[];
  done: boolean;
  finishedAt: number | null;
  dueAt: number;
  status: AssignmentStatus;
}

const toMillis = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The items of an assignment in order, each with its title and what it takes. */
export async function requirements(db: Db, assignmentId: string): Promise<Requirement[]> {
  const items = await db.selectFrom('stuAssignmentItem').select(['kind', 'itemId']).where('assignmentId', '=', assignmentId).orderBy('sortNo').orderBy('id').execute();
  const ids = (kind: string) => items.filter((i) => i.kind === kind).map((i) => i.itemId);
  const none = Promise.resolve([] as any[]);
  const [lessons, courses, courseLessons, papers, scenes, activities, activityLessons] = await Promise.all([
    ids('lesson').length ? db.selectFrom('stuLesson').select(['id', 'title']).where('id', 'in', ids('lesson')).execute() : none,
    ids('course').length ? db.selectFrom('stuCourse').select(['id', 'title']).where('id', 'in', ids('course')).execute() : none,
    ids('course').length ? db.selectFrom('stuLesson').select(['id', 'courseId']).where('courseId', 'in', ids('course')).execute() : none,
    ids('paper').length ? db.selectFrom('stuPaper').select(['id', 'title']).where('id', 'in', ids('paper')).execute() : none,
    ids('hazard').length ? db.selectFrom('stuHazardScene').select(['id', 'title']).where('id', 'in', ids('hazard')).execute() : none,
    ids('activity').length ? db.selectFrom('stuActivity').select(['id', 'title', 'paperId']).where('id', 'in', ids('activity')).execute() : none,
    ids('activity').length ? db.selectFrom('stuActivityLesson').select(['activityId', 'lessonId']).where('activityId', 'in', ids('activity')).execute() : none,
  ]);
  const title = (rows: Array<{ id: string; title: string }>, id: string) => rows.find((r) => r.id === id)?.title ?? '';
  return items.map((i): Requirement => {
    const kind = i.kind as AssignmentItemKind;
    const id = i.itemId;
    switch (kind) {
      case 'lesson':
        return { kind, id, title: title(lessons, id), lessons: [id], papers: [], scenes: [] };
      case 'course':
        return { kind, id, title: title(courses, id), lessons: courseLessons.filter((l) => l.courseId === id).map((l) => l.id), papers: [], scenes: [] };
      case 'paper':
        return { kind, id, title: title(papers, id), lessons: [], papers: [id], scenes: [] };
      case 'hazard':
        return { kind, id, title: title(scenes, id), lessons: [], papers: [], scenes: [id] };
      default: {
        const a = activities.find((x) => x.id === id);
        return { kind, id, title: a?.title ?? '', lessons: activityLessons.filter((l) => l.activityId === id).map((l) => l.lessonId), papers: a?.paperId ? [a.paperId] : [], scenes: [] };
      }
    }
  });
}

/** The due time of each user who was given more time. */
export async function extensions(db: Db, assignmentId: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('stuAssignmentExtension').select(['userId', 'dueTime']).where('assignmentId', '=', assignmentId).execute();
  return new Map(rows.map((r) => [r.userId, r.dueTime]));
}

/**
 * Each user's outcome: one query per kind of progress over all the users at once (lesson rows, attempts
 * and plays grouped by user), so a class of thousands costs three statements, not one per student.
 */
export async function outcomes(db: Db, a: AssignmentRow, reqs: Requirement[], users: Users, userIds: readonly string[], due: Map<string, string>, now: number): Promise<Map<string, StudentOutcome>> {
  const openAt = parseDateTime(a.openTime) ?? 0;
  const lessonIds = [...new Set(reqs.flatMap((r) => r.lessons))];
  const paperIds = [...new Set(reqs.flatMap((r) => r.papers))];
  const sceneIds = [...new Set(reqs.flatMap((r) => r.scenes))];
  const [lessonRows, attemptRows, playRows] = await Promise.all([
    lessonIds.length
      ? db.selectFrom('stuLessonProgress').select(['userId', 'lessonId', 'finishedAt']).where('tenantId', '=', a.tenantId).where('finished', '=', 1).where('lessonId', 'in', lessonIds).where('userId', 'in', users).execute()
      : Promise.resolve([]),
    paperIds.length
      ? db
          .selectFrom('stuAttempt')
          .select((eb) => ['userId', 'paperId', eb.fn.max('score').as('score'), eb.fn.min('submittedAt').as('at')])
          .where('tenantId', '=', a.tenantId)
          .where('status', '=', 'done')
          .where('paperId', 'in', paperIds)
          .where('submittedAt', '>=', openAt)
          .where('userId', 'in', users)
          .groupBy(['userId', 'paperId'])
          .execute()
      : Promise.resolve([]),
    sceneIds.length
      ? db
          .selectFrom('stuHazardPlay')
          .select((eb) => ['userId', 'sceneId', eb.fn.max('score').as('score'), eb.fn.min('finishedAt').as('at')])
          .where('tenantId', '=', a.tenantId)
          .where('status', '=', 'done')
          .where('sceneId', 'in', sceneIds)
          .where('finishedAt', '>=', openAt)
          .where('userId', 'in', users)
          .groupBy(['userId', 'sceneId'])
          .execute()
      : Promise.resolve([]),
  ]);
  const lessonAt = new Map(lessonRows.map((r) => [`${r.userId}|${r.lessonId}`, parseDateTime(r.finishedAt) ?? openAt]));
  const paperAt = new Map(attemptRows.map((r) => [`${r.userId}|${r.paperId}`, { at: toMillis(r.at)!, score: toMillis(r.score) }]));
  const sceneAt = new Map(playRows.map((r) => [`${r.userId}|${r.sceneId}`, { at: toMillis(r.at)!, score: toMillis(r.score) }]));
  const defaultDue = parseDateTime(a.dueTime)!;

  const out = new Map<string, StudentOutcome>();
  for (const userId of userIds) {
    const items = reqs.map((r): AssignmentItemState => {
      let done = true;
      let last: number | null = null;
      let score: number | null = null;
      const see = (at: number | null | undefined) => {
        if (at === null || at === undefined) done = false;
        else last = Math.max(last ?? at, at);
      };
      for (const l of r.lessons) see(lessonAt.get(`${userId}|${l}`));
      for (const p of r.papers) {
        const got = paperAt.get(`${userId}|${p}`);
        see(got?.at);
        if (got) score = got.score;
      }
      for (const s of r.scenes) {
        const got = sceneAt.get(`${userId}|${s}`);
        see(got?.at);
        if (got) score = got.score;
      }
      return { kind: r.kind, id: r.id, title: r.title, done, finishedAt: done && last !== null ? formatDateTime(new Date(last)) : null, score: r.kind === 'lesson' || r.kind === 'course' ? null : score };
    });
    const done = items.every((i) => i.done);
    const times = items.map((i) => parseDateTime(i.finishedAt)).filter((t): t is number => t !== null);
    const finishedAt = done && times.length ? Math.max(...times) : null;
    const dueAt = parseDateTime(due.get(userId)) ?? defaultDue;
    const status: AssignmentStatus = done ? (finishedAt !== null && finishedAt > dueAt ? 'late' : 'done') : now > dueAt ? 'overdue' : 'todo';
    out.set(userId, { items, done, finishedAt, dueAt, status });
  }
  return out;
}
