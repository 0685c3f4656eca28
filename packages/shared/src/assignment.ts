// 安全作业 (safety homework): what the server answers to students and to a class's teachers.

/** What an assignment may hold. */
export const ASSIGNMENT_ITEM_KINDS = ['lesson', 'course', 'paper', 'hazard', 'activity', 'clip'] as const;
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
  /** paper: best score of the attempts submitted after the assignment opened; hazard, clip: best play or run score */
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

/** An item of an assignment as the completion view lists it, once for every student. */
export interface AssignmentItemRef {
  kind: AssignmentItemKind;
  id: string;
  title: string;
}

export interface AssignmentStudentProgress {
  userId: string;
  realname: string;
  className: string;
  done: boolean;
  status: AssignmentStatus;
  dueTime: string;
  finishedAt: string | null;
  /** whether each item is done, in the order of AssignmentProgress.items */
  itemDone: boolean[];
  /** each item's score in the same order: paper, hazard, clip and activity; null for lessons, courses and work not done */
  scores: Array<number | null>;
  /** when a parent signed the home-school receipt; null when not signed or none is asked */
  receiptAt: string | null;
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
  /** the items, once; the students' itemDone and scores follow their order */
  items: AssignmentItemRef[];
  /** false: counts only (someone who manages assignments without teaching these classes) */
  named: boolean;
  /** whether parents sign a receipt (each student's receiptAt says whether it is signed) */
  receipt: boolean;
  students: AssignmentStudentProgress[];
  completion: AssignmentCompletion;
}
