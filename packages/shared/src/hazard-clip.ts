// 危险预判, hazard perception on video: a clip plays, the student taps when they see a hazard developing;
// each hazard's window scores 5 to 1 by how early in it the first tap came. What the calls take and answer.
import { z } from 'zod';

/** Pattern rule defaults, as in the UK hazard perception test: more than 3 taps within 1 s, or 5 evenly spaced taps. */
export const CLIP_PATTERN_DEFAULTS = { burstTaps: 3, burstSeconds: 1, rhythmTaps: 5, rhythmTolerance: 20 } as const;
/** Most taps one run may send. */
export const CLIP_MAX_TAPS = 300;
/** Points of a window tapped in its first fifth. */
export const CLIP_WINDOW_MAX = 5;

const id = z.string().min(1).max(32);
export const hazardClipStartInput = z.object({ clipId: id });
export const hazardClipSubmitInput = z.object({
  runId: id,
  taps: z.array(z.number({ error: '点击时间必须是数字' }), { error: '点击记录格式不正确' }).max(CLIP_MAX_TAPS, '点击次数不能超过300次'),
});

/** A part of the frame, fractions of its width and height. */
export interface ClipRegion {
  x: number;
  y: number;
  w: number;
  h: number;
}
/** A hazard's window, seconds from the clip's start. */
export interface ClipWindow {
  start: number;
  end: number;
  region: ClipRegion | null;
  title: string;
  explanation: string | null;
}

/** GET hazardClips: a published clip with the caller's best result. */
export interface HazardClipCard {
  id: string;
  title: string;
  cover: string | null;
  description: string | null;
  duration: number;
  category: string | null;
  category_dictText?: string;
  gradeBand: string | null;
  gradeBand_dictText?: string;
  windowCount: number;
  maxScore: number;
  bestScore: number | null;
  runs: number;
}

/** POST start: what the player needs, never the windows. */
export interface HazardClipStart {
  runId: string;
  clip: { id: string; title: string; videoUrl: string; duration: number; description: string | null };
}

export interface ClipWindowResult extends ClipWindow {
  /** 0 when not tapped inside, or when the pattern rule fired */
  score: number;
  /** the first tap inside the window, seconds */
  tap: number | null;
}

/** submit's answer and GET review: the windows with their scores and the taps, for the timeline. */
export interface HazardClipReview {
  runId: string;
  clipId: string;
  title: string;
  duration: number;
  taps: number[];
  windows: ClipWindowResult[];
  total: number;
  maxScore: number;
  patterned: boolean;
  /** why the total is 0 when the pattern rule fired */
  warning: string | null;
  submittedAt: string | null;
}
