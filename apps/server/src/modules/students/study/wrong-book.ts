import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import { formatDateTime, newId } from '../../../core/db';
import type { Database } from '../../../core/db/schema';
import type { StudyCaller } from './common';

/** Right answers in a row that master a question (it leaves the wrong-answer book). */
export const MASTERY_STREAK = 2;

export interface AnswerOutcome {
  questionId: string;
  right: boolean;
  answer: string;
}

/**
 * The wrong-answer book after answers in practice or a test: a wrong answer files the question (wrong
 * count + 1, streak back to 0, not mastered); a right answer to a filed question adds to its streak and
 * masters it at MASTERY_STREAK. Two statements for any number of answers.
 */
export async function recordOutcomes(db: Kysely<Database> | Transaction<Database>, caller: StudyCaller, outcomes: AnswerOutcome[], now: Date): Promise<void> {
  const at = formatDateTime(now);
  const wrong = outcomes.filter((o) => !o.right);
  const right = [...new Set(outcomes.filter((o) => o.right).map((o) => o.questionId))];
  if (wrong.length) {
    await db
      .insertInto('stuWrongBook')
      .values(wrong.map((o) => ({ id: newId(), tenantId: caller.tenantId, userId: caller.id, questionId: o.questionId, wrongCount: 1, rightStreak: 0, lastAnswer: o.answer, lastWrongAt: at, mastered: 0 })))
      .onConflict((oc) =>
        oc.columns(['userId', 'questionId']).doUpdateSet((eb) => ({
          wrongCount: sql<number>`${sql.ref('stu_wrong_book.wrong_count')} + 1`,
          rightStreak: 0,
          mastered: 0,
          lastAnswer: eb.ref('excluded.lastAnswer'),
          lastWrongAt: at,
        })),
      )
      .execute();
  }
  if (right.length) {
    await db
      .updateTable('stuWrongBook')
      // mastered first: MySQL's SET reads the columns already set before it, the others read the old row
      .set({
        mastered: sql<number>`case when right_streak + 1 >= ${MASTERY_STREAK} then 1 else 0 end`,
        rightStreak: sql<number>`right_streak + 1`,
      })
      .where('userId', '=', caller.id)
      .where('questionId', 'in', right)
      .where('mastered', '=', 0)
      .execute();
  }
}
