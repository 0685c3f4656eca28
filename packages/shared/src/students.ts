// The safety-education area's contract (issue 12): what the study and teaching calls accept and answer.
// The server validates with these schemas; the web pages type their calls with these interfaces.
import { z } from 'zod';

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

/** Region coordinates, fractions (0–1) of the image; a circle's radius is a fraction of the image width. */
export const rectCoords = z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1), w: z.number().positive().max(1), h: z.number().positive().max(1) });
export const circleCoords = z.object({ cx: z.number().min(0).max(1), cy: z.number().min(0).max(1), r: z.number().positive().max(1) });
export const polygonCoords = z.object({ points: z.array(z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)])).min(3).max(64) });
export type RectCoords = z.infer<typeof rectCoords>;
export type CircleCoords = z.infer<typeof circleCoords>;
export type PolygonCoords = z.infer<typeof polygonCoords>;
export type RegionGeometry = { shape: 'rect'; coords: RectCoords } | { shape: 'circle'; coords: CircleCoords } | { shape: 'polygon'; coords: PolygonCoords };

// ---------- requests ----------

export const progressInput = z.object({
  lessonId: z.string().min(1).max(32),
  /** seconds into the lesson the student has reached (the player's current time) */
  position: z.number().min(0),
});
export const practiceAnswerInput = z.object({ questionId: z.string().min(1).max(32), answer: z.string().max(64) });
export const startAttemptInput = z.object({ paperId: z.string().min(1).max(32), activityId: z.string().max(32).optional() });
export const attemptAnswerInput = z.object({ attemptId: z.string().min(1).max(32), questionId: z.string().min(1).max(32), answer: z.string().max(64) });
export const submitAttemptInput = z.object({
  attemptId: z.string().min(1).max(32),
  answers: z.array(z.object({ questionId: z.string().min(1).max(32), answer: z.string().max(64) })).max(500).optional(),
});
export const startHazardInput = z.object({ sceneId: z.string().min(1).max(32) });
export const hazardClickInput = z.object({ playId: z.string().min(1).max(32), x: z.number(), y: z.number() });
export const hazardPlayInput = z.object({ playId: z.string().min(1).max(32) });

// ---------- answers ----------

/**
 * Media in study answers are ready-to-use addresses (`url`): images go through the public image address
 * (/api/sys/common/view/<path>); a video through a short-lived signed address under /api/students/study/media
 * that answers HTTP range requests, since a <video> element cannot send the Authorization header.
 */
export interface CourseCard {
  id: string;
  title: string;
  /** image address */
  cover: string | null;
  category: string | null;
  category_dictText?: string;
  gradeBand: string | null;
  gradeBand_dictText?: string;
  description: string | null;
  lessonCount: number;
  finishedCount: number;
  /** finished lessons / lessons, 0–100 */
  progress: number;
}
export interface LessonProgress {
  lessonId: string;
  maxPosition: number;
  durationSeconds: number;
  finished: boolean;
  finishedAt: string | null;
}
export interface LessonView {
  id: string;
  courseId: string;
  chapterId: string | null;
  title: string;
  kind: LessonKind;
  durationSeconds: number;
  sortNo: number;
  /** video: signed address and cover; picture: image addresses; poster: image address; article: sanitised HTML */
  video?: { url: string | null; cover: string | null; durationSeconds: number };
  pictures?: string[];
  poster?: string | null;
  content?: string | null;
  progress: LessonProgress;
}
export interface CourseDetail extends CourseCard {
  chapters: Array<{ id: string | null; title: string; lessons: Array<Omit<LessonView, 'video' | 'pictures' | 'poster' | 'content'>> }>;
}
export interface PracticeQuestion {
  id: string;
  type: QuestionType;
  type_dictText?: string;
  stem: string;
  score: number;
  options: Array<{ label: string; content: string; image: string | null }>;
}
export interface PracticeVerdict {
  right: boolean;
  correctAnswer: string;
  analysis: string | null;
  /** wrong-answer book entry after this answer, null if the question is not in it */
  wrongBook: { wrongCount: number; rightStreak: number; mastered: boolean } | null;
}
export interface PaperCard {
  id: string;
  title: string;
  description: string | null;
  timeLimitMinutes: number;
  openTime: string | null;
  closeTime: string | null;
  passScore: number;
  totalScore: number;
  questionCount: number;
  maxAttempts: number;
  attemptsUsed: number;
  /** the score that counts by the paper's rule (best or last), null before any finished attempt */
  countedScore: number | null;
  /** id of an unfinished attempt to resume */
  openAttemptId: string | null;
}
export interface AttemptItemView {
  questionId: string;
  sortNo: number;
  type: QuestionType;
  stem: string;
  options: Array<{ label: string; content: string; image: string | null }>;
  fullScore: number;
  answer: string | null;
  /** only once the attempt is done */
  correctAnswer?: string;
  isRight?: boolean;
  score?: number;
  analysis?: string | null;
}
export interface AttemptView {
  id: string;
  paperId: string;
  paperTitle: string;
  status: 'doing' | 'done';
  /** seconds left by the server's clock, null without a time limit */
  remainingSeconds: number | null;
  timedOut: boolean;
  score: number;
  totalScore: number;
  passScore: number;
  passed: boolean;
  correctCount: number;
  questionCount: number;
  items: AttemptItemView[];
}
export interface WrongBookEntry {
  questionId: string;
  wrongCount: number;
  rightStreak: number;
  lastWrongAt: string | null;
  question: PracticeQuestion;
}
export interface HazardRegionView {
  id: string;
  shape: RegionShape;
  coords: RectCoords | CircleCoords | PolygonCoords;
  title: string;
  risk: string | null;
  fix: string | null;
}
export interface HazardPlayView {
  id: string;
  sceneId: string;
  title: string;
  image: string | null;
  imageWidth: number;
  imageHeight: number;
  description: string | null;
  status: 'playing' | 'done';
  regionCount: number;
  requiredCount: number;
  foundCount: number;
  missCount: number;
  hintsAllowed: number;
  hintsUsed: number;
  remainingSeconds: number | null;
  score: number;
  /** regions found so far; every region once the play is done */
  found: HazardRegionView[];
  regions?: HazardRegionView[];
  /** while playing: the misses (fractions), so a reload redraws them */
  misses: Array<{ x: number; y: number }>;
}
export interface HazardClickResult {
  hit: HazardRegionView | null;
  /** true when the click fell on a region already found (nothing counted) */
  alreadyFound: boolean;
  play: HazardPlayView;
}
export interface HazardHint {
  /** a circle around the centre of a hazard not yet found */
  cx: number;
  cy: number;
  r: number;
  play: HazardPlayView;
}
export interface TeamRanking {
  id: string;
  name: string;
  slogan: string | null;
  logo: string | null;
  rank: number;
  score: number;
  members: Array<{ userId: string; realname: string; memberRole: 'captain' | 'member'; score: number }>;
}
export interface ClassStats {
  classId: string;
  className: string;
  studentCount: number;
  /** averages over the class, 0–100 */
  courseCompletion: number;
  averageScore: number | null;
  students: Array<{
    userId: string;
    realname: string;
    lessonsFinished: number;
    lessonCount: number;
    attempts: number;
    bestScore: number | null;
    passed: boolean;
    hazardsFound: number;
  }>;
}
export interface ActivityStats {
  activityId: string;
  title: string;
  classId: string;
  className: string;
  studentCount: number;
  /** students who finished every lesson of the activity */
  lessonsDone: number;
  /** students with a passed attempt of the activity's paper */
  quizPassed: number;
  averageScore: number | null;
}
