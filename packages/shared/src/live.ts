// 课堂答题 (live classroom quiz): a class's teacher runs questions one at a time on the classroom screen,
// students answer on their phones; what the calls take and answer, and the socket frames that tell the
// screen and phones something changed.
import { z } from 'zod';
import type { HazardRegionView, QuestionType } from './students';

/** Six digits, typed on a phone or read from the QR code. */
export const LIVE_CODE_LENGTH = 6;
/** Countdown of a question, seconds: default and bounds. */
export const LIVE_SECONDS = { default: 30, min: 5, max: 600 } as const;
/** Most questions in one session. */
export const LIVE_MAX_QUESTIONS = 100;
/** Taps each phone may place on a hazard picture. */
export const LIVE_HAZARD_TAPS = 5;

const id = z.string().min(1).max(32);
// ids as an array or comma-joined text
const idList = z.preprocess((v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v), z.array(id).min(1).max(LIVE_MAX_QUESTIONS));
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional());
/** A session runs a paper, a list of questions from the bank, or a hazard picture; it may count for an assignment. */
export const liveStartInput = z
  .object({ classId: id, paperId: optionalId, questionIds: idList.optional(), hazardId: optionalId, assignmentId: optionalId })
  .refine((b) => [b.paperId, b.questionIds, b.hazardId].filter((v) => v !== undefined).length === 1, { message: '请选择试卷、题目或隐患图（三选一）' });
/** A tap on a hazard picture, as fractions of the image (numbers as text accepted). */
export const liveTapInput = z.object({ id, x: z.coerce.number().min(0).max(1), y: z.coerce.number().min(0).max(1) });
export const liveQuestionsQuery = z.object({ keyword: z.string().trim().max(50).optional() });
export const liveClassQuery = z.object({ classId: id });
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
/** A hazard session's picture (the regions only once revealed). */
export interface LiveHazard {
  sceneId: string;
  title: string;
  image: string | null;
  imageWidth: number;
  imageHeight: number;
  description: string | null;
  regionCount: number;
}
export interface LiveTap {
  x: number;
  y: number;
}

export interface LiveState {
  id: string;
  /** quiz: questions one at a time; hazard: the class taps one picture */
  kind: 'quiz' | 'hazard';
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
  /** hazard: the picture; `answered` counts the students who tapped */
  hazard?: LiveHazard;
  /** hazard, once revealed: every hazard with its risk and fix */
  regions?: HazardRegionView[];
  /** hazard, the teacher's heat map: every tap of the class, from when tapping closes */
  taps?: LiveTap[];
  /** hazard, a student: their own taps, and once revealed how many hazards they hit */
  myTaps?: LiveTap[];
  myHits?: number | null;
  /** hazard: taps allowed per phone */
  tapLimit?: number;
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
  kind: 'quiz' | 'hazard';
  /** hazard: each hazard with how many students hit it */
  hazards?: Array<{ id: string; title: string; hits: number }>;
  /** the teacher's view: every student of the class in name order (hazard: taps placed, hazards hit) */
  students?: Array<{ userId: string; realname: string; joined: boolean; answered: number; correct: number; answers: Array<{ questionId: string; answer: string; isRight: boolean }>; taps?: number; hits?: number }>;
  /** a student's view: their own answers */
  mine?: { answered: number; correct: number; answers: Array<{ questionId: string; answer: string; isRight: boolean }> };
}

/** A paper a teacher can run as a live quiz (GET /students/live/papers). */
export interface LivePaper {
  id: string;
  title: string;
  questionCount: number;
}

/** A hazard picture a teacher can show or play with a class (GET /students/live/scenes). */
export interface LiveScene {
  id: string;
  title: string;
  image: string | null;
  regionCount: number;
}
/** GET /students/live/scene: the picture with every hazard, for the classroom screen. */
export interface LiveSceneDetail extends LiveScene {
  imageWidth: number;
  imageHeight: number;
  description: string | null;
  regions: HazardRegionView[];
}
/** A question of the bank a teacher can put in a live quiz (GET /students/live/questions). */
export interface LiveBankQuestion {
  id: string;
  type: QuestionType;
  stem: string;
  category: string | null;
}
/**
 * An assignment of the class a session can count for (GET /students/live/assignments): its papers and
 * hazard pictures. A quiz from a paper completes the assignment's item of that paper (an activity's quiz
 * paper too); a hazard session completes its item of that picture.
 */
export interface LiveAssignmentChoice {
  id: string;
  title: string;
  dueTime: string;
  papers: Array<{ id: string; title: string }>;
  scenes: Array<{ id: string; title: string }>;
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
