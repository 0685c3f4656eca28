import type { QuestionType } from '@anxue/shared';

/** An answer as a canonical label list: upper case, no blanks or repeats, sorted ("c, a" → "A,C"). */
export function normalizeAnswer(answer: string | null | undefined): string {
  return [...new Set((answer ?? '').split(/[,，\s]+/).map((s) => s.trim().toUpperCase()).filter(Boolean))].sort().join(',');
}
const labels = (answer: string) => (answer ? answer.split(',') : []);

export interface ScoredAnswer {
  isRight: boolean;
  score: number;
}

/**
 * Marks one answer on the server. Single choice and true/false: exact match. Multiple choice: all or
 * nothing; with partial credit, any wrong option scores 0, otherwise the score × chosen right / all right,
 * rounded down.
 */
export function scoreAnswer(q: { type: QuestionType | string; correctAnswer: string; answer: string | null | undefined; fullScore: number; partialCredit: boolean }): ScoredAnswer {
  const correct = normalizeAnswer(q.correctAnswer);
  const given = normalizeAnswer(q.answer);
  if (!given) return { isRight: false, score: 0 };
  if (given === correct) return { isRight: true, score: q.fullScore };
  if (q.type !== 'multi' || !q.partialCredit) return { isRight: false, score: 0 };
  const right = new Set(labels(correct));
  const chosen = labels(given);
  if (chosen.some((l) => !right.has(l))) return { isRight: false, score: 0 };
  return { isRight: false, score: Math.floor((q.fullScore * chosen.length) / right.size) };
}
