// 课堂答题's calls. Reads are silent (the pages show the server's message in place); so are the phone's
// answer and join, whose refusals the page shows beside the question.
import type { LiveAnswerSaved, LivePaper, LiveStarted, LiveState, LiveSummary } from '@anxue/shared/live';
import { http } from '../../../../lib/http';

const LIVE = '/students/live';
const quiet = { silent: true };

export const liveApi = {
  papers: () => http.get<LivePaper[]>(`${LIVE}/papers`, undefined, quiet),
  open: (classId: string) => http.get<LiveStarted | null>(`${LIVE}/open`, { classId }, quiet),
  start: (classId: string, paperId: string) => http.post<LiveStarted>(`${LIVE}/start`, { classId, paperId }),
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
