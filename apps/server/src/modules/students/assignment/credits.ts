// 学分: finishing an assignment earns credits by the tenant's rules (stu_credit_rule, defaults until an editor
// changes them). When a student's stored outcome of an opened assignment is first done, and they are a student
// of one of its classes, one ledger row is written per item (its kind's points) and one for the whole (the
// bonus): the in-time points when finished by their due time (an extension counts), the late points after it.
// The rules as they stand at that moment apply; a later change of the rules changes later awards only.
// Given once: the outcome's awarded_at is set by a conditional update (one writer wins), and the ledger's
// unique key (user, assignment, item) refuses a second row. Work finished before the assignment opens earns
// when it has opened and the student's list, credits or the teacher's view is next read.
import { CREDIT_KINDS, DEFAULT_CREDIT_RULES, type CreditKind } from '@anxue/shared/credits';
import type { Kysely } from 'kysely';
import type { Db } from '../../../core/db';
import { formatDateTime, newId } from '../../../core/db';
import type { Database } from '../../../core/db/schema';
import { parseDateTime } from '../study/common';
import { requirements, signature } from './completion';

export type CreditRules = Record<CreditKind, { points: number; latePoints: number }>;

/** The tenant's rules: its stored rows over the defaults. */
export async function creditRules(db: Db, tenantId: number): Promise<CreditRules> {
  const rows = await db.selectFrom('stuCreditRule').select(['kind', 'points', 'latePoints']).where('tenantId', '=', tenantId).execute();
  const rules = structuredClone(DEFAULT_CREDIT_RULES);
  for (const r of rows) if ((CREDIT_KINDS as readonly string[]).includes(r.kind)) rules[r.kind as CreditKind] = { points: Number(r.points), latePoints: Number(r.latePoints) };
  return rules;
}

/** The tenant's rules (one per kind) as rows, the defaults written for those it lacks (an editor's list). */
export async function ensureCreditRules(db: Db, tenantId: number): Promise<void> {
  const have = await db.selectFrom('stuCreditRule').select('kind').where('tenantId', '=', tenantId).execute();
  const missing = CREDIT_KINDS.filter((k) => !have.some((h) => h.kind === k));
  if (!missing.length) return;
  const at = formatDateTime(new Date());
  await db
    .insertInto('stuCreditRule')
    .values(missing.map((kind) => ({ id: newId(), tenantId, kind, ...DEFAULT_CREDIT_RULES[kind], sortNo: CREDIT_KINDS.indexOf(kind), createBy: 'system', createTime: at, updateBy: null, updateTime: null })))
    .onConflict((oc) => oc.columns(['tenantId', 'kind']).doNothing())
    .execute();
}

const inTransaction = <T>(db: Db, fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> => (db.isTransaction ? fn(db) : db.transaction().execute(fn));

/** Whose credits to look at: students of one assignment, or every assignment of one student. */
export type AwardScope = { assignmentId: string; userIds: string[] } | { userId: string } | { classId: string };

/**
 * Writes the credits of every stored outcome in scope that is done, not yet awarded, of an opened
 * assignment whose requirements it was derived under, of a student of its classes. Answers who got them now.
 */
export async function awardCredits(db: Db, tenantId: number, scope: AwardScope, now: Date): Promise<Set<string>> {
  const awarded = new Set<string>();
  if ('userIds' in scope && !scope.userIds.length) return awarded;
  const at = formatDateTime(now);
  let q = db
    .selectFrom('stuAssignmentOutcome as o')
    .innerJoin('stuAssignment as a', 'a.id', 'o.assignmentId')
    .leftJoin('stuAssignmentExtension as e', (j) => j.onRef('e.assignmentId', '=', 'o.assignmentId').onRef('e.userId', '=', 'o.userId'))
    .select(['o.id', 'o.assignmentId', 'o.userId', 'o.sig', 'o.finishedAt', 'a.title', 'a.openTime', 'a.dueTime', 'e.dueTime as extendedDue'])
    .where('o.tenantId', '=', tenantId)
    .where('o.done', '=', 1)
    .where('o.awardedAt', 'is', null)
    .where('a.openTime', '<=', at)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('stuAssignmentClass as ac')
          .innerJoin('stuClassMember as m', 'm.classId', 'ac.classId')
          .select('m.id')
          .whereRef('ac.assignmentId', '=', 'o.assignmentId')
          .whereRef('m.userId', '=', 'o.userId')
          .where('m.memberRole', '=', 'student'),
      ),
    );
  if ('userIds' in scope) q = q.where('o.assignmentId', '=', scope.assignmentId).where('o.userId', 'in', scope.userIds);
  else if ('userId' in scope) q = q.where('o.userId', '=', scope.userId);
  else
    q = q
      .where('o.assignmentId', 'in', db.selectFrom('stuAssignmentClass').select('assignmentId').where('classId', '=', scope.classId))
      .where('o.userId', 'in', db.selectFrom('stuClassMember').select('userId').where('classId', '=', scope.classId).where('memberRole', '=', 'student'));
  const due = await q.execute();
  if (!due.length) return awarded;
  const rules = await creditRules(db, tenantId);
  const reqsOf = new Map<string, Awaited<ReturnType<typeof requirements>>>();
  for (const row of due) {
    let reqs = reqsOf.get(row.assignmentId);
    if (!reqs) reqsOf.set(row.assignmentId, (reqs = await requirements(db, row.assignmentId)));
    // stored under other requirements: derived again when next read, and awarded then if still done
    if (signature(row, reqs) !== row.sig) continue;
    const dueAt = parseDateTime(row.extendedDue ?? row.dueTime)!;
    const late = row.finishedAt !== null && Number(row.finishedAt) > dueAt;
    const points = (kind: CreditKind) => (late ? rules[kind].latePoints : rules[kind].points);
    const lines = [
      ...reqs.map((r) => ({ kind: r.kind as CreditKind, itemId: r.id, reason: r.title || r.id })),
      { kind: 'assignment' as const, itemId: row.assignmentId, reason: row.title },
    ]
      .map((l) => ({ ...l, amount: points(l.kind) }))
      .filter((l) => l.amount > 0);
    await inTransaction(db, async (trx) => {
      const claimed = await trx.updateTable('stuAssignmentOutcome').set({ awardedAt: at }).where('id', '=', row.id).where('awardedAt', 'is', null).executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return;
      awarded.add(row.userId);
      if (!lines.length) return;
      await trx
        .insertInto('stuCreditLedger')
        .values(
          lines.map((l) => ({
            id: newId(),
            tenantId,
            userId: row.userId,
            amount: l.amount,
            reason: l.reason.slice(0, 300),
            assignmentTitle: row.title.slice(0, 200),
            late: late ? 1 : 0,
            assignmentId: row.assignmentId,
            itemKind: l.kind,
            itemId: l.itemId,
            createTime: at,
          })),
        )
        .onConflict((oc) => oc.columns(['userId', 'assignmentId', 'itemKind', 'itemId']).doNothing())
        .execute();
    });
  }
  return awarded;
}
