// Tables of the safety-education area (issue 12), camelCase as the CamelCasePlugin presents them.
import type { ColumnType } from 'kysely';

type Audit = {
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
};
type Tenant = { tenantId: ColumnType<number, number | undefined, number> };
/** A column with a database default: optional on insert. */
type Def<V> = ColumnType<V, V | undefined, V>;
/** bigint epoch milliseconds: pg returns text, SQLite a number. */
type Millis = ColumnType<number | string, number, number>;
type Content = { category: string | null; gradeBand: string | null; published: Def<number>; sortNo: Def<number> };

export interface StuClassTable extends Audit, Tenant {
  id: string;
  name: string;
  grade: string | null;
  departId: string | null;
  description: string | null;
  /** what a student types to ask to join; null once archived */
  joinCode: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: graduated, kept for its records but out of active lists */
  archived: Def<number>;
  archivedTime: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface StuClassJoinTable extends Tenant {
  id: string;
  classId: string;
  userId: string;
  /** pending | accepted | refused */
  status: string;
  createTime: string | null;
  decidedBy: string | null;
  decidedTime: string | null;
}
export interface StuClassCodeMissTable {
  id: string;
  userId: string;
  at: Millis;
}
export interface StuClassMemberTable extends Tenant {
  id: string;
  classId: string;
  userId: string;
  /** student | teacher */
  memberRole: string;
}
export interface StuPictureTable extends Audit, Tenant, Content {
  id: string;
  title: string;
  cover: string | null;
  /** comma-separated stored paths of the set, in order */
  images: string | null;
  description: string | null;
}
export interface StuVideoTable extends Audit, Tenant, Content {
  id: string;
  title: string;
  cover: string | null;
  filePath: string | null;
  durationSeconds: Def<number>;
  fileSize: ColumnType<number | string | null, number | null | undefined, number | null>;
  description: string | null;
}
export interface StuPosterTable extends Audit, Tenant, Content {
  id: string;
  title: string;
  image: string | null;
  description: string | null;
}
export interface StuSkillTable extends Audit, Tenant, Content {
  id: string;
  title: string;
  cover: string | null;
  summary: string | null;
}
export interface StuSkillStepTable extends Tenant {
  id: string;
  skillId: string;
  stepNo: number;
  content: string;
  image: string | null;
}
export interface StuCourseTable extends Audit, Tenant, Content {
  id: string;
  title: string;
  cover: string | null;
  description: string | null;
}
export interface StuCourseChapterTable extends Audit, Tenant {
  id: string;
  courseId: string;
  title: string;
  sortNo: Def<number>;
}
export interface StuLessonTable extends Audit, Tenant {
  id: string;
  courseId: string;
  chapterId: string | null;
  title: string;
  /** video | picture | poster | article */
  kind: string;
  mediaId: string | null;
  content: string | null;
  durationSeconds: Def<number>;
  sortNo: Def<number>;
}
export interface StuLessonProgressTable extends Tenant {
  id: string;
  userId: string;
  lessonId: string;
  courseId: string;
  durationSeconds: Def<number>;
  maxPosition: Def<number>;
  finished: Def<number>;
  finishedAt: string | null;
  updateTime: string | null;
}
export interface StuQuestionTable extends Audit, Tenant {
  id: string;
  /** single | multi | judge */
  type: string;
  stem: string;
  analysis: string | null;
  /** 1 easy, 2 medium, 3 hard */
  difficulty: Def<string>;
  category: string | null;
  gradeBand: string | null;
  score: Def<number>;
  answer: string | null;
  delFlag: Def<number>;
}
export interface StuQuestionOptionTable extends Tenant {
  id: string;
  questionId: string;
  label: string;
  content: string;
  image: string | null;
  isCorrect: Def<number>;
  sortNo: Def<number>;
}
export interface StuPaperTable extends Audit, Tenant {
  id: string;
  title: string;
  description: string | null;
  /** fixed | rule */
  mode: Def<string>;
  timeLimitMinutes: Def<number>;
  openTime: string | null;
  closeTime: string | null;
  passScore: Def<number>;
  maxAttempts: Def<number>;
  /** best | last */
  scoreRule: Def<string>;
  partialCredit: Def<number>;
  shuffleOptions: Def<number>;
  published: Def<number>;
}
export interface StuPaperQuestionTable extends Tenant {
  id: string;
  paperId: string;
  questionId: string;
  score: number;
  sortNo: Def<number>;
}
export interface StuPaperRuleTable extends Tenant {
  id: string;
  paperId: string;
  category: string | null;
  type: string | null;
  difficulty: string | null;
  questionCount: number;
  score: number;
  sortNo: Def<number>;
}
export interface StuActivityTable extends Audit, Tenant {
  id: string;
  title: string;
  description: string | null;
  cover: string | null;
  startTime: string | null;
  endTime: string | null;
  paperId: string | null;
  published: Def<number>;
  /** 1: a competition (its individuals are ranked too); migration 0048 */
  competition: Def<number>;
}
export interface StuActivityLessonTable extends Tenant {
  id: string;
  activityId: string;
  lessonId: string;
  sortNo: Def<number>;
}
export interface StuActivityClassTable extends Tenant {
  id: string;
  activityId: string;
  classId: string;
}
export interface StuAttemptTable extends Tenant {
  id: string;
  paperId: string;
  userId: string;
  activityId: string | null;
  /** doing | done */
  status: string;
  startedAt: Millis;
  deadlineAt: ColumnType<number | string | null, number | null | undefined, number | null>;
  submittedAt: ColumnType<number | string | null, number | null | undefined, number | null>;
  timedOut: Def<number>;
  score: Def<number>;
  totalScore: Def<number>;
  correctCount: Def<number>;
  questionCount: Def<number>;
  passed: Def<number>;
  createTime: string | null;
}
export interface StuAttemptItemTable extends Tenant {
  id: string;
  attemptId: string;
  questionId: string;
  sortNo: number;
  type: string;
  stem: string;
  analysis: string | null;
  optionsJson: string;
  correctAnswer: string;
  answer: string | null;
  isRight: number | null;
  fullScore: number;
  score: Def<number>;
}
export interface StuWrongBookTable extends Tenant {
  id: string;
  userId: string;
  questionId: string;
  wrongCount: Def<number>;
  rightStreak: Def<number>;
  lastAnswer: string | null;
  lastWrongAt: string | null;
  mastered: Def<number>;
}
export interface StuHazardSceneTable extends Audit, Tenant, Content {
  id: string;
  title: string;
  image: string | null;
  imageWidth: Def<number>;
  imageHeight: Def<number>;
  description: string | null;
  requiredCount: Def<number>;
  timeLimitSeconds: Def<number>;
  hintsAllowed: Def<number>;
  hitScore: Def<number>;
  wrongPenalty: Def<number>;
  timeBonusPerSecond: Def<number>;
}
export interface StuHazardRegionTable extends Tenant {
  id: string;
  sceneId: string;
  /** rect | circle | polygon */
  shape: string;
  /** JSON fractions of the image: rect {x,y,w,h}; circle {cx,cy,r}; polygon {points:[[x,y],…]} */
  coords: string;
  title: string;
  risk: string | null;
  fix: string | null;
  sortNo: Def<number>;
}
export interface StuHazardPlayTable extends Tenant {
  id: string;
  sceneId: string;
  userId: string;
  /** playing | done */
  status: string;
  startedAt: Millis;
  deadlineAt: ColumnType<number | string | null, number | null | undefined, number | null>;
  finishedAt: ColumnType<number | string | null, number | null | undefined, number | null>;
  foundCount: Def<number>;
  missCount: Def<number>;
  hintsUsed: Def<number>;
  score: Def<number>;
  createTime: string | null;
}
export interface StuHazardClickTable extends Tenant {
  id: string;
  playId: string;
  x: number;
  y: number;
  regionId: string | null;
  hint: Def<number>;
  at: Millis;
}
export interface StuTeamTable extends Audit, Tenant {
  id: string;
  name: string;
  slogan: string | null;
  logo: string | null;
  classId: string | null;
  /** the activity the team competes in (migration 0048); null: every test and hazard picture counts */
  activityId: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface StuTeamMemberTable extends Tenant {
  id: string;
  teamId: string;
  userId: string;
  /** captain | member */
  memberRole: Def<string>;
  joinTime: string | null;
}
export interface StuTeamScoreTable extends Tenant {
  id: string;
  teamId: string;
  userId: string | null;
  points: number;
  reason: string;
  sourceId: string | null;
  createBy: string | null;
  createTime: string | null;
}
export interface StuWorkTable extends Audit, Tenant {
  id: string;
  title: string;
  authorId: string;
  teamId: string | null;
  files: string | null;
  description: string | null;
  /** 0 pending, 1 approved, 2 rejected */
  reviewStatus: Def<string>;
  reviewComment: string | null;
  award: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
}

export interface StudentTables {
  stuClass: StuClassTable;
  stuClassMember: StuClassMemberTable;
  stuClassJoin: StuClassJoinTable;
  stuClassCodeMiss: StuClassCodeMissTable;
  stuPicture: StuPictureTable;
  stuVideo: StuVideoTable;
  stuPoster: StuPosterTable;
  stuSkill: StuSkillTable;
  stuSkillStep: StuSkillStepTable;
  stuCourse: StuCourseTable;
  stuCourseChapter: StuCourseChapterTable;
  stuLesson: StuLessonTable;
  stuLessonProgress: StuLessonProgressTable;
  stuQuestion: StuQuestionTable;
  stuQuestionOption: StuQuestionOptionTable;
  stuPaper: StuPaperTable;
  stuPaperQuestion: StuPaperQuestionTable;
  stuPaperRule: StuPaperRuleTable;
  stuActivity: StuActivityTable;
  stuActivityLesson: StuActivityLessonTable;
  stuActivityClass: StuActivityClassTable;
  stuAttempt: StuAttemptTable;
  stuAttemptItem: StuAttemptItemTable;
  stuWrongBook: StuWrongBookTable;
  stuHazardScene: StuHazardSceneTable;
  stuHazardRegion: StuHazardRegionTable;
  stuHazardPlay: StuHazardPlayTable;
  stuHazardClick: StuHazardClickTable;
  stuTeam: StuTeamTable;
  stuTeamMember: StuTeamMemberTable;
  stuTeamScore: StuTeamScoreTable;
  stuWork: StuWorkTable;
}
