import type { ExpressionBuilder } from 'kysely';
import type { TenantReader } from '../../../core/access';
import { whereTenant } from '../../../core/access';
import type { Db } from '../../../core/db';
import type { Database } from '../../../core/db/schema';

/**
 * The score that counts per student and paper, by the paper's score rule: the best finished attempt, or
 * the last one submitted. One grouped query; callers narrow it by user or paper (`a.userId`, `a.paperId`).
 */
export function countedScores(db: Db, reader: TenantReader) {
  return whereTenant(
    db
      .selectFrom('stuAttempt as a')
      .innerJoin('stuPaper as p', 'p.id', 'a.paperId')
      .select((eb) => ['a.userId', 'a.paperId', eb.fn.max('a.score').as('score'), eb.fn.max('a.passed').as('passed')])
      .where('a.status', '=', 'done')
      .where((eb: ExpressionBuilder<Database & { a: Database['stuAttempt']; p: Database['stuPaper'] }, 'a' | 'p'>) =>
        eb.or([
          eb('p.scoreRule', '!=', 'last'),
          eb(
            'a.submittedAt',
            '=',
            eb
              .selectFrom('stuAttempt as b')
              .select((b) => b.fn.max('b.submittedAt').as('last'))
              .whereRef('b.userId', '=', 'a.userId')
              .whereRef('b.paperId', '=', 'a.paperId')
              .where('b.status', '=', 'done'),
          ),
        ]),
      )
      .groupBy(['a.userId', 'a.paperId']),
    reader,
    'a.tenantId',
  );
}

export interface CountedScore {
  userId: string;
  paperId: string;
  score: number;
  passed: boolean;
}
export const toCounted = (r: { userId: string; paperId: string; score: unknown; passed: unknown }): CountedScore => ({
  userId: r.userId,
  paperId: r.paperId,
  score: Number(r.score ?? 0),
  passed: Number(r.passed ?? 0) === 1,
});
