// How a hazard perception run is scored: each window by the first tap inside it (5 in its first fifth down
// to 1 in its last), and the pattern rule that zeroes a run whose taps look like guessing (a burst, or an
// even rhythm), as the UK test does.
import { CLIP_WINDOW_MAX, type ClipWindow } from '@anxue/shared/hazard-clip';

export interface PatternRule {
  /** more than this many taps within burstSeconds fires (0: off) */
  burstTaps: number;
  burstSeconds: number;
  /** this many taps in a row with near-even spacing fires (0: off) */
  rhythmTaps: number;
  /** how far the spacings may stray from their mean and still count as even, percent */
  rhythmTolerance: number;
}

/** floating fractions (2.3 + 0.36) must fall in the fifth they name, not the one before */
const EPS = 1e-9;

/** Points of one window for a tap at `t`: 5..1 by fifths, 0 outside [start, end]. */
export function windowPoints(w: Pick<ClipWindow, 'start' | 'end'>, t: number): number {
  if (t < w.start || t > w.end) return 0;
  const fifth = Math.min(CLIP_WINDOW_MAX - 1, Math.floor(((t - w.start) * CLIP_WINDOW_MAX) / (w.end - w.start) + EPS));
  return CLIP_WINDOW_MAX - fifth;
}

/** Each window's first tap inside it and its points. */
export function scoreWindows(windows: ClipWindow[], taps: number[]): Array<{ score: number; tap: number | null }> {
  return windows.map((w) => {
    const tap = taps.find((t) => t >= w.start && t <= w.end);
    return tap === undefined ? { score: 0, tap: null } : { score: windowPoints(w, tap), tap };
  });
}

/** Which part of the rule fired on these (sorted) taps, or null. */
export function patternFired(taps: number[], rule: PatternRule): 'burst' | 'rhythm' | null {
  const n = rule.burstTaps;
  if (n > 0) for (let i = 0; i + n < taps.length; i++) if (taps[i + n]! - taps[i]! <= rule.burstSeconds + EPS) return 'burst';
  const k = rule.rhythmTaps;
  if (k >= 3) {
    for (let i = 0; i + k <= taps.length; i++) {
      const gaps = taps.slice(i + 1, i + k).map((t, j) => t - taps[i + j]!);
      const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
      if (mean <= 0) continue;
      if (Math.max(...gaps) - Math.min(...gaps) <= (mean * rule.rhythmTolerance) / 100 + EPS) return 'rhythm';
    }
  }
  return null;
}
