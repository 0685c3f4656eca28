// 课堂答题 (live classroom quiz): a class's teacher runs questions one at a time on the classroom screen,
// students answer on their phones; what the calls take and answer, and the socket frames that tell the
// screen and phones something changed.
import { z } from 'zod';
import type { QuestionType } from './students';

/** Six digits, typed on a phone or read from the QR code. */
export const LIVE_CODE_LENGTH = 6;
/** Countdown of a question, seconds: default and bounds. */
export const LIVE_SECONDS = { default: 30, min: 5, max: 600 } as const;
/** Most questions in one session. */
export const LIVE_MAX_QUESTIONS = 100;

const id = z.string().min(1).max(32);
export const liveStartInput = z
  .object({ classId: id, paperId: id.optional(), questionIds: z.array(id).min(1).max(LIVE_MAX_QUESTIONS).optional() })
  .refine((b) => !!b.paperId !== !!b.questionIds, { message: '请选择试卷或题目（二选一）' });
export const liveJoinInput = z.object({ code: z.string().trim().regex(/^\d{6}$/, '请输入6位数字课堂码') });
export const liveAnswerInput = z.object({ id, questionId: id, answer: z.string().max(64) });
export const liveNextInput = z.object({ id, seconds: z.number().int().min(LIVE_SECONDS.min).max(LIVE_SECONDS.max).optional() });
export const liveIdInput = z.object({ id });

/**
 * Where a session is: lobby (joined, no question yet), question (open, counting down), closed (time up,
 * not revealed), revealed (the right answer and the distribution shown), ended.
 */
export type LivePhase = 'lobby' | 'question' | 'closed' | 'revealed' | 'ended';

export interface LiveOption {
  label: string;
  content: string;
  image: string | null;
}
/** The question on the screen and the phones: never its answer while it is open. */
export interface LiveQuestion {
  questionId: string;
  /** 1-based */
  sortNo: number;
  type: QuestionType;
  stem: string;
  options: LiveOption[];
}
export interface LiveBar {
  label: string;
  count: number;
}

/** GET /students/live/state (and what join answers): the teacher's view or a student's own. */
export interface LiveState {
  id: string;
  title: string;
  className: string;
  /** the join code while the session is open, null once ended */
  code: string | null;
  role: 'teacher' | 'student';
  phase: LivePhase;
  /** 0-based index of the current question, -1 in the lobby */
  index: number;
  total: number;
  question: LiveQuestion | null;
  /** milliseconds of the countdown left by the server's clock (0 once closed), null without a question */
  remainingMs: number | null;
  /** the teacher's figures: students joined and answers to the current question */
  joined?: number;
  answered?: number;
  /** once revealed: the right labels and (teacher) the count per option */
  correctAnswer?: string;
  distribution?: LiveBar[];
  /** a student's own answer to the current question and, once revealed, whether it was right */
  myAnswer?: string | null;
  isRight?: boolean | null;
  /** a student's own tally so far (revealed questions only) */
  mine?: { answered: number; correct: number; revealed: number };
}

export interface LiveStarted {
  id: string;
  code: string;
}
export interface LiveAnswerSaved {
  questionId: string;
  answer: string;
}

/** GET /students/live/summary: per question, and per student for the class's teachers (by name, never by speed). */
export interface LiveSummary {
  id: string;
  title: string;
  className: string;
  ended: boolean;
  joined: number;
  questions: Array<{
    questionId: string;
    sortNo: number;
    stem: string;
    type: QuestionType;
    /** whether the class saw it (a session may end before its last question) */
    shown: boolean;
    correctAnswer: string;
    options: Array<LiveOption & { count: number }>;
    answered: number;
    correct: number;
    /** correct / answered, in percent; null when nobody answered */
    correctRate: number | null;
  }>;
  /** the teacher's view: every student of the class in name order */
  students?: Array<{ userId: string; realname: string; joined: boolean; answered: number; correct: number; answers: Array<{ questionId: string; answer: string; isRight: boolean }> }>;
  /** a student's view: their own answers */
  mine?: { answered: number; correct: number; answers: Array<{ questionId: string; answer: string; isRight: boolean }> };
}

/** A paper a teacher can run as a live quiz (GET /students/live/papers). */
export interface LivePaper {
  id: string;
  title: string;
  questionCount: number;
}

/** What the notification socket carries for a session: something changed, read the state again. */
export interface LivePushFrame {
  cmd: 'live';
  sessionId: string;
  event: 'joined' | 'answered' | 'question' | 'reveal' | 'end';
  /** with joined and answered (the teacher's screen): the counts at the time */
  index?: number;
  joined?: number;
  answered?: number;
}
