// 课堂答题's calls. Reads are silent (the pages show the server's message in place); so are the phone's
// answer and join, whose refusals the page shows beside the question.
import type { LiveAnswerSaved, LiveAssignmentChoice, LiveBankQuestion, LivePaper, LiveScene, LiveSceneDetail, LiveStarted, LiveState, LiveSummary } from '@anxue/shared/live';
import { http } from '../../../../lib/http';

const LIVE = '/students/live';
const quiet = { silent: true };

export const liveApi = {
  papers: () => http.get<LivePaper[]>(`${LIVE}/papers`, undefined, quiet),
  open: (classId: string) => http.get<LiveStarted | null>(`${LIVE}/open`, { classId }, quiet),
  scenes: () => http.get<LiveScene[]>(`${LIVE}/scenes`, undefined, quiet),
  scene: (id: string) => http.get<LiveSceneDetail>(`${LIVE}/scene`, { id }, quiet),
  questions: (keyword?: string) => http.get<LiveBankQuestion[]>(`${LIVE}/questions`, keyword ? { keyword } : undefined, quiet),
  assignments: (classId: string) => http.get<LiveAssignmentChoice[]>(`${LIVE}/assignments`, { classId }, quiet),
  start: (body: { classId: string; paperId?: string; questionIds?: string[]; hazardId?: string; assignmentId?: string }) => http.post<LiveStarted>(`${LIVE}/start`, body),
  stop: (id: string) => http.post<LiveState>(`${LIVE}/stop`, { id }),
  tap: (id: string, x: number, y: number) => http.post<LiveState>(`${LIVE}/tap`, { id, x, y }, quiet),
  next: (id: string, seconds: number) => http.post<LiveState>(`${LIVE}/next`, { id, seconds }),
  reveal: (id: string) => http.post<LiveState>(`${LIVE}/reveal`, { id }),
  end: (id: string) => http.post<LiveSummary>(`${LIVE}/end`, { id }),
  join: (code: string) => http.post<LiveState>(`${LIVE}/join`, { code }, quiet),
  answer: (id: string, questionId: string, answer: string) => http.post<LiveAnswerSaved>(`${LIVE}/answer`, { id, questionId, answer }, quiet),
  state: (id: string) => http.get<LiveState>(`${LIVE}/state`, { id }, quiet),
  summary: (id: string) => http.get<LiveSummary>(`${LIVE}/summary`, { id }, quiet),
};

/** The join page's address with the code filled, for the QR code on the screen. */
export const joinAddress = (code: string, origin = globalThis.location?.origin ?? '') => `${origin}/students/live/join?code=${code}`;
