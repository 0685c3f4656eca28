// 危险预判's calls: the clips with my best result, start a run, submit its taps, read a run's review.
import type { HazardClipCard, HazardClipReview, HazardClipStart } from '@anxue/shared/hazard-clip';
import { http } from '../../../../lib/http';

const STUDY = '/students/study';

export const clipApi = {
  clips: () => http.get<HazardClipCard[]>(`${STUDY}/hazardClips`, undefined, { silent: true }),
  start: (clipId: string) => http.post<HazardClipStart>(`${STUDY}/hazardClip/start`, { clipId }),
  submit: (runId: string, taps: number[]) => http.post<HazardClipReview>(`${STUDY}/hazardClip/submit`, { runId, taps }),
  review: (runId: string) => http.get<HazardClipReview>(`${STUDY}/hazardClip/review`, { runId }, { silent: true }),
};

export const clipKeys = {
  clips: ['study', 'hazardClips'] as const,
};
