// Outcomes of assignments kept current (stu_assignment_outcome), so a teacher's view of a class of
// thousands reads one stored row per student instead of deriving every student's progress each time.
// The stored facts are exactly what completion.ts derives; they are written
//   - when progress is recorded (progressRecorded: a lesson finished, an attempt submitted, a hazard play
//     finished, a clip's run submitted): for that student, every assignment holding the item;
//   - when an assignment is saved (refreshAssignment): every student of its classes;
//   - when read and missing (a student who joined a class since) or derived under other requirements (a
//     lesson added to a course, an activity's parts changed, an item deleted): those students, then.
// Every writer of progress calls progressRecorded after its transaction. Credits follow each write.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../core/db';
import { formatDateTime, newId } from '../../../core/db';
import { awardCredits } from './credits';
import { deriveFacts, requirements, signature, type AssignmentRow, type OutcomeFacts, type Requirement } from './completion';

/** A stored row as read: its facts, whether its credits were given, and whether it was derived under `sig`. */
export interface StoredFacts extends OutcomeFacts {
  awarded: boolean;
}

type Item = [done: 0 | 1, at: number | null, score: number | null];
const encode = (f: OutcomeFacts) => JSON.stringify(f.itemDone.map((d, k): Item => [d ? 1 : 0, f.itemAt[k] ?? null, f.scores[k] ?? null]));

export function decode(row: { done: unknown; finishedAt: unknown; items: string; mark: unknown; awardedAt?: string | null }): StoredFacts {
  const items = JSON.parse(row.items) as Item[];
  const n = items.length;
  const itemDone = new Array<boolean>(n);
  const itemAt = new Array<number | null>(n);
  const scores = new Array<number | null>(n);
  for (let k = 0; k < n; k++) {
    const i = items[k]!;
    itemDone[k] = i[0] === 1;
    itemAt[k] = i[1];
    scores[k] = i[2];
  }
  return {
    itemDone,
    itemAt,
    scores,
    done: Number(row.done) === 1,
    finishedAt: row.finishedAt === null || row.finishedAt === undefined ? null : Number(row.finishedAt),
    mark: Number(row.mark),
    awarded: !!row.awardedAt,
  };
}

const CHUNK = 200;

/**
 * Writes facts derived under `sig`. A stored row of the same signature is replaced only by facts read from
 * at least as many progress rows (mark), so a writer that read earlier never undoes one that read later.
 */
export async function writeFacts(db: Db, a: Pick<AssignmentRow, 'id' | 'tenantId'>, sig: string, facts: Map<string, OutcomeFacts>, now: Date): Promise<void> {
  const at = formatDateTime(now);
  const rows = [...facts].map(([userId, f]) => ({
    id: newId(),
    tenantId: a.tenantId,
    assignmentId: a.id,
    userId,
    sig,
    mark: f.mark,
    done: f.done ? 1 : 0,
    finishedAt: f.finishedAt,
    items: encode(f),
    updateTime: at,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('stuAssignmentOutcome')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.columns(['assignmentId', 'userId']).doUpdateSet((eb) => {
          const newer = eb.or([eb('stuAssignmentOutcome.sig', '<>', eb.ref('excluded.sig')), eb('stuAssignmentOutcome.mark', '<=', eb.ref('excluded.mark'))]);
          const pick = (col: 'done' | 'finishedAt' | 'items' | 'updateTime' | 'mark' | 'sig') =>
            eb.case().when(newer).then(eb.ref(`excluded.${col}`)).else(eb.ref(`stuAssignmentOutcome.${col}`)).end();
          // MySQL sets its columns left to right, each seeing the ones before: sig and mark, which the
          // condition reads, go last
          return { done: pick('done'), finishedAt: pick('finishedAt'), items: pick('items'), updateTime: pick('updateTime'), mark: pick('mark'), sig: pick('sig') } as any;
        }),
      )
      .execute();
  }
}

/** The students (ids) of an assignment's classes. */
export const assignmentStudents = (db: Db, assignmentId: string) =>
  db
    .selectFrom('stuClassMember')
    .select('userId')
    .where('memberRole', '=', 'student')
    .where('classId', 'in', db.selectFrom('stuAssignmentClass').select('classId').where('assignmentId', '=', assignmentId));

/** A stored row as a query reads it (null columns: no row). */
export interface OutcomeColumns {
  userId: string;
  sig: string | null;
  mark: unknown;
  done: unknown;
  finishedAt: unknown;
  items: string | null;
  awardedAt: string | null;
}

/**
 * The stored facts of these users, derived anew for those missing or stored under other requirements
 * (and stored). Credits are given for what became done. `read`: their rows, when the caller's query
 * already joined them (a class's view reads them with its roster).
 */
export async function storedFacts(db: Db, a: AssignmentRow, reqs: Requirement[], userIds: string[], now: Date, read?: OutcomeColumns[]): Promise<Map<string, StoredFacts>> {
  const sig = signature(a, reqs);
  const out = new Map<string, StoredFacts>();
  const rows =
    read ??
    (userIds.length
      ? await db.selectFrom('stuAssignmentOutcome').select(['userId', 'sig', 'mark', 'done', 'finishedAt', 'items', 'awardedAt']).where('assignmentId', '=', a.id).where('userId', 'in', userIds).execute()
      : []);
  for (const r of rows) if (r.sig === sig && r.items !== null) out.set(r.userId, decode(r as OutcomeColumns & { items: string }));
  const stale = userIds.filter((u) => !out.has(u));
  if (stale.length) {
    const fresh = await deriveFacts(db, a, reqs, stale);
    await writeFacts(db, a, sig, fresh, now);
    const awarded = await awardCredits(db, a.tenantId, { assignmentId: a.id, userIds: [...fresh].filter(([, f]) => f.done).map(([u]) => u) }, now);
    for (const [u, f] of fresh) out.set(u, { ...f, awarded: awarded.has(u) });
  }
  return out;
}

/** Every student of the assignment's classes derived anew and stored (after the assignment is saved). */
export async function refreshAssignment(db: Db, assignmentId: string, now: Date): Promise<void> {
  const a = await db.selectFrom('stuAssignment').select(['id', 'title', 'openTime', 'dueTime', 'receipt', 'tenantId']).where('id', '=', assignmentId).executeTakeFirst();
  if (!a) return;
  const reqs = await requirements(db, a.id);
  const facts = await deriveFacts(db, a, reqs, assignmentStudents(db, a.id));
  await writeFacts(db, a, signature(a, reqs), facts, now);
  await awardCredits(db, a.tenantId, { assignmentId: a.id, userIds: [...facts].filter(([, f]) => f.done).map(([u]) => u) }, now);
}

/** What was recorded: a lesson (finished), a paper (an attempt submitted), a hazard scene (a play finished) or a 危险预判 clip (a run submitted). */
export type Recorded = { lessonId: string } | { paperId: string } | { sceneId: string } | { clipId: string };

/** The assignments of the tenant holding the item in any form, given to the user's classes or stored for them. */
function affected(db: Db, tenantId: number, userId: string, what: Recorded) {
  let items = db.selectFrom('stuAssignmentItem').select('assignmentId').where('tenantId', '=', tenantId);
  if ('lessonId' in what) {
    items = items.where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'lesson'), eb('itemId', '=', what.lessonId)]),
        eb.and([eb('kind', '=', 'course'), eb('itemId', 'in', db.selectFrom('stuLesson').select('courseId').where('id', '=', what.lessonId))]),
        eb.and([eb('kind', '=', 'activity'), eb('itemId', 'in', db.selectFrom('stuActivityLesson').select('activityId').where('lessonId', '=', what.lessonId))]),
      ]),
    );
  } else if ('paperId' in what) {
    items = items.where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'paper'), eb('itemId', '=', what.paperId)]),
        eb.and([eb('kind', '=', 'activity'), eb('itemId', 'in', db.selectFrom('stuActivity').select('id').where('paperId', '=', what.paperId))]),
      ]),
    );
  } else if ('sceneId' in what) items = items.where('kind', '=', 'hazard').where('itemId', '=', what.sceneId);
  else items = items.where('kind', '=', 'clip').where('itemId', '=', what.clipId);
  return db
    .selectFrom('stuAssignment')
    .select(['id', 'title', 'openTime', 'dueTime', 'receipt', 'tenantId'])
    .where('tenantId', '=', tenantId)
    .where('id', 'in', items)
    .where((eb) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('stuAssignmentClass as ac').innerJoin('stuClassMember as m', 'm.classId', 'ac.classId').select('ac.assignmentId').where('m.userId', '=', userId).where('m.memberRole', '=', 'student')),
        eb('id', 'in', eb.selectFrom('stuAssignmentOutcome').select('assignmentId').where('userId', '=', userId)),
      ]),
    )
    .execute();
}

/**
 * After progress is recorded: the user's outcome of every assignment holding the item, stored, and credits
 * for what became done. Never fails the student's call: on a failure the user's stored rows are dropped
 * (best effort), to be derived again when next read; the ledger's unique key keeps credits single.
 */
export async function progressRecorded(db: Db, who: { tenantId: number; id: string }, what: Recorded, now: Date, log: FastifyBaseLogger): Promise<void> {
  try {
    const list = await affected(db, who.tenantId, who.id, what);
    for (const a of list) {
      const reqs = await requirements(db, a.id);
      const facts = await deriveFacts(db, a, reqs, [who.id]);
      await writeFacts(db, a, signature(a, reqs), facts, now);
      if (facts.get(who.id)?.done) await awardCredits(db, a.tenantId, { assignmentId: a.id, userIds: [who.id] }, now);
    }
  } catch (err) {
    log.warn({ err }, 'assignment outcome not stored');
    await db.deleteFrom('stuAssignmentOutcome').where('userId', '=', who.id).where('tenantId', '=', who.tenantId).execute().catch((e) => log.warn({ err: e }, 'stale assignment outcomes not dropped'));
  }
}
