// Whether an assignment is done, read from what students really did; nothing here is ever ticked by hand.
//   lesson   its progress row is finished
//   course   every lesson of the course is finished
//   paper    an attempt submitted after the assignment opened (its best such score is shown)
//   hazard   a play of the scene finished after the assignment opened (its best such score is shown)
//   clip     a run of the 危险预判 clip submitted after the assignment opened (its best such score is shown)
//   activity every lesson of the activity finished and, when it has a quiz paper, an attempt of that paper
//            submitted after the assignment opened: the activity module keeps no completion of its own,
//            so its parts decide, as they do in the teachers' activity statistics
// The views read these facts as stored by stored.ts (kept current when progress is recorded), which are
// exactly what deriveFacts answers; status (todo, done, late, overdue) is worked out when read.
import type { AssignmentItemKind, AssignmentItemState, AssignmentStatus } from '@anxue/shared';
import { createHash } from 'node:crypto';
import type { SelectQueryBuilder } from 'kysely';
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

/** An item with what it takes: lessons finished, papers submitted, scenes played and clips watched after the opening. */
export interface Requirement {
  kind: AssignmentItemKind;
  id: string;
  title: string;
  lessons: string[];
  papers: string[];
  scenes: string[];
  clips: string[];
}

/** The users whose progress is read: a list, or a subquery of user ids. */
type Users = readonly string[] | SelectQueryBuilder<any, any, { userId: string }>;

/** What one user did of an assignment, item by item in the order of the requirements: no due time in it. */
export interface OutcomeFacts {
  itemDone: boolean[];
  /** when each item was done (epoch ms), null when not */
  itemAt: Array<number | null>;
  /** paper, hazard, clip, activity: the best score since the opening; null for lessons and courses */
  scores: Array<number | null>;
  done: boolean;
  finishedAt: number | null;
  /** the progress rows it was read from (finished lessons, attempts and plays since the opening): only grows */
  mark: number;
}

/** One user's outcome: the facts, with the due time that applies to them and the status it gives. */
export interface StudentOutcome extends OutcomeFacts {
  dueAt: number;
  status: AssignmentStatus;
}

const toMillis = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The items of an assignment in order, each with its title and what it takes. */
export async function requirements(db: Db, assignmentId: string): Promise<Requirement[]> {
  const items = await db.selectFrom('stuAssignmentItem').select(['kind', 'itemId']).where('assignmentId', '=', assignmentId).orderBy('sortNo').orderBy('id').execute();
  const ids = (kind: string) => items.filter((i) => i.kind === kind).map((i) => i.itemId);
  const none = Promise.resolve([] as any[]);
  const [lessons, courses, courseLessons, papers, scenes, activities, activityLessons, clips] = await Promise.all([
    ids('lesson').length ? db.selectFrom('stuLesson').select(['id', 'title']).where('id', 'in', ids('lesson')).execute() : none,
    ids('course').length ? db.selectFrom('stuCourse').select(['id', 'title']).where('id', 'in', ids('course')).execute() : none,
    ids('course').length ? db.selectFrom('stuLesson').select(['id', 'courseId']).where('courseId', 'in', ids('course')).execute() : none,
    ids('paper').length ? db.selectFrom('stuPaper').select(['id', 'title']).where('id', 'in', ids('paper')).execute() : none,
    ids('hazard').length ? db.selectFrom('stuHazardScene').select(['id', 'title']).where('id', 'in', ids('hazard')).execute() : none,
    ids('activity').length ? db.selectFrom('stuActivity').select(['id', 'title', 'paperId']).where('id', 'in', ids('activity')).execute() : none,
    ids('activity').length ? db.selectFrom('stuActivityLesson').select(['activityId', 'lessonId']).where('activityId', 'in', ids('activity')).execute() : none,
    ids('clip').length ? db.selectFrom('stuHazardClip').select(['id', 'title']).where('id', 'in', ids('clip')).execute() : none,
  ]);
  const title = (rows: Array<{ id: string; title: string }>, id: string) => rows.find((r) => r.id === id)?.title ?? '';
  return items.map((i): Requirement => {
    const kind = i.kind as AssignmentItemKind;
    const id = i.itemId;
    switch (kind) {
      case 'lesson':
        return { kind, id, title: title(lessons, id), lessons: [id], papers: [], scenes: [], clips: [] };
      case 'course':
        return { kind, id, title: title(courses, id), lessons: courseLessons.filter((l) => l.courseId === id).map((l) => l.id), papers: [], scenes: [], clips: [] };
      case 'paper':
        return { kind, id, title: title(papers, id), lessons: [], papers: [id], scenes: [], clips: [] };
      case 'hazard':
        return { kind, id, title: title(scenes, id), lessons: [], papers: [], scenes: [id], clips: [] };
      case 'clip':
        return { kind, id, title: title(clips, id), lessons: [], papers: [], scenes: [], clips: [id] };
      default: {
        const a = activities.find((x) => x.id === id);
        return { kind, id, title: a?.title ?? '', lessons: activityLessons.filter((l) => l.activityId === id).map((l) => l.lessonId), papers: a?.paperId ? [a.paperId] : [], scenes: [], clips: [] };
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
 * Each user's outcome in one statement: the users joined to one subquery per item and kind of progress,
 * each grouped by user (lessons finished counted, attempts and plays reduced to best score and first
 * time), so a class of thousands costs one row per student, not one query or one progress row each.
 */
export async function deriveFacts(db: Db, a: AssignmentRow, reqs: Requirement[], users: Users): Promise<Map<string, OutcomeFacts>> {
  const openAt = parseDateTime(a.openTime) ?? 0;
  let q = db.selectFrom('sysUser as u').select('u.id as userId').where('u.id', 'in', users as any) as SelectQueryBuilder<any, any, any>;
  // aliases without underscores: the camel-case plugin would rename them in the rows
  reqs.forEach((r, k) => {
    if (r.lessons.length) {
      const lessons = db
        .selectFrom('stuLessonProgress')
        .select((eb) => ['userId', eb.fn.countAll<number>().as('n'), eb.fn.max('finishedAt').as('at')])
        .where('tenantId', '=', a.tenantId)
        .where('finished', '=', 1)
        // one row per user and lesson (unique), so counting rows counts lessons
        .where('lessonId', 'in', r.lessons)
        .where('userId', 'in', users as any)
        .groupBy('userId')
        .as(`l${k}`);
      q = q.leftJoin(lessons, `l${k}.userId`, 'u.id').select([`l${k}.n as l${k}n`, `l${k}.at as l${k}at`]);
    }
    for (const [j, paperId] of r.papers.entries()) {
      const attempts = db
        .selectFrom('stuAttempt')
        .select((eb) => ['userId', eb.fn.max('score').as('score'), eb.fn.min('submittedAt').as('at'), eb.fn.countAll<number>().as('n')])
        .where('tenantId', '=', a.tenantId)
        .where('status', '=', 'done')
        .where('paperId', '=', paperId)
        .where('submittedAt', '>=', openAt)
        .where('userId', 'in', users as any)
        .groupBy('userId')
        .as(`p${k}x${j}`);
      q = q.leftJoin(attempts, `p${k}x${j}.userId`, 'u.id').select([`p${k}x${j}.score as p${k}x${j}s`, `p${k}x${j}.at as p${k}x${j}at`, `p${k}x${j}.n as p${k}x${j}n`]);
    }
    for (const [j, sceneId] of r.scenes.entries()) {
      const plays = db
        .selectFrom('stuHazardPlay')
        .select((eb) => ['userId', eb.fn.max('score').as('score'), eb.fn.min('finishedAt').as('at'), eb.fn.countAll<number>().as('n')])
        .where('tenantId', '=', a.tenantId)
        .where('status', '=', 'done')
        .where('sceneId', '=', sceneId)
        .where('finishedAt', '>=', openAt)
        .where('userId', 'in', users as any)
        .groupBy('userId')
        .as(`h${k}x${j}`);
      q = q.leftJoin(plays, `h${k}x${j}.userId`, 'u.id').select([`h${k}x${j}.score as h${k}x${j}s`, `h${k}x${j}.at as h${k}x${j}at`, `h${k}x${j}.n as h${k}x${j}n`]);
    }
    for (const [j, clipId] of r.clips.entries()) {
      const runs = db
        .selectFrom('stuHazardClipRun')
        .select((eb) => ['userId', eb.fn.max('score').as('score'), eb.fn.min('submittedAt').as('at'), eb.fn.countAll<number>().as('n')])
        .where('tenantId', '=', a.tenantId)
        .where('status', '=', 'done')
        .where('clipId', '=', clipId)
        .where('submittedAt', '>=', openAt)
        .where('userId', 'in', users as any)
        .groupBy('userId')
        .as(`v${k}x${j}`);
      q = q.leftJoin(runs, `v${k}x${j}.userId`, 'u.id').select([`v${k}x${j}.score as v${k}x${j}s`, `v${k}x${j}.at as v${k}x${j}at`, `v${k}x${j}.n as v${k}x${j}n`]);
    }
  });
  const rows = (await q.execute()) as Array<Record<string, unknown>>;
  // the lessons' times are text, mostly the same few: each parsed once
  const parsed = new Map<string, number | null>();
  const parse = (v: unknown): number | null => {
    if (v === null || v === undefined) return null;
    const s = String(v);
    let t = parsed.get(s);
    if (t === undefined) parsed.set(s, (t = parseDateTime(s) ?? openAt));
    return t;
  };
  const out = new Map<string, OutcomeFacts>();
  for (const row of rows) {
    const userId = row.userId as string;
    const itemDone: boolean[] = [];
    const itemAt: Array<number | null> = [];
    const scores: Array<number | null> = [];
    let all = true;
    let finishedAt: number | null = null;
    let mark = 0;
    reqs.forEach((r, k) => {
      let done = true;
      let last: number | null = null;
      let score: number | null = null;
      const see = (at: number | null) => {
        if (at === null) done = false;
        else last = last === null || at > last ? at : last;
      };
      if (r.lessons.length) {
        mark += Number(row[`l${k}n`] ?? 0);
        if (Number(row[`l${k}n`] ?? 0) < r.lessons.length) done = false;
        else see(parse(row[`l${k}at`]) ?? openAt);
      }
      r.papers.forEach((_, j) => {
        mark += Number(row[`p${k}x${j}n`] ?? 0);
        see(toMillis(row[`p${k}x${j}at`]));
        if (row[`p${k}x${j}at`] !== null && row[`p${k}x${j}at`] !== undefined) score = toMillis(row[`p${k}x${j}s`]);
      });
      r.scenes.forEach((_, j) => {
        mark += Number(row[`h${k}x${j}n`] ?? 0);
        see(toMillis(row[`h${k}x${j}at`]));
        if (row[`h${k}x${j}at`] !== null && row[`h${k}x${j}at`] !== undefined) score = toMillis(row[`h${k}x${j}s`]);
      });
      r.clips.forEach((_, j) => {
        mark += Number(row[`v${k}x${j}n`] ?? 0);
        see(toMillis(row[`v${k}x${j}at`]));
        if (row[`v${k}x${j}at`] !== null && row[`v${k}x${j}at`] !== undefined) score = toMillis(row[`v${k}x${j}s`]);
      });
      const at = done ? last : null;
      itemDone.push(done);
      itemAt.push(at);
      scores.push(r.kind === 'lesson' || r.kind === 'course' ? null : score);
      if (!done) all = false;
      else if (at !== null && (finishedAt === null || at > finishedAt)) finishedAt = at;
    });
    if (!all) finishedAt = null;
    out.set(userId, { itemDone, itemAt, scores, done: all, finishedAt, mark });
  }
  return out;
}

/** The status the facts give against a due time at a moment. */
export const statusOf = (f: Pick<OutcomeFacts, 'done' | 'finishedAt'>, dueAt: number, now: number): AssignmentStatus =>
  f.done ? (f.finishedAt !== null && f.finishedAt > dueAt ? 'late' : 'done') : now > dueAt ? 'overdue' : 'todo';

/** The facts with the due time of their user (an extension, else the assignment's) and their status. */
export function withStatus(a: AssignmentRow, userId: string, f: OutcomeFacts, due: Map<string, string>, now: number): StudentOutcome {
  const dueAt = parseDateTime(due.get(userId)) ?? parseDateTime(a.dueTime)!;
  return { ...f, dueAt, status: statusOf(f, dueAt, now) };
}

/** Each user's outcome read from progress now. */
export async function outcomes(db: Db, a: AssignmentRow, reqs: Requirement[], users: Users, due: Map<string, string>, now: number): Promise<Map<string, StudentOutcome>> {
  const facts = await deriveFacts(db, a, reqs, users);
  return new Map([...facts].map(([userId, f]) => [userId, withStatus(a, userId, f, due, now)]));
}

/**
 * What a stored outcome was derived under: the items with what each takes (and its title, so a deleted
 * paper or scene, whose attempts went with it, counts as a change) and the opening time. Stored rows of
 * another signature are derived again.
 */
export function signature(a: Pick<AssignmentRow, 'openTime'>, reqs: Requirement[]): string {
  // clips only where there are some, so what was stored before clips could be assigned keeps its signature
  const text = JSON.stringify([a.openTime, reqs.map((r) => [r.kind, r.id, r.title, [...r.lessons].sort(), r.papers, r.scenes, ...(r.clips.length ? [r.clips] : [])])]);
  return createHash('sha256').update(text).digest('hex').slice(0, 24);
}

/** An outcome's items as a student sees them, with titles. */
export const itemStates = (reqs: Requirement[], o: StudentOutcome): AssignmentItemState[] =>
  reqs.map((r, k) => ({ kind: r.kind, id: r.id, title: r.title, done: o.itemDone[k]!, finishedAt: o.itemAt[k] === null ? null : formatDateTime(new Date(o.itemAt[k]!)), score: o.scores[k]! }));
