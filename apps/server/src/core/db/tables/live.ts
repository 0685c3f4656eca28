// Tables of the live classroom quiz (migrations 0050 and 0052), camelCase as the CamelCasePlugin presents them.
import type { ColumnType } from 'kysely';

type Tenant = { tenantId: ColumnType<number, number | undefined, number> };
/** epoch ms; PostgreSQL answers bigint as text */
type Millis = ColumnType<number | string, number, number>;
type MaybeMillis = ColumnType<number | string | null, number | null | undefined, number | null>;

export interface StuLiveSessionTable extends Tenant {
  id: string;
  classId: string;
  paperId: string | null;
  teacherId: string;
  title: string;
  code: string;
  /** open | ended */
  status: string;
  /** -1 before the first question */
  currentIndex: ColumnType<number, number | undefined, number>;
  questionCount: ColumnType<number, number | undefined, number>;
  startedAt: Millis;
  activeAt: Millis;
  endedAt: MaybeMillis;
  createTime: string | null;
  /** quiz | hazard */
  kind: ColumnType<string, string | undefined, string>;
  /** a hazard session's scene */
  sceneId: string | null;
  /** the assignment whose item the session's results count for */
  assignmentId: string | null;
}
export interface StuLiveQuestionTable extends Tenant {
  id: string;
  sessionId: string;
  /** 0-based position in the session */
  sortNo: number;
  questionId: string;
  type: string;
  stem: string;
  /** the options as shown, [{label, content, image, correct}] */
  optionsJson: string;
  correctAnswer: string;
  openedAt: MaybeMillis;
  deadlineAt: MaybeMillis;
  revealed: ColumnType<number, number | undefined, number>;
  /** the paper's score for the question (1 from the question bank) */
  fullScore: ColumnType<number, number | undefined, number>;
}
export interface StuLiveMemberTable extends Tenant {
  id: string;
  sessionId: string;
  userId: string;
  joinedAt: Millis;
}
export interface StuLiveAnswerTable extends Tenant {
  id: string;
  sessionId: string;
  itemId: string;
  userId: string;
  answer: string;
  isRight: number;
  answeredAt: Millis;
}

/** A tap on a hazard session's picture, judged when it arrived. */
export interface StuLiveTapTable extends Tenant {
  id: string;
  sessionId: string;
  userId: string;
  seq: number;
  x: number;
  y: number;
  regionId: string | null;
  at: Millis;
}

export interface LiveTables {
  stuLiveSession: StuLiveSessionTable;
  stuLiveQuestion: StuLiveQuestionTable;
  stuLiveMember: StuLiveMemberTable;
  stuLiveAnswer: StuLiveAnswerTable;
  stuLiveTap: StuLiveTapTable;
}
