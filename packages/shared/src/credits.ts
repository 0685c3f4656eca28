// 学分 (credits): earned by finishing assignments, by rules an editor sets per kind of work.
import { z } from 'zod';
import { pageSizeParam } from './paging';

/** The kinds a rule is set for: each kind of item, and `assignment`, the bonus for finishing the whole. */
export const CREDIT_KINDS = ['lesson', 'course', 'paper', 'hazard', 'activity', 'assignment'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

export const CREDIT_KIND_TEXT: Record<CreditKind, string> = {
  lesson: '课时',
  course: '课程',
  paper: '试卷',
  hazard: '隐患排查',
  activity: '专题活动',
  assignment: '完成整份作业',
};

/** A tenant's rules before an editor changes them: points in time, and late (after the due time). */
export const DEFAULT_CREDIT_RULES: Record<CreditKind, { points: number; latePoints: number }> = {
  lesson: { points: 1, latePoints: 1 },
  course: { points: 3, latePoints: 2 },
  paper: { points: 3, latePoints: 2 },
  hazard: { points: 2, latePoints: 1 },
  activity: { points: 3, latePoints: 2 },
  assignment: { points: 5, latePoints: 2 },
};

/** Points of one rule: whole numbers 0–100. */
export const CREDIT_POINTS_MAX = 100;

export const creditsQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: pageSizeParam(20),
});

/** One line of a student's history. */
export interface CreditEntry {
  id: string;
  amount: number;
  /** what earned it, as titled then: the item, or the assignment for the bonus */
  reason: string;
  assignmentTitle: string;
  kind: CreditKind;
  /** finished after the due time: the late points applied */
  late: boolean;
  assignmentId: string;
  createTime: string;
}

/** GET /students/study/credits: the caller's total and their history, newest first, paged. */
export interface MyCredits {
  total: number;
  /** each class the caller belongs to as a student: the class's own total, the same figure its teachers see */
  classes: ClassCredits[];
  history: { records: CreditEntry[]; total: number; size: number; current: number; pages: number };
}

/** A class's own total (GET /students/assignment/classCredits for its teachers; in MyCredits for its students), never a list of its students. */
export interface ClassCredits {
  classId: string;
  className: string;
  /** credits its students earned by the class's assignments */
  total: number;
  students: number;
  /** finished assignments (one per student and assignment) that earned them */
  finished: number;
}
