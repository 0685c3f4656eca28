// 安全作业 (safety homework): what the server answers to students and to a class's teachers.

/** What an assignment may hold. */
export const ASSIGNMENT_ITEM_KINDS = ['lesson', 'course', 'paper', 'hazard', 'activity'] as const;
export type AssignmentItemKind = (typeof ASSIGNMENT_ITEM_KINDS)[number];

/** Holders see and give work to every class of the tenant; without it, only the classes they teach. */
export const ASSIGNMENT_ALL_CLASSES_PERMISSION = 'students:assignment:allClasses';

/** todo: open, not finished, before the due time; done; late: finished after it; overdue: not finished and past it. */
export type AssignmentStatus = 'todo' | 'done' | 'late' | 'overdue';

export interface AssignmentItemState {
  kind: AssignmentItemKind;
  id: string;
  title: string;
  done: boolean;
  /** when it was done ('YYYY-MM-DD HH:mm:ss'), null when not */
  finishedAt: string | null;
  /** paper: best score of the attempts submitted after the assignment opened; hazard: best play score */
  score: number | null;
}

/** A student's own assignment (GET /students/study/assignments). */
export interface MyAssignment {
  id: string;
  title: string;
  openTime: string;
  /** the due time for this student (a teacher's extension applied) */
  dueTime: string;
  extended: boolean;
  receipt: boolean;
  status: AssignmentStatus;
  finishedAt: string | null;
  /** items not done yet */
  left: number;
  items: AssignmentItemState[];
}

export interface AssignmentStudentProgress {
  userId: string;
  realname: string;
  className: string;
  done: boolean;
  status: AssignmentStatus;
  dueTime: string;
  finishedAt: string | null;
  items: AssignmentItemState[];
  /** the scores of the scored items, by item id */
  scores: Record<string, number | null>;
}

export interface AssignmentCompletion {
  total: number;
  /** finished, in time or late */
  done: number;
  late: number;
  overdue: number;
  /** done / total in whole percent */
  rate: number;
}

/** GET /students/assignment/progress: names only for the class's own teachers. */
export interface AssignmentProgress {
  id: string;
  title: string;
  openTime: string;
  dueTime: string;
  classes: Array<{ id: string; name: string }>;
  /** false: counts only (someone who manages assignments without teaching these classes) */
  named: boolean;
  students: AssignmentStudentProgress[];
  completion: AssignmentCompletion;
}
