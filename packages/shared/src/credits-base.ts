// 学分's kinds, their names and the default rules without the schemas: the student pages show these
// without loading zod. credits.ts re-exports them with the contract.

/** The kinds a rule is set for: each kind of item, and `assignment`, the bonus for finishing the whole. */
// clip came later: last, so the rows an install already holds keep their order (sortNo is the index here)
export const CREDIT_KINDS = ['lesson', 'course', 'paper', 'hazard', 'activity', 'assignment', 'clip'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

export const CREDIT_KIND_TEXT: Record<CreditKind, string> = {
  lesson: '课时',
  course: '课程',
  paper: '试卷',
  hazard: '隐患排查',
  activity: '专题活动',
  clip: '危险预判',
  assignment: '完成整份作业',
};

/** A tenant's rules before an editor changes them: points in time, and late (after the due time). */
export const DEFAULT_CREDIT_RULES: Record<CreditKind, { points: number; latePoints: number }> = {
  lesson: { points: 1, latePoints: 1 },
  course: { points: 3, latePoints: 2 },
  paper: { points: 3, latePoints: 2 },
  hazard: { points: 2, latePoints: 1 },
  activity: { points: 3, latePoints: 2 },
  clip: { points: 2, latePoints: 1 },
  assignment: { points: 5, latePoints: 2 },
};

/** Points of one rule: whole numbers 0–100. */
export const CREDIT_POINTS_MAX = 100;
