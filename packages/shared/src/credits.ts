// 学分 (credits): earned by finishing assignments, by rules an editor sets per kind of work.
import { z } from 'zod';
import { pageSizeParam } from './paging';

export * from './credits-base';
import { CREDIT_KINDS, CREDIT_POINTS_MAX } from './credits-base';
import type { CreditKind } from './credits-base';

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
