// The safety-education area's contract (issue 12): what the study and teaching calls accept and answer.
// The server validates with these schemas; the web pages type their calls with these interfaces.
import { pageSizeParam } from './paging';
import { z } from 'zod';

export * from './students-base';
import { LESSON_KINDS, QUESTION_TYPES, REGION_SHAPES } from './students-base';
import type { LessonKind, QuestionType, RegionShape } from './students-base';

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
  /** points a hit earns and a miss costs, as the scene sets them */
  hitScore: number;
  wrongPenalty: number;
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
  /** the activity the team competes in; null: every test and hazard picture counts */
  activityId: string | null;
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
    /** 危险预判 clips watched to the end (each counted once) */
    clipsWatched: number;
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

// ---------- additions of the study engine ----------

/** Paging and filters of the study lists (courses, pictures, videos, posters, skills). */
export const studyPageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: pageSizeParam(12),
  category: z.string().max(32).optional(),
  gradeBand: z.string().max(32).optional(),
  keyword: z.string().max(100).optional(),
});
export const practiceQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: pageSizeParam(10),
  category: z.string().max(32).optional(),
  type: z.enum(QUESTION_TYPES).optional(),
  gradeBand: z.string().max(32).optional(),
});
export const hazardHintInput = hazardPlayInput;

/** POST progress answers the lesson's progress and its course's. */
export interface ProgressAnswer extends LessonProgress {
  courseId: string;
  /** finished lessons / lessons of the course, 0–100 */
  courseProgress: number;
}
/** Fields every study list card shares. */
export interface StudyCardBase {
  id: string;
  title: string;
  category: string | null;
  category_dictText?: string;
  gradeBand: string | null;
  gradeBand_dictText?: string;
}
export interface PictureCard extends StudyCardBase {
  /** image address: the cover, else the first image of the set */
  cover: string | null;
  description: string | null;
  imageCount: number;
}
export interface PictureDetail extends PictureCard {
  /** image addresses in order */
  images: string[];
}
export interface VideoCard extends StudyCardBase {
  cover: string | null;
  durationSeconds: number;
  description: string | null;
}
export interface VideoDetail extends VideoCard {
  /** signed, short-lived address (range requests); null when no file is stored */
  url: string | null;
}
export interface PosterCard extends StudyCardBase {
  image: string | null;
  description: string | null;
}
export interface SkillCard extends StudyCardBase {
  cover: string | null;
  summary: string | null;
  stepCount: number;
}
export interface SkillDetail extends SkillCard {
  steps: Array<{ stepNo: number; content: string; image: string | null }>;
}
/** POST attempt/answer: the answer is kept (a reload shows it). */
export interface AttemptAnswerSaved {
  questionId: string;
  answer: string;
  remainingSeconds: number | null;
}
/** One row of GET attempts?paperId= (my attempts, newest first). */
export interface AttemptRow {
  id: string;
  paperId: string;
  status: 'doing' | 'done';
  startedAt: string;
  submittedAt: string | null;
  timedOut: boolean;
  score: number;
  totalScore: number;
  passed: boolean;
  correctCount: number;
  questionCount: number;
}
/** GET hazards: a published scene with the caller's results. */
export interface HazardSceneCard {
  id: string;
  title: string;
  image: string | null;
  description: string | null;
  category: string | null;
  category_dictText?: string;
  gradeBand: string | null;
  gradeBand_dictText?: string;
  regionCount: number;
  requiredCount: number;
  timeLimitSeconds: number;
  bestScore: number | null;
  plays: number;
  /** id of an unfinished play to resume */
  openPlayId: string | null;
}
/** GET activities: a published activity of one of the caller's classes, with the caller's completion. */
export interface ActivityCard {
  id: string;
  title: string;
  description: string | null;
  cover: string | null;
  startTime: string | null;
  endTime: string | null;
  lessons: Array<{ id: string; courseId: string; title: string; kind: LessonKind; finished: boolean }>;
  lessonCount: number;
  finishedCount: number;
  /** the activity's quiz, null without one */
  paper: { id: string; title: string; passScore: number; totalScore: number } | null;
  /** counted score of the quiz (paper's score rule), null before a finished attempt */
  quizScore: number | null;
  quizPassed: boolean;
}
/** GET teach/classes: the classes the caller teaches. */
export interface TeachClass {
  id: string;
  name: string;
  grade: string | null;
  /** the grade's name in the 年级 dictionary ('' without a grade) */
  grade_dictText?: string;
  studentCount: number;
  activities: Array<{ id: string; title: string }>;
}
