// The study and teaching calls of the student area (Study API of issue 12), typed by the contract.
// Reads are silent (the pages show the server's message in place); writes report failures as notices.
import type { PageResult } from '@anxue/shared/wire';
import type {
  ActivityCard,
  ActivityStats,
  AttemptAnswerSaved,
  AttemptRow,
  AttemptView,
  ClassStats,
  CourseCard,
  CourseDetail,
  HazardClickResult,
  HazardHint,
  HazardPlayView,
  HazardSceneCard,
  LessonView,
  PaperCard,
  PictureCard,
  PictureDetail,
  PosterCard,
  PracticeQuestion,
  PracticeVerdict,
  ProgressAnswer,
  QuestionType,
  SkillCard,
  SkillDetail,
  TeachClass,
  TeamRanking,
  VideoCard,
  VideoDetail,
  WrongBookEntry,
} from '@anxue/shared/students';
import { http } from '../../../lib/http';

const STUDY = '/students/study';
const TEACH = '/students/teach';
const quiet = { silent: true };

export interface StudyPageQuery {
  pageNo: number;
  pageSize: number;
  category?: string;
  gradeBand?: string;
  keyword?: string;
}
export interface PracticeFilter {
  category?: string;
  type?: QuestionType;
}

/** Drops empty filter values so the server sees only what the user chose. */
function params(q: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

export const studyApi = {
  courses: (q: StudyPageQuery) => http.get<PageResult<CourseCard>>(`${STUDY}/courses`, params(q), quiet),
  course: (id: string) => http.get<CourseDetail>(`${STUDY}/course`, { id }, quiet),
  lesson: (id: string) => http.get<LessonView>(`${STUDY}/lesson`, { id }, quiet),
  /** Progress reports run in the background: a failed one is retried by the next, so no notice. */
  progress: (lessonId: string, position: number) => http.post<ProgressAnswer>(`${STUDY}/progress`, { lessonId, position }, quiet),
  activities: () => http.get<ActivityCard[]>(`${STUDY}/activities`, undefined, quiet),

  pictures: (q: StudyPageQuery) => http.get<PageResult<PictureCard>>(`${STUDY}/pictures`, params(q), quiet),
  picture: (id: string) => http.get<PictureDetail>(`${STUDY}/picture`, { id }, quiet),
  videos: (q: StudyPageQuery) => http.get<PageResult<VideoCard>>(`${STUDY}/videos`, params(q), quiet),
  video: (id: string) => http.get<VideoDetail>(`${STUDY}/video`, { id }, quiet),
  posters: (q: StudyPageQuery) => http.get<PageResult<PosterCard>>(`${STUDY}/posters`, params(q), quiet),
  poster: (id: string) => http.get<PosterCard>(`${STUDY}/poster`, { id }, quiet),
  skills: (q: StudyPageQuery) => http.get<PageResult<SkillCard>>(`${STUDY}/skills`, params(q), quiet),
  skill: (id: string) => http.get<SkillDetail>(`${STUDY}/skill`, { id }, quiet),

  practiceQuestions: (f: PracticeFilter & { pageNo: number; pageSize: number }) =>
    http.get<PageResult<PracticeQuestion>>(`${STUDY}/practice/questions`, params(f), quiet),
  practiceAnswer: (questionId: string, answer: string) => http.post<PracticeVerdict>(`${STUDY}/practice/answer`, { questionId, answer }),
  wrongBook: () => http.get<WrongBookEntry[]>(`${STUDY}/wrongBook`, undefined, quiet),

  papers: () => http.get<PaperCard[]>(`${STUDY}/papers`, undefined, quiet),
  startAttempt: (paperId: string, activityId?: string) => http.post<AttemptView>(`${STUDY}/attempt/start`, params({ paperId, activityId })),
  attempt: (id: string) => http.get<AttemptView>(`${STUDY}/attempt`, { id }, quiet),
  attempts: (paperId: string) => http.get<AttemptRow[]>(`${STUDY}/attempts`, { paperId }, quiet),
  /** Saving an answer is shown in place (保存失败), the notice would cover the question. */
  saveAnswer: (attemptId: string, questionId: string, answer: string) =>
    http.post<AttemptAnswerSaved>(`${STUDY}/attempt/answer`, { attemptId, questionId, answer }, quiet),
  /** The answers on screen go along, so one whose save was still on its way is not lost. */
  submitAttempt: (attemptId: string, answers?: Array<{ questionId: string; answer: string }>) =>
    http.post<AttemptView>(`${STUDY}/attempt/submit`, answers?.length ? { attemptId, answers } : { attemptId }),

  hazards: () => http.get<HazardSceneCard[]>(`${STUDY}/hazards`, undefined, quiet),
  startHazard: (sceneId: string) => http.post<HazardPlayView>(`${STUDY}/hazard/start`, { sceneId }),
  hazardPlay: (id: string) => http.get<HazardPlayView>(`${STUDY}/hazard/play`, { id }, quiet),
  hazardClick: (playId: string, x: number, y: number) => http.post<HazardClickResult>(`${STUDY}/hazard/click`, { playId, x, y }),
  hazardHint: (playId: string) => http.post<HazardHint>(`${STUDY}/hazard/hint`, { playId }),
  hazardFinish: (playId: string) => http.post<HazardPlayView>(`${STUDY}/hazard/finish`, { playId }),

  teams: () => http.get<TeamRanking[]>(`${STUDY}/teams`, undefined, quiet),
};

export const teachApi = {
  classes: () => http.get<TeachClass[]>(`${TEACH}/classes`, undefined, quiet),
  classStats: (classId: string) => http.get<ClassStats>(`${TEACH}/classStats`, { classId }, quiet),
  activityStats: (activityId: string, classId: string) => http.get<ActivityStats>(`${TEACH}/activityStats`, { activityId, classId }, quiet),
};

/** Query keys, so a write can refresh exactly the reads it changes. */
export const studyKeys = {
  courses: ['study', 'courses'] as const,
  course: (id: string) => ['study', 'course', id] as const,
  lesson: (id: string) => ['study', 'lesson', id] as const,
  activities: ['study', 'activities'] as const,
  papers: ['study', 'papers'] as const,
  attempt: (id: string) => ['study', 'attempt', id] as const,
  wrongBook: ['study', 'wrongBook'] as const,
  hazards: ['study', 'hazards'] as const,
  hazardPlay: (id: string) => ['study', 'hazardPlay', id] as const,
};
