// The student area's names and codes without its schemas: a page that needs only these (a dictionary
// code, a permission) does not load zod with them. students.ts re-exports them with the contract.

export const QUESTION_TYPES = ['single', 'multi', 'judge'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const LESSON_KINDS = ['video', 'picture', 'poster', 'article'] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];
export const REGION_SHAPES = ['rect', 'circle', 'polygon'] as const;
export type RegionShape = (typeof REGION_SHAPES)[number];

/** Dictionaries seeded for the area (codes of sys_dict). */
export const STUDENT_DICTS = {
  category: 'stu_category',
  gradeBand: 'stu_grade_band',
  grade: 'stu_grade',
  questionType: 'stu_question_type',
  difficulty: 'stu_difficulty',
  lessonKind: 'stu_lesson_kind',
  reviewStatus: 'stu_review_status',
  award: 'stu_award',
} as const;

/** Permission codes of the area beyond the back-office resource buttons. */
export const STUDY_PERMISSION = 'students:study';
export const TEACH_PERMISSION = 'students:teach';
export const STUDENT_ROLE = 'student';
export const TEACHER_ROLE = 'teacher';
